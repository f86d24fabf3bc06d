"""Connect Four evaluations compared in a tournament, and the design documents' node figures.

    python benchmarks/connect4_evaluation.py [--depths 4 6] [--openings 49] [--skip-figures]

1. The node counts of ``figures.md`` re-measured (alpha-beta with the design documents'
   window evaluation, from the root player's point of view), beside the claims.
2. A round robin at each depth between three evaluations, all with alpha-beta and
   centre-first order at the same fixed depth:

   * ``windows``: the design documents' evaluation (not symmetric; scored from the root
     player's point of view, as the design documents' MAX/MIN search does);
   * ``windows-sym``: its symmetric variant;
   * ``threats``: the threat-based evaluation.

   Fixed-depth agents play the same game every time from the same start, so every match
   starts from each of the 49 two-move openings (or the first ``--openings`` of them), each
   played twice with the colours swapped. Scores are from the first-named agent's side:
   1 a win, 1/2 a draw.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator

from tictac_edu.agents import SearchAgent
from tictac_edu.arena import MatchResult, play_match
from tictac_edu.arena.stats import Z_95
from tictac_edu.evaluation.common import from_root_player
from tictac_edu.evaluation.connect4 import (
    symmetric_window_evaluation,
    threat_evaluation,
    window_evaluation,
)
from tictac_edu.games import ConnectFour, GameState
from tictac_edu.games.connect4 import centre_first_columns
from tictac_edu.search import SearchResult, alphabeta, minimax
from tictac_edu.search.common import Evaluation

CENTRE_FIRST = list(centre_first_columns(7))

# (label, moves, depth, order, claimed, measured in figures.md)
FIGURES: list[tuple[str, str, int, list[int] | None, str, int]] = [
    ("alpha-beta depth 5, columns 0..6", "", 5, None, "", 3_994),
    ("alpha-beta depth 5, centre first", "", 5, CENTRE_FIRST, "", 914),
    ("alpha-beta depth 6, columns 0..6", "", 6, None, "", 16_301),
    ("alpha-beta depth 6, centre first", "", 6, CENTRE_FIRST, "", 3_288),
    ("alpha-beta depth 7, columns 0..6", "", 7, None, "30-50k nodes, ~0.8 s", 81_365),
    ("alpha-beta depth 7, centre first", "", 7, CENTRE_FIRST, "<20k nodes, <1 s", 8_746),
    ("alpha-beta depth 8, columns 0..6", "", 8, None, "", 275_036),
    ("alpha-beta depth 8, centre first", "", 8, CENTRE_FIRST, "", 28_421),
    ("from 4453, depth 7, columns 0..6", "4453", 7, None, "", 226_355),
    ("from 4453, depth 7, centre first", "4453", 7, CENTRE_FIRST, "", 110_802),
    ("from 32751571231557, depth 7, columns 0..6", "32751571231557", 7, None, "", 25_808),
    ("from 32751571231557, depth 7, centre first", "32751571231557", 7, CENTRE_FIRST, "", 24_261),
]


class RootViewAgent(SearchAgent):
    """A :class:`~tictac_edu.agents.SearchAgent` whose evaluation always looks from the
    side of the player to move at the root (for an asymmetric evaluation)."""

    def __init__(self, *, evaluate: Evaluation, **options: object) -> None:
        self.base_evaluate = evaluate
        super().__init__(evaluate=evaluate, **options)  # type: ignore[arg-type]

    def search(self, state: GameState) -> SearchResult:
        self.evaluate = from_root_player(self.base_evaluate, state.to_move)  # type: ignore[arg-type]
        return super().search(state)


def openings(count: int) -> list[ConnectFour]:
    """The first ``count`` of the 49 positions after two moves, column by column."""
    starts = [ConnectFour().play(first).play(second) for first in range(7) for second in range(7)]
    return starts[:count]


def twice_each(starts: list[ConnectFour]) -> Callable[[], ConnectFour]:
    """A ``new_game`` for :func:`play_match`: each start twice (the match swaps colours)."""
    sequence: Iterator[ConnectFour] = iter([start for start in starts for _ in range(2)])
    return lambda: next(sequence)


def agents(depth: int) -> list[SearchAgent]:
    """The three evaluations at ``depth``, alpha-beta with centre-first order."""
    return [
        RootViewAgent(depth=depth, evaluate=window_evaluation, order=CENTRE_FIRST, name=f"windows d{depth}"),
        SearchAgent(depth=depth, evaluate=symmetric_window_evaluation, order=CENTRE_FIRST,
                    name=f"windows-sym d{depth}"),
        SearchAgent(depth=depth, evaluate=threat_evaluation, order=CENTRE_FIRST, name=f"threats d{depth}"),
    ]


def interval(result: MatchResult) -> float:
    """Half the 95% confidence interval of the first agent's score per game (the arena's
    trinomial estimate: 1.96 standard errors)."""
    return Z_95 * result.trinomial_elo().stderr


def print_figures() -> None:
    print("Design documents' evaluation from the empty board (and two other positions): nodes, "
          "one node = one call, evaluation from the root player's side at depth 0 and at finished games")
    print(f"{'search':<46}{'claimed':>24}{'figures.md':>12}{'measured':>10}{'seconds':>9}  agrees")
    started = time.perf_counter()
    result = minimax(ConnectFour(), 6, window_evaluation)
    seconds = time.perf_counter() - started
    print(f"{'plain minimax depth 6':<46}{'~200k nodes, >3 s':>24}{137_257:>12,}{result.nodes:>10,}{seconds:>9.2f}  "
          f"{'yes' if result.nodes == 137_257 else 'NO'}")
    for label, moves, depth, order, claimed, expected in FIGURES:
        state = ConnectFour.from_moves(moves)
        started = time.perf_counter()
        result = alphabeta(state, depth, from_root_player(window_evaluation, state.to_move), order=order)
        seconds = time.perf_counter() - started
        print(f"{label:<46}{claimed:>24}{expected:>12,}{result.nodes:>10,}{seconds:>9.2f}  "
              f"{'yes' if result.nodes == expected else 'NO'}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[4, 6], help="search depths to compare at")
    parser.add_argument("--openings", type=int, default=49, help="how many of the 49 two-move openings to use")
    parser.add_argument("--skip-figures", action="store_true", help="do not re-measure the node figures")
    args = parser.parse_args()
    if not args.skip_figures:
        print_figures()
    starts = openings(args.openings)
    games = 2 * len(starts)
    print(f"Round robin, {games} games per match ({len(starts)} openings x 2 colours); score for the first agent")
    print(f"{'match':<34}{'wins':>6}{'draws':>7}{'losses':>8}{'score':>8}{'95% ci':>9}  ms/move (first, second)")
    for depth in args.depths:
        players = agents(depth)
        for index, first in enumerate(players):
            for second in players[index + 1:]:
                result = play_match(first, second, twice_each(starts), games=games, seed=None)
                times = result.mean_move_seconds
                print(f"{first.name + ' vs ' + second.name:<34}{result.wins:>6}{result.draws:>7}{result.losses:>8}"
                      f"{result.score:>8.2f}{interval(result):>8.2f}  "
                      f"{times[first.name] * 1000:.1f}, {times[second.name] * 1000:.1f}", flush=True)


if __name__ == "__main__":
    main()
