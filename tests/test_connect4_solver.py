"""The Connect Four solver against samples of the benchmark sets, its steps, its limits and the
agent built on it (the command line is tested in test_cli_solve.py)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from tictac_edu.agents import SolverAgent
from tictac_edu.arena import play_match
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.games import ConnectFour, IllegalMoveError, Player
from tictac_edu.solvers import STEPS, Solver, SolverLimitReached, Steps, StepSolver, loss_score, win_score
from tictac_edu.solvers.connect4 import CHECK_EVERY

L3_SAMPLE = 100
L2_SAMPLE = 30


def read_set(test_data: Path, name: str, count: int) -> list[tuple[str, int]]:
    """The first ``count`` lines of a benchmark set, as ``(moves, score)``."""
    path = test_data / "connect4" / name
    lines = path.read_text().splitlines()[:count]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


@pytest.fixture
def end_easy(test_data: Path) -> list[tuple[str, int]]:
    return read_set(test_data, "Test_L3_R1", L3_SAMPLE)


@pytest.fixture
def middle_easy(test_data: Path) -> list[tuple[str, int]]:
    return read_set(test_data, "Test_L2_R1", L2_SAMPLE)


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


def test_the_clock_is_read_often_enough_to_keep_a_deadline() -> None:
    # A fake clock on which each node takes 10 us: whatever the deadline, the solver overruns it
    # by at most a tenth, and reads the clock at least every CHECK_EVERY nodes.
    solver = Solver()
    readings: list[int] = []

    def clock() -> float:
        readings.append(solver.nodes)
        return solver.nodes * 1e-5

    for allowed in (0.002, 0.02, 0.5):
        solver.reset()
        readings.clear()
        with pytest.raises(SolverLimitReached, match="deadline passed"):
            solver.solve("", deadline=allowed, clock=clock)
        assert allowed <= solver.nodes * 1e-5 <= allowed * 1.1
        assert max(later - earlier for earlier, later in itertools.pairwise(readings)) <= CHECK_EVERY


def test_a_pause_past_the_deadline_is_noticed_within_check_every_nodes() -> None:
    # A fake clock on which time jumps by 0.3 s at node 3,000 (the process paused by a busy
    # machine, or a slow step): the node rate measured before says nothing about it, so only the
    # reading interval bounds how many nodes run past the deadline.
    assert CHECK_EVERY <= 256  # about a millisecond of search between two readings
    solver = Solver()

    def clock() -> float:
        return solver.nodes * 1e-5 + (0.3 if solver.nodes > 3_000 else 0.0)

    for deadline in (0.1, 0.5, 3.0):
        solver.reset()
        with pytest.raises(SolverLimitReached, match="deadline passed"):
            solver.solve("", deadline=deadline, clock=clock)
        passed = 3_001 if deadline < 0.3 + 3_001e-5 else round(deadline * 1e5 - 3e4)
        assert passed <= solver.nodes <= passed + CHECK_EVERY, deadline


# Node counts of the fast solver, pinned: a change for speed must search exactly the same nodes.
# (The benchmark checks every position of the sets; these are samples.)
@pytest.mark.parametrize(("name", "count", "weak", "nodes"), [
    ("Test_L3_R1", 100, False, 5_068),
    ("Test_L2_R1", 30, False, 8_558),
    ("Test_L1_R1", 10, False, 29_364),
    ("Test_L3_R1", 100, True, 3_118),
    ("Test_L2_R1", 30, True, 3_165),
])
def test_the_node_counts_do_not_change(test_data: Path, name: str, count: int, weak: bool, nodes: int) -> None:
    solver = Solver()
    total = 0
    for moves, _ in read_set(test_data, name, count):
        solver.reset()  # a fresh table per position, as the published figures count
        solver.solve(moves, weak=weak)
        total += solver.nodes
    assert total == nodes


def test_the_node_counts_of_best_move_and_analyze_do_not_change(test_data: Path) -> None:
    solver = Solver()
    for moves, _ in read_set(test_data, "Test_L2_R1", 30):
        solver.best_move(moves)  # the table kept from one position to the next, as the agent does
    assert solver.nodes == 8_762
    total = 0
    for moves, _ in read_set(test_data, "Test_L3_R1", 40):
        solver.reset()
        solver.analyze(moves)
        total += solver.nodes
    assert total == 5_538


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


# -- the agent on the solver -----------------------------------------------------------------


class WorkClock:
    """A fake clock for an agent: time passes with the work done, not with the machine's clock:
    ``SOLVER_NODE`` seconds per node of the agent's solvers, ``EVALUATION`` seconds per call of
    the fallback search's evaluation. A test of the time limit on it gives the same answer on a
    busy machine as on an idle one."""

    SOLVER_NODE = 5e-6
    EVALUATION = 3e-5

    def __init__(self) -> None:
        self.evaluations = 0
        self.agent: SolverAgent | None = None

    def evaluate(self, state: ConnectFour, player: Player) -> float:
        self.evaluations += 1
        return threat_evaluation(state, player)

    def __call__(self) -> float:
        assert self.agent is not None
        nodes = sum(solver.nodes for solver in self.agent.solvers.values())
        return nodes * self.SOLVER_NODE + self.evaluations * self.EVALUATION


def timed_agent(time_limit: float) -> tuple[SolverAgent, WorkClock]:
    """An agent whose clock is a :class:`WorkClock`."""
    clock = WorkClock()
    agent = SolverAgent(time_limit=time_limit, evaluate=clock.evaluate, clock=clock)
    clock.agent = agent
    return agent, clock


def test_the_expert_level_is_the_solver_agent_and_is_not_called_perfect() -> None:
    from tictac_edu.agents import difficulty_agent

    assert SolverAgent().name == "expert"
    agent = difficulty_agent(ConnectFour(), "expert")
    assert isinstance(agent, SolverAgent) and agent.name == "expert"
    assert "perfect" not in repr(agent)


def test_the_expert_agent_plays_proven_moves_from_the_solver_when_it_can(end_easy: list[tuple[str, int]]) -> None:
    agent = SolverAgent()
    for moves, expected in end_easy[:10]:
        state = ConnectFour.from_moves(moves)
        move = agent.choose_move(state)
        assert agent.last_source == "solver" and agent.last_result is not None
        assert agent.last_result.proven and agent.last_result.depth is None
        assert agent.last_result.value == expected
        assert Solver().analyze(state)[move] == expected


def test_on_the_empty_board_the_expert_agent_searches_says_so_and_keeps_its_time() -> None:
    agent, clock = timed_agent(0.2)
    move = agent.choose_move(ConnectFour())
    assert move in range(7) and agent.last_source == "search"
    assert agent.last_result is not None and agent.last_result.depth is not None
    assert not agent.last_result.proven
    assert agent.last_result.nodes > agent.solvers[(7, 6)].nodes  # the solver's nodes and the search's
    assert clock() <= 0.2 * 1.1


def test_the_whole_move_stays_within_the_time_limit(test_data: Path) -> None:
    # Begin-game positions the solver proves in time, middle-game ones it often cannot, and the
    # empty board: every move, solver and search together, takes the limit plus 10% at most.
    positions = [ConnectFour()]
    for name, count in (("Test_L1_R1", 6), ("Test_L2_R2", 4)):
        positions += [ConnectFour.from_moves(moves) for moves, _ in read_set(test_data, name, count)]
    sources = set()
    for state in positions:
        agent, clock = timed_agent(0.2)
        agent.choose_move(state)
        assert clock() <= 0.2 * 1.1, state.moves_string()
        assert agent.last_result is not None
        assert agent.last_result.proven == (agent.last_source == "solver")
        sources.add(agent.last_source)
    assert sources == {"solver", "search"}


@pytest.mark.parametrize("bad", [math.nan, math.inf, -1.0, 0, "1", True])
def test_the_agent_refuses_a_time_limit_that_is_not_a_positive_finite_number(bad: object) -> None:
    with pytest.raises(ValueError, match="time_limit must be a positive, finite number of seconds"):
        SolverAgent(time_limit=bad)  # type: ignore[arg-type]


def test_the_whole_move_keeps_a_margin_for_a_late_reading_of_the_clock() -> None:
    # On the work clock the move ends within the limit's SAFETY part, plus one node of search.
    from tictac_edu.agents.solver import SAFETY

    agent, clock = timed_agent(0.2)
    agent.choose_move(ConnectFour.from_moves("44"))
    assert agent.last_source == "search"
    assert 0.2 * SAFETY <= clock() <= 0.2 * SAFETY + 10 * WorkClock.EVALUATION


def test_a_fallback_move_is_never_called_proven_even_when_the_search_saw_the_end() -> None:
    # A clock that ticks one second per reading: the solver's 0.5 s are over at its first look,
    # and the search, with all the time it wants near the end of the game, sees every line end.
    ticks = iter(range(10**9))
    agent = SolverAgent(time_limit=10_000, solver_share=0.00005, clock=lambda: next(ticks))
    state = ConnectFour.from_moves("2252576253462244111563365343671351441")  # five empty cells
    assert agent.choose_move(state) in state.legal_moves()
    assert agent.last_source == "search" and agent.last_result is not None
    assert not agent.last_result.proven


def test_the_expert_agent_never_loses_a_won_position_to_medium() -> None:
    from tictac_edu.agents import difficulty_agent

    # X to move wins from here (Test_L3_R1, line 2: score 1); the expert agent keeps the win.
    start = ConnectFour.from_moves("7422341735647741166133573473242566")
    expert = SolverAgent()
    medium = difficulty_agent(start, "medium", seed=2)
    result = play_match(expert, medium, lambda: start, games=1)
    assert result.wins == 1


@pytest.mark.parametrize(("moves", "score"), [("44455554221", -15), ("671521177372627133663763142545", -6)])
def test_best_move_in_a_position_where_every_move_loses_at_once(moves: str, score: int) -> None:
    state = ConnectFour.from_moves(moves)
    column, best = Solver().best_move(moves)
    assert best == score == Solver().solve(moves)
    assert state.can_play(column)
    assert SolverAgent().choose_move(state) in state.legal_moves()


# -- the steps as classes, and the one winning-cells rule ---------------------------------------


def test_each_step_is_a_subclass_of_the_one_before_overriding_little() -> None:
    from tictac_edu.solvers import STEP_CLASSES, Negamax

    classes = [step for _, step in STEP_CLASSES]
    assert [label for label, _ in STEP_CLASSES] == [label for label, _ in STEPS]
    assert classes[0] is Negamax
    for parent, child in itertools.pairwise(classes):
        assert child.__bases__ == (parent,)
        overridden = [name for name, value in vars(child).items() if callable(value) and not name.startswith("__")]
        assert 1 <= len(overridden) <= 3, (child.__name__, overridden)  # the one idea (and its helpers)
    for (_, steps), step in zip(STEPS, classes, strict=True):
        assert type(StepSolver(steps)) is step
    with pytest.raises(ValueError, match="not a step of the course"):
        StepSolver(Steps(table=False))


def test_the_solvers_inlined_winning_cells_equal_the_games_rule() -> None:
    """:class:`Solver` finds winning cells with the shifts written out in its inner loop (and a
    memo of them); on random positions they are the game's :func:`winning_cells`."""
    import random

    from tictac_edu.games.connect4 import winning_cells

    rng = random.Random(19)
    checked = 0
    for columns, rows in ((7, 6), (6, 5), (5, 4)):
        board = ConnectFour(columns, rows).layout.board
        for _ in range(15):
            state = ConnectFour(columns, rows)
            for _ in range(rng.randrange(4, columns * rows - 6)):
                if state.is_terminal():
                    break
                state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal():
                continue
            solver = Solver(columns, rows)
            try:
                solver.solve(state, max_nodes=3_000)
            except SolverLimitReached:
                pass
            for mine, wins in solver._wins.items():
                assert wins & (board ^ mine) == winning_cells(mine, mine, columns, rows), (columns, rows, state)
                checked += 1
            for player in state.players:
                stones = state.stones(player)
                assert solver.winning_cells(stones, state.mask) == winning_cells(stones, state.mask, columns, rows)
    assert checked > 1_000
