"""The Connect Four solver on the benchmark sets, beside Pons' C++ figures and easyAI, and the
time per move of the Connect Four agents.

    python benchmarks/connect4_solver.py [--sets Test_L3_R1 ...] [--limit N] [--weak]
                                         [--easyai-cap SECONDS] [--skip-easyai] [--skip-agents]

1. Every position of each set is solved (strong solve, a fresh table per position, as the
   published figures count nodes per position); the score must equal the set's. Mean nodes
   and mean time beside the published C++ means (reference/figures.md).
2. The node count of each step of the step-by-step solver on easy end-game positions.
3. easyAI 2.0 (``pip install easyAI``; not a dependency of the course): its Connect Four game
   with its depth-first solver and transposition table (a weak solve) on the first positions
   of two sets, each capped at ``--easyai-cap`` seconds, against this solver's weak and strong
   solves of the same positions; the ratio of mean times.
4. The time per move of the ``hard`` (default) and ``perfect`` agents from the empty board
   and from positions of the sets (begin and middle game): median, 90th percentile, maximum.

The sets are read from ``../shared/data/connect4`` beside the repository.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from pathlib import Path
from types import FrameType

from tictac_edu.agents import difficulty_agent
from tictac_edu.games import ConnectFour
from tictac_edu.solvers import STEPS, Solver, StepSolver

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "connect4"
DEFAULT_SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1", "Test_L2_R2"]

# Published means per position of Pons' C++ solver (strong solve): (seconds, nodes); weak nodes.
PUBLISHED = {
    "Test_L3_R1": (4.6e-6, 51.3, 29.4),
    "Test_L2_R1": (37e-6, 449.6, 532.7),
    "Test_L2_R2": (3.2e-3, 39_900, 20_210),
    "Test_L1_R1": (255e-6, 3_298, 22_230),
    "Test_L1_R2": (97e-3, 1_201_000, 538_700),
    "Test_L1_R3": (5.5, 65_920_000, None),
}
EASYAI_SAMPLE = [("Test_L3_R1", 30), ("Test_L2_R1", 4)]
"""The positions given to easyAI: the first 30 of end-easy and the first 4 of middle-easy."""
EASYAI_WIN_SCORE = 90
"""easyAI's Connect Four scores a lost game -100: anything beyond this is a win or a loss."""
EASYAI_MAX_DEPTH = 50
AGENT_POSITIONS = [("Test_L1_R1", 15), ("Test_L2_R1", 15), ("Test_L2_R2", 15)]
"""Mid-game positions for the agents: the first 15 of a begin set and two middle sets."""
EMPTY_BOARD_REPEATS = 3
PERCENTILE_90 = 0.9
STEP_POSITIONS = 20
"""End-easy positions for the step-by-step table (plain negamax takes seconds on them)."""


def read_set(name: str, limit: int | None) -> list[tuple[str, int]]:
    """The first ``limit`` lines of a set (all if ``None``) as ``(moves, score)``."""
    path = DATA / name
    if not path.is_file():
        sys.exit(f"benchmark set not found: {path} (the sets live in ../shared/data/connect4 beside the repository)")
    lines = path.read_text().splitlines()[:limit]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def bench_sets(names: list[str], limit: int | None, weak: bool) -> None:
    mode = "weak" if weak else "strong"
    print(f"1. {mode} solve, a fresh table per position; published: Pons' C++ solver (figures.md)")
    print(f"{'set':<12}{'positions':>10}{'correct':>9}{'mean nodes':>12}{'published':>11}{'ratio':>7}"
          f"{'mean time':>11}{'published':>11}{'max time':>10}{'nodes/s':>10}")
    solver = Solver()
    for name in names:
        lines = read_set(name, limit)
        correct = nodes = 0
        times = []
        for moves, expected in lines:
            solver.reset()
            started = time.perf_counter()
            score = solver.solve(moves, weak=weak)
            times.append(time.perf_counter() - started)
            nodes += solver.nodes
            wanted = (expected > 0) - (expected < 0) if weak else expected
            if score == wanted:
                correct += 1
            else:
                print(f"  WRONG: {moves} gave {score}, expected {wanted}", flush=True)
        published_time, published_nodes, published_weak_nodes = PUBLISHED[name]
        reference_nodes = published_weak_nodes if weak else published_nodes
        mean_nodes, mean_time = nodes / len(lines), statistics.fmean(times)
        ratio = f"{mean_nodes / reference_nodes:.2f}" if reference_nodes else "-"
        reference_time = "-" if weak else format_seconds(published_time)
        print(f"{name:<12}{len(lines):>10}{correct:>9}{mean_nodes:>12,.1f}{reference_nodes or 0:>11,.1f}{ratio:>7}"
              f"{format_seconds(mean_time):>11}{reference_time:>11}{format_seconds(max(times)):>10}"
              f"{nodes / sum(times):>10,.0f}", flush=True)
    print()


def format_seconds(seconds: float) -> str:
    """Seconds in the most readable unit: us, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def bench_steps() -> None:
    lines = read_set("Test_L3_R1", STEP_POSITIONS)
    print(f"2. The steps of the solver on the first {len(lines)} positions of Test_L3_R1 (a fresh table each)")
    print(f"{'step':<26}{'total nodes':>12}{'seconds':>9}")
    for label, steps in STEPS:
        solver = StepSolver(steps)
        total, started = 0, time.perf_counter()
        for moves, expected in lines:
            solver.reset()
            assert solver.solve(moves) == expected, (label, moves)
            total += solver.nodes
        print(f"{label:<26}{total:>12,}{time.perf_counter() - started:>9.2f}", flush=True)
    print()


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def bench_easyai(cap: float) -> None:
    try:
        from easyAI import AI_Player, solve_with_depth_first_search
        from easyAI.AI import TranspositionTable
        from easyAI.games.ConnectFour import ConnectFour as EasyConnectFour
    except ImportError:
        print("3. easyAI is not installed (pip install easyAI): comparison skipped\n")
        return

    class Game(EasyConnectFour):  # type: ignore[misc, valid-type]
        """easyAI's Connect Four with the key its transposition table needs."""

        def ttentry(self) -> tuple[bytes, int]:
            return self.board.tobytes(), self.current_player

    print(f"3. easyAI 2.0 (solve_with_depth_first_search + TranspositionTable: a weak solve), each position "
          f"capped at {cap:g} s, beside this solver on the same positions (a fresh table per position)")
    print(f"{'set':<12}{'positions':>10}{'easyAI correct':>15}{'timed out':>10}{'easyAI mean':>12}{'easyAI max':>11}"
          f"{'ours weak':>11}{'ours strong':>12}{'weak ratio':>11}")
    previous = signal.signal(signal.SIGALRM, _alarm)
    all_easy: list[float] = []
    all_ours: list[float] = []
    try:
        for name, count in EASYAI_SAMPLE:
            lines = read_set(name, count)
            easy_times, ours_weak, ours_strong = [], [], []
            correct = timed_out = 0
            for moves, expected in lines:
                game = Game([AI_Player(None), AI_Player(None)])
                for char in moves:
                    game.make_move(int(char) - 1)
                    game.switch_player()
                started = time.perf_counter()
                signal.setitimer(signal.ITIMER_REAL, cap)
                try:
                    value = solve_with_depth_first_search(game, EASYAI_WIN_SCORE, EASYAI_MAX_DEPTH,
                                                          tt=TranspositionTable())
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    correct += value == (expected > 0) - (expected < 0)
                except _Timeout:
                    timed_out += 1
                easy_times.append(time.perf_counter() - started)
                solver = Solver()
                started = time.perf_counter()
                solver.solve(moves, weak=True)
                ours_weak.append(time.perf_counter() - started)
                solver = Solver()
                started = time.perf_counter()
                solver.solve(moves)
                ours_strong.append(time.perf_counter() - started)
            all_easy += easy_times
            all_ours += ours_weak
            easy_mean, weak_mean = statistics.fmean(easy_times), statistics.fmean(ours_weak)
            print(f"{name:<12}{len(lines):>10}{correct:>15}{timed_out:>10}{format_seconds(easy_mean):>12}"
                  f"{format_seconds(max(easy_times)):>11}{format_seconds(weak_mean):>11}"
                  f"{format_seconds(statistics.fmean(ours_strong)):>12}{easy_mean / weak_mean:>10,.0f}x", flush=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    easy_mean, ours_mean = statistics.fmean(all_easy), statistics.fmean(all_ours)
    print(f"all {len(all_easy)} positions: easyAI mean {format_seconds(easy_mean)}, ours (weak) "
          f"{format_seconds(ours_mean)}: {easy_mean / ours_mean:,.0f}x faster (a timed-out easyAI run counts at the "
          "cap, so the true ratio is at least this)")
    print()


def bench_agents() -> None:
    positions = [("empty board", ConnectFour())] * EMPTY_BOARD_REPEATS
    for name, count in AGENT_POSITIONS:
        positions += [(name, ConnectFour.from_moves(moves)) for moves, _ in read_set(name, count)]
    print(f"4. Time per move of the Connect Four agents ({EMPTY_BOARD_REPEATS} x the empty board, and the first "
          f"positions of {', '.join(f'{name} ({count})' for name, count in AGENT_POSITIONS)})")
    print(f"{'agent':<10}{'positions':<16}{'moves':>6}{'median':>10}{'p90':>10}{'max':>10}  notes")
    for difficulty in ("hard", "perfect"):
        groups: dict[str, list[float]] = {}
        sources: dict[str, list[str]] = {}
        for label, state in positions:
            agent = difficulty_agent(state, difficulty)  # a new agent each time: no table carried over
            started = time.perf_counter()
            agent.choose_move(state)
            groups.setdefault(label, []).append(time.perf_counter() - started)
            source = getattr(agent, "last_source", None) or f"depth {agent.last_result.depth}"  # type: ignore[attr-defined]
            sources.setdefault(label, []).append(source)
        every: list[float] = []
        for label, times in groups.items():
            every += times
            notes = ", ".join(f"{sources[label].count(s)} {s}" for s in sorted(set(sources[label])))
            print(f"{difficulty:<10}{label:<16}{len(times):>6}{format_seconds(statistics.median(times)):>10}"
                  f"{format_seconds(percentile(times, PERCENTILE_90)):>10}{format_seconds(max(times)):>10}  {notes}",
                  flush=True)
        print(f"{difficulty:<10}{'all':<16}{len(every):>6}{format_seconds(statistics.median(every)):>10}"
              f"{format_seconds(percentile(every, PERCENTILE_90)):>10}{format_seconds(max(every)):>10}", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(PUBLISHED),
                        help="benchmark sets to solve (default: the four of the course)")
    parser.add_argument("--limit", type=int, default=None, help="solve only the first N positions of each set")
    parser.add_argument("--weak", action="store_true", help="weak solve (win/draw/loss) instead of strong")
    parser.add_argument("--easyai-cap", type=float, default=60.0, help="seconds allowed to easyAI per position")
    parser.add_argument("--skip-sets", action="store_true", help="skip part 1")
    parser.add_argument("--skip-steps", action="store_true", help="skip part 2")
    parser.add_argument("--skip-easyai", action="store_true", help="skip part 3")
    parser.add_argument("--skip-agents", action="store_true", help="skip part 4")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; sets from {DATA}\n")
    if not args.skip_sets:
        bench_sets(args.sets, args.limit, args.weak)
    if not args.skip_steps:
        bench_steps()
    if not args.skip_easyai:
        bench_easyai(args.easyai_cap)
    if not args.skip_agents:
        bench_agents()


if __name__ == "__main__":
    main()
