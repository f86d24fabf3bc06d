"""Where the strong gomoku level spends its time: cProfile over its moves, grouped by part.

Positions are the middle positions of ``gomoku_speed.py`` (ply 20 of medium-level games); the
pattern tables are warmed on the first ``--warm`` of them (a fresh process pays for building
them once), then the strong agent plays one move in each of the next ``--positions`` under
cProfile, at ``--time-limit`` seconds a move. Printed: the share of the profiled time in each
part of the engine (cumulative times, so a part includes what it calls; the parts overlap where
one calls another, as the threat search's shapes do), then the functions with the most time of
their own.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402
from gomoku_speed import PHASES, positions  # noqa: E402

from tictac_edu.agents import ThreatAgent  # noqa: E402
from tictac_edu.games.gomoku import Gomoku  # noqa: E402

PARTS = {
    "threat search (VCF, VCT: find_vcf/find_vct)": ("threats.py", "_find"),
    "  its shapes lookups (ThreatSearch.shapes)": ("threats.py", "shapes"),
    "  its quiet moves that threaten a VCF": ("threats.py", "_vcf_threat"),
    "alpha-beta (iterative_deepening)": ("deepening.py", "iterative_deepening"),
    "  candidate order (CandidateMoves._order)": ("evaluation/gomoku.py", "_order"),
    "    its point scores (_scores)": ("evaluation/gomoku.py", "_scores"),
    "  the evaluation (pattern_evaluation)": ("evaluation/gomoku.py", "pattern_evaluation"),
    "renju forbidden-point scans (Gomoku._find_forbidden)": ("games/gomoku.py", "_find_forbidden"),
}
"""Each part: a file name's ending and a function name."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=4, help="positions profiled")
    parser.add_argument("--warm", type=int, default=2, help="positions played first, not profiled")
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--rule", choices=("freestyle", "renju"), default="freestyle")
    parser.add_argument("--top", type=int, default=12, help="functions listed")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    states = [Gomoku.from_moves(state.moves(), rule=args.rule)
              for state in positions(PHASES["middle"], args.warm + args.positions, args.seed)]
    for state in states[:args.warm]:
        ThreatAgent(time_limit=args.time_limit).choose_move(state)
    profile = cProfile.Profile()
    sources = []
    profile.enable()
    for state in states[args.warm:]:
        agent = ThreatAgent(time_limit=args.time_limit)
        agent.choose_move(state)
        sources.append(agent.last_source or "-")
    profile.disable()
    stats = pstats.Stats(profile)
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values())  # own time of every function: the profiled time
    print(f"Gomoku 15 x 15, {args.rule}: the strong level, {len(sources)} middle positions at "
          f"{args.time_limit:g} s a move (chosen by: {', '.join(sources)}), under cProfile")
    print(timing.machine_line())
    print(f"profiled time {total:.2f} s")
    for label, (file_end, name) in PARTS.items():
        cumulative = sum(entry[3] for (file, _, function), entry in table.items()
                         if function == name and file.replace("\\", "/").endswith(file_end))
        print(f"{label:<55} {cumulative:>6.2f} s {cumulative / total:>6.1%}")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats("tottime").print_stats(args.top)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[-4000:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
