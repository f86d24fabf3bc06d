"""The engine's fast path gives the answers of its general path (``node`` and ``expand``), on
random positions of tic-tac-toe, 4x4 three in a row and Connect Four, for every option: the
rules' variants, move orders (static, learning, one that leaves moves out), a transposition
table (a small one, so entries are replaced), a first move, leaf scorers and evaluations, and a
deadline on a clock that counts the nodes."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_edu.evaluation import line_evaluation, most_lines_first, window_evaluation
from tictac_edu.games import ConnectFour, MNKGame, TicTacToe
from tictac_edu.games.base import GameState, Move
from tictac_edu.search import (
    AlphaBeta,
    FreshRootWindow,
    HistoryHeuristic,
    KillerMoves,
    MoveOrder,
    OrderedMoves,
    SearchEngine,
    SearchTimeout,
    StrictCutoff,
    TranspositionTable,
    alphabeta,
    combine,
    faster_wins,
)
from tictac_edu.search.nullwindow import PVSEngine

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class FirstThree(MoveOrder):
    """An order that searches only the first three moves (as a narrowing candidate order does)."""

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        return moves[:3]


class EveryOtherCut(AlphaBeta):
    """Rules with a cut-off test of their own (not inlined): cut on ``alpha >= beta`` only at
    every other call, so the fast path must ask the rules each time."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def cuts_off(self, alpha: float, beta: float) -> bool:
        self.calls += 1
        return alpha >= beta and self.calls % 2 == 0


@dataclass
class Game:
    """A game to draw positions from, with what its searches need."""

    new: Callable[[], GameState]
    min_moves: int
    max_moves: int
    depths: list[int | None]  # None: to the end of the game
    evaluations: list[Any]  # for depth-limited searches
    order: list[Move]  # a static preference
    key: Callable[[Any, Move], float] | None  # a key order


GAMES = {
    "tictactoe": Game(TicTacToe, 0, 9, [None, None, 2, 4], [line_evaluation], [4, 0, 2, 6, 8, 1, 3, 5, 7],
                      most_lines_first),
    "mnk443": Game(lambda: MNKGame(4, 4, 3), 8, 16, [None, 2, 3], [line_evaluation], [5, 6, 9, 10, 0, 3, 12, 15],
                   most_lines_first),
    "connect4": Game(ConnectFour, 0, 20, [1, 2, 3], [window_evaluation], [3, 2, 4, 1, 5, 0, 6], None),
}

RULES: dict[str, Callable[[Game], Any]] = {
    "plain": lambda game: AlphaBeta(),
    "strict": lambda game: StrictCutoff(),
    "fresh-root": lambda game: FreshRootWindow(),
    "ordered-moves": lambda game: OrderedMoves(list(reversed(game.order))),
    "every-other-cut": lambda game: EveryOtherCut(),
}
ORDERS: dict[str, Callable[[Game], Any]] = {
    "none": lambda game: None,
    "static": lambda game: game.order,
    "key": lambda game: game.key,
    "killers": lambda game: KillerMoves(),
    "history": lambda game: HistoryHeuristic(),
    "killers+history": lambda game: combine(KillerMoves(), HistoryHeuristic()),
    "first-three": lambda game: FirstThree(),
}


@dataclass(frozen=True)
class Case:
    """One search to run both ways."""

    game: str
    moves: tuple[int, ...]  # indices into the legal moves, from the start
    depth: int | None
    scoring: str  # "utility", "faster-wins" or "evaluation"
    rules: str
    order: str
    table: int | None  # slots, or no table
    first_move: int | None  # an index into the root's legal moves
    deadline: int | None  # in nodes
    warm: bool = False  # the table holds a shallower search of the position first (as in deepening)


@st.composite
def cases(draw: st.DrawFn, game_name: str, **fixed: Any) -> Case:
    game = GAMES[game_name]
    state, moves = game.new(), []
    for _ in range(draw(st.integers(game.min_moves, game.max_moves))):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        moves.append(draw(st.integers(0, len(legal) - 1)))
        state = state.play(legal[moves[-1]])
    depth = fixed.pop("depth") if "depth" in fixed else draw(st.sampled_from(game.depths))
    scoring = "evaluation" if depth is not None else draw(st.sampled_from(["utility", "faster-wins"]))
    options = dict(
        rules=draw(st.sampled_from(sorted(RULES))), order=draw(st.sampled_from(sorted(ORDERS))),
        table=draw(st.sampled_from([None, None, 64, 1 << 12])),
        first_move=draw(st.none() | st.integers(0, max(len(state.legal_moves()) - 1, 0))),
        deadline=draw(st.sampled_from([None, None, None, 1, 5, 50, 500])), warm=draw(st.booleans()))
    options.update(fixed)
    return Case(game_name, tuple(moves), depth, scoring, **options)


def position(case: Case) -> GameState:
    state = GAMES[case.game].new()
    for index in case.moves:
        state = state.play(state.legal_moves()[index])
    return state


def search(case: Case, fast: bool) -> tuple[Any, ...]:
    """Run ``case`` with the fast path or the general one: everything the search answers, what
    it left in the table and in the move order, and how often it asked the rules to cut off."""
    game, state = GAMES[case.game], position(case)
    evaluate = {"utility": None, "faster-wins": faster_wins, "evaluation": game.evaluations[0]}[case.scoring]
    rules, order = RULES[case.rules](game), ORDERS[case.order](game)
    table = None if case.table is None else TranspositionTable(case.table)
    if table is not None and case.warm:  # the same entries for both paths: the general path fills them
        shallower = 2 if case.depth is None else max(case.depth - 1, 0)
        SearchEngine(evaluate, rules=AlphaBeta(), table=table).run(state, shallower)  # unfinished leaves: utility 0
    legal = state.legal_moves()
    first_move = legal[case.first_move] if case.first_move is not None and legal else None
    engine = SearchEngine(evaluate, rules=rules, order=order, table=table, first_move=first_move,
                          deadline=case.deadline, clock=itertools.count().__next__)
    engine.fast = fast
    try:
        result = engine.run(state, case.depth)
        answer: tuple[Any, ...] = (repr(result.value), result.move, result.pv, result.nodes, result.proven,
                                   result.cutoffs, result.table_hits)
    except SearchTimeout as timeout:
        answer = ("timeout", timeout.nodes, timeout.best_move, repr(timeout.best_value))
    assert engine.uses_fast_path() is fast
    learnt = repr(vars(engine.order)) if engine.order is not None else None
    filled = None if table is None else (repr(table._slots), table.stores, table.replaced, table.hits)
    return answer, engine.nodes, engine.cutoffs, engine.table_hits, learnt, filled, getattr(rules, "calls", None)


def check(case: Case) -> None:
    assert search(case, fast=True) == search(case, fast=False), case


@SETTINGS
@given(cases("tictactoe"))
def test_fast_path_equals_the_general_path_on_tictactoe(case: Case) -> None:
    check(case)


@SETTINGS
@given(cases("tictactoe", depth=None, order="none", table=None, first_move=None, deadline=None))
def test_full_depth_search_without_options_equals_the_general_path(case: Case) -> None:
    """The fast path's search without proven bounds (full depth, no options) proves the same."""
    check(case)


@SETTINGS
@given(cases("mnk443"))
def test_fast_path_equals_the_general_path_on_4x4_three_in_a_row(case: Case) -> None:
    check(case)


@SETTINGS
@given(cases("connect4"))
def test_fast_path_equals_the_general_path_on_connect_four(case: Case) -> None:
    check(case)


def test_every_rule_and_order_with_a_table_and_a_first_move() -> None:
    """Each rule with each order, in one position, with a small table and a first move (so no
    option depends on the random draw to be tried)."""
    for rules, order in itertools.product(sorted(RULES), sorted(ORDERS)):
        for depth, scoring in ((None, "utility"), (3, "evaluation")):
            for warm in (False, True):
                check(Case("tictactoe", (4, 0), depth, scoring, rules, order, table=64, first_move=2, deadline=None,
                           warm=warm))


def test_a_warm_table_proves_more_than_the_children_do() -> None:
    """A position where the table's proven lower bound, from a shallower search, is better than
    the one the node's own moves prove (the order leaves moves out): both paths keep it."""
    check(Case("connect4", (0, 2, 6, 6, 5, 5, 6, 1, 4, 6), 2, "evaluation", "plain", "first-three", table=256,
               first_move=None, deadline=None, warm=True))


def test_alphabeta_takes_the_fast_path_and_a_trace_the_general_one() -> None:
    root = TicTacToe()
    assert SearchEngine(rules=AlphaBeta()).uses_fast_path()
    assert not SearchEngine(rules=AlphaBeta(), trace=True).uses_fast_path()
    traced = alphabeta(root.play(4).play(0).play(8), trace=True)
    assert traced.trace and traced.nodes == alphabeta(root.play(4).play(0).play(8)).nodes
    assert not PVSEngine(rules=AlphaBeta()).uses_fast_path()  # it overrides expand: its own loop runs


def test_fast_path_keeps_the_figures() -> None:
    """reference/figures.md: 18,297 nodes for alpha-beta from the empty board, 146,120 with the
    strict cut-off, 30,710 with a fresh window per root move, 7,275 with centre-corners-edges;
    the fast path and the general path agree on each, line and all."""
    root, order = TicTacToe(), [4, 0, 2, 6, 8, 1, 3, 5, 7]
    for rules, search_order, nodes in ((AlphaBeta(), None, 18_297), (StrictCutoff(), None, 146_120),
                                       (FreshRootWindow(), None, 30_710), (AlphaBeta(), order, 7_275)):
        results = []
        for fast in (True, False):
            engine = SearchEngine(rules=rules, order=search_order)
            engine.fast = fast
            results.append(engine.run(root, None))
        assert [result.nodes for result in results] == [nodes, nodes]
        assert results[0].pv == results[1].pv and results[0].cutoffs == results[1].cutoffs
        assert results[0].value == 0 and results[0].proven
