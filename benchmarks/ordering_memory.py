"""Iterative deepening with killer and history ordering: what keeping the order's memory across
depths does to the node count, before and after, on the same positions in one run.

    python benchmarks/ordering_memory.py [--mnk-depth 6] [--connect4-depth 8] [--openings 3]

Learning move orders (``KillerMoves``, ``HistoryHeuristic``) used to be reset at every
``alphabeta`` call; now ``iterative_deepening`` resets them once per call and they keep what
they learnt from one depth to the next. On each position, depth 1, 2, ... up to the maximum
(or until a depth proves the outcome), with ``combine(game.move_order, HistoryHeuristic(),
KillerMoves())`` and the game's evaluation, no transposition table:

* **static**: the game's move order alone (nothing learnt), the same deepening loop;
* **before**: a hand-written deepening loop that builds a new ``combine(...)`` for every
  ``alphabeta`` call (a fresh order at every depth), passing the previous depth's best move
  first, as ``iterative_deepening`` does;
* **after**: ``iterative_deepening(state, evaluate, max_depth=..., order=one combine(...))``,
  whose order keeps its memory across the depths;
* a check: the same hand-written loop with one order object for all depths must count exactly
  the nodes of ``iterative_deepening`` (the memory is then the only difference from "before").

Positions: 5x5 three in a row (the empty board and seeded random two-move openings) and
Connect Four (the empty board, ``4``... openings and seeded random four-move openings). Node
counts are exact; the CPU seconds (``time.process_time``) are of this run.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents.catalogue import game_evaluation  # noqa: E402
from tictac_edu.games import ConnectFour, MNKGame, moves_from_start  # noqa: E402
from tictac_edu.games.base import GameState  # noqa: E402
from tictac_edu.search import (  # noqa: E402
    HistoryHeuristic,
    KillerMoves,
    MoveOrder,
    SearchResult,
    alphabeta,
    combine,
    iterative_deepening,
)

METHODS = ("static", "before", "after")
MNK_PROBE_DEPTH = 4
"""5x5 three in a row is sharp: most random openings are proven wins by depth 3 or 5. The random
openings kept are those a static-order search to this depth does not decide."""
CONNECT4_OPENINGS = ("", "44", "4453")


def evaluation(state: GameState) -> Any:
    """The game's default evaluation (every game of this benchmark names one)."""
    found = game_evaluation(state)
    assert found is not None
    return found


def learning_order(state: GameState) -> MoveOrder:
    """Killers first, then history scores, ties in the game's preferred order."""
    return combine(list(state.game.move_order), HistoryHeuristic(), KillerMoves())


def deepening_loop(state: GameState, evaluate: Any, max_depth: int,
                   order_for_depth: Callable[[], Any]) -> list[SearchResult]:
    """Iterative deepening written out: ``alphabeta`` at depth 1, 2, ..., the previous best
    move first, stopping when a depth proves the outcome; ``order_for_depth()`` gives each
    depth's order (a new object: a fresh memory; the same object: memory kept)."""
    results: list[SearchResult] = []
    for depth in range(1, max_depth + 1):
        previous = results[-1].move if results else None
        result = alphabeta(state, depth, evaluate, order=order_for_depth(), first_move=previous)
        results.append(result)
        if result.proven or state.is_terminal():
            break
    return results


@dataclass
class Measured:
    """One method on one position: nodes and value per depth, CPU seconds."""

    nodes: list[int]
    values: list[float | None]
    seconds: float

    @property
    def total(self) -> int:
        return sum(self.nodes)


@dataclass
class Position:
    game: str
    label: str
    state: GameState
    max_depth: int
    results: dict[str, Measured] = field(default_factory=dict)
    check_nodes: list[int] = field(default_factory=list)


def measure(position: Position, methods: tuple[str, ...]) -> None:
    """Run ``methods`` (and the check) on one position."""
    state, depth = position.state, position.max_depth
    evaluate = evaluation(state)
    static = list(state.game.move_order)

    def after() -> list[SearchResult]:
        return iterative_deepening(state, evaluate, max_depth=depth, order=learning_order(state)).depth_results

    runs: dict[str, Callable[[], list[SearchResult]]] = {
        "static": lambda: deepening_loop(state, evaluate, depth, lambda: static),
        "before": lambda: deepening_loop(state, evaluate, depth, lambda: learning_order(state)),
        "after": after,
    }
    for method in methods:
        results, seconds = timing.cpu_time(runs[method])
        position.results[method] = Measured([r.nodes for r in results], [r.value for r in results], seconds)
    shared = learning_order(state)
    position.check_nodes = [r.nodes for r in deepening_loop(state, evaluate, depth, lambda: shared)]


def undecided_opening(start: GameState, plies: int, rng: random.Random, probe_depth: int) -> GameState:
    """A random opening (as :func:`timing.random_opening`) whose outcome a static-order alpha-beta to
    ``probe_depth`` does not prove, so that the deepening goes on past that depth."""
    evaluate = evaluation(start)
    while True:
        state = timing.random_opening(start, plies, rng)
        if not alphabeta(state, probe_depth, evaluate, order=list(start.game.move_order)).proven:
            return state


def positions(mnk_depth: int, connect4_depth: int, openings: int, seed: int) -> list[Position]:
    """The empty 5x5 board and ``openings`` undecided random two-move openings; the empty
    Connect Four board, ``44``, ``4453`` and ``openings`` random four-move openings."""
    rng = random.Random(seed)
    mnk = MNKGame(5, 5, 3)
    chosen = [Position("5x5x3", "empty board", mnk, mnk_depth)]
    seen: set[Any] = {mnk.key()}
    while len(chosen) < 1 + openings:
        state = undecided_opening(mnk, 2, rng, MNK_PROBE_DEPTH)
        if state.key() not in seen:
            seen.add(state.key())
            chosen.append(Position("5x5x3", f"random: {moves_from_start(state)}", state, mnk_depth))
    for moves in CONNECT4_OPENINGS:
        chosen.append(Position("Connect Four", moves or "empty board", ConnectFour.from_moves(moves), connect4_depth))
    connect4 = ConnectFour()
    seen = {position.state.key() for position in chosen if position.game == "Connect Four"}
    count = 0
    while count < openings:
        drawn = timing.random_opening(connect4, 4, rng)
        if drawn.key() not in seen:
            seen.add(drawn.key())
            assert isinstance(drawn, ConnectFour)
            chosen.append(Position("Connect Four", f"random: {drawn.moves_string()}", drawn, connect4_depth))
            count += 1
    return chosen


def change(before: int, after: int) -> str:
    return f"{100 * (after - before) / before:+.1f}%" if before else "-"


def _methods(chosen: list[Position]) -> list[str]:
    return [method for method in METHODS if method in chosen[0].results]


def print_positions(chosen: list[Position]) -> None:
    methods = _methods(chosen)
    heads = "".join(f"{method:>10}" for method in methods)
    print(f"{'game':<13}{'position':<22}{'depths':>7}{heads}{'after/before':>13}{'values':>8}{'check':>7}")
    for position in chosen:
        results = position.results
        same_values = all(results[m].values == results["after"].values for m in methods)
        same_depths = len({len(results[m].nodes) for m in methods}) == 1
        check = "ok" if position.check_nodes == results["after"].nodes else "DIFF"
        depths = f"{len(results['after'].nodes)}" + ("" if same_depths else "*")
        totals = "".join(f"{results[m].total:>10,}" for m in methods)
        print(f"{position.game:<13}{position.label:<22}{depths:>7}{totals}"
              f"{change(results['before'].total, results['after'].total):>13}"
              f"{'same' if same_values else 'DIFFER':>8}{check:>7}")


def print_depths(game: str, chosen: list[Position]) -> None:
    mine = [position for position in chosen if position.game == game]
    methods = _methods(chosen)
    deepest = max(len(position.results["after"].nodes) for position in mine)
    print(f"{game}: nodes per depth, summed over its {len(mine)} positions (a position stops at a proven depth)")
    print(f"{'depth':>5}" + "".join(f"{method:>11}" for method in methods) + f"{'after/before':>13}")

    def line(head: str, sums: dict[str, int]) -> None:
        counts = "".join(f"{sums[m]:>11,}" for m in methods)
        print(f"{head:>5}{counts}{change(sums['before'], sums['after']):>13}")

    for depth in range(deepest):
        line(str(depth + 1), {m: sum(p.results[m].nodes[depth] for p in mine if depth < len(p.results[m].nodes))
                              for m in methods})
    line("all", {m: sum(p.results[m].total for p in mine) for m in methods})
    print(f"{'CPU s':>5}" + "".join(f"{sum(p.results[m].seconds for p in mine):>11.2f}" for m in methods))
    print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mnk-depth", type=int, default=6, help="deepest depth on 5x5 three in a row (6)")
    parser.add_argument("--connect4-depth", type=int, default=8, help="deepest depth on Connect Four (8)")
    parser.add_argument("--openings", type=int, default=3,
                        help="seeded random openings per game, besides the fixed positions (3)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random openings (2026)")
    parser.add_argument("--static", action="store_true",
                        help="also run the game's static order alone (nothing learnt), for reference")
    args = parser.parse_args(argv)
    if args.mnk_depth < 1 or args.connect4_depth < 1 or args.openings < 0:
        parser.error("depths must be at least 1 and --openings at least 0")
    chosen = positions(args.mnk_depth, args.connect4_depth, args.openings, args.seed)
    print("Iterative deepening, killers + history (combine(game.move_order, HistoryHeuristic(), KillerMoves())), "
          "no table:")
    print("nodes of all depths; before = a fresh order at every depth, after = iterative_deepening (memory kept)")
    print(timing.machine_line())
    methods = METHODS if args.static else METHODS[1:]
    for position in chosen:
        measure(position, methods)
        timing.flush()
    print()
    print_positions(chosen)
    print("depths: depths searched (a depth that proves the outcome ends the deepening; * if the methods stopped "
          "at different depths);")
    print("values: the value of every depth is the same for every method; check: a hand-written loop sharing one "
          "order counts the nodes of iterative_deepening")
    print()
    for game in dict.fromkeys(position.game for position in chosen):
        print_depths(game, chosen)


if __name__ == "__main__":
    main()
