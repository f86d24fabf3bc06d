"""The compiled Connect Four solver beside the pure one, live, and beside Pascal Pons' C++ solver.

    python benchmarks/connect4_fast.py [--lines 30] [--skip-compile] [--skip-rate] [--skip-4453]
                                       [--skip-pure-4453] [--skip-expert] [--expert-positions 4]
                                       [--expert-plies 0 15]

1. Compile time: the first call of the compiled solver in a fresh copy of the package (numba
   compiles and writes its cache), then a second process on the same copy (it loads the cache);
   CPU time of ``warm_up()`` in each, and of importing the module.
2. Node rate on the same positions (the first ``--lines`` of three benchmark sets, a fresh
   table per position, CPU time of the solve alone, ``time.process_time``): the pure
   ``Solver``, the compiled ``FastSolver`` and, when ``PONS_SOLVER_DIR`` names a folder with
   Pons' source (github.com/PascalPons/connect4; AGPL, so it is never part of this repository),
   his solver built from it with g++ -O3 and driven by a small program written here (nodes and
   CPU time per position, ``std::clock``, no opening book). Otherwise it says it is skipping.
3. ``solve connect4 4453`` (the second player's best answer early in the game): nodes, CPU time
   and peak memory (the process's maximum resident set) of each solver in a process of its own;
   the pure one runs for many minutes (``--skip-pure-4453``).
4. The ``expert`` level: from which ply its moves are proven within its 0.9 s clock. For each
   ply, ``--expert-positions`` seeded random openings (games not over), a fresh agent for each
   (no table carried over from earlier moves: a game's own moves do better), wall time as its
   clock is; and, as a busy machine's wall clock leaves the solver a fraction of its time, the
   CPU time the compiled solver's ``best_move`` needs on the same position: the earliest ply
   where every move was proven live, and where every proof fits the solver's share in CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictac_edu.agents import SolverAgent
from tictac_edu.agents.solver import SOLVER_SHARE
from tictac_edu.games import ConnectFour
from tictac_edu.solvers import Solver, SolverLimitReached
from tictac_edu.solvers.connect4_fast import FastSolver, warm_up

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "connect4"
RATE_SETS = ("Test_L2_R1", "Test_L1_R1", "Test_L2_R2")
DEFAULT_LINES = 30
PONS_ENV = "PONS_SOLVER_DIR"
HARD_POSITION = "4453"
EXPERT_PLIES = (0, 15)
"""The plies of part 4 by default: from 0 to 14."""
EXPERT_NODE_CAP = 4_000_000
"""Part 4's node cap on the solver alone: more than fits in the solver's 0.45 s (about 3 million
nodes at the compiled rate), so a capped proof does not fit."""
DRIVER = r"""
#include <ctime>
#include <iostream>
#include <string>
#include "Solver.hpp"
using namespace GameSolver::Connect4;
// Reads move strings; prints "moves score nodes cpu_seconds" per line (a fresh table each).
int main() {
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    Position P;
    if (P.play(line) != line.size()) { std::cout << line << " invalid 0 0" << std::endl; continue; }
    solver.reset();
    std::clock_t start = std::clock();
    int score = solver.solve(P, false);
    double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
    std::cout << line << " " << score << " " << solver.getNodeCount() << " " << cpu << std::endl;
  }
}
"""
SOLVE_ONE = r"""
import resource, sys, time
from tictac_edu.agents.solver import SOLVER_SHARE
from tictac_edu.solvers import Solver, SolverLimitReached
from tictac_edu.solvers.connect4_fast import FastSolver, warm_up
engine, moves = sys.argv[1], sys.argv[2]
if engine == "numba":
    warm_up()
    solver = FastSolver()
else:
    solver = Solver()
started = time.process_time()
score = solver.solve(moves)
cpu = time.process_time() - started
print(score, solver.nodes, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def read_set(name: str, lines: int) -> list[tuple[str, int]]:
    """The first ``lines`` lines of a set as ``(moves, score)``."""
    rows = (DATA / name).read_text().splitlines()[:lines]
    return [(moves, int(score)) for moves, score in (row.split() for row in rows)]


def seconds(value: float) -> str:
    """A time with a unit that suits it."""
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.0f} us"


def bench_compile() -> None:
    print("1. Compile time: warm_up() in a fresh copy of the package (compiles, writes the cache), then again in "
          "a new process (loads the cache); CPU time")
    code = ("import time; t = time.process_time(); import tictac_edu.solvers.connect4_fast as f; "
            "i = time.process_time() - t; w = f.warm_up(); print(i, w)")
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "tictac_edu", Path(folder) / "tictac_edu", ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": folder}
        for label in ("first run (compile)", "second run (cached)"):
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                                  cwd=folder)  # not the repository's folder: its copy has a cache
            imported, warmed = (float(value) for value in done.stdout.split())
            print(f"   {label:<22} import {seconds(imported):>9}   warm_up {seconds(warmed):>9}", flush=True)
    print()


def build_pons(source: Path, folder: Path) -> Path | None:
    """Pons' solver from ``source`` with the driver above, built in ``folder``; None if it fails."""
    driver = folder / "driver.cpp"
    driver.write_text(DRIVER)
    binary = folder / "pons_driver"
    done = subprocess.run(["g++", "-std=c++11", "-O3", "-DNDEBUG", f"-I{source}", "-o", str(binary), str(driver),
                           str(source / "Solver.cpp")], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"   could not build Pons' solver from {source}: {done.stderr.strip()[:300]}")
        return None
    return binary


def run_pons(binary: Path, positions: list[str]) -> list[tuple[int, int, float]]:
    """``(score, nodes, cpu seconds)`` per position from the built driver."""
    done = subprocess.run([str(binary)], input="\n".join(positions) + "\n", capture_output=True, text=True,
                          check=True)
    rows = [line.split() for line in done.stdout.splitlines()]
    return [(int(score), int(nodes), float(cpu)) for _, score, nodes, cpu in rows]


def pons_binary(folder: Path) -> Path | None:
    source = os.environ.get(PONS_ENV)
    if not source:
        print(f"   Pons' solver: skipping ({PONS_ENV} is not set; point it at a checkout of "
              "github.com/PascalPons/connect4 to compare)")
        return None
    if not (Path(source) / "Solver.cpp").is_file():
        print(f"   Pons' solver: skipping ({PONS_ENV}={source} holds no Solver.cpp)")
        return None
    return build_pons(Path(source), folder)


def bench_rate(lines: int, binary: Path | None) -> None:
    print(f"2. Node rate, the first {lines} positions of {', '.join(RATE_SETS)}; a fresh table per position; "
          "CPU time of the solves alone")
    print(f"{'set':<12}{'solver':<10}{'nodes':>12}{'CPU':>10}{'nodes/s':>13}{'x pure':>8}{'CPU/node vs Pons':>18}")
    warm_up()  # load the compiled code before any clock starts
    pure, fast = Solver(), FastSolver()
    for name in RATE_SETS:
        positions = read_set(name, lines)
        states = [ConnectFour.from_moves(moves) for moves, _ in positions]
        rows: dict[str, tuple[int, float]] = {}
        for label, solver in (("python", pure), ("numba", fast)):
            nodes = 0
            cpu = 0.0
            for state, (_, expected) in zip(states, positions, strict=True):
                solver.reset()
                started = time.process_time()
                score = solver.solve(state)
                cpu += time.process_time() - started
                nodes += solver.nodes
                if score != expected:
                    print(f"   WRONG: {label} gave {score} for {state.moves_string()}, expected {expected}")
            rows[label] = (nodes, cpu)
        if binary is not None:
            results = run_pons(binary, [moves for moves, _ in positions])
            wrong = [moves for (moves, expected), (score, _, _) in zip(positions, results, strict=True)
                     if score != expected]
            if wrong:
                print(f"   WRONG: Pons gave other scores for {wrong[:3]}")
            rows["Pons C++"] = (sum(nodes for _, nodes, _ in results), sum(cpu for _, _, cpu in results))
        pure_rate = rows["python"][0] / rows["python"][1]
        pons_per_node = rows["Pons C++"][1] / rows["Pons C++"][0] if "Pons C++" in rows else None
        for label, (nodes, cpu) in rows.items():
            rate = nodes / cpu
            versus = f"{cpu / nodes / pons_per_node:.2f}x" if pons_per_node else "-"
            print(f"{name:<12}{label:<10}{nodes:>12,}{seconds(cpu):>10}{rate:>13,.0f}{rate / pure_rate:>7.1f}x"
                  f"{versus:>18}", flush=True)
    print()


def bench_hard(skip_pure: bool, binary: Path | None) -> None:
    print(f"3. solve connect4 {HARD_POSITION}, each solver in a process of its own: nodes, CPU time, peak memory "
          "(maximum resident set of the process)")
    print(f"{'solver':<10}{'score':>6}{'nodes':>14}{'CPU':>10}{'nodes/s':>13}{'peak memory':>13}")
    for engine in ("numba", "python"):
        if engine == "python" and skip_pure:
            print(f"{engine:<10}  skipped (--skip-pure-4453)")
            continue
        done = subprocess.run([sys.executable, "-c", SOLVE_ONE, engine, HARD_POSITION], capture_output=True,
                              text=True, check=True)
        score, nodes, cpu, peak = done.stdout.split()
        print(f"{engine:<10}{score:>6}{int(nodes):>14,}{seconds(float(cpu)):>10}{int(nodes) / float(cpu):>13,.0f}"
              f"{int(peak) / 2**20:>10,.0f} MB", flush=True)
    if binary is not None:
        command = f"/usr/bin/time -f %M {binary}"
        done = subprocess.run(command.split(), input=HARD_POSITION + "\n", capture_output=True, text=True)
        _, score, nodes, cpu = done.stdout.split()
        peak = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "0"
        print(f"{'Pons C++':<10}{score:>6}{int(nodes):>14,}{seconds(float(cpu)):>10}"
              f"{int(nodes) / float(cpu):>13,.0f}{int(peak) / 1024:>10,.0f} MB", flush=True)
    print()


def opening(ply: int, rng: random.Random) -> ConnectFour:
    """A random position ``ply`` moves in whose game is not over."""
    while True:
        state = ConnectFour()
        for _ in range(ply):
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal():
                break
        if not state.is_terminal():
            return state


def bench_expert(count: int, plies: range) -> None:
    share = SolverAgent().time_limit * SOLVER_SHARE
    print(f"4. The expert level (0.9 s a move, {share:g} s of it for the compiled solver): {count} seeded random "
          "openings per ply, a fresh agent each (no table from earlier moves)")
    print("   live: the agent's move, wall time (its clock); CPU: the compiled solver's best_move alone, no deadline "
          f"(capped at {EXPERT_NODE_CAP:,} nodes), CPU time: what fits the solver's {share:g} s on an idle machine")
    print(f"{'ply':>4}{'live proven':>13}{'max wall':>10}{'CPU median':>12}{'CPU max':>10}{'fits':>7}")
    rng = random.Random(2026)
    earliest_live = earliest_cpu = None
    warm_up()
    solver = FastSolver()
    for ply in plies:
        proven = fits = 0
        worst = 0.0
        cpu_times = []
        for _ in range(count):
            state = opening(ply, rng)
            agent = SolverAgent()
            agent.solver_for(state)  # made before the clock, as in a game
            started = time.perf_counter()
            agent.choose_move(state)
            worst = max(worst, time.perf_counter() - started)
            proven += agent.last_source == "solver"
            solver.reset()
            started = time.process_time()
            try:
                solver.best_move(state, max_nodes=EXPERT_NODE_CAP)
                cpu = time.process_time() - started
            except SolverLimitReached:
                cpu = float("inf")
            cpu_times.append(cpu)
            fits += cpu <= share
        if proven == count and earliest_live is None:
            earliest_live = ply
        if fits == count and earliest_cpu is None:
            earliest_cpu = ply
        cpu_times.sort()
        median = cpu_times[len(cpu_times) // 2]
        shown = [seconds(value) if value != float("inf") else "capped" for value in (median, cpu_times[-1])]
        print(f"{ply:>4}{proven:>9}/{count}{seconds(worst):>10}{shown[0]:>12}{shown[1]:>10}{fits:>5}/{count}",
              flush=True)
    print(f"   the earliest ply with every move proven live: {earliest_live}; with every proof within {share:g} s "
          f"of CPU: {earliest_cpu}\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES, help="positions per set for the node rate")
    parser.add_argument("--skip-compile", action="store_true", help="skip part 1")
    parser.add_argument("--skip-rate", action="store_true", help="skip part 2")
    parser.add_argument("--skip-4453", action="store_true", help="skip part 3")
    parser.add_argument("--skip-pure-4453", action="store_true", help="in part 3, skip the pure solver (many minutes)")
    parser.add_argument("--skip-expert", action="store_true", help="skip part 4")
    parser.add_argument("--expert-positions", type=int, default=4, help="random openings per ply in part 4")
    parser.add_argument("--expert-plies", type=int, nargs=2, default=EXPERT_PLIES, metavar=("FIRST", "END"),
                        help="the plies of part 4: FIRST to END - 1 (default 0 15)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.2f}, "
          f"{time.strftime('%Y-%m-%d')}\n")
    with tempfile.TemporaryDirectory() as folder:
        binary = None
        if not (args.skip_rate and args.skip_4453):
            binary = pons_binary(Path(folder))
        if not args.skip_compile:
            bench_compile()
        if not args.skip_rate:
            bench_rate(args.lines, binary)
        if not args.skip_4453:
            bench_hard(args.skip_pure_4453, binary)
        if not args.skip_expert:
            bench_expert(args.expert_positions, range(*args.expert_plies))


if __name__ == "__main__":
    main()
