"""The null-window family and proof-number search at the depths and sizes a notebook cannot afford.

    python benchmarks/null_windows_and_proofs.py [--mnk-depths 4 5 6 7] [--connect4-depths 8 9 10]
                                                 [--pn-boards 4x4 5x4] [--pn-nodes 2000000]

Part 1: nodes (and CPU seconds, ``time.process_time``) of alpha-beta, + ordering, + table,
aspiration windows, PVS and MTD(f) (with and without a table) on 5x5 three in a row (the
empty board, ``most_lines_first``, ``line_evaluation``) and on a Connect Four middle game
(``617335663743766337``, centre-first, ``threat_evaluation``), as in notebook 03 section 8. The
guess of aspiration and MTD(f) is the value one ply shallower. Every search must return the same
value; a row that does not says DIFFERS.

Part 2: proof-number search (with and without its table of proofs) and PN² against alpha-beta
with a table, on empty Connect Four boards: can the first player force a win? A PN search that
spends ``--pn-nodes`` without settling the question says so.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from tictac_edu.evaluation import line_evaluation, most_lines_first, threat_evaluation
from tictac_edu.games import ConnectFour, MNKGame
from tictac_edu.search import TranspositionTable, alphabeta, aspiration, mtdf, pn2, proof_number_search, pvs

MIDDLE_GAME = "617335663743766337"


def timed(run: Callable[[], Any]) -> tuple[Any, float]:
    began = time.process_time()
    result = run()
    return result, time.process_time() - began


def family_rows(state: Any, depth: int, evaluate: Any, order: Any, width: float) -> None:
    guess = alphabeta(state, depth - 1, evaluate, order=order, table=TranspositionTable()).value
    runs: dict[str, Callable[[], Any]] = {
        "alpha-beta": lambda: alphabeta(state, depth, evaluate),
        "+ ordering": lambda: alphabeta(state, depth, evaluate, order=order),
        "+ table": lambda: alphabeta(state, depth, evaluate, order=order, table=TranspositionTable()),
        "aspiration": lambda: aspiration(state, depth, evaluate, guess=guess, width=width, order=order,
                                         table=TranspositionTable()),
        "PVS": lambda: pvs(state, depth, evaluate, order=order, table=TranspositionTable()),
        "MTD(f)": lambda: mtdf(state, depth, evaluate, guess=guess, order=order, table=TranspositionTable()),
        "MTD(f), no table": lambda: mtdf(state, depth, evaluate, guess=guess, order=order),
    }
    values = set()
    print(f"  depth {depth} (guess {guess}):")
    for name, run in runs.items():
        result, seconds = timed(run)
        values.add(result.value)
        passes = getattr(result, "searches", 1)
        passed = f" in {passes} passes" if passes > 1 else ""
        print(f"    {name:18}{result.nodes:>12,} nodes{passed:16}{seconds:8.2f} s  value {result.value}")
    if len(values) > 1:
        print(f"    DIFFERS: values {sorted(values)}")


def proofs(board: str, max_nodes: int) -> None:
    columns, rows = (int(part) for part in board.split("x"))
    state = ConnectFour(columns, rows)
    print(f"  Connect Four {columns} columns x {rows} rows, can {state.to_move} force a win?")
    for name, run in (("PN", lambda: proof_number_search(state, max_nodes=max_nodes)),
                      ("PN + table", lambda: proof_number_search(state, max_nodes=max_nodes, table=True)),
                      ("PN2 + table", lambda: pn2(state, max_nodes=max_nodes, table=True))):
        result, seconds = timed(run)
        print(f"    {name:18}{result.summary()}; {seconds:.2f} s CPU")
    table = TranspositionTable()
    result, seconds = timed(lambda: alphabeta(state, table=table, order=state.game.move_order))
    print(f"    {'alpha-beta+table':18}value {result.value}: {result.nodes:,} nodes, {len(table):,} entries; "
          f"{seconds:.2f} s CPU")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mnk-depths", type=int, nargs="*", default=[4, 5, 6, 7])
    parser.add_argument("--connect4-depths", type=int, nargs="*", default=[8, 9, 10])
    parser.add_argument("--pn-boards", nargs="*", default=["4x4", "5x4"])
    parser.add_argument("--pn-nodes", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    print("5 x 5, three in a row, empty board:")
    for depth in args.mnk_depths:
        family_rows(MNKGame(5, 5, 3), depth, line_evaluation, most_lines_first, 10)
    middle = ConnectFour.from_moves(MIDDLE_GAME)
    print(f"Connect Four after {MIDDLE_GAME}:")
    for depth in args.connect4_depths:
        family_rows(middle, depth, threat_evaluation, middle.game.move_order, 20)
    print("Proof-number search:")
    for board in args.pn_boards:
        proofs(board, args.pn_nodes)


if __name__ == "__main__":
    main()
