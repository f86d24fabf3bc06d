"""Are every game's difficulty levels really ordered? Each level against the one below it.

    python benchmarks/levels.py [--games tictactoe mnk connect4 gomoku] [--matches 40]
                                [--jobs 2] [--seed 0]

For each game, ``tictac_edu.arena.check_difficulties`` plays each difficulty level (weakest
first, as the game lists them) against the next weaker one, ``--matches`` games per step in
colour-swapped pairs from the seeded opening book, and says per step whether the stronger
level's score is above 1/2 with its 95% Elo interval ("ordered"), below ("reversed"), or
neither ("not established"). ``--jobs K`` plays the pairs on K processes (the same games as
one process plays). Levels with a time limit make this long: Connect Four's hard and expert
levels and gomoku's think up to a second or two a move, so 40 games a step take tens of
minutes there; ``--matches 10`` gives a first look.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents import difficulties  # noqa: E402
from tictac_edu.arena import check_difficulties  # noqa: E402
from tictac_edu.games import game_names, new_game  # noqa: E402

GAMES = ("tictactoe", "mnk", "connect4", "gomoku")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=sorted(game_names()),
                        help="the games to check (tictactoe mnk connect4 gomoku; mnk on its 5x5 board)")
    parser.add_argument("--matches", type=int, default=40, help="games per step, in pairs (40)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (1: this process)")
    parser.add_argument("--seed", type=int, default=0, help="the match seed (0)")
    args = parser.parse_args(argv)
    if args.matches < 2 or args.jobs < 1:
        parser.error("--matches must be at least 2 and --jobs at least 1")
    print(f"Difficulty levels, each against the next weaker one: {args.matches} games a step, seed {args.seed}, "
          f"{args.jobs} process{'es' if args.jobs > 1 else ''}")
    print(timing.machine_line().replace("times are CPU seconds (time.process_time)", "times: wall clock"))
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in args.games:
            factory = functools.partial(new_game, name)
            start = factory()
            began = time.perf_counter()
            check = check_difficulties(factory, games=args.matches, seed=args.seed, executor=pool, progress=False)
            seconds = time.perf_counter() - began
            print(f"\n{start.game.title} ({', '.join(difficulties(start))}), {timing.format_seconds(seconds)}:")
            for line in check.summary().splitlines():
                print(f"  {line}")
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
