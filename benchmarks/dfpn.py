"""Depth-first proof-number search (df-pn) against alpha-beta with a table, on the same proofs.

    python benchmarks/dfpn.py [--epsilon 0.25] [--quick]

For each question ("can this player force a win?") on tic-tac-toe, 4x4 three in a row and
Connect Four 4x4 and 5 columns x 4 rows (``--quick`` leaves 5x4 out): df-pn's answer, nodes
(positions created), table entries and CPU seconds (``time.process_time``), beside plain
proof-number search's (tree in memory, its nodes and largest tree; skipped on 5x4, which it
does not settle within its default budget of 2,000,000 nodes: 1,825,924 held, 17 s CPU) and
alpha-beta's with a transposition table (its value and nodes: one search answers both players'
questions). Run with the other searches in the same process.
"""

from __future__ import annotations

import argparse
import time

from tictac_edu.games import ConnectFour, MNKGame, TicTacToe
from tictac_edu.games.base import GameState
from tictac_edu.search import TranspositionTable, alphabeta
from tictac_edu.search.proofnumber import dfpn, proof_number_search


def main() -> None:
    """Print one line per search and question."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epsilon", type=float, default=0.25, help="df-pn's 1+epsilon threshold (0: plain)")
    parser.add_argument("--quick", action="store_true", help="leave Connect Four 5x4 out")
    options = parser.parse_args()
    boards: list[tuple[str, GameState]] = [("tic-tac-toe", TicTacToe()), ("4x4 three in a row", MNKGame(4, 4, 3)),
                                           ("Connect Four 4x4", ConnectFour(4, 4))]
    if not options.quick:
        boards.append(("Connect Four 5x4", ConnectFour(5, 4)))
    for title, board in boards:
        began = time.process_time()
        table = TranspositionTable()
        reference = alphabeta(board, table=table, order=board.game.move_order)
        print(f"{title}: alpha-beta + table: value {reference.value:+g} for {board.to_move}, "
              f"{reference.nodes:,} nodes, {len(table):,} in the table, {time.process_time() - began:.2f} s CPU")
        for attacker in board.players:
            began = time.process_time()
            result = dfpn(board, attacker, epsilon=options.epsilon)
            print(f"  df-pn (epsilon {options.epsilon:g}), can {attacker} force a win? {result.proven}: "
                  f"{result.nodes:,} nodes, {result.table_entries:,} in the table, "
                  f"{time.process_time() - began:.2f} s CPU")
            if title != "Connect Four 5x4":
                began = time.process_time()
                tree = proof_number_search(board, attacker)
                print(f"  PN (tree in memory), can {attacker} force a win? {tree.proven}: {tree.nodes:,} nodes, "
                      f"{tree.largest_tree:,} held at most, {time.process_time() - began:.2f} s CPU")


if __name__ == "__main__":
    main()
