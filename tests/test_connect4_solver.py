"""The Connect Four solver against samples of the benchmark sets, its steps, the agents and the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tictac_edu.agents import CONNECT4_PRESETS, DIFFICULTIES, SearchAgent, difficulty_agent
from tictac_edu.arena import play_match
from tictac_edu.games import ConnectFour, IllegalMoveError
from tictac_edu.solvers import STEPS, Solver, SolverLimitReached, Steps, StepSolver, loss_score, win_score
from tictac_edu.solvers.agent import SolverAgent

COMMAND = [sys.executable, "-m", "tictac_edu", "solve", "connect4"]
L3_SAMPLE = 100
L2_SAMPLE = 30


def read_set(shared_data: Path, name: str, count: int) -> list[tuple[str, int]]:
    """The first ``count`` lines of a benchmark set, as ``(moves, score)``."""
    path = shared_data / "connect4" / name
    if not path.is_file():
        pytest.skip(f"benchmark set {name} not found at {path}")
    lines = path.read_text().splitlines()[:count]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


@pytest.fixture
def end_easy(shared_data: Path) -> list[tuple[str, int]]:
    return read_set(shared_data, "Test_L3_R1", L3_SAMPLE)


@pytest.fixture
def middle_easy(shared_data: Path) -> list[tuple[str, int]]:
    return read_set(shared_data, "Test_L2_R1", L2_SAMPLE)


def test_scores_of_immediate_wins_and_losses() -> None:
    assert win_score(42, 0) == 21 and win_score(42, 1) == 21 and win_score(42, 40) == 1
    assert loss_score(42, 0) == -21 and loss_score(42, 39) == -1
    # X to move wins at once with its 4th disc: 22 - 4.
    assert Solver().solve("445566") == 18
    # O to move cannot stop X's two threats: X wins with its 4th disc, O scores -(22 - 4).
    assert Solver().solve("44553") == -18


def test_the_end_easy_sample_exactly(end_easy: list[tuple[str, int]]) -> None:
    solver = Solver()
    for moves, expected in end_easy:
        assert solver.solve(moves) == expected, moves


def test_the_middle_easy_sample_exactly(middle_easy: list[tuple[str, int]]) -> None:
    solver = Solver()
    nodes = 0
    for moves, expected in middle_easy:
        solver.reset()
        assert solver.solve(moves) == expected, moves
        nodes += solver.nodes
    assert nodes / len(middle_easy) < 2 * 449.6  # the published C++ mean on the whole set


def test_weak_solving_gives_the_sign(end_easy: list[tuple[str, int]], middle_easy: list[tuple[str, int]]) -> None:
    solver = Solver()
    for moves, expected in end_easy + middle_easy:
        assert solver.solve(moves, weak=True) == (expected > 0) - (expected < 0), moves


def test_analyze_agrees_with_solve(end_easy: list[tuple[str, int]], middle_easy: list[tuple[str, int]]) -> None:
    solver = Solver()
    for moves, expected in end_easy[:40] + middle_easy[:10]:
        state = ConnectFour.from_moves(moves)
        scores = solver.analyze(state)
        assert len(scores) == 7
        for column, score in enumerate(scores):
            assert (score is None) == (not state.can_play(column))
        assert max(score for score in scores if score is not None) == expected
        column, score = solver.best_move(state)
        assert score == expected and scores[column] == expected
        weak = solver.analyze(state, weak=True)
        assert weak == [None if s is None else (s > 0) - (s < 0) for s in scores]


def test_every_step_gives_the_same_score_and_the_last_matches_the_fast_solver(
        end_easy: list[tuple[str, int]]) -> None:
    # Plain negamax is checked on the same positions in the next test.
    for moves, expected in end_easy[:25]:
        counts = []
        for label, steps in STEPS[1:]:
            solver = StepSolver(steps)
            assert solver.solve(moves) == expected, (label, moves)
            assert solver.solve(moves, weak=True) == (expected > 0) - (expected < 0), (label, moves)
            solver.reset()
            solver.solve(moves)
            counts.append(solver.nodes)
        fast = Solver()
        assert fast.solve(moves) == expected
        assert fast.nodes == counts[-1], moves  # the same search, written for speed


def test_the_node_count_falls_over_the_steps(end_easy: list[tuple[str, int]]) -> None:
    totals = []
    for label, steps in STEPS:
        solver = StepSolver(steps)
        total = 0
        for moves, expected in end_easy[:20]:
            solver.reset()
            assert solver.solve(moves) == expected, (label, moves)
            total += solver.nodes
        totals.append(total)
    negamax, alpha_beta, centre, table, null_window, non_losing, threats = totals
    assert negamax == 1_476_728  # exact: a figure the notebook can show
    assert negamax > alpha_beta > centre > table
    assert table > non_losing > threats  # the null-window step alone gains nothing on these easy ends
    assert null_window > non_losing


def test_the_step_solver_refuses_a_table_without_alpha_beta() -> None:
    with pytest.raises(ValueError, match="switch alpha_beta on"):
        StepSolver(Steps(alpha_beta=False))


def test_budgets_and_deadlines_stop_the_solver() -> None:
    solver = Solver()
    with pytest.raises(SolverLimitReached, match="node budget of 500"):
        solver.solve("", max_nodes=500)
    assert solver.nodes == 500  # 500 nodes searched, the next one refused
    ticks = iter(range(10**9))
    with pytest.raises(SolverLimitReached, match="deadline"):
        solver.solve("4", deadline=5, clock=lambda: next(ticks))
    # Nothing is left over from a stopped search: the next solve is exact.
    assert solver.solve("2252576253462244111563365343671351441") == -1
    with pytest.raises(SolverLimitReached):
        StepSolver(STEPS[0][1]).solve("", max_nodes=100)


def test_bad_positions_are_refused_clearly() -> None:
    solver = Solver()
    with pytest.raises(ValueError, match="the game is over"):
        solver.solve("1212121")
    with pytest.raises(IllegalMoveError, match="column 4 is full"):
        solver.solve("4444444")
    with pytest.raises(ValueError, match="built for a 7x6 board"):
        solver.solve(ConnectFour(5, 4))
    with pytest.raises(TypeError, match="ConnectFour position or a move string"):
        solver.solve(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(("columns", "rows", "moves", "score"), [
    (4, 4, "2332", 0),
    (4, 4, "231432", 0),
    (5, 4, "544222541", -2),
    (5, 4, "242343454", 1),
    (5, 4, "352355512", 1),
])
def test_other_board_sizes_agree_with_plain_negamax(columns: int, rows: int, moves: str, score: int) -> None:
    state = ConnectFour.from_moves(moves, columns=columns, rows=rows)
    for _, steps in STEPS:
        assert StepSolver(steps, columns=columns, rows=rows).solve(state) == score
    assert Solver(columns=columns, rows=rows).solve(state) == score


# -- agents ------------------------------------------------------------------------------------


def test_connect_four_presets() -> None:
    state = ConnectFour()
    assert set(CONNECT4_PRESETS) == set(DIFFICULTIES)
    hard = difficulty_agent(state, "hard")
    assert isinstance(hard, SearchAgent) and hard.depth == 7 and hard.time_limit is not None
    assert hard.order == [3, 2, 4, 1, 5, 0, 6]
    assert isinstance(difficulty_agent(state, "perfect"), SolverAgent)
    for difficulty in ("easy", "medium"):
        agent = difficulty_agent(state, difficulty, seed=1)
        assert agent.choose_move(state) in state.legal_moves()


def test_the_perfect_agent_plays_from_the_solver_when_it_can(end_easy: list[tuple[str, int]]) -> None:
    agent = difficulty_agent(ConnectFour(), "perfect")
    assert isinstance(agent, SolverAgent)
    for moves, expected in end_easy[:10]:
        state = ConnectFour.from_moves(moves)
        move = agent.choose_move(state)
        assert agent.last_source == "solver" and agent.last_result is not None
        assert agent.last_result.value == expected
        assert Solver().analyze(state)[move] == expected


def test_the_perfect_agent_falls_back_to_search_on_the_empty_board() -> None:
    agent = SolverAgent(time_limit=0.2)
    move = agent.choose_move(ConnectFour())
    assert move in range(7) and agent.last_source == "search"
    assert agent.last_result is not None and agent.last_result.depth is not None


def test_the_perfect_agent_never_loses_a_won_position_to_medium() -> None:
    # X to move wins from here (Test_L3_R1, line 2: score 1); the perfect agent keeps the win.
    start = ConnectFour.from_moves("7422341735647741166133573473242566")
    perfect = SolverAgent()
    medium = difficulty_agent(start, "medium", seed=2)
    result = play_match(perfect, medium, lambda: start, games=1)
    assert result.wins == 1


# -- the command line --------------------------------------------------------------------------


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_the_cli_solves_lines_and_reports_bad_ones(end_easy: list[tuple[str, int]]) -> None:
    good = end_easy[:5]
    lines = [good[0][0], "44x", good[1][0], "", "4444444", "12121212", *(moves for moves, _ in good[2:])]
    done = run(stdin="\n".join(lines) + "\n")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{moves} {score}" for moves, score in good]
    errors = done.stderr.splitlines()
    assert errors == [
        "line 2: bad move string '44x': character 3 ('x') is not a column number 1..7",
        "line 5: bad move string '4444444': character 7 ('4'): column 4 is full",
        "line 6: bad move string '12121212': character 8 ('2') comes after the end of the game "
        "(X wins after 7 moves)",
    ]


def test_the_cli_takes_arguments_weak_and_analyze(end_easy: list[tuple[str, int]]) -> None:
    moves, score = end_easy[0]
    done = run(moves, "--weak")
    assert done.returncode == 0 and done.stdout == f"{moves} {(score > 0) - (score < 0)}\n"
    done = run("--analyze", moves)
    assert done.returncode == 0
    fields = done.stdout.split()
    assert fields[0] == moves and len(fields) == 8
    expected = ["-" if s is None else str(s) for s in Solver().analyze(moves)]
    assert fields[1:] == expected
    done = run(moves, "9")
    assert done.returncode == 1 and "argument 2: bad move string '9'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("moves", "score"), [("44455554221", -15), ("671521177372627133663763142545", -6)])
def test_best_move_in_a_position_where_every_move_loses_at_once(moves: str, score: int) -> None:
    state = ConnectFour.from_moves(moves)
    column, best = Solver().best_move(moves)
    assert best == score == Solver().solve(moves)
    assert state.can_play(column)
    assert difficulty_agent(state, "perfect").choose_move(state) in state.legal_moves()
