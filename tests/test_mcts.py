"""Monte Carlo tree search: UCT, MCTS-solver, tree reuse, the agent, its levels and its pictures.

Nothing here reads a wall clock: time limits are tested with a fake clock, and every search
that must give one answer is seeded.
"""

from __future__ import annotations

import io
import itertools
import pickle
import random
import struct

import matplotlib
import numpy as np

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402
from test_benchmarks import load  # noqa: E402 - imports benchmarks/NAME.py

from tictac_edu.agents import MCTSAgent, all_levels, difficulties, difficulty_agent, mcts_candidates  # noqa: E402
from tictac_edu.games import ConnectFour, GameTree, Gomoku, MNKGame, TicTacToe, play_moves  # noqa: E402
from tictac_edu.games.base import GameDescription, Preset  # noqa: E402
from tictac_edu.games.connect4 import CONNECT4_TIME_LIMIT  # noqa: E402
from tictac_edu.games.gomoku import GOMOKU_TIME_LIMIT  # noqa: E402
from tictac_edu.search import MCTS, MCTSResult, MCTSSolver, OrderCandidates, alphabeta, mcts  # noqa: E402
from tictac_edu.search.mcts import DEFAULT_PLAYOUTS, MCTSNode, plain_playout, tree_nodes  # noqa: E402
from tictac_edu.search.ordering import StaticOrder  # noqa: E402
from tictac_edu.viz import bar_mcts_visits, draw_mcts_tree, mcts_tree_graph  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


class FakeClock:
    """Advances one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def outcome_after(state: object, move: object) -> str:
    """The outcome, for the player to move in ``state``, of playing ``move`` and then playing
    perfectly (alpha-beta to the end)."""
    child = state.play(move)  # type: ignore[attr-defined]
    if child.is_terminal():
        return "draw" if child.winner is None else "win" if child.winner == state.to_move else "loss"  # type: ignore[attr-defined]
    return {"win": "loss", "loss": "win", "draw": "draw"}[alphabeta(child).outcome]


def random_position(rng: random.Random, plies: int) -> TicTacToe:
    state = TicTacToe()
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


# --- UCT ------------------------------------------------------------------------------------

def test_uct_takes_the_win() -> None:
    state = play_moves(TicTacToe(), [0, 3, 1, 4])  # X to move: 2 wins; O threatens 5
    result = mcts(state, playouts=500, seed=3)
    assert result.move == 2 and result.player == "X"
    assert result.values[2] == 1.0  # every playout through 2 is a win for X (from X's point of view)


def test_uct_finds_the_only_block() -> None:
    state = play_moves(TicTacToe(), [0, 4, 1])  # O to move: only 2 stops X's row
    result = mcts(state, playouts=2000, seed=5)
    assert result.move == 2 and result.player == "O"
    assert result.visits[2] == max(result.visits.values())


def test_values_are_from_the_root_players_point_of_view() -> None:
    won_for_o = play_moves(TicTacToe(), [0, 3, 1, 4, 8])  # O to move wins at 5
    result = mcts(won_for_o, playouts=800, seed=1)
    assert result.player == "O" and result.move == 5 and result.value > 0.95
    # the graph of the picture: a grandchild's value is turned to the root player's view too
    graph = mcts_tree_graph(result, depth=2, top=9)
    for path, data in graph.nodes(data=True):
        node = result.root
        for move in path:
            node = node.child(move)
        expected = node.mean if node.mover == "O" else 1 - node.mean
        assert data["value"] == pytest.approx(expected)


def test_visits_sum_to_iterations_and_seeded_runs_repeat() -> None:
    state = play_moves(TicTacToe(), [4, 0])
    first = mcts(state, playouts=700, seed=11)
    again = mcts(state, playouts=700, seed=11)
    assert sum(first.visits.values()) == first.iterations == first.playouts == 700
    assert first.root is not None and first.root.visits == 700
    assert first.visits == again.visits and first.values == again.values and first.move == again.move
    assert set(first.visits) == set(state.legal_moves())
    other = mcts(state, playouts=700, seed=12)
    assert other.visits != first.visits  # the seed does matter
    for node in tree_nodes(first.root):  # every inner node's visits: its own expansion, then its children's
        if node is not first.root and node.children:
            assert node.visits == 1 + sum(child.visits for child in node.children)


def test_the_most_visited_move_is_chosen_and_the_line_follows_visits() -> None:
    result = mcts(TicTacToe(), playouts=1500, seed=2)
    assert result.visits[result.move] == max(result.visits.values())
    assert result.pv[0] == result.move and len(result.pv) >= 2
    assert "move" in result.summary() and "1,500 iterations" in result.summary()


def test_default_budget_and_bad_budgets() -> None:
    assert mcts(play_moves(TicTacToe(), [4, 0, 8]), seed=1).iterations == DEFAULT_PLAYOUTS
    for playouts, time_limit in [(0, None), (-3, None), (2.5, None), (True, None), (None, 0),
                                 (None, -1.0), (None, float("inf")), (None, "1")]:
        with pytest.raises(ValueError):
            mcts(TicTacToe(), playouts=playouts, time_limit=time_limit)
    for exploration in (-1, float("nan"), float("inf"), "2"):
        with pytest.raises(ValueError, match="exploration"):
            mcts(TicTacToe(), playouts=5, exploration=exploration)
    with pytest.raises(ValueError, match="game is over"):
        mcts(play_moves(TicTacToe(), [0, 3, 1, 4, 2]), playouts=5)


def test_the_time_limit_is_checked_after_every_iteration() -> None:
    clock = FakeClock()
    result = mcts(TicTacToe(), time_limit=5, seed=1, clock=clock)
    assert result.iterations == 5 and sum(result.visits.values()) == 5
    assert result.elapsed == 6  # the clock was read once more for the result
    assert mcts(TicTacToe(), time_limit=0.5, seed=1, clock=FakeClock()).iterations == 1  # at least one


def test_playouts_and_a_time_limit_together_stop_at_whichever_runs_out_first() -> None:
    assert mcts(TicTacToe(), playouts=10, time_limit=5, seed=1, clock=FakeClock()).iterations == 5
    assert mcts(TicTacToe(), playouts=3, time_limit=5, seed=1, clock=FakeClock()).iterations == 3


def test_numpy_integers_are_playouts() -> None:
    result = mcts(TicTacToe(), playouts=np.int64(40), seed=1)
    assert result.iterations == 40 and type(MCTSAgent(playouts=np.int32(7)).playouts) is int


def test_an_agent_budgeted_in_playouts_moves_on_a_clock_and_keeps_its_budget() -> None:
    """A session with a clock gives the agent a time limit for the move (on a copy); the agent
    keeps its playouts, and the time limit only stops it early."""
    from tictac_edu.session import AI_VS_AI, GameSession, TimeControl

    agent = MCTSAgent(playouts=60, seed=3)
    session = GameSession(TicTacToe(), side=AI_VS_AI, opponent=agent, time_control=TimeControl(per_move=30))
    request = session.request_ai_move()
    assert request is not None and request.deadline is not None
    answer = GameSession.think(request)
    assert answer.error is None and answer.move in TicTacToe().legal_moves()
    assert agent.last_result is not None and agent.last_result.iterations == 60
    assert agent.playouts == 60 and agent.time_limit is None  # the agent itself is unchanged


def test_exploration_zero_exploits() -> None:
    state = play_moves(TicTacToe(), [0, 3, 1, 4])
    greedy = mcts(state, playouts=300, exploration=0, seed=4)
    assert greedy.exploration == 0 and greedy.move == 2
    assert greedy.visits[2] > 300 - 2 * len(state.legal_moves())  # once 2 wins every game, only 2 is tried


# --- MCTS-solver ----------------------------------------------------------------------------

def test_the_solver_proves_a_quick_win_and_stops() -> None:
    state = play_moves(TicTacToe(), [0, 4, 1, 3])  # X to move wins at 2 (and O threatens 5)
    result = mcts(state, playouts=5000, solver=True, seed=1)
    assert result.proven and result.outcome == "win" and result.move == 2
    assert result.iterations < 5000 and result.proven_moves[2] == "win"
    forced = play_moves(TicTacToe(), [4, 1, 0])  # O to move: X threatens 8, and forks after the block
    proof = mcts(forced, playouts=20000, solver=True, seed=1)
    assert proof.proven and proof.outcome == alphabeta(forced).outcome


def test_the_solver_proves_a_loss_and_a_draw() -> None:
    lost = play_moves(TicTacToe(), [0, 4, 8, 2, 6])  # X threatens 3 and 7: O to move has lost
    assert alphabeta(lost).outcome == "loss"
    result = mcts(lost, playouts=5000, solver=True, seed=1)
    assert result.proven and result.outcome == "loss"
    assert set(result.proven_moves.values()) == {"loss"}
    drawn = play_moves(TicTacToe(), [4, 0, 8])
    result = mcts(drawn, playouts=20000, solver=True, seed=1)
    assert result.proven and result.outcome == alphabeta(drawn).outcome == "draw"
    assert result.proven_moves[result.move] == "draw"  # a drawing move, never a losing one


def test_the_solvers_outcome_is_alphabetas_on_random_positions() -> None:
    rng = random.Random(2024)
    checked = 0
    while checked < 150:
        state = random_position(rng, rng.randint(3, 7))
        if state.is_terminal():
            continue
        result = mcts(state, playouts=20000, solver=True, seed=checked)
        truth = alphabeta(state)
        assert result.proven, state.as_code()
        assert result.outcome == truth.outcome, state.as_code()
        assert outcome_after(state, result.move) == truth.outcome, state.as_code()  # the move keeps it
        checked += 1


def test_uct_never_claims_a_proof() -> None:
    result = mcts(play_moves(TicTacToe(), [0, 4, 1, 3]), playouts=500, seed=1)
    assert not result.proven and result.outcome is None and result.proven_moves == {}


@pytest.mark.parametrize("tree", [
    [[1, -1], [0, 0], [-1, -1]],
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    [[[1, -1], [-1, 0]], [[0, 0, 1], [-1]], [[-2, 5], [3, -1], [0]]],
    [[-1, -2], [-3, -4]],
])
def test_the_solver_solves_textbook_trees(tree: list) -> None:
    state = GameTree(tree)
    result = mcts(state, playouts=3000, solver=True, seed=1)
    truth = alphabeta(state)
    assert result.proven and result.outcome == truth.outcome
    assert outcome_after(state, result.move) == truth.outcome
    uct = mcts(state, playouts=200, seed=1)
    assert uct.move in state.legal_moves() and sum(uct.visits.values()) == 200


def test_random_textbook_trees_are_solved_like_alphabeta() -> None:
    rng = random.Random(7)

    def grow(depth: int) -> object:
        if depth == 0 or (depth < 3 and rng.random() < 0.2):
            return rng.choice([-1, 0, 1])
        return [grow(depth - 1) for _ in range(rng.randint(1, 3))]

    for index in range(25):
        tree = grow(4)
        if not isinstance(tree, list):
            continue
        state = GameTree(tree)
        result = mcts(state, playouts=5000, solver=True, seed=index)
        assert result.proven and result.outcome == alphabeta(state).outcome, tree
        assert outcome_after(state, result.move) == result.outcome, tree


def test_with_narrowed_candidates_the_solver_proves_no_loss() -> None:
    lost = play_moves(TicTacToe(), [0, 4, 8, 2, 6])  # O to move has lost
    every_move = OrderCandidates(StaticOrder([]))  # every legal move: a full proof is allowed
    assert mcts(lost, playouts=5000, solver=True, candidates=every_move, seed=1).outcome == "loss"
    narrowed = mcts(lost, playouts=5000, solver=True, candidates=lambda state: state.legal_moves()[:2], seed=1)
    assert not narrowed.proven and narrowed.root is not None and not narrowed.root.complete
    assert set(narrowed.visits) == set(lost.legal_moves()[:2])


# --- tree reuse -----------------------------------------------------------------------------

def test_advance_keeps_the_subtree() -> None:
    engine = MCTS(seed=1)
    first = engine.search(TicTacToe(), playouts=900)
    child = first.root.child(first.move)
    visits = child.visits
    engine.advance(first.move)
    assert engine.root is child and engine.root.visits == visits > 0
    reply = engine.root.children[0].move
    grandchild_visits = engine.root.children[0].visits
    engine.advance(reply)
    second = engine.search(TicTacToe().play(first.move).play(reply), playouts=100)
    assert second.reused == grandchild_visits > 0 and second.iterations == 100
    assert engine.root.visits == grandchild_visits + 100
    small = MCTS(seed=1)
    small.search(TicTacToe(), playouts=3)  # three root moves expanded, six not
    unexpanded = small.root.untried[0]
    small.advance(unexpanded)
    assert small.root.visits == 0 and small.root.state.key() == TicTacToe().play(unexpanded).key()
    with pytest.raises(ValueError, match="no tree"):
        MCTS().advance(4)


def test_search_finds_the_position_in_the_tree_by_its_moves() -> None:
    engine = MCTS(seed=2)
    first = engine.search(TicTacToe(), playouts=1200)
    reply = max(first.root.child(first.move).children, key=lambda node: node.visits).move
    later = TicTacToe().play(first.move).play(reply)
    kept = first.root.child(first.move).child(reply).visits
    second = engine.search(later, playouts=50)
    assert second.reused == kept > 0
    assert second.root.state.key() == later.key()
    unrelated = engine.search(play_moves(TicTacToe(), [8, 0]), playouts=20)  # not below the last root
    assert unrelated.reused == 0
    other_game = engine.search(MNKGame(4, 4, 3), playouts=20)
    assert other_game.reused == 0 and other_game.root.state.game.name == "mnk"


def test_a_proven_subtree_is_reused_without_searching() -> None:
    engine = MCTSSolver(seed=1)
    state = play_moves(TicTacToe(), [4, 1])  # X to move wins: 0 threatens 8, and the block allows a fork
    first = engine.search(state, playouts=20000)
    assert first.proven and first.outcome == "win"
    reply = first.root.child(first.move).children[0]
    assert reply.proven is not None  # every reply to the winning move is proven lost for O
    later = engine.search(state.play(first.move).play(reply.move), playouts=500)
    assert later.iterations == 0 and later.proven and later.outcome == "win" and later.reused > 0
    assert outcome_after(later.root.state, later.move) == "win"


def test_the_agent_reuses_its_tree_unless_told_not_to() -> None:
    reuse, fresh = MCTSAgent(playouts=400, seed=1), MCTSAgent(playouts=400, reuse_tree=False, seed=1)
    state = TicTacToe()
    for agent in (reuse, fresh):
        move = agent.choose_move(state)
        reply = max(agent.last_result.root.child(move).children, key=lambda node: node.visits).move
        agent.choose_move(state.play(move).play(reply))
    assert reuse.last_result.reused > 0 and fresh.last_result.reused == 0
    assert reuse.last_result.root.visits == reuse.last_result.reused + 400


# --- any game -------------------------------------------------------------------------------

@pytest.mark.parametrize("start", [
    TicTacToe(), MNKGame(4, 4, 3), play_moves(MNKGame(4, 4, 3), [5, 6]), ConnectFour(),
    ConnectFour.from_moves("4453"), Gomoku(), Gomoku.from_moves("h8 i9 h9"),
], ids=lambda state: f"{state.game.name}-{state.ply}")
@pytest.mark.parametrize("solver", [False, True])
def test_it_plays_any_game_of_the_protocol(start: object, solver: bool) -> None:
    playouts = 40 if start.game.name == "gomoku" else 300
    result = mcts(start, playouts=playouts, solver=solver, seed=1)
    assert result.move in start.legal_moves() and result.player == start.to_move
    assert sum(result.visits.values()) == result.iterations or result.proven
    assert all(0.0 <= value <= 1.0 for value in result.values.values())


def test_gomoku_candidates_keep_the_tree_near_the_stones() -> None:
    state = Gomoku.from_moves("h8 i9 h9")
    result = mcts(state, playouts=120, candidates=mcts_candidates(state), seed=1)
    near = set(mcts_candidates(state)(state))
    assert set(result.visits) <= near and len(near) < len(state.legal_moves())
    assert result.root.complete is False


def test_connect_four_wins_are_seen() -> None:
    state = ConnectFour.from_moves("445566")  # X to move: columns 3 and 7 finish the bottom row
    result = mcts(state, playouts=1500, solver=True, seed=1)
    assert result.proven and result.outcome == "win" and result.iterations < 1500
    assert state.play(result.move).winner == "X"


def test_the_plain_playout_plays_the_same_random_game() -> None:
    state = play_moves(TicTacToe(), [4, 0, 8])
    first, second = random.Random(5), random.Random(5)
    assert [plain_playout(state, first) for _ in range(50)] == [plain_playout(state, second) for _ in range(50)]
    result = mcts(state, playouts=300, playout=plain_playout, seed=1)
    assert result.move in state.legal_moves()
    with pytest.raises(ValueError, match="playout"):
        mcts(state, playouts=3, playout=42)


# --- the agent ------------------------------------------------------------------------------

def test_agent_arguments_are_checked() -> None:
    bad: list[dict[str, object]] = [
        {"playouts": 0}, {"playouts": 1.5}, {"playouts": False}, {"playouts": np.True_}, {"playouts": np.float64(9)},
        {"time_limit": 0}, {"time_limit": -2}, {"time_limit": float("nan")}, {"exploration": -0.1},
        {"exploration": "sqrt 2"}, {"solver": "yes"}, {"reuse_tree": 1}, {"candidates": [1, 2]},
        {"playout": "random"}, {"name": ""},
    ]
    for arguments in bad:
        with pytest.raises(ValueError):
            MCTSAgent(**arguments)  # type: ignore[arg-type]


def test_agent_defaults_names_and_finished_games() -> None:
    agent = MCTSAgent()
    assert agent.playouts == DEFAULT_PLAYOUTS and agent.time_limit is None and agent.name == "mcts 1000 playouts"
    assert MCTSAgent(time_limit=0.25, solver=True).name == "mcts-solver 0.25s"
    assert MCTSAgent(playouts=5, name="mine").name == "mine" and "mine" in repr(MCTSAgent(playouts=5, name="mine"))
    with pytest.raises(ValueError, match="game is over"):
        agent.choose_move(play_moves(TicTacToe(), [0, 3, 1, 4, 2]))


def test_a_seeded_agent_replays_its_game() -> None:
    def game(agent: MCTSAgent) -> list[int]:
        agent.reseed(9)
        state, moves = TicTacToe(), []
        while not state.is_terminal():
            move = agent.choose_move(state)
            moves.append(move)
            state = state.play(move)
        return moves

    agent = MCTSAgent(playouts=200)
    assert game(agent) == game(agent) == game(MCTSAgent(playouts=200))
    assert agent.last_result is not None and isinstance(agent.last_result, MCTSResult)


def test_the_agent_pickles_and_still_plays() -> None:
    agent = MCTSAgent(playouts=300, solver=True, seed=4, name="pickled")
    agent.choose_move(TicTacToe())
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.name == "pickled" and copy.solver and copy.playouts == 300 and copy.last_result is None
    assert copy.engine.root is None and isinstance(copy.engine, MCTSSolver)
    state = play_moves(TicTacToe(), [0, 3, 1, 4])
    assert copy.choose_move(state) == 2 and copy.last_result.proven
    gomoku = difficulty_agent(Gomoku(), "mcts", seed=1)
    assert pickle.loads(pickle.dumps(gomoku)).candidates is not None


# --- levels ---------------------------------------------------------------------------------

def test_mcts_levels_stay_off_the_ladder_of_difficulties() -> None:
    assert difficulties(TicTacToe()) == ("easy", "medium", "hard", "perfect")
    assert difficulties(ConnectFour()) == ("easy", "medium", "hard", "expert")
    assert difficulties(Gomoku()) == ("easy", "medium", "hard", "strong")
    assert difficulties(MNKGame(5, 5, 3)) == ("easy", "medium", "hard")
    assert all_levels(TicTacToe()) == ("easy", "medium", "hard", "perfect", "mcts", "mcts-solver")
    assert all_levels(ConnectFour())[-2:] == ("mcts", "mcts-solver")
    assert all_levels(Gomoku())[-1] == "mcts"
    assert all(preset.kind != "mcts" for start in (TicTacToe(), ConnectFour(), Gomoku())
               for preset in start.game.presets)
    with pytest.raises(ValueError, match="its levels are: easy, medium, hard, perfect, mcts, mcts-solver"):
        TicTacToe().game.preset("grandmaster")


def test_mcts_levels_build_mcts_agents() -> None:
    ttt = difficulty_agent(TicTacToe(), "mcts", seed=1)
    assert isinstance(ttt, MCTSAgent) and ttt.playouts is not None and ttt.time_limit is None
    assert ttt.name == "mcts" and not ttt.solver and ttt.candidates is None
    solver = difficulty_agent(TicTacToe(), "mcts-solver", seed=2)
    assert isinstance(solver, MCTSAgent) and solver.solver
    assert solver.choose_move(play_moves(TicTacToe(), [0, 4, 1])) == 2
    c4 = difficulty_agent(ConnectFour(), "mcts")
    assert isinstance(c4, MCTSAgent) and c4.time_limit == CONNECT4_TIME_LIMIT and c4.playouts is None
    gomoku = difficulty_agent(Gomoku(), "mcts")
    assert isinstance(gomoku, MCTSAgent) and gomoku.time_limit == GOMOKU_TIME_LIMIT
    assert isinstance(gomoku.candidates, OrderCandidates)  # from the description's search_order
    assert mcts_candidates(TicTacToe()) is None and mcts_candidates(ConnectFour()) is None


def test_mcts_presets_are_checked() -> None:
    assert Preset("m", kind="mcts", playouts=10).playouts == 10
    assert Preset("m", kind="mcts", time_limit=0.5, mcts_solver=True).mcts_solver
    bad: list[dict[str, object]] = [
        {"kind": "mcts"}, {"kind": "mcts", "playouts": 10, "time_limit": 1.0}, {"kind": "mcts", "playouts": 0},
        {"kind": "mcts", "playouts": 2.5}, {"kind": "mcts", "time_limit": -1.0},
        {"kind": "mcts", "playouts": 10, "depth": 2}, {"kind": "mcts", "playouts": 10, "randomness": 0.1},
        {"kind": "mcts", "playouts": 10, "use_table": True},
        {"playouts": 10}, {"depth": 2, "mcts_solver": True},
    ]
    for fields in bad:
        with pytest.raises(ValueError, match="preset 'm'"):
            Preset("m", **fields)  # type: ignore[arg-type]
    mcts_level = Preset("mcts", kind="mcts", playouts=10)
    with pytest.raises(ValueError, match="extra_presets"):
        GameDescription("g", "G", ("A", "B"), 1, 1, 1, presets=(mcts_level,))
    with pytest.raises(ValueError, match="share a name"):
        GameDescription("g", "G", ("A", "B"), 1, 1, 1, presets=(Preset("mcts"),), extra_presets=(mcts_level,))
    game = GameDescription("g", "G", ("A", "B"), 1, 1, 1, presets=(Preset("easy"),), extra_presets=(mcts_level,))
    assert game.difficulties == ("easy",) and game.levels == ("easy", "mcts") and game.preset("mcts") is mcts_level


# --- pictures -------------------------------------------------------------------------------

NOTEBOOK_COLUMN_PX = 970
SMALLEST_PX = 9.0


def drawn_width(figure: Figure) -> int:
    """The width in pixels of ``figure`` saved as a notebook's inline backend saves it."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return int(struct.unpack(">I", buffer.getvalue()[16:20])[0])


def assert_legible(figure: Figure) -> None:
    width = drawn_width(figure)
    scale = min(width, NOTEBOOK_COLUMN_PX) / width
    texts = [text for text in figure.findobj(Text) if text.get_visible() and text.get_text().strip()]
    assert texts
    small = [(text.get_text(), round(text.get_fontsize() * figure.dpi / 72 * scale, 1)) for text in texts
             if text.get_fontsize() * figure.dpi / 72 * scale < SMALLEST_PX]
    assert not small, f"texts smaller than {SMALLEST_PX} px as shown: {small}"


@pytest.mark.parametrize("depth, top", [(2, (6, 3)), (3, (6, 3, 2)), (1, 9)])
def test_the_tree_picture_is_legible(depth: int, top: object) -> None:
    result = mcts(play_moves(TicTacToe(), [4]), playouts=2000, solver=True, seed=1)
    ax = draw_mcts_tree(result, depth=depth, top=top)
    figure = ax.figure
    assert_legible(figure)
    assert drawn_width(figure) <= NOTEBOOK_COLUMN_PX + 30  # about 10 inches, shown (almost) at full size
    assert "for O, the player to move at the root" in ax.get_title()
    assert len(figure.axes) == 2  # the tree and its colour bar


def test_the_tree_picture_shows_the_most_visited_moves() -> None:
    result = mcts(TicTacToe(), playouts=1500, seed=3)
    graph = mcts_tree_graph(result, depth=2, top=(4, 2))
    shown = [path[0] for path in graph.successors(())]
    assert shown == sorted(result.visits, key=lambda move: -result.visits[move])[:4]
    assert graph.nodes[()]["hidden"] == 5 and graph.number_of_nodes() == 1 + 4 + 8
    ax = draw_mcts_tree(result, depth=2, top=(4, 2))
    widths = ax.collections[0].get_linewidths()
    assert widths[0] == max(widths)  # the first edge is to the most visited move, the widest
    moves = {text.get_text() for text in ax.texts if text.get_style() == "italic"}
    assert {str(move) for move in shown} <= moves
    with pytest.raises(ValueError, match="top"):
        mcts_tree_graph(result, top=0)
    with pytest.raises(ValueError, match="depth"):
        mcts_tree_graph(result, depth=-1)
    with pytest.raises(TypeError):
        draw_mcts_tree("not a tree")  # type: ignore[arg-type]


def test_proven_nodes_are_marked() -> None:
    result = mcts(play_moves(TicTacToe(), [0, 4, 8, 2, 6]), playouts=3000, solver=True, seed=1)
    graph = mcts_tree_graph(result.root, depth=1, top=9)
    assert graph.nodes[()]["proven"] == "loss" and {graph.nodes[n]["proven"] for n in graph.successors(())} == {"loss"}
    ax = draw_mcts_tree(result, depth=1, top=9)
    assert any("loss" in text.get_text() for text in ax.texts)


def test_the_bar_chart_is_legible() -> None:
    result = mcts(ConnectFour(), playouts=300, seed=1)
    ax = bar_mcts_visits(result)
    assert len(ax.patches) == 7 and "mean result for X" in ax.get_title()
    heights = [patch.get_height() for patch in ax.patches]
    assert heights == sorted(heights, reverse=True) and sum(heights) == 300
    assert_legible(ax.figure)
    with pytest.raises(ValueError):
        bar_mcts_visits(result, top=0)


def test_an_unsearched_tree_is_refused() -> None:
    with pytest.raises(ValueError, match="not been searched"):
        draw_mcts_tree(MCTSNode(TicTacToe(), None, "O", TicTacToe().legal_moves()))


# --- benchmarks, smallest runs -----------------------------------------------------------------

def test_the_speed_benchmark_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    load("mcts_speed").main(["--seconds", "0.02", "--repeat", "1", "--games", "tictactoe"])
    out = capsys.readouterr().out
    assert "UCT it/s" in out and "Tic-tac-toe" in out and "after 6 plies" in out
    assert "DIFFERS" not in out  # tic-tac-toe's fast playout plays the plain random game


def test_the_match_benchmark_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    load("mcts_vs_alphabeta").main(["--playouts", "5", "--games", "2", "--parts", "tictactoe"])
    out = capsys.readouterr().out
    assert "mcts 5 playouts" in out and "perfect" in out and "MCTS-solver:" in out


def test_pairs_of_small_budgets_cover_every_root_move() -> None:
    for moves in itertools.islice(itertools.permutations(range(9), 2), 0, 72, 9):
        state = play_moves(TicTacToe(), list(moves))
        result = mcts(state, playouts=len(state.legal_moves()), seed=1)
        assert set(result.visits) == set(state.legal_moves())  # each move expanded once, in order
        assert all(visits == 1 for visits in result.visits.values())
