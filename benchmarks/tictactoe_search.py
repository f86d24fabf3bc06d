"""Full-tree tic-tac-toe searches from the empty board, side by side with peers in one run.

    python benchmarks/tictactoe_search.py [--repeat 3] [--min-seconds 0.5] [--searches KEY ...] [--no-peers]

Every search of the course (minimax, negamax, alpha-beta and its lesson variants) and the
same searches of two peers, run live in this run from the empty board:

* OpenSpiel (``pip install open_spiel``): its Python ``alpha_beta_search`` and its Python
  ``expectiminimax`` (plain minimax on a game without chance nodes) over its C++
  ``tic_tac_toe`` states (``pyspiel.load_game("tic_tac_toe")``);
* aima-python (``pip install --no-deps --ignore-requires-python aima==2024.9.28``):
  ``minmax_decision`` and ``alpha_beta_search`` on its ``TicTacToe``.

Nodes are counted the course's way for everyone: one node per call of the search function,
the root and finished games included (the peers' counts come from a separate, instrumented
run, so the timed runs are the peers' own code, untouched). Times are CPU seconds of the
search alone (positions are built first), the median of ``--repeat`` runs, and of more for
a short search, until its runs add up to ``--min-seconds``. The ratios divide
this run's nodes per second by a peer's nodes per second for the same kind of search
(minimax rows by the peer's minimax, alpha-beta rows by the peer's alpha-beta), measured in
this run: above 1 the course's search visits nodes faster.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.games import TicTacToe  # noqa: E402
from tictac_edu.search import (  # noqa: E402
    AlphaBeta,
    FreshRootWindow,
    StrictCutoff,
    TranspositionTable,
    alphabeta,
    faster_wins,
    minimax,
    negamax,
)

FULL_TREE_NODES = 549_946
"""reference/figures.md: plain minimax from the empty board, one node per call."""
ALPHABETA_NODES = 18_297
"""reference/figures.md: alpha-beta, moves row-major, cut-off on alpha >= beta."""
OPENSPIEL_INSTALL = "pip install open_spiel"
AIMA_INSTALL = "pip install --no-deps --ignore-requires-python aima==2024.9.28"


@dataclass(frozen=True)
class Search:
    """One of the course's searches: ``run(root, table)`` returns ``(value, nodes)``."""

    key: str
    label: str
    family: str  # "minimax" or "alphabeta": which peer search it is compared with
    run: Callable[[TicTacToe, TranspositionTable], tuple[float, int]]


@dataclass
class Row:
    """A measured search: ours (``peer`` is ``None``) or a peer's."""

    label: str
    family: str
    value: float | None
    nodes: int
    seconds: float
    runs: int
    peer: str | None = None

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def _result(result: Any) -> tuple[float, int]:
    return result.value, result.nodes


def _plain_alphabeta(root: TicTacToe, table: TranspositionTable) -> tuple[float, int]:
    search = AlphaBeta()
    value, _move = search.best_move(root)
    return value, search.nodes


ORDER = list(TicTacToe().game.move_order)
"""Centre, corners, edges: ``[4, 0, 2, 6, 8, 1, 3, 5, 7]``."""

SEARCHES = [
    Search("minimax", "minimax", "minimax", lambda root, table: _result(minimax(root))),
    Search("negamax", "negamax", "minimax", lambda root, table: _result(negamax(root))),
    Search("minimax-cache", "minimax + position cache", "minimax",
           lambda root, table: _result(minimax(root, cache=True))),
    Search("plain", "alpha-beta, the plain AlphaBeta class", "alphabeta", _plain_alphabeta),
    Search("alphabeta", "alpha-beta", "alphabeta", lambda root, table: _result(alphabeta(root))),
    Search("strict", "alpha-beta, strict cut-off (alpha > beta)", "alphabeta",
           lambda root, table: _result(alphabeta(root, rules=StrictCutoff()))),
    Search("fresh-root", "alpha-beta, fresh window per root move", "alphabeta",
           lambda root, table: _result(alphabeta(root, rules=FreshRootWindow()))),
    Search("faster-wins", "alpha-beta, faster wins", "alphabeta",
           lambda root, table: _result(alphabeta(root, evaluate=faster_wins))),
    Search("ordered", "alpha-beta, centre-corners-edges", "alphabeta",
           lambda root, table: _result(alphabeta(root, order=ORDER))),
    Search("table", "alpha-beta + transposition table", "alphabeta",
           lambda root, table: _result(alphabeta(root, table=table))),
    Search("ordered-table", "alpha-beta + ordering + table", "alphabeta",
           lambda root, table: _result(alphabeta(root, order=ORDER, table=table))),
]
KEYS = [search.key for search in SEARCHES]


def measure_ours(searches: list[Search], repeat: int, min_seconds: float) -> list[Row]:
    """Time each of the course's searches from the empty board (a fresh table per run)."""
    root = TicTacToe()
    rows = []
    for search in searches:
        def run(table: TranspositionTable, search: Search = search) -> tuple[float, int]:
            return search.run(root, table)

        (value, nodes), seconds, runs = timing.median_cpu_after(TranspositionTable, run, repeat, min_seconds)
        rows.append(Row(search.label, search.family, value, nodes, seconds, runs))
        timing.flush()
    return rows


def _count_calls(module: ModuleType, name: str, run: Callable[[], Any]) -> int:
    """Run ``run()`` with ``module.name`` (a recursive function that calls itself through the
    module's global name) wrapped to count its calls; the original is put back afterwards."""
    original = getattr(module, name)
    calls = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    setattr(module, name, counted)
    try:
        run()
    finally:
        setattr(module, name, original)
    return calls


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def measure_openspiel(families: set[str], repeat: int, min_seconds: float) -> list[Row]:
    """OpenSpiel's Python searches over its C++ tic-tac-toe states."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as spiel
    except ImportError as error:
        timing.peer_missing("OpenSpiel", OPENSPIEL_INSTALL, error)
        return []
    peer = f"OpenSpiel {_version('open_spiel')}"
    game = pyspiel.load_game("tic_tac_toe")
    root = game.new_initial_state()  # the searches clone it; it is never changed
    player = root.current_player()
    plays = [
        ("minimax", "expectiminimax", "expectiminimax, depth 9 (minimax)",
         lambda: spiel.expectiminimax(root, 9, None, player)),
        ("alphabeta", "_alpha_beta", "alpha_beta_search",
         lambda: spiel.alpha_beta_search(game, root)),
    ]
    rows = []
    for family, recursive, label, run in plays:
        if family not in families:
            continue
        (value, _move), seconds, runs = timing.median_cpu(run, repeat, min_seconds)
        nodes = _count_calls(spiel, recursive, run)  # one call per node, the root included
        rows.append(Row(f"{peer}: {label}", family, value, nodes, seconds, runs, peer="OpenSpiel"))
        timing.flush()
    return rows


def measure_aima(families: set[str], repeat: int, min_seconds: float) -> list[Row]:
    """aima-python's searches on its own TicTacToe."""
    try:
        from aima import games as aima_games
    except ImportError as error:
        timing.peer_missing("aima-python (PyPI: aima)", AIMA_INSTALL, error)
        return []
    peer = f"aima-python {_version('aima')}"

    class CountingTicTacToe(aima_games.TicTacToe):  # type: ignore[misc, name-defined]
        """aima's max_value and min_value each call terminal_test once, first thing: counting
        its calls counts the nodes below the root (the root is the decision function's body)."""

        calls = 0

        def terminal_test(self, state: Any) -> bool:
            self.calls += 1
            return bool(super().terminal_test(state))

    game = aima_games.TicTacToe()
    plays = [
        ("minimax", aima_games.minmax_decision, "minmax_decision"),
        ("alphabeta", aima_games.alpha_beta_search, "alpha_beta_search"),
    ]
    rows = []
    for family, decide, label in plays:
        if family not in families:
            continue
        def run(decide: Callable[[Any, Any], Any] = decide) -> Any:
            return decide(game.initial, game)

        _move, seconds, runs = timing.median_cpu(run, repeat, min_seconds)
        counting = CountingTicTacToe()
        decide(counting.initial, counting)
        rows.append(Row(f"{peer}: {label}", family, None, counting.calls + 1, seconds, runs,
                        peer="aima-python"))
        timing.flush()
    return rows


def print_table(ours: list[Row], peers: list[Row], repeat: int, min_seconds: float) -> None:
    """The table: ours, then the peers; ratios to each peer measured in this run."""
    peer_names = sorted({row.peer for row in peers if row.peer}, key=["OpenSpiel", "aima-python"].index)
    peer_rate = {(row.peer, row.family): row.rate for row in peers}
    baseline = next((row.seconds for row in ours if row.label == "minimax"), None)
    print(f"tic-tac-toe from the empty board: full-tree searches; CPU seconds, the median of at least {repeat} runs "
          f"and of as many as fill {min_seconds:g} s")
    print(timing.machine_line())
    ratio_heads = "".join(f"{'vs ' + name:>15}" for name in peer_names)
    print(f"{'search':<52}{'value':>6}{'nodes':>10}{'runs':>6}{'CPU s':>9}{'nodes/s':>10}{'speed-up':>10}{ratio_heads}")
    for row in ours + peers:
        value = "-" if row.value is None else f"{row.value:g}"
        speed_up = timing.format_ratio(baseline / row.seconds) if baseline and row.peer is None else "-"
        ratios = ""
        for name in peer_names:
            other = peer_rate.get((name, row.family))
            ratio = row.rate / other if other and row.peer is None else None
            ratios += f"{timing.format_ratio(ratio):>15}"
        print(f"{row.label:<52}{value:>6}{row.nodes:>10,}{row.runs:>6}{row.seconds:>9.4f}{row.rate:>10,.0f}{speed_up:>10}{ratios}")
    print("speed-up: minimax's CPU time over the search's (the lesson: fewer nodes).")
    if peer_names:
        print("vs PEER: the search's nodes/s over the peer's nodes/s for the same kind of search (minimax rows\n"
              "against the peer's minimax, alpha-beta rows against its alpha-beta), both measured in this run.")


def check_node_counts(ours: list[Row], peers: list[Row]) -> list[str]:
    """Where the algorithm is the same, the node counts must agree: say so, or flag it."""
    reference = {"minimax": FULL_TREE_NODES, "alphabeta": ALPHABETA_NODES}
    for row in ours:
        if row.label in ("minimax", "alpha-beta"):
            reference[row.family] = row.nodes
    lines = []
    for row in peers:
        expected = reference[row.family]
        same = "minimax" if row.family == "minimax" else "alpha-beta"
        verdict = "agrees" if row.nodes == expected else f"DIFFERS from ours ({expected:,})"
        lines.append(f"  {row.label}: {row.nodes:,} nodes, {verdict} with {same}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="searches: " + ", ".join(KEYS))
    parser.add_argument("--repeat", type=int, default=3, help="runs per search; the median CPU time is shown (3)")
    parser.add_argument("--min-seconds", type=float, default=0.5,
                        help="more runs of a short search until its runs add up to this many CPU seconds (0.5)")
    parser.add_argument("--searches", nargs="+", choices=KEYS, default=KEYS, metavar="KEY",
                        help="the course's searches to run (all by default); the peers run the kinds chosen")
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and aima-python")
    args = parser.parse_args(argv)
    chosen = [search for search in SEARCHES if search.key in args.searches]
    ours = measure_ours(chosen, args.repeat, args.min_seconds)
    peers: list[Row] = []
    if not args.no_peers:
        families = {search.family for search in chosen}
        peers = (measure_openspiel(families, args.repeat, args.min_seconds)
                 + measure_aima(families, args.repeat, args.min_seconds))
    print()
    print_table(ours, peers, args.repeat, args.min_seconds)
    if peers:
        print("Node counts, one node per call, root and finished games included:")
        print("\n".join(check_node_counts(ours, peers)))


if __name__ == "__main__":
    main()
