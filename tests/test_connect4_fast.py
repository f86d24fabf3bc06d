"""The compiled Connect Four solver against the pure one: the same scores, the same nodes.

Both solvers search the same tree in the same order. They differ only in the table: the pure
one keeps every bound in two dictionaries (until :data:`TABLE_LIMIT` entries), the compiled one
in a fixed array where a position may replace another in its slot. So:

* while the compiled table has replaced no entry (``replacements == 0``) the node counts are
  equal, exactly;
* after replacements, the compiled solver may search again a position the pure one remembers:
  it can only lose bounds, never hold a wrong one, so the score is the same and the node count
  differs by little (:data:`NODE_TOLERANCE` of the pure count, measured well below it: a few
  hundred replacements in a solve of a million nodes change a few hundred nodes).

The compiled code is compiled once per test session (numba's cache makes later sessions load it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tictac_edu.games import ConnectFour
from tictac_edu.solvers import Solver, SolverLimitReached
from tictac_edu.solvers.connect4 import TABLE_LIMIT
from tictac_edu.solvers.connect4_fast import FAST_CHECK_EVERY, TABLE_SIZE, FastSolver

ROOT = Path(__file__).resolve().parents[1]
NODE_TOLERANCE = 0.02
"""How far the node counts may drift apart once the compiled table has replaced entries."""

# (set, lines): the first lines of each set in the default run, compared with the pure solver.
SAMPLES = {"Test_L3_R1": 100, "Test_L2_R1": 50, "Test_L1_R1": 20, "Test_L2_R2": 5}
# The begin-medium and begin-hard sets take the pure solver seconds to hours a line: their
# quickest lines among the first 40 (by the compiled solver's nodes), by line number. The
# begin-hard one takes the pure solver about 6 s (2 million nodes): a slow test.
QUICK_LINES = {"Test_L1_R2": (9, 14, 36)}
BEGIN_HARD_QUICK = 6


def read_set(test_data: Path, name: str) -> list[tuple[str, int]]:
    """Every line of a benchmark set, as ``(moves, score)``."""
    lines = (test_data / "connect4" / name).read_text().splitlines()
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


@pytest.fixture(scope="module")
def fast() -> FastSolver:
    """One compiled solver for the module (its 64 MB table is emptied between positions)."""
    return FastSolver()


def compare(fast: FastSolver, moves: str, expected: int) -> tuple[int, int, int]:
    """Solve ``moves`` with both solvers from empty tables; check the scores and the node counts.

    Returns:
        ``(fast nodes, pure nodes, replacements)``.
    """
    pure = Solver()
    fast.reset()
    assert pure.solve(moves) == expected, moves
    assert fast.solve(moves) == expected, moves
    assert pure.nodes < TABLE_LIMIT  # (one entry stored per node at most) the pure tables were never emptied
    if fast.replacements == 0:
        assert fast.nodes == pure.nodes, moves
    else:
        assert abs(fast.nodes - pure.nodes) <= NODE_TOLERANCE * pure.nodes, (moves, fast.nodes, pure.nodes)
    return fast.nodes, pure.nodes, fast.replacements


@pytest.mark.parametrize(("name", "count"), SAMPLES.items())
def test_the_same_scores_and_nodes_as_the_pure_solver(test_data: Path, fast: FastSolver, name: str,
                                                      count: int) -> None:
    results = [compare(fast, moves, score) for moves, score in read_set(test_data, name)[:count]]
    if name in ("Test_L3_R1", "Test_L2_R1"):
        # Small solves: in 8 million slots, not one entry replaced, every node count equal.
        assert all(replaced == 0 for _, _, replaced in results)
    assert sum(fast_nodes for fast_nodes, _, _ in results) == pytest.approx(
        sum(pure_nodes for _, pure_nodes, _ in results), rel=0.005)


def test_the_begin_medium_sets_quickest_lines_agree(test_data: Path, fast: FastSolver) -> None:
    lines = read_set(test_data, "Test_L1_R2")
    for number in QUICK_LINES["Test_L1_R2"]:
        compare(fast, *lines[number - 1])


def test_begin_hard_lines_get_their_published_scores(test_data: Path, fast: FastSolver) -> None:
    lines = read_set(test_data, "Test_L1_R3")
    for moves, score in (lines[2], lines[BEGIN_HARD_QUICK - 1]):  # 3 and 2 million nodes
        fast.reset()
        assert fast.solve(moves) == score


@pytest.mark.slow
def test_a_begin_hard_line_agrees_with_the_pure_solver(test_data: Path, fast: FastSolver) -> None:
    compare(fast, *read_set(test_data, "Test_L1_R3")[BEGIN_HARD_QUICK - 1])


def test_weak_solves_best_moves_and_analyses_agree(test_data: Path, fast: FastSolver) -> None:
    for moves, score in read_set(test_data, "Test_L2_R1")[:10] + read_set(test_data, "Test_L1_R1")[:3]:
        pure = Solver()
        fast.reset()
        assert fast.solve(moves, weak=True) == pure.solve(moves, weak=True) == (score > 0) - (score < 0)
        assert fast.nodes == pure.nodes or fast.replacements > 0
        assert fast.best_move(moves) == pure.best_move(moves)
    for moves, _ in read_set(test_data, "Test_L3_R1")[:10]:
        assert fast.analyze(moves) == Solver().analyze(moves)


def test_the_table_packs_both_bounds_of_a_position_in_one_entry(fast: FastSolver) -> None:
    fast.reset()
    moves = "7422341735647741166133573473242566"
    assert fast.solve(moves) == 1
    state = ConnectFour.from_moves(moves)
    key = state.position + state.mask
    entry = int(fast.table[key % TABLE_SIZE])
    assert entry >> 12 == key  # the root's own entry: its key, and the bounds its searches found
    lower, upper = (entry >> 6) & 63, entry & 63
    assert lower == 0 or lower - 32 <= 1
    assert upper == 0 or upper - 32 >= 1
    assert (lower, upper) != (0, 0)


def test_a_small_table_replaces_entries_and_keeps_the_score(test_data: Path) -> None:
    small = FastSolver(table_size=1_009)
    replaced = 0
    for moves, score in read_set(test_data, "Test_L1_R1")[:10]:
        small.reset()
        assert small.solve(moves) == score
        replaced += small.replacements
    assert replaced > 0


def test_budgets_and_deadlines_stop_the_compiled_solver() -> None:
    solver = FastSolver(table_size=100_003)
    with pytest.raises(SolverLimitReached, match="node budget of 5,000"):
        solver.solve("", max_nodes=5_000)
    assert solver.nodes == 5_000
    # Nothing is left over from a stopped search: the next solve is exact.
    assert solver.solve("2252576253462244111563365343671351441") == -1


def test_a_pause_past_the_deadline_is_noticed_within_check_every_nodes() -> None:
    # As for the pure solver: time jumps by 0.3 s at node 100,000 (each node 1 us otherwise); the
    # solver must stop within FAST_CHECK_EVERY nodes of the moment the deadline passed.
    solver = FastSolver(table_size=1_000_003)

    def clock() -> float:
        return solver.nodes * 1e-6 + (0.3 if solver.nodes > 100_000 else 0.0)

    for deadline in (0.2, 0.35, 0.5):
        solver.reset()
        with pytest.raises(SolverLimitReached, match="deadline passed"):
            solver.solve("", deadline=deadline, clock=clock)
        passed = 100_001 if deadline < 0.3 + 0.100001 else round(deadline * 1e6 - 3e5)  # the node it passed at
        assert passed <= solver.nodes <= passed + FAST_CHECK_EVERY, deadline


def test_a_deadline_stops_it_soon_after_on_a_steady_clock() -> None:
    # Each node 1 us: the solver overruns the deadline by at most a tenth of the time or the
    # fewest nodes between readings; restarting from the position costs little.
    solver = FastSolver(table_size=1_000_003)
    readings: list[int] = []

    def clock() -> float:
        readings.append(solver.nodes)
        return solver.nodes * 1e-6

    for allowed in (0.01, 0.1, 1.0):
        solver.reset()
        readings.clear()
        with pytest.raises(SolverLimitReached, match="deadline passed"):
            solver.solve("", deadline=allowed, clock=clock)
        assert allowed <= solver.nodes * 1e-6 <= allowed * 1.1 + FastSolver.min_check * 1e-6
        assert max(b - a for a, b in zip(readings, readings[1:], strict=False)) <= FAST_CHECK_EVERY


def test_other_board_sizes_and_bad_tables_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="compiled for the 7x6 board, not 6x5: use Solver"):
        FastSolver(columns=6, rows=5)
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="table_size must be a positive number of entries"):
            FastSolver(table_size=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the game is over"):
        FastSolver(table_size=11).solve("1212121")


@pytest.mark.slow
def test_it_runs_from_a_read_only_installation_without_a_cache(tmp_path: Path) -> None:
    # A copy of the package on a file system where nothing can be written (bubblewrap): numba
    # cannot cache, so it compiles in memory, and the solver works all the same.
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        pytest.skip("bubblewrap (bwrap) is not installed")
    shutil.copytree(ROOT / "tictac_edu", tmp_path / "tictac_edu",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = ("from tictac_edu.solvers.connect4_fast import FastSolver; "
            "print(FastSolver().solve('7422341735647741166133573473242566'))")
    env = {"PATH": os.environ.get("PATH", "/usr/bin"), "PYTHONPATH": str(tmp_path), "HOME": str(tmp_path)}
    done = subprocess.run([bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--chdir", "/",
                           sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1\n"
    assert not list((tmp_path / "tictac_edu").rglob("*.nbi"))  # nothing could be cached


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"])
def test_every_line_of_the_quick_sets_agrees_with_the_pure_solver(test_data: Path, fast: FastSolver,
                                                                  name: str) -> None:
    for moves, score in read_set(test_data, name):
        compare(fast, moves, score)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Test_L2_R2", "Test_L1_R2"])
def test_every_line_of_the_longer_sets_has_its_published_score(test_data: Path, fast: FastSolver,
                                                               name: str) -> None:
    # The pure solver agrees with these scores (tests/test_connect4_solver.py, on samples; the
    # benchmark on every line); here the compiled one, on every line of Test_L2_R2 and every 20th
    # of Test_L1_R2, whose 1,000 lines take six minutes (benchmarks/connect4_fast.py --lines 1000
    # checks them all).
    lines = read_set(test_data, name)
    for moves, score in lines if name == "Test_L2_R2" else lines[::20]:
        fast.reset()
        assert fast.solve(moves) == score, moves


def test_the_expert_agent_plays_the_same_proven_moves_on_either_engine(test_data: Path) -> None:
    from tictac_edu.agents import SolverAgent
    from tictac_edu.solvers.connect4_fast import FastSolver as Compiled

    compiled, pure = SolverAgent(), SolverAgent(engine="python")
    assert isinstance(compiled.solver_for(ConnectFour()), Compiled)
    assert isinstance(pure.solver_for(ConnectFour()), Solver)
    for moves, score in read_set(test_data, "Test_L2_R1")[:5]:
        state = ConnectFour.from_moves(moves)
        assert compiled.choose_move(state) == pure.choose_move(state)
        assert compiled.last_source == pure.last_source == "solver"
        assert compiled.last_result is not None and compiled.last_result.value == score
    with pytest.raises(ValueError, match="unknown solver engine 'c'"):
        SolverAgent(engine="c")


def test_make_solver_gives_the_pure_solver_for_other_sizes_and_refuses_unknown_engines() -> None:
    from tictac_edu.solvers.engines import make_solver

    assert type(make_solver("numba")) is FastSolver
    assert type(make_solver("numba", columns=5, rows=4)) is Solver
    assert type(make_solver("python")) is Solver
    with pytest.raises(ValueError, match="unknown solver engine 'fortran': choose one of numba, python"):
        make_solver("fortran")
