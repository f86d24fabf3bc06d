"""Gomoku speed: how deep and how fast the strong level searches at 1 s per move, from opening,
middle and late positions, and how long a full-board scan of renju's forbidden points takes.

Positions come from games of the ``medium`` level against itself after four seeded random
moves near the centre, taken at a given ply when nobody has a four on the board (a forced reply
would make the search trivially short).
Per position, three measurements, each with its own fresh tables:

* iterative deepening alone (the pattern evaluation, the candidate moves, a transposition
  table) for ``--time-limit`` seconds: the depth finished, the nodes, nodes per second of CPU;
* the threat search alone (VCF then VCT) for the same time: its nodes per second;
* the strong agent's whole move: what chose it (threats, a defence, the search) and its time.

The candidate scores (the move order's pattern reading, the hottest part of the search: see the
gomoku engine section of benchmarks/README.md) are timed plain and fast (``--scores-depth``): the
same fixed-depth search, the same nodes, once with every window read cell by cell
(``_scores_plain``) and once read from line codes; positions a second of CPU for each, and the
answers checked equal.

The forbidden-point scan is timed on ``--renju`` random renju positions with Black to move
(10 to 60 stones), each scanned once on a fresh position; median, 90th percentile and maximum
of the CPU time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

import tictac_edu.evaluation.gomoku as gomoku_evaluation  # noqa: E402
from tictac_edu.agents import ThreatAgent, difficulty_agent  # noqa: E402
from tictac_edu.agents.gomoku import SEARCH_MOVES  # noqa: E402
from tictac_edu.evaluation.gomoku import CandidateMoves, candidate_points, pattern_evaluation  # noqa: E402
from tictac_edu.games.gomoku import Gomoku  # noqa: E402
from tictac_edu.search import TranspositionTable, iterative_deepening  # noqa: E402
from tictac_edu.solvers.threats import find_vct, must_block, win_in_one  # noqa: E402

PHASES = {"opening": 6, "middle": 20, "late": 36}
"""The ply each phase's positions are taken at."""


def positions(phase_ply: int, count: int, seed: int) -> list[Gomoku]:
    """``count`` positions at ``phase_ply`` from games of the medium level against itself after
    four seeded random moves, without a five point for either side."""
    found: list[Gomoku] = []
    game = 0
    while len(found) < count and game < count * 20:
        rng = random.Random(seed * 1000 + game)
        agent = difficulty_agent(Gomoku(), "medium")
        state = Gomoku()
        while not state.is_terminal() and state.ply < phase_ply:
            move = rng.choice(candidate_points(state, 1)) if state.ply < 4 else agent.choose_move(state)
            state = state.play(move)
        game += 1
        if state.is_terminal() or win_in_one(state) is not None or must_block(state):
            continue
        found.append(state)
    return found


def search_alone(state: Gomoku, seconds: float) -> tuple[int, int, float, float]:
    """Iterative deepening for ``seconds``: depth finished, nodes, wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = iterative_deepening(state, pattern_evaluation, time_limit=seconds, order=CandidateMoves(SEARCH_MOVES),
                                 table=TranspositionTable(1 << 16))
    return result.depth or 0, result.nodes, time.perf_counter() - wall, time.process_time() - cpu


def threats_alone(state: Gomoku, seconds: float) -> tuple[int, float]:
    """The VCT search of the player to move for ``seconds``: nodes and CPU seconds."""
    cpu = time.process_time()
    result = find_vct(state, max_nodes=10**7, deadline=time.monotonic() + seconds)
    return result.nodes, time.process_time() - cpu


def scores_speed(states: list[Gomoku], depth: int) -> dict[str, tuple[int, float, list[object]]]:
    """A depth-``depth`` search of each position with the plain candidate scores and with the
    fast ones: per mode the nodes, the CPU seconds and the moves and values found."""
    measured: dict[str, tuple[int, float, list[object]]] = {}
    saved = gomoku_evaluation.FAST_SCORES_FROM
    try:
        for mode, threshold in (("plain", 10**9), ("fast", saved)):
            gomoku_evaluation.FAST_SCORES_FROM = threshold
            nodes, cpu, answers = 0, 0.0, []
            for state in states:
                started = time.process_time()
                result = iterative_deepening(state, pattern_evaluation, max_depth=depth,
                                             order=CandidateMoves(SEARCH_MOVES), table=TranspositionTable(1 << 16))
                cpu += time.process_time() - started
                nodes += result.nodes
                answers.append((result.move, result.value))
            measured[mode] = (nodes, cpu, answers)
    finally:
        gomoku_evaluation.FAST_SCORES_FROM = saved
    return measured


def forbidden_scan(count: int, seed: int) -> list[float]:
    """CPU seconds of one full-board forbidden-point scan, on ``count`` renju positions."""
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < count:
        state = Gomoku(rule="renju")
        target = rng.randrange(10, 61)
        while not state.is_terminal() and state.ply < target:
            state = state.play(rng.choice(candidate_points(state)))
        if state.is_terminal():
            continue
        fresh = Gomoku.from_stones(black=state.stones("Black"), white=state.stones("White"), rule="renju",
                                   to_move="Black")
        started = time.process_time()
        fresh.forbidden_points()
        times.append(time.process_time() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=4, help="positions per phase")
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--renju", type=int, default=200, help="renju positions for the forbidden-point scan")
    parser.add_argument("--scores-depth", type=int, default=3, help="depth of the plain/fast scores search")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    print(f"Gomoku 15 x 15, freestyle: the strong level's search at {args.time_limit:g} s per move; "
          f"{args.positions} positions per phase")
    print(timing.machine_line())
    print(f"{'phase':<8} {'ply':>4} {'depth':>6} {'nodes':>8} {'nodes/s':>9} {'wall s':>7} "
          f"{'threat nodes/s':>15} {'agent':>9} {'agent wall':>11}")
    for phase, ply in PHASES.items():
        depths, rates, threat_rates = [], [], []
        for state in positions(ply, args.positions, args.seed):
            depth, nodes, wall, cpu = search_alone(state, args.time_limit)
            threat_nodes, threat_cpu = threats_alone(state, args.time_limit)
            agent = ThreatAgent(time_limit=args.time_limit)
            began = time.perf_counter()
            agent.choose_move(state)
            agent_wall = time.perf_counter() - began
            depths.append(depth)
            rates.append(nodes / cpu if cpu else 0.0)
            threat_rates.append(threat_nodes / threat_cpu if threat_cpu else 0.0)
            print(f"{phase:<8} {state.ply:>4} {depth:>6} {nodes:>8,} {rates[-1]:>9,.0f} {wall:>7.2f} "
                  f"{threat_rates[-1]:>15,.0f} {agent.last_source or '-':>9} {agent_wall:>11.2f}")
            timing.flush()
        if not depths:
            print(f"{phase:<8} no position found")
            continue
        print(f"{phase:<8} median depth {statistics.median(depths):.1f}, median {statistics.median(rates):,.0f} "
              f"search nodes/s, {statistics.median(threat_rates):,.0f} threat nodes/s (CPU)")
    for rule in ("freestyle", "renju"):
        states = [Gomoku.from_moves(state.moves(), rule=rule) for state in positions(PHASES["middle"], args.positions,
                                                                                       args.seed)]
        measured = scores_speed(states, args.scores_depth)
        plain_nodes, plain_cpu, plain_answers = measured["plain"]
        fast_nodes, fast_cpu, fast_answers = measured["fast"]
        same = plain_nodes == fast_nodes and plain_answers == fast_answers
        print(f"candidate scores, {rule}, depth {args.scores_depth} on {len(states)} middle positions: "
              f"{plain_nodes:,} nodes; plain {plain_nodes / plain_cpu:,.0f} positions/s, line codes "
              f"{fast_nodes / fast_cpu:,.0f} positions/s ({plain_cpu / fast_cpu:.2f}x); same answers: {same}")
        timing.flush()
    scans = forbidden_scan(args.renju, args.seed)
    print(f"renju forbidden-point scan (full board, Black to move), {len(scans)} positions of 10-60 stones: "
          f"median {timing.format_seconds(statistics.median(scans))}, 90th percentile "
          f"{timing.format_seconds(timing.percentile(scans, 0.9))}, max {timing.format_seconds(max(scans))} CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
