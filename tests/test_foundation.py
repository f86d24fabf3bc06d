"""The foundation: game descriptions and the registry, proven values, the plain
alpha-beta and its variants, tables that keep proof apart from estimates, fast playouts, and
positions that cannot be changed."""

from __future__ import annotations

import copy
import math
import pickle
import random
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_properties import positions  # random positions, the same strategy as the other properties

from tictac_edu.agents import difficulties, difficulty_agent
from tictac_edu.evaluation import line_evaluation
from tictac_edu.games import (
    ConnectFour,
    GameTree,
    Gomoku,
    IllegalMoveError,
    MNKGame,
    Preset,
    TicTacToe,
    game_names,
    game_options,
    new_game,
    play_moves,
)
from tictac_edu.search import (
    AlphaBeta,
    FreshRootWindow,
    OrderedMoves,
    StrictCutoff,
    TranspositionTable,
    alphabeta,
    faster_wins,
    iterative_deepening,
    minimax,
    variant,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def true_value(state: MNKGame) -> int:
    """The game-theoretic value for the player to move (+1, 0, -1), by a plain recursion of
    this test's own (negamax with a window: exact for values in -1..1)."""
    return _solved(state, -1, 1)


@cache
def _solved(state: MNKGame, alpha: int, beta: int) -> int:
    if state.is_terminal():
        return state.utility(state.to_move)
    best = -1
    for move in state.legal_moves():
        best = max(best, -_solved(state.play(move), -beta, -max(alpha, best)))
        if best >= beta:
            break
    return best


# -- game descriptions and the registry ----------------------------------------------------

def test_every_game_describes_itself_and_is_found_by_name() -> None:
    assert game_names() == ("connect4", "gomoku", "mnk", "tictactoe", "tree")
    assert game_options("mnk") == {"rows": 5, "columns": 5, "k": 3}
    tictactoe = TicTacToe().game
    assert (tictactoe.name, tictactoe.title, tictactoe.players) == ("tictactoe", "Tic-tac-toe", ("X", "O"))
    assert (tictactoe.rows, tictactoe.columns, tictactoe.max_plies, tictactoe.board) == (3, 3, 9, "cells")
    assert tictactoe.move_order == (4, 0, 2, 6, 8, 1, 3, 5, 7)
    assert all(isinstance(preset, Preset) for preset in tictactoe.presets)
    connect4 = ConnectFour().game
    assert (connect4.name, connect4.board, connect4.max_plies, connect4.move_order) == (
        "connect4", "columns", 42, (3, 2, 4, 1, 5, 0, 6))
    assert connect4.difficulties == ("easy", "medium", "hard", "expert")
    assert new_game("mnk", rows=4, columns=4, k=3) == MNKGame(4, 4, 3)
    assert isinstance(new_game("mnk", rows=3, columns=3, k=3), TicTacToe)
    assert new_game("connect4", columns=6, rows=5).game.title == "Connect Four, 6 x 5"


def test_unknown_games_options_and_levels_are_explained() -> None:
    with pytest.raises(ValueError, match="no game called 'chess'; the games are: connect4, gomoku, mnk, tictactoe"):
        new_game("chess")
    with pytest.raises(ValueError, match="takes no option 'size'; its options: rows, columns, k"):
        new_game("mnk", size=4)
    with pytest.raises(ValueError, match="Connect Four has no difficulty 'perfect'; its levels are: easy, medium"):
        ConnectFour().game.preset("perfect")
    with pytest.raises(ValueError, match="only a full-depth search without randomness is proven"):
        Preset("wrong", depth=3, proven=True)


@pytest.mark.parametrize("state", [TicTacToe().play(4).play(0), MNKGame(4, 5, 3).play(7),
                                   ConnectFour.from_moves("4453"), GameTree([[3, 12, 8], [2, 4, 6]]).play(1)],
                         ids=lambda state: state.game.name)
def test_a_position_writes_itself_back_as_code(state: object) -> None:
    namespace = {"TicTacToe": TicTacToe, "MNKGame": MNKGame, "ConnectFour": ConnectFour, "GameTree": GameTree,
                 "play_moves": play_moves}
    assert eval(state.as_code(), namespace) == state  # type: ignore[attr-defined]


def test_levels_come_from_the_description_and_big_boards_are_played_by_the_clock() -> None:
    assert difficulties(TicTacToe()) == ("easy", "medium", "hard", "perfect")
    assert difficulties(MNKGame(5, 5, 3)) == ("easy", "medium", "hard")
    big = MNKGame(15, 15, 5).game
    assert all(preset.time_limit is not None for preset in big.presets)
    perfect = TicTacToe().game.preset("perfect")
    assert perfect.proven and perfect.depth is None and perfect.randomness == 0
    assert not any(preset.proven for preset in ConnectFour().game.presets)


def test_boards_too_big_to_play_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match="1,000,000,000,000 cells; the course plays on boards of at most 40,000"):
        MNKGame(1_000_000, 1_000_000, 5)
    big = MNKGame(100, 100, 5)
    assert big.play(0).play(5050).ply == 2 and len(big.legal_moves()) == 10_000


# -- the plain alpha-beta and its variants ------------------------------------------------

@pytest.mark.parametrize(("search", "nodes"), [
    (AlphaBeta(), 18_297), (StrictCutoff(), 146_120), (FreshRootWindow(), 30_710),
    (OrderedMoves(TicTacToe().game.move_order), 7_275), (AlphaBeta(faster_wins), 20_866),
    (variant(OrderedMoves, fresh_root_window=True)(TicTacToe().game.move_order), 15_706),
], ids=["plain", "strict", "fresh-root-window", "ordered", "faster-wins", "ordered-fresh"])
def test_the_plain_search_and_its_variants_count_the_reference_nodes(search: AlphaBeta, nodes: int) -> None:
    value, move = search.best_move(TicTacToe())
    assert (value, search.nodes) == (0, nodes) and move in range(9)


MIXED = st.one_of(positions(TicTacToe, 0, 9), positions(lambda: MNKGame(4, 4, 3), 7, 16))


@SETTINGS
@given(MIXED, st.booleans(), st.booleans())
def test_the_plain_search_and_the_engine_agree_node_for_node(state: MNKGame, strict: bool, fresh: bool) -> None:
    plain = variant(AlphaBeta, strict=strict, fresh_root_window=fresh)()
    value, _ = plain.best_move(state)
    engine = alphabeta(state, rules=variant(AlphaBeta, strict=strict, fresh_root_window=fresh)())
    assert (engine.value, engine.nodes) == (value, plain.nodes)
    assert value == minimax(state).value


# -- proven values ---------------------------------------------------------------------------

DEPTH_LIMITED = positions(lambda: MNKGame(4, 4, 3), 3, 12)


@SETTINGS
@given(DEPTH_LIMITED, st.integers(1, 4), st.booleans())
def test_a_proven_outcome_is_the_true_outcome(state: MNKGame, depth: int, with_table: bool) -> None:
    table = TranspositionTable() if with_table else None
    result = alphabeta(state, depth, line_evaluation, table=table)
    if result.proven:
        assert result.outcome == {1: "win", 0: "draw", -1: "loss"}[true_value(state)]
    else:
        assert result.outcome is None
    deepened = iterative_deepening(state, line_evaluation, max_depth=depth, table=table)
    if deepened.proven:
        assert deepened.outcome == {1: "win", 0: "draw", -1: "loss"}[true_value(state)]


@SETTINGS
@given(MIXED)
def test_a_search_to_the_end_is_always_proven(state: MNKGame) -> None:
    for result in (alphabeta(state), alphabeta(state, table=TranspositionTable()), minimax(state)):
        assert result.proven
        assert result.outcome == {1: "win", 0: "draw", -1: "loss"}[true_value(state)]


def test_a_reused_table_never_turns_an_estimate_into_proof() -> None:
    state = MNKGame(5, 5, 4).play(12)
    table = TranspositionTable()
    deep = alphabeta(state, 3, line_evaluation, table=table)
    shallow = alphabeta(state, 1, line_evaluation, table=table)
    assert not deep.proven and not shallow.proven and shallow.outcome is None
    assert shallow.nodes == 1 and shallow.table_hits == 1  # answered from the table, still an estimate


def test_iterative_deepening_twice_with_one_table_goes_as_deep_again() -> None:
    state = MNKGame(5, 5, 4)
    table = TranspositionTable()
    first = iterative_deepening(state, line_evaluation, max_depth=3, table=table)
    second = iterative_deepening(state, line_evaluation, max_depth=3, table=table)
    assert (first.depth, second.depth) == (3, 3) and not first.proven and not second.proven
    assert second.value == first.value


def test_a_forced_win_found_at_a_depth_limit_is_proven() -> None:
    state = MNKGame(5, 5, 3).play(12)  # O to move loses: X has a forced win within four plies
    assert not alphabeta(state, 3, line_evaluation).proven
    four = alphabeta(state, 4, line_evaluation)
    assert four.proven and four.outcome == "loss"
    table = TranspositionTable()
    alphabeta(state, 4, line_evaluation, table=table)
    again = alphabeta(state, 1, line_evaluation, table=table)
    assert again.proven and again.outcome == "loss"  # a proof read from the table is still a proof


# -- tables serve one game and one scoring ---------------------------------------------------

def test_a_table_refuses_another_game_or_another_scoring() -> None:
    table = TranspositionTable()
    assert alphabeta(TicTacToe(), table=table).value == 0
    with pytest.raises(ValueError, match="holds values of Tic-tac-toe scored by the game's utility; a search of "
                                         "4x4, three in a row"):
        alphabeta(MNKGame(4, 4, 3), table=table)
    with pytest.raises(ValueError, match="preferring faster wins"):
        alphabeta(TicTacToe(), table=table, evaluate=faster_wins)
    with pytest.raises(ValueError, match="scored by line_evaluation"):
        alphabeta(TicTacToe(), 2, line_evaluation, table=table)
    table.clear()  # a cleared table serves any game again
    middle = play_moves(MNKGame(4, 4, 3), [5, 0, 10, 15])
    assert alphabeta(middle, evaluate=faster_wins, table=table).value == \
        alphabeta(middle, evaluate=faster_wins).value


# -- evaluations that do not return numbers --------------------------------------------------

@pytest.mark.parametrize("bad", [math.nan, None, "3", [1]], ids=repr)
def test_an_evaluation_that_returns_no_number_is_refused(bad: object) -> None:
    state = TicTacToe().play(4)
    for search in (alphabeta, minimax):
        with pytest.raises(ValueError, match=r"the evaluation returned .* it must return a number \(not NaN\)"):
            search(state, 2, lambda s, p: bad)  # type: ignore[operator]


# -- positions cannot be changed, copy and pickle however long the game ---------------------

@pytest.mark.parametrize("state", [TicTacToe().play(4), ConnectFour.from_moves("44"), GameTree([[1, 2]]).play(0)],
                         ids=lambda state: state.game.name)
def test_a_position_cannot_be_changed(state: object) -> None:
    for attribute in ("board", "ply", "winner", "to_move", "last_move", "mask", "position", "path", "node"):
        if hasattr(state, attribute):
            with pytest.raises(AttributeError):
                setattr(state, attribute, 99)


PRIVATE_SLOTS = [(TicTacToe().play(4), "_winner", "X"), (MNKGame(5, 5, 3).play(12), "_x", 0),
                 (ConnectFour.from_moves("44"), "_winner", "X"), (GameTree([[1, 2]]).play(0), "_node", 99),
                 (Gomoku.from_moves("h8 i9"), "_winner", "Black"), (Gomoku(rule="renju"), "_forbidden", {})]


@pytest.mark.parametrize(("state", "slot", "value"), PRIVATE_SLOTS,
                         ids=["tictactoe", "mnk", "connect4", "tree", "gomoku", "renju"])
def test_a_positions_private_state_cannot_be_changed_either(state: object, slot: str, value: object) -> None:
    """``s._winner = "Black"`` would end the game: private slots are as read-only as the public
    attributes, deleting them too; copies and pickles still work."""
    before = copy.deepcopy(state)
    with pytest.raises(AttributeError, match="cannot be changed"):
        setattr(state, slot, value)
    with pytest.raises(AttributeError, match="cannot be changed"):
        delattr(state, slot)
    assert state == before and not state.is_terminal()  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(state)) == state and copy.copy(state) == state
    assert type(pickle.loads(pickle.dumps(state))) is type(state)


NUMPY_MOVES = [(TicTacToe(), np.int64(4), 4), (TicTacToe(), (np.int8(1), np.uint16(2)), 5),
               (MNKGame(5, 5, 3), np.int32(12), 12), (ConnectFour(), np.int64(3), 3),
               (GameTree([[1, 2], [3]]), np.intp(1), 1),
               (Gomoku(), (np.int64(7), np.int64(7)), (7, 7))]


@pytest.mark.parametrize(("state", "move", "same"), NUMPY_MOVES,
                         ids=["tictactoe", "tictactoe-pair", "mnk", "connect4", "tree", "gomoku"])
def test_numpy_integers_are_moves_but_bools_and_floats_are_not(state: object, move: object, same: object) -> None:
    after = state.play(move)  # type: ignore[attr-defined]
    assert after == state.play(same) and after.last_move == same  # type: ignore[attr-defined]
    assert type(after.last_move) is type(same)  # type: ignore[attr-defined] - a Python int, not a NumPy one
    for bad in (np.True_, np.float64(1.0), 1.0, True):
        with pytest.raises(IllegalMoveError):
            state.play(bad if not isinstance(same, tuple) else (bad, bad))  # type: ignore[attr-defined]


def test_numpy_integers_are_columns_and_move_lists_of_connect_four() -> None:
    assert ConnectFour.from_moves([np.int64(4), np.int8(4)]) == ConnectFour.from_moves("44")
    state = ConnectFour.from_moves("44")
    assert state.can_play(np.int64(3)) and state.height(np.uint8(3)) == 2
    assert state.cell(np.int64(3), np.int64(0)) == "X"
    with pytest.raises(TypeError, match="not a whole number"):
        ConnectFour.from_moves([4, np.float64(4.0)])  # type: ignore[list-item]


def test_long_games_copy_and_pickle() -> None:
    state = MNKGame(17, 17, 17)
    rng = random.Random(4)
    while state.ply < 280:
        state = state.play(rng.choice(state.legal_moves()))
    assert copy.deepcopy(state) == state and pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).undo() == state.undo()
    deep: object = 0
    for _ in range(3_000):
        deep = [deep, 1]
    tree = GameTree(deep)  # type: ignore[arg-type]
    leaf = play_moves(tree, [0] * 2_999 + [1])
    assert tree.max_plies == 3_000 and leaf.is_terminal() and leaf.utility("MAX") == 1
    assert copy.deepcopy(leaf) == leaf and pickle.loads(pickle.dumps(leaf)) == leaf
    assert tree.game.start_code.startswith("GameTree([[[[") and tree == GameTree(deep)  # type: ignore[arg-type]


# -- playouts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("state", [TicTacToe(), MNKGame(5, 5, 3).play(12), ConnectFour.from_moves("4453"),
                                   MNKGame(15, 15, 5)], ids=["tictactoe", "5x5", "connect4", "15x15"])
def test_a_fast_playout_plays_the_same_game_as_the_protocol(state: object) -> None:
    """A playout on bits has the same distribution of winners as random moves through the
    protocol: compare the two over many seeded games (a loose bound; both are random)."""
    before = copy.deepcopy(state)
    fast = [state.random_playout(random.Random(seed)) for seed in range(300)]  # type: ignore[attr-defined]
    assert state == before
    slow = []
    for seed in range(300):
        rng, current = random.Random(10_000 + seed), state
        while not current.is_terminal():  # type: ignore[attr-defined]
            current = current.play(rng.choice(current.legal_moves()))  # type: ignore[attr-defined]
        slow.append(current.winner)  # type: ignore[attr-defined]
    for outcome in ("X", "O", None):
        assert abs(fast.count(outcome) - slow.count(outcome)) < 60, outcome


def test_a_fast_playout_of_a_finished_game_is_its_result() -> None:
    won = play_moves(TicTacToe(), [0, 3, 1, 4, 2])
    assert won.random_playout(random.Random(1)) == "X"
    assert ConnectFour.from_moves("4455667").random_playout(random.Random(1)) == "X"


def test_the_perfect_level_is_built_from_its_preset() -> None:
    agent = difficulty_agent(TicTacToe(), "perfect")
    agent.choose_move(TicTacToe().play(0))
    assert agent.last_result is not None and agent.last_result.proven and agent.last_result.outcome == "draw"
