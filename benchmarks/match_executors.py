"""One match played three ways: in this process, on a process pool, on a local Dask cluster.

    python benchmarks/match_executors.py [--game tictactoe] [--levels hard medium] [--games 200]
                                         [--workers 2] [--repeat 3] [--seed 0] [--no-dask]

The match (``tictac_edu.arena.play_match``, pairs of games from the seeded opening book) is
played sequentially, on a ``concurrent.futures.ProcessPoolExecutor`` with ``--workers``
processes and on a ``dask.distributed.LocalCluster`` with ``--workers`` single-threaded worker
processes (through ``Client.get_executor()``). Each pool or cluster is started, and warmed up
with one small task per worker, before the clock starts: its start-up time is shown apart. Each
way is timed ``--repeat`` times on the wall clock (``time.perf_counter``: the point is the time
one waits) and the median kept; ``speed-up`` is the sequential time over the executor's.

The wall clock depends on what else the machine runs, so the CPU time is shown too: this
process's and its child processes' (the pool's workers, the cluster's nannies and workers, read
with ``psutil`` before and after the runs), per game. ``overhead/game`` is the CPU an executor
spends per game beyond the sequential run's: pickling the agents and the games, sending tasks
and results, the scheduler. The three runs must give the same games, move for move: the script
says so, and exits with status 1 if they do not.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents import difficulty_agent  # noqa: E402
from tictac_edu.arena import MatchResult, play_match  # noqa: E402
from tictac_edu.games import new_game  # noqa: E402


def outline(result: MatchResult) -> list[tuple[Any, ...]]:
    """What must agree between runs: each game's sides, moves and winner, in order."""
    return [(game.first, game.second, tuple(game.moves), game.winner) for game in result.games]


def warm_up(executor: Executor, workers: int) -> None:
    """One small task per worker, so that starting the workers is not timed with the match."""
    for future in [executor.submit(pow, 2, index) for index in range(2 * workers)]:
        future.result()


def process_tree_cpu() -> float | None:
    """CPU seconds of this process and of its live descendants, or ``None`` without psutil."""
    try:
        import psutil
    except ImportError:
        return None
    total = time.process_time()
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:  # a process that has just ended
            continue
        total += times.user + times.system
    return total


def timed_runs(run: Callable[[], MatchResult], repeat: int) -> tuple[MatchResult, float, float | None]:
    """Run the match ``repeat`` times: the last result, the median wall seconds and the mean CPU
    seconds of the whole process tree per run (``None`` without psutil)."""
    seconds = []
    cpu_before = process_tree_cpu()
    for _ in range(repeat):
        began = time.perf_counter()
        result = run()
        seconds.append(time.perf_counter() - began)
    cpu_after = process_tree_cpu()
    cpu = None if cpu_before is None or cpu_after is None else (cpu_after - cpu_before) / repeat
    return result, statistics.median(seconds), cpu


def signed_seconds(seconds: float) -> str:
    """:func:`timing.format_seconds` with a minus sign for a negative time."""
    return ("-" if seconds < 0 else "") + timing.format_seconds(abs(seconds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tictactoe", help="a registered game (tictactoe)")
    parser.add_argument("--levels", nargs=2, default=["hard", "medium"], metavar=("LEVEL_A", "LEVEL_B"),
                        help="the two difficulty levels (hard medium)")
    parser.add_argument("--games", type=int, default=200, help="games in the match (200)")
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool and of the cluster (2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each way; the median is shown (3)")
    parser.add_argument("--pairs-per-task", type=int, default=None,
                        help="pairs per task sent to an executor (default: play_match's choice)")
    parser.add_argument("--seed", type=int, default=0, help="the match seed (0)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args(argv)
    for name in ("games", "workers", "repeat"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")

    factory = functools.partial(new_game, args.game)
    start = factory()
    level_a, level_b = args.levels

    def run(executor: Executor | None = None) -> MatchResult:
        agent_a, agent_b = difficulty_agent(start, level_a), difficulty_agent(start, level_b)
        return play_match(agent_a, agent_b, factory, args.games, args.seed, executor=executor,
                          pairs_per_task=args.pairs_per_task, progress=False)

    print(f"{start.game.title}, {level_a} vs {level_b}: {args.games} games (seed {args.seed}), sequentially and on "
          f"{args.workers} workers; wall seconds, the median of {args.repeat} runs")
    print(timing.machine_line().replace("times are CPU seconds (time.process_time)",
                                        "wall: time.perf_counter, CPU: all processes (psutil)"))
    rows: list[tuple[str, float, float | None, float | None]] = []
    sequential, seconds, cpu = timed_runs(run, args.repeat)
    rows.append(("sequential (this process)", seconds, cpu, None))
    results = {"sequential": sequential}
    timing.flush()

    began = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        warm_up(pool, args.workers)
        startup = time.perf_counter() - began
        results["process pool"], seconds, cpu = timed_runs(lambda: run(pool), args.repeat)
    rows.append((f"ProcessPoolExecutor({args.workers})", seconds, cpu, startup))
    timing.flush()

    if not args.no_dask:
        try:
            from distributed import Client, LocalCluster
        except ImportError as error:
            timing.peer_missing("dask.distributed", 'pip install "dask[distributed]"', error)
        else:
            began = time.perf_counter()
            with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                executor = client.get_executor()
                warm_up(executor, args.workers)
                startup = time.perf_counter() - began
                results["dask"], seconds, cpu = timed_runs(lambda: run(executor), args.repeat)
            rows.append((f"Dask LocalCluster({args.workers} workers)", seconds, cpu, startup))

    base, base_cpu = rows[0][1], rows[0][2]
    print()
    print(f"{'run':<34}{'wall':>10}{'per game':>11}{'speed-up':>10}{'CPU/game':>10}{'overhead/game':>15}"
          f"{'start-up':>10}")
    for label, wall, cpu, started in rows:
        per_game_cpu = "-" if cpu is None else timing.format_seconds(cpu / args.games)
        overhead = "-" if started is None or cpu is None or base_cpu is None else signed_seconds(
            (cpu - base_cpu) / args.games)
        print(f"{label:<34}{timing.format_seconds(wall):>10}{timing.format_seconds(wall / args.games):>11}"
              f"{timing.format_ratio(base / wall):>10}{per_game_cpu:>10}{overhead:>15}"
              f"{'-' if started is None else timing.format_seconds(started):>10}")
    print()
    print(sequential.summary())
    reference = outline(sequential)
    differing = [name for name, result in results.items() if outline(result) != reference]
    if differing:
        print(f"DIFFERENT games: {', '.join(differing)} did not replay the sequential match")
        return 1
    print(f"Identical results: the {len(results)} runs played the same {sequential.played} games, move for move "
          f"({sequential.wins} - {sequential.losses} - {sequential.draws} each).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
