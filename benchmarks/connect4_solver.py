"""The Connect Four solver on the benchmark sets, beside Pons' published C++ figures and easyAI
run live, and the time per move of the Connect Four agents.

    python benchmarks/connect4_solver.py [--sets Test_L3_R1 ...] [--lines N] [--weak]
                                         [--easyai-cap SECONDS] [--skip-sets] [--skip-steps]
                                         [--skip-easyai] [--skip-agents]

By default the first ``--lines 50`` positions of each set (under a minute in all);
``--lines 0`` solves every line of the sets (1,000 each: several minutes).

1. The positions of each set, solved by ``Solver`` (strong solve, a fresh table per position,
   as the published figures count nodes per position); the score must equal the set's. Every
   position is parsed before the clock starts, and only the solve is timed, in CPU time
   (``time.process_time``). Mean nodes beside Pons' published mean nodes (an algorithmic
   figure: comparable); his published mean times are shown for information only: they were
   measured on another machine, in C++, and are not compared with ours.
2. The node count of each step of the step-by-step solver on easy end-game positions.
3. easyAI 2.0 (``pip install easyAI``; not a dependency of the course), run live in the same
   process: its Connect Four game with its depth-first solver and transposition table (a weak
   solve) on the first positions of two sets, each capped at ``--easyai-cap`` seconds, against
   this solver's weak and strong solves of the same positions; CPU time, positions set up
   before the clock starts.
4. The time per move of the ``hard`` and ``expert`` agents from the empty board and from
   positions of the sets (begin and middle game): median, 90th percentile and maximum wall
   time (their limit is on the wall clock), and the worst move as a multiple of the limit.

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
DEFAULT_LINES = 50
"""Positions per set by default: enough for stable means, quick enough for a run under a minute."""

# Published means per position of Pons' C++ solver (strong solve): (seconds, nodes); weak nodes.
# The seconds were measured on his machine, in C++: shown for information, never compared.
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
AGENTS = ("hard", "expert")
AGENT_POSITIONS = [("Test_L1_R1", 10), ("Test_L2_R1", 10), ("Test_L2_R2", 10)]
"""Mid-game positions for the agents: the first 10 of a begin set and two middle sets."""
EMPTY_BOARD_REPEATS = 3
PERCENTILE_90 = 0.9
STEP_POSITIONS = 20
"""End-easy positions for the step-by-step table (plain negamax takes seconds on them)."""


def read_set(name: str, lines: int | None) -> list[tuple[str, int]]:
    """The first ``lines`` lines of a set (all if ``None``) as ``(moves, score)``."""
    path = DATA / name
    if not path.is_file():
        sys.exit(f"benchmark set not found: {path} (the sets live in ../shared/data/connect4 beside the repository)")
    rows = path.read_text().splitlines()[:lines]
    return [(moves, int(score)) for moves, score in (row.split() for row in rows)]


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def format_seconds(seconds: float) -> str:
    """Seconds in the most readable unit: us, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def bench_sets(names: list[str], lines: int | None, weak: bool) -> None:
    mode = "weak" if weak else "strong"
    which = "all the positions" if lines is None else f"the first {lines} positions"
    print(f"1. {mode} solve of {which} of each set, a fresh table per position; CPU time of the solve alone "
          "(positions parsed first)")
    print("   published: Pons' C++ solver (figures.md), means over all 1,000 lines of a set (a sample's mean can "
          "differ);")
    print("   its times come from another machine, in C++: for information only, never compared with ours")
    print(f"{'set':<12}{'positions':>10}{'correct':>9}{'mean nodes':>12}{'published':>11}{'nodes ratio':>12}"
          f"{'mean CPU':>11}{'max CPU':>10}{'nodes/s':>10}{'   published time (other machine)'}")
    solver = Solver()
    for name in names:
        positions = [(ConnectFour.from_moves(moves), (expected > 0) - (expected < 0) if weak else expected)
                     for moves, expected in read_set(name, lines)]
        correct = nodes = 0
        times = []
        for state, wanted in positions:
            solver.reset()
            started = time.process_time()
            score = solver.solve(state, weak=weak)
            times.append(time.process_time() - started)
            nodes += solver.nodes
            if score == wanted:
                correct += 1
            else:
                print(f"  WRONG: {state.moves_string()} gave {score}, expected {wanted}", flush=True)
        published_time, published_nodes, published_weak_nodes = PUBLISHED[name]
        reference_nodes = published_weak_nodes if weak else published_nodes
        mean_nodes, mean_time = nodes / len(positions), statistics.fmean(times)
        ratio = f"{mean_nodes / reference_nodes:.2f}" if reference_nodes else "-"
        reference_time = "-" if weak else format_seconds(published_time)
        rate = f"{nodes / sum(times):,.0f}" if sum(times) > 0 else "-"
        print(f"{name:<12}{len(positions):>10}{correct:>9}{mean_nodes:>12,.1f}{reference_nodes or 0:>11,.1f}"
              f"{ratio:>12}{format_seconds(mean_time):>11}{format_seconds(max(times)):>10}{rate:>10}"
              f"{reference_time:>12}", flush=True)
    print()


def bench_steps() -> None:
    lines = read_set("Test_L3_R1", STEP_POSITIONS)
    positions = [(ConnectFour.from_moves(moves), expected) for moves, expected in lines]
    print(f"2. The steps of the solver on the first {len(positions)} positions of Test_L3_R1 (a fresh table each)")
    print(f"{'step':<26}{'total nodes':>12}{'CPU s':>9}")
    for label, steps in STEPS:
        solver = StepSolver(steps)
        total, cpu = 0, 0.0
        for state, expected in positions:
            solver.reset()
            started = time.process_time()
            score = solver.solve(state)
            cpu += time.process_time() - started
            assert score == expected, (label, state.moves_string())
            total += solver.nodes
        print(f"{label:<26}{total:>12,}{cpu:>9.2f}", flush=True)
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

    def easy_game(moves: str) -> Game:
        game = Game([AI_Player(None), AI_Player(None)])
        for char in moves:
            game.make_move(int(char) - 1)
            game.switch_player()
        return game

    print(f"3. easyAI 2.0, live (solve_with_depth_first_search + TranspositionTable: a weak solve), each position "
          f"capped at {cap:g} s, beside this solver on the same positions (a fresh table per position); CPU time, "
          "positions set up first")
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
                game, state = easy_game(moves), ConnectFour.from_moves(moves)
                table = TranspositionTable()
                started = time.process_time()
                signal.setitimer(signal.ITIMER_REAL, cap)
                try:
                    value = solve_with_depth_first_search(game, EASYAI_WIN_SCORE, EASYAI_MAX_DEPTH, tt=table)
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    correct += value == (expected > 0) - (expected < 0)
                except _Timeout:
                    timed_out += 1
                easy_times.append(time.process_time() - started)
                solver = Solver()
                started = time.process_time()
                solver.solve(state, weak=True)
                ours_weak.append(time.process_time() - started)
                solver = Solver()
                started = time.process_time()
                solver.solve(state)
                ours_strong.append(time.process_time() - started)
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
          f"positions of {', '.join(f'{name} ({count})' for name, count in AGENT_POSITIONS)}); wall time, as their "
          "limit is")
    print(f"{'agent':<10}{'positions':<16}{'moves':>6}{'median':>10}{'p90':>10}{'max':>10}{'max/limit':>10}  notes")
    for difficulty in AGENTS:
        groups: dict[str, list[float]] = {}
        sources: dict[str, list[str]] = {}
        limit = 0.0
        for label, state in positions:
            agent = difficulty_agent(state, difficulty)  # a new agent each time: no table carried over
            limit = agent.time_limit  # type: ignore[attr-defined]
            started = time.perf_counter()
            agent.choose_move(state)
            groups.setdefault(label, []).append(time.perf_counter() - started)
            result = agent.last_result  # type: ignore[attr-defined]
            source = getattr(agent, "last_source", None) or f"depth {result.depth}"
            sources.setdefault(label, []).append(source)
        every: list[float] = []
        for label, times in groups.items():
            every += times
            notes = ", ".join(f"{sources[label].count(s)} {s}" for s in sorted(set(sources[label])))
            print(f"{difficulty:<10}{label:<16}{len(times):>6}{format_seconds(statistics.median(times)):>10}"
                  f"{format_seconds(percentile(times, PERCENTILE_90)):>10}{format_seconds(max(times)):>10}"
                  f"{max(times) / limit:>10.3f}  {notes}", flush=True)
        print(f"{difficulty:<10}{'all':<16}{len(every):>6}{format_seconds(statistics.median(every)):>10}"
              f"{format_seconds(percentile(every, PERCENTILE_90)):>10}{format_seconds(max(every)):>10}"
              f"{max(every) / limit:>10.3f}  limit {limit:g} s", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(PUBLISHED),
                        help="benchmark sets to solve (default: the four of the course)")
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES,
                        help=f"solve the first N positions of each set (default {DEFAULT_LINES}; 0: all of them)")
    parser.add_argument("--weak", action="store_true", help="weak solve (win/draw/loss) instead of strong")
    parser.add_argument("--easyai-cap", type=float, default=60.0, help="seconds allowed to easyAI per position")
    parser.add_argument("--skip-sets", action="store_true", help="skip part 1")
    parser.add_argument("--skip-steps", action="store_true", help="skip part 2")
    parser.add_argument("--skip-easyai", action="store_true", help="skip part 3")
    parser.add_argument("--skip-agents", action="store_true", help="skip part 4")
    args = parser.parse_args()
    if args.lines < 0:
        parser.error(f"--lines must be 0 (every line) or a positive number, not {args.lines}")
    print(f"Python {sys.version.split()[0]}; sets from {DATA}\n")
    if not args.skip_sets:
        bench_sets(args.sets, args.lines or None, args.weak)
    if not args.skip_steps:
        bench_steps()
    if not args.skip_easyai:
        bench_easyai(args.easyai_cap)
    if not args.skip_agents:
        bench_agents()


if __name__ == "__main__":
    main()
