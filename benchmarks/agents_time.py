"""Time per move of every difficulty level of every game, on the same sample of positions.

    python benchmarks/agents_time.py [--positions 6] [--games KEY ...] [--levels LEVEL ...] [--seed 2026]

For each game (tic-tac-toe, 5x5 three in a row, 15x15 five in a row, Connect Four, gomoku and
renju) and each of its levels (``all_levels(state)``: the difficulties, then the Monte Carlo
levels), the level's agent (``difficulty_agent(state, level, seed)``, built once per level and
kept from move to move, as in a match) chooses a move in
each position of a sample: the empty board and seeded random openings whose lengths are
spread over the first part of the game (a random opening that ends the game is drawn again).
Every level of a game gets the same positions.

Per level: the median, 90th percentile (nearest rank) and maximum time per move, wall clock
(``time.perf_counter``, what a player waits) and CPU (``time.process_time``, what the move
cost this process on a shared machine); the share of moves whose value was proven
(``agent.last_result.proven``; for Connect Four's ``expert``, the moves the solver proved);
the depths reached; the worst overrun of the level's time limit, on the wall clock (the clock
the limit is set on) and in CPU time; and the moves over the limit by more than 10% of wall
time or 5% of CPU time, each listed at the end. Levels without a time limit search to a fixed
depth or to the end, or for a number of playouts, and have nothing to overrun.

There is no peer here: the figures are the course's own levels, each against its own limit.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents import all_levels, difficulty_agent  # noqa: E402
from tictac_edu.games import ConnectFour, Gomoku, MNKGame, TicTacToe  # noqa: E402
from tictac_edu.games.base import GameState  # noqa: E402

OVERRUN = 0.10
"""A move is flagged when its wall-clock time exceeds the level's time limit by more than this."""
CPU_OVERRUN = 0.05
"""... or when its CPU time exceeds the limit by more than this."""
PERCENTILE_90 = 0.9


@dataclass(frozen=True)
class Game:
    key: str
    start: Callable[[], GameState]
    max_opening: int  # the longest random opening, in plies


GAMES = [
    Game("tictactoe", TicTacToe, 6),
    Game("mnk-5x5x3", lambda: MNKGame(5, 5, 3), 10),
    Game("mnk-15x15x5", lambda: MNKGame(15, 15, 5), 40),
    Game("connect4", ConnectFour, 30),
    Game("gomoku", Gomoku, 40),
    Game("renju", lambda: Gomoku(rule="renju"), 40),
]
KEYS = [game.key for game in GAMES]


@dataclass
class Move:
    position: GameState
    wall: float
    cpu: float
    proven: bool | None  # None: a random move (no search behind it)
    depth: int | None
    source: str | None
    iterations: int | None = None  # an MCTS level's iterations (it has no depth)
    gap: float | None = None  # the longest CPU time between two readings of the level's clock (--gaps)


class GapClock:
    """A level's clock, wrapped: the longest CPU time between two consecutive readings."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.last: float | None = None
        self.longest = 0.0

    def restart(self) -> None:
        self.last, self.longest = None, 0.0

    def __call__(self) -> float:
        now = time.process_time()
        if self.last is not None and now - self.last > self.longest:
            self.longest = now - self.last
        self.last = now
        return self.clock()


@dataclass
class Level:
    game: str
    name: str
    time_limit: float | None
    moves: list[Move] = field(default_factory=list)

    def overruns(self) -> list[Move]:
        if self.time_limit is None:
            return []
        return [move for move in self.moves if move.wall > self.time_limit * (1 + OVERRUN)
                or move.cpu > self.time_limit * (1 + CPU_OVERRUN)]

    def worst(self, kind: str) -> str:
        """The largest overrun of the limit, ``wall`` or ``cpu``, as a share of it ("-" without a limit)."""
        if self.time_limit is None:
            return "-"
        worst = max(getattr(move, kind) for move in self.moves) / self.time_limit - 1
        return f"{100 * worst:+.1f}%"


def sample_positions(start: GameState, count: int, max_opening: int, rng: random.Random) -> list[GameState]:
    """The start and ``count - 1`` random openings of lengths spread evenly up to ``max_opening``."""
    chosen = [start]
    for index in range(1, count):
        chosen.append(timing.random_opening(start, round(index * max_opening / max(1, count - 1)), rng))
    return chosen


def time_level(start: GameState, name: str, positions: list[GameState], seed: int, gaps: bool = False) -> Level:
    """One level's agent on every position: the time of each move, and what it says about it."""
    preset = start.game.preset(name)
    agent = difficulty_agent(start, name, seed=seed)
    level = Level(start.game.title, name, preset.time_limit)
    gap_clock = GapClock(agent.clock) if gaps and preset.time_limit is not None else None  # type: ignore[attr-defined]
    if gap_clock is not None:
        agent.clock = gap_clock  # type: ignore[attr-defined]
    for position in positions:
        def move(position: GameState = position) -> object:
            return agent.choose_move(position)

        if gap_clock is not None:
            gap_clock.restart()
        _move, wall, cpu = timing.both_times(move)
        result = getattr(agent, "last_result", None)
        proven = None if result is None else bool(result.proven)
        iterations = getattr(result, "iterations", None)
        depth = None if result is None or iterations is not None else result.depth
        source = getattr(agent, "last_source", None)
        level.moves.append(Move(position, wall, cpu, proven, depth, source, iterations,
                               None if gap_clock is None else gap_clock.longest))
    return level


def _times(values: list[float]) -> str:
    return "".join(f"{timing.format_seconds(v):>10}" for v in
                   (statistics.median(values), timing.percentile(values, PERCENTILE_90), max(values)))


def notes(level: Level) -> str:
    """Proven moves, random moves, depths reached, and where expert's moves came from."""
    searched = [move for move in level.moves if move.proven is not None]
    parts = [f"proven {sum(bool(move.proven) for move in searched)}/{len(searched)}"]
    randoms = len(level.moves) - len(searched)
    if randoms:
        parts.append(f"{randoms} random")
    iterations = [move.iterations for move in searched if move.iterations is not None]
    if iterations:
        parts.append(f"iterations median {statistics.median(iterations):,.0f}, min {min(iterations):,}")
    depths = Counter("end" if move.depth is None else move.depth for move in searched if move.iterations is None)
    if depths:
        parts.append("depth " + ", ".join(f"{depth}: {n}" for depth, n in
                                          sorted(depths.items(), key=lambda item: (isinstance(item[0], str), item[0]))))
    sources = Counter(move.source for move in searched if move.source)
    if sources:
        parts.append(", ".join(f"{n} {source}" for source, n in sorted(sources.items())))
    gaps = [move.gap for move in level.moves if move.gap is not None]
    if gaps:
        parts.append(f"longest CPU between two clock readings {timing.format_seconds(max(gaps))}")
    return "; ".join(parts)


def print_levels(levels: list[Level]) -> None:
    print(f"{'game':<22}{'level':<12}{'limit':>7}{'moves':>6}{'wall median':>12}{'p90':>10}{'max':>10}"
          f"{'CPU median':>12}{'p90':>10}{'max':>10}{'worst wall':>11}{'CPU':>8}{'over':>6}  notes")
    for level in levels:
        walls = [move.wall for move in level.moves]
        cpus = [move.cpu for move in level.moves]
        limit = "-" if level.time_limit is None else f"{level.time_limit:g} s"
        over = "-" if level.time_limit is None else str(len(level.overruns()))
        print(f"{level.game:<22}{level.name:<12}{limit:>7}{len(level.moves):>6}  {_times(walls)}  {_times(cpus)}"
              f"{level.worst('wall'):>11}{level.worst('cpu'):>8}{over:>6}  {notes(level)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="games: " + ", ".join(KEYS))
    parser.add_argument("--positions", type=int, default=6,
                        help="positions per game: the empty board and seeded random openings (6)")
    parser.add_argument("--games", nargs="+", choices=KEYS, default=KEYS, metavar="KEY", help="games (all)")
    parser.add_argument("--levels", nargs="+", metavar="LEVEL",
                        help="only these levels (by name, in every game that has them)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the openings and of the agents (2026)")
    parser.add_argument("--gaps", action="store_true",
                        help="measure the longest CPU time between two readings of each timed level's clock")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    rng = random.Random(args.seed)
    print(f"Time per move of every level, {args.positions} positions per game (the empty board and seeded random "
          f"openings); a move is flagged when it exceeds the limit by more than {OVERRUN:.0%} of wall time or "
          f"{CPU_OVERRUN:.0%} of CPU time")
    print(timing.machine_line().replace("times are CPU seconds (time.process_time)",
                                        "wall: time.perf_counter, CPU: time.process_time"))
    levels: list[Level] = []
    for game in (game for game in GAMES if game.key in args.games):
        start = game.start()
        positions = sample_positions(start, args.positions, game.max_opening, rng)
        for name in all_levels(start):
            if args.levels and name not in args.levels:
                continue
            levels.append(time_level(start, name, positions, args.seed, args.gaps))
            timing.flush()
    print()
    print_levels(levels)
    flagged = [(level, move) for level in levels for move in level.overruns()]
    print()
    if not flagged:
        print(f"No move took more than {OVERRUN:.0%} of wall time or {CPU_OVERRUN:.0%} of CPU time over its level's "
              "time limit.")
        return
    print(f"Moves over their level's time limit by more than {OVERRUN:.0%} of wall time or {CPU_OVERRUN:.0%} of CPU "
          "time:")
    for level, move in flagged:
        assert level.time_limit is not None
        print(f"  {level.game}, {level.name} (limit {level.time_limit:g} s): wall {timing.format_seconds(move.wall)} "
              f"({100 * (move.wall / level.time_limit - 1):+.0f}%), CPU {timing.format_seconds(move.cpu)} "
              f"({100 * (move.cpu / level.time_limit - 1):+.0f}%), "
              f"{move.position.as_code()}")


if __name__ == "__main__":
    main()
