"""Time the full-tree searches of tic-tac-toe from the empty board, side by side in one run.

    python benchmarks/tictactoe_search.py [--repeat 3]

Node counts are exact and never drift; times depend on the machine, so compare the rows of
one run with each other (nodes per second, and the speed-up of each search over minimax).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from tictac_edu.games import TicTacToe
from tictac_edu.search import CENTRE_CORNERS_EDGES, SearchResult, TranspositionTable, alphabeta, minimax, negamax

SEARCHES: list[tuple[str, Callable[[], SearchResult]]] = [
    ("minimax", lambda: minimax(TicTacToe())),
    ("negamax", lambda: negamax(TicTacToe())),
    ("minimax + position cache", lambda: minimax(TicTacToe(), cache=True)),
    ("alpha-beta, strict cut-off (alpha > beta)", lambda: alphabeta(TicTacToe(), strict=True)),
    ("alpha-beta", lambda: alphabeta(TicTacToe())),
    ("alpha-beta, faster wins", lambda: alphabeta(TicTacToe(), prefer_faster_wins=True)),
    ("alpha-beta, centre-corners-edges", lambda: alphabeta(TicTacToe(), order=CENTRE_CORNERS_EDGES)),
    ("alpha-beta + transposition table", lambda: alphabeta(TicTacToe(), table=TranspositionTable())),
    ("alpha-beta + ordering + table",
     lambda: alphabeta(TicTacToe(), order=CENTRE_CORNERS_EDGES, table=TranspositionTable())),
]

PEERS = """Peers (reference/figures.md, same convention, measured elsewhere on a 2-core machine):
  aima-python minmax_decision     549,946 nodes  3.1 s   ~180k nodes/s
  aima-python alpha_beta_search    18,297 nodes  0.09 s  ~200k nodes/s"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per search; the median time is shown")
    args = parser.parse_args()
    rows = []
    for name, search in SEARCHES:
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            result = search()
            times.append(time.perf_counter() - started)
        rows.append((name, result.value, result.nodes, statistics.median(times)))
    baseline = rows[0][3]
    print(f"tic-tac-toe from the empty board, median of {args.repeat} runs")
    print(f"{'search':<44}{'value':>6}{'nodes':>10}{'seconds':>10}{'nodes/s':>11}{'speed-up':>10}")
    for name, value, nodes, seconds in rows:
        print(f"{name:<44}{value:>6}{nodes:>10,}{seconds:>10.3f}{nodes / seconds:>11,.0f}{baseline / seconds:>9.1f}x")
    print()
    print(PEERS)


if __name__ == "__main__":
    main()
