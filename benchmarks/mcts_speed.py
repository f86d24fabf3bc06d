"""Monte Carlo tree search speed: random playouts per second and MCTS iterations per second,
per game, from the empty board and from a position a few random moves in.

    python benchmarks/mcts_speed.py [--seconds 0.5] [--repeat 3] [--games KEY ...] [--plies 6]

For each game (tic-tac-toe, Connect Four, gomoku 15 x 15), and each position:

* ``random_playout``: the game's fast random game, ``state.random_playout(rng)``;
* ``plain``: the same random game through the protocol (``legal_moves``, ``play``), the
  reference the fast one must agree with: ``agrees`` compares the first player's share of wins
  between the two (``DIFFERS`` when they are more than 4 standard errors apart: then the fast
  playout does not play the same random game, and MCTS searches the wrong game);
* ``UCT``: MCTS iterations per second (select by UCB1, expand, simulate with the fast
  playout, back up) from a new tree, for ``--seconds`` of CPU time;
* ``solver``: the same for MCTS-solver;
* ``candidates``: UCT expanding only the moves the game's description narrows its search to
  (:func:`tictac_edu.agents.mcts_candidates`; gomoku: the points near the stones), ``-`` for
  games that name no such order.

Every rate is measured in CPU time (``time.process_time``; MCTS runs with that clock as its
time limit); the median of ``--repeat`` measurements is shown.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents import mcts_candidates  # noqa: E402
from tictac_edu.games import ConnectFour, Gomoku, TicTacToe  # noqa: E402
from tictac_edu.games.base import GameState  # noqa: E402
from tictac_edu.search.mcts import MCTS, MCTSSolver, plain_playout  # noqa: E402

GAMES: dict[str, Callable[[], GameState]] = {"tictactoe": TicTacToe, "connect4": ConnectFour, "gomoku": Gomoku}
KEYS = list(GAMES)
AGREEMENT_ERRORS = 4.0
"""Two first-player win shares this many standard errors apart are flagged ``DIFFERS``."""


@dataclass
class Rate:
    """A median rate, and the first player's wins out of the games counted (playouts only)."""

    per_second: float
    played: int = 0
    first_wins: int = 0


def playout_rate(state: Any, playout: Callable[[random.Random], str | None], seconds: float, repeat: int,
                 seed: int) -> Rate:
    """Playouts per CPU second from ``state``: the median of ``repeat`` runs of ``seconds``."""
    first = state.players[0]
    rng = random.Random(seed)
    rates, played, first_wins = [], 0, 0
    for _ in range(max(1, repeat)):
        count, started = 0, time.process_time()
        while True:
            for _ in range(16):
                first_wins += playout(rng) == first
            count += 16
            elapsed = time.process_time() - started
            if elapsed >= seconds:
                break
        rates.append(count / elapsed)
        played += count
    return Rate(statistics.median(rates), played, first_wins)


def iteration_rate(kind: type[MCTS], state: GameState, seconds: float, repeat: int, seed: int,
                   narrow: bool = False) -> float:
    """MCTS iterations per CPU second from a new tree: the median of ``repeat`` searches of
    ``seconds`` each, expanding the game's candidate moves if ``narrow``."""
    rates = []
    for _ in range(max(1, repeat)):
        candidates = mcts_candidates(state) if narrow else None  # a fresh order each time: orders may learn
        engine = kind(candidates=candidates, seed=seed, clock=time.process_time)
        result = engine.search(state, time_limit=seconds)
        rates.append(result.iterations / result.elapsed)
    return statistics.median(rates)


def agreement(fast: Rate, plain: Rate) -> str:
    """``ok`` or ``DIFFERS``, with both first-player win shares."""
    p1, p2 = fast.first_wins / fast.played, plain.first_wins / plain.played
    pooled = (fast.first_wins + plain.first_wins) / (fast.played + plain.played)
    error = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / fast.played + 1 / plain.played))
    verdict = "ok" if abs(p1 - p2) <= AGREEMENT_ERRORS * error else "DIFFERS"
    return f"{verdict} ({100 * p1:.1f}% / {100 * p2:.1f}%)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="games: " + ", ".join(KEYS))
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per measurement (0.5)")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per figure; the median is shown (3)")
    parser.add_argument("--games", nargs="+", choices=KEYS, default=KEYS, metavar="KEY", help="games (all)")
    parser.add_argument("--plies", type=int, default=6, help="random moves before the second position (6)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of every random generator (2026)")
    args = parser.parse_args(argv)
    print(f"MCTS speed: median of {args.repeat} measurements of {args.seconds:g} CPU s each; "
          f"rates per CPU second")
    print(timing.machine_line())
    print()
    header = (f"{'game':<14}{'position':<16}{'random_playout/s':>17}{'plain/s':>10}  {'agrees (first wins)':<24}"
              f"{'UCT it/s':>10}{'solver it/s':>13}{'candidates it/s':>17}")
    print(header)
    for key in args.games:
        start = GAMES[key]()
        openings = [("empty board", start),
                    (f"after {args.plies} plies", timing.random_opening(start, args.plies, random.Random(args.seed)))]
        narrows = mcts_candidates(start) is not None
        for label, state in openings:
            position: Any = state
            fast = playout_rate(position, position.random_playout, args.seconds, args.repeat, args.seed)
            plain = playout_rate(position, partial(plain_playout, position), args.seconds, args.repeat, args.seed)
            uct = iteration_rate(MCTS, state, args.seconds, args.repeat, args.seed)
            solver = iteration_rate(MCTSSolver, state, args.seconds, args.repeat, args.seed)
            narrowed = "-"
            if narrows:
                narrowed = f"{iteration_rate(MCTS, state, args.seconds, args.repeat, args.seed, narrow=True):,.0f}"
            print(f"{start.game.title:<14}{label:<16}{fast.per_second:>17,.0f}{plain.per_second:>10,.0f}  "
                  f"{agreement(fast, plain):<24}{uct:>10,.0f}{solver:>13,.0f}{narrowed:>17}")
            timing.flush()


if __name__ == "__main__":
    main()
