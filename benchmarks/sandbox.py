"""What the sandbox costs per student: starting a learner's process (and loading her file) in
bubblewrap and without it, and one call of her function across the process boundary.

    python benchmarks/sandbox.py [--repeats 10] [--calls 300]

CPU seconds are those of the learner's processes (bubblewrap included), read from the
children's resource usage; wall-clock seconds depend on how busy the machine is.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tictac_edu.exercises import sandbox, solution_source  # noqa: E402
from tictac_edu.exercises.grading import Limits  # noqa: E402
from tictac_edu.exercises.remote import LearnerProcess  # noqa: E402
from tictac_edu.games import ConnectFour  # noqa: E402

EXERCISES = ["legal_moves", "winner", "centre_key"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(sandboxed: bool, learner: str, repeats: int, calls: int) -> dict[str, float]:
    """Mean wall and CPU seconds to start and load, and per call, with or without bubblewrap."""
    limits = Limits().__dict__
    starts, cpus, per_call = [], [], []
    state = ConnectFour().play(3).play(3).play(2)
    for _ in range(repeats):
        process = LearnerProcess([learner], EXERCISES, limits, sandboxed=sandboxed)
        cpu, wall = _children_cpu(), time.perf_counter()
        process.start()
        starts.append(time.perf_counter() - wall)
        function = process.functions()["centre_key"]
        wall = time.perf_counter()
        for _ in range(calls):
            function(state, 2)
        per_call.append((time.perf_counter() - wall) / calls)
        process.close()
        cpus.append(_children_cpu() - cpu)
    return {"start_wall": statistics.mean(starts), "cpu": statistics.mean(cpus),
            "call_wall": statistics.mean(per_call)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--calls", type=int, default=300)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        learner = str(Path(folder) / "alice.py")
        Path(learner).write_text("\n\n".join(solution_source(name) for name in EXERCISES))
        modes = [False, True] if sandbox.sandbox_available() else [False]
        results = {mode: measure(mode, learner, options.repeats, options.calls) for mode in modes}
    print(f"{'':24}{'start + load (wall)':>20}{'CPU per student':>18}{'one call (wall)':>18}")
    for mode, figures in results.items():
        name = "bubblewrap sandbox" if mode else "no sandbox (guard only)"
        print(f"{name:24}{figures['start_wall']:>18.3f} s{figures['cpu']:>16.3f} s"
              f"{figures['call_wall'] * 1000:>15.2f} ms")
    if True in results:
        extra = results[True]["cpu"] - results[False]["cpu"]
        print(f"bubblewrap costs {extra:+.3f} s of CPU and "
              f"{results[True]['start_wall'] - results[False]['start_wall']:+.3f} s of wall-clock time per student")


if __name__ == "__main__":
    main()
