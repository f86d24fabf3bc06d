"""The gomoku board, driven without a browser: clicks go through the real button click
handlers, choices through the drop-downs' and the toggle's values, as the front end would."""

from __future__ import annotations

import time
import unicodedata
from typing import Any

import pytest
from gate import Gate  # the agent that answers when a test lets it

from tictac_edu.agents import AgentBase, Budget, Decision, RandomAgent
from tictac_edu.agents.catalogue import game_evaluation
from tictac_edu.evaluation.gomoku import pattern_evaluation
from tictac_edu.games import Gomoku, TicTacToe
from tictac_edu.games.base import GameState, Move
from tictac_edu.search.result import SearchResult
from tictac_edu.session import AI_VS_AI, TWO_HUMANS, TimeControl
from tictac_edu.widgets import GomokuBoard, game_board
from tictac_edu.widgets.base import CLOCK_TICK
from tictac_edu.widgets.gomoku import (
    BEST_CLASS,
    BEST_GLYPH,
    EMPTY_TEXT,
    FORBIDDEN_CLASS,
    FORBIDDEN_GLYPH,
    HEAT_CLASS,
    HEAT_COLOURS,
    LAST_MOVE_CLASS,
    LAST_MOVE_COLOUR,
    STONE_GLYPH,
    WIN_CLASS,
    WIN_COLOUR,
    heat_levels,
    point_values,
    winning_points,
)

CENTRE = 7 * 15 + 7
"""The button of H8, the centre point."""
RENJU = Gomoku.from_stones(black=["H8", "I8", "J7", "J6"], white=["A15", "B15", "C15", "D15"], rule="renju")
"""Black to move; J8 would make two open threes (H8-I8-J8 and J8-J7-J6): a forbidden double-three."""


def first_point(state: GameState) -> Move:
    return state.legal_moves()[0]


class FirstPoint:
    """A deterministic agent that answers at once: the first legal point (A15, B15, ...)."""

    name = "first"

    def choose_move(self, state: GameState) -> Move:
        return first_point(state)


def index(board: GomokuBoard, name: str) -> int:
    x, y = board.session.parse(name)
    return y * board.size + x


def button(board: GomokuBoard, name: str) -> Any:
    return board.buttons[index(board, name)]


def stones(board: GomokuBoard, player: str) -> set[str]:
    """The points whose button carries ``player``'s stone class."""
    notation = board.session.notation
    return {notation.name((i % board.size, i // board.size)) for i, b in enumerate(board.buttons)
            if f"tictac-stone-{player}" in b._dom_classes}


def assert_shows(board: GomokuBoard, state: Gomoku) -> None:
    """The buttons carry exactly the stones of ``state``, as ``●`` in the player's colour."""
    notation = board.session.notation
    for player in state.players:
        assert stones(board, player) == {notation.name(point) for point in state.stones(player)}
    for i, b in enumerate(board.buttons):
        stone = state.stone((i % board.size, i // board.size))
        assert (b.description == STONE_GLYPH) == (stone is not None)


def assert_no_failure(board: GomokuBoard) -> None:
    assert not board.message.value.startswith("Something went wrong"), board.message.value


@pytest.fixture
def board() -> GomokuBoard:
    return GomokuBoard(opponent=FirstPoint(), pause=0)


# -- placing stones -------------------------------------------------------------------------------


def test_a_click_places_a_stone_and_the_ai_replies(board: GomokuBoard) -> None:
    assert board.side == "Black" and board.session.sides[:2] == ("Black", "White")
    board.buttons[CENTRE].click()
    assert board.wait(10)
    assert board.state.moves() == [(7, 7), (0, 0)]
    assert_shows(board, board.state)
    assert stones(board, "Black") == {"H8"} and stones(board, "White") == {"A15"}
    assert LAST_MOVE_CLASS in button(board, "A15")._dom_classes
    assert LAST_MOVE_CLASS not in button(board, "H8")._dom_classes
    assert button(board, "A15").style.button_color == LAST_MOVE_COLOUR
    assert button(board, "A15").tooltip == "A15: White (the last move)"
    assert "AI (first) played A15 for White" in board.figures.value
    assert "Black</b> (you) to move" in board.status.value
    assert_no_failure(board)


def test_clicks_by_name_and_bad_clicks_get_one_message_and_change_nothing(board: GomokuBoard) -> None:
    board.click("h8")
    assert board.wait(10) and board.state.ply == 2
    before, generation = board.state, board.session.generation
    for target, words in (((7, 7), "Illegal move H8: the point is taken by Black."),
                          ("H8", "Illegal move H8: the point is taken by Black."),
                          ((15, 0), "There is no point (15, 0): x is 0 to 14 and y 0 to 14 in code"),
                          ("Z99", "'Z99' is off the board: the columns are A-O and the rows 1-15."),
                          ("h", "'h' is not a point: type a point such as H8"),
                          ("8h", "'8h' is not a point")):
        board.click(target)
        assert board.message.value.startswith(words), board.message.value
        assert len(board.message.value.splitlines()) == 1
        assert board.state is before and board.session.generation == generation
    assert_shows(board, before)
    board.click("J9")
    assert board.message.value == ""  # a good move clears the message
    assert board.wait(10)


def test_a_point_is_never_given_an_empty_text(board: GomokuBoard) -> None:
    # The page's button keeps its old text when its description becomes "": a stone taken back
    # by Undo or New game would stay drawn.
    seen: set[str] = set()
    for b in board.buttons:
        b.observe(lambda change: seen.add(change["new"]), names="description")
    board.click("H8")
    board.wait(10)
    board.heatmap_button.value = True
    board.wait(30)
    board.undo()
    board.new_game()
    assert STONE_GLYPH in seen and EMPTY_TEXT in seen and "" not in seen
    assert all(b.description for b in board.buttons)


def test_the_coordinates_run_a_to_o_and_15_to_1_around_the_grid(board: GomokuBoard) -> None:
    texts = [child.value for child in board.grid.children if "tictac-coordinate" in child._dom_classes]
    shown = [text.split(">")[1].split("<")[0] for text in texts]
    letters = list("ABCDEFGHIJKLMNO")
    assert shown[:17] == ["", *letters, ""]  # above
    assert shown[-17:] == ["", *letters, ""]  # below
    sides = shown[17:-17]
    assert sides[0::2] == [str(n) for n in range(15, 0, -1)] == sides[1::2]  # left and right of each row
    assert len(board.grid.children) == 17 * 17
    assert board.buttons[0].tooltip == "A15" and board.buttons[-1].tooltip == "O1"
    assert "tictac-point-H8" in board.buttons[CENTRE]._dom_classes


def test_a_move_sends_only_the_buttons_that_changed(board: GomokuBoard) -> None:
    board.click("H8")
    assert board.wait(10)
    changed: set[int] = set()
    for i, b in enumerate(board.buttons):
        b.observe(lambda _, i=i: changed.add(i), names=["description", "style", "tooltip", "_dom_classes"])
    board.click("I9")
    assert board.wait(10)
    # I9 gets a stone and is the last move for a moment, then the AI's B15 becomes the last
    # move and A15 (the AI's stone before) is no longer highlighted
    assert changed == {index(board, "I9"), index(board, "B15"), index(board, "A15")}
    changed.clear()
    board._render()  # nothing changed: nothing sent
    assert not changed
    styles = {id(b.style) for b in board.buttons}
    assert len(styles) <= 4  # every button shares one of a handful of styles: empty, black, white, last
    assert len({id(b.layout) for b in board.buttons}) == 1


def test_a_five_wins_is_highlighted_and_ends_the_game() -> None:
    start = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 a4")
    board = GomokuBoard(side=TWO_HUMANS, opponent=FirstPoint(), start=start)
    board.click("L8")
    line = {"H8", "I8", "J8", "K8", "L8"}
    assert {name for name in line if WIN_CLASS in button(board, name)._dom_classes} == line
    assert button(board, "L8").style.button_color == WIN_COLOUR
    assert "wins</b> with five in a row, H8–L8" in board.status.value
    board.click("M8")
    assert board.message.value == "The game is over (Black won). Press New game to play again, or Undo."
    assert winning_points(board.state) == [(7, 7), (8, 7), (9, 7), (10, 7), (11, 7)]
    board.undo()
    assert board.state == start and not any(WIN_CLASS in b._dom_classes for b in board.buttons)


def test_undo_and_new_game(board: GomokuBoard) -> None:
    board.click("H8")
    board.wait(10)
    board.click("J9")
    board.wait(10)
    board.undo_button.click()
    assert board.state.moves() == [(7, 7), (0, 0)]
    assert_shows(board, board.state)
    board.new_game_button.click()
    assert board.state.ply == 0 and all(b.description == EMPTY_TEXT for b in board.buttons)
    board.undo_button.click()
    assert board.message.value == "Nothing to undo: no move has been played."


def test_ai_vs_ai_plays_to_the_end() -> None:
    board = GomokuBoard(9, side=AI_VS_AI, opponent=RandomAgent(seed=3), pause=0)
    board.ai_move_button.click()
    assert board.wait(10) and board.state.ply == 1
    board.play_to_end_button.click()
    assert board.wait(60)
    state = board.state
    assert state.is_terminal() and board.session.is_over()
    assert_shows(board, state)
    assert ("wins</b> with" in board.status.value) == (state.winner is not None)
    assert_no_failure(board)


def test_the_ai_moves_first_when_you_play_white() -> None:
    board = GomokuBoard(side="White", opponent=FirstPoint())
    assert board.wait(10) and stones(board, "Black") == {"A15"}
    assert "White</b> (you) to move" in board.status.value


def test_the_board_answers_while_the_ai_thinks() -> None:
    gate = Gate()
    board = GomokuBoard(opponent=gate)
    board.click("H8")
    assert gate.asked.wait(10)
    assert board.thinking.value == "AI is thinking…"
    board.click("J9")
    assert board.message.value == "The AI (gate) is thinking about White's move: wait for it."
    gate.release()
    assert board.wait(10) and board.state.ply == 2 and board.thinking.value == ""


def test_the_games_own_levels_are_offered() -> None:
    start = Gomoku()
    board = GomokuBoard(opponent=FirstPoint())
    levels = start.game.levels
    assert [value for _, value in board.difficulty_selector.options][1:] == list(levels)
    assert "mcts" in levels
    if levels:
        board.difficulty_selector.value = levels[0]
        assert board.agent.name == levels[0]


# -- renju -------------------------------------------------------------------------------------------


def test_forbidden_points_are_marked_and_a_click_on_one_names_the_pattern() -> None:
    board = GomokuBoard(side=TWO_HUMANS, opponent=FirstPoint(), start=RENJU)
    j8 = button(board, "J8")
    assert j8.description == FORBIDDEN_GLYPH and FORBIDDEN_CLASS in j8._dom_classes
    assert j8.tooltip == "J8: forbidden for Black under renju (double-three)"
    assert [b for b in board.buttons if FORBIDDEN_CLASS in b._dom_classes] == [j8]
    j8.click()
    assert board.message.value == "Illegal move J8: forbidden for Black under renju (double-three)."
    assert board.state is RENJU
    board.click("K8")  # White to move: White has no forbidden points
    assert board.message.value == "" and FORBIDDEN_CLASS not in j8._dom_classes and j8.description == EMPTY_TEXT
    board.undo()
    assert FORBIDDEN_CLASS in j8._dom_classes


def test_freestyle_has_no_forbidden_points() -> None:
    free = Gomoku.from_stones(black=["H8", "I8", "J7", "J6"], white=["A15", "B15", "C15", "D15"])
    board = GomokuBoard(side=TWO_HUMANS, opponent=FirstPoint(), start=free)
    assert not any(FORBIDDEN_CLASS in b._dom_classes for b in board.buttons)
    board.click("J8")
    assert board.message.value == "" and board.state.stone((9, 7)) == "Black"


# -- the heatmap ----------------------------------------------------------------------------------


def test_the_heatmap_is_off_by_default_and_colours_the_points_near_the_stones() -> None:
    board = GomokuBoard(side=TWO_HUMANS, opponent=FirstPoint(), evaluation=pattern_evaluation)
    board.click("H8")
    board.click("I9")
    assert not board.heatmap_button.value and board.heatmap_values == {}
    assert board.heatmap_legend.layout.display == "none"
    assert not any(HEAT_CLASS in b._dom_classes for b in board.buttons)

    board.heatmap_button.value = True
    assert board.wait(30)
    values = board.heatmap_values
    state = board.state
    placed = [(7, 7), (8, 6)]  # H8 and I9
    near = {(x + dx, y + dy) for x, y in placed for dx in range(-2, 3) for dy in range(-2, 3)} - set(placed)
    assert set(values) == near  # the empty points within two steps of a stone
    for point in ((9, 9), (6, 5)):
        assert values[point] == pattern_evaluation(state.play(point), "Black")
    levels = heat_levels(values)
    best = max(values.values())
    for point, level in levels.items():
        b = board.buttons[point[1] * 15 + point[0]]
        assert HEAT_CLASS in b._dom_classes and b.style.button_color == HEAT_COLOURS[level]
        assert (BEST_CLASS in b._dom_classes) == (values[point] == best)
        assert "for Black after Black plays here (pattern_evaluation)" in b.tooltip
    assert "Heatmap for" in board.heatmap_legend.value and "pattern_evaluation" in board.heatmap_legend.value
    assert board.heatmap_legend.layout.display == ""

    board.click("G7")  # White's turn now: the heatmap is White's, and worked out afresh
    assert board.wait(30)
    assert set(board.heatmap_values) and "Heatmap for" in board.heatmap_legend.value
    assert all(value == pattern_evaluation(board.state.play(point), "White")
               for point, value in list(board.heatmap_values.items())[:5])
    board.heatmap_button.value = False
    assert not any(HEAT_CLASS in b._dom_classes for b in board.buttons) and board.heatmap_values == {}


def test_the_heatmap_reads_the_games_evaluation_and_waits_for_the_ai() -> None:
    gate = Gate()
    board = GomokuBoard(opponent=gate, heatmap=True)
    reference = game_evaluation(Gomoku())
    if reference is None:
        assert board.heatmap_button.disabled and "names no evaluation" in board.heatmap_button.tooltip
        return
    assert board.evaluation is reference
    board.click("H8")
    assert gate.asked.wait(10)
    assert board.heatmap_status.value == "The heatmap waits for the AI's move."
    gate.release()
    assert board.wait(30)
    assert board.heatmap_values and board.heatmap_status.value == ""


def test_without_an_evaluation_there_is_no_heatmap_but_the_board_works() -> None:
    board = GomokuBoard(opponent=FirstPoint(), evaluation="no_such_module:evaluate")
    assert board.evaluation is None and board.heatmap_button.disabled
    assert "cannot be found" in board.heatmap_button.tooltip
    board.click("H8")
    assert board.wait(10) and board.state.ply == 2


def test_heat_levels_and_point_values() -> None:
    assert heat_levels({(0, 0): 5.0, (1, 0): 5.0}) == {(0, 0): 6, (1, 0): 6}  # all equal: all the best
    assert heat_levels({(0, 0): float("-inf"), (1, 0): 3.0, (2, 0): float("inf")}) == {(0, 0): 0, (1, 0): 6,
                                                                                         (2, 0): 6}
    state = Gomoku.from_moves("h8")
    assert point_values(state, pattern_evaluation, [(8, 8)]) == {(8, 8): pattern_evaluation(state.play((8, 8)),
                                                                                              "White")}
    assert point_values(state, pattern_evaluation, stop=lambda: True) is None


# -- proven wins, the clock -----------------------------------------------------------------------


class Prover(AgentBase):
    """An agent whose search proves a win: it plays A15 and says the win is proven."""

    name = "prover"

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        move = first_point(state)
        return Decision(move, SearchResult(value=1_000_000, move=move, pv=[move], nodes=10, player=state.to_move,
                                           depth=3, proven=True), "search")


def test_a_proven_win_is_announced_and_an_estimate_is_not() -> None:
    board = GomokuBoard(opponent=Prover())
    board.click("H8")
    assert board.wait(10)
    assert "White has a forced win" in board.announcement.value
    assert "proved it with its search" in board.announcement.value
    estimate = GomokuBoard(opponent=FirstPoint())
    estimate.click("H8")
    assert estimate.wait(10) and estimate.announcement.value == ""


def test_the_strong_level_announces_a_win_it_proves() -> None:
    if "strong" not in Gomoku().game.difficulties:
        pytest.skip("gomoku has no strong level")
    start = Gomoku.from_moves("a1 h8 a3 i8 a5 j8")  # White has an open three, H8-I8-J8; Black to move
    board = GomokuBoard(side="Black", difficulty="strong", start=start)
    board.click("O15")  # Black does not block: White makes an open four, a win nothing can stop
    assert board.wait(30)
    answer = board.session.last_ai
    assert answer is not None and answer.proven and answer.outcome == "win"
    assert "White has a forced win" in board.announcement.value
    assert_no_failure(board)


class Sleeper(AgentBase):
    """An agent that takes a quarter of its time limit (or of the budget's time, if that is
    less), and then plays the first legal point: its move comes well within the clock however
    busy the machine (a quarter of the 0.8 s the clock gives it leaves 0.8 s to spare)."""

    name = "sleeper"

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        player, limit = self.within(budget)
        time.sleep(player.time_limit / 4)
        return Decision(first_point(state), time_limit=limit)


def test_the_clock_counts_down_and_the_ai_plays_within_it() -> None:
    agent = Sleeper(time_limit=30.0)
    board = GomokuBoard(opponent=agent, time_control=TimeControl(per_move=1.0, per_game=60))
    try:
        assert board.clock_display.layout.display == "" and "Time left: " in board.clock_display.value
        assert "1:00" in board.clock_display.value and "for this move" in board.clock_display.value
        board.click("H8")
        assert board.wait(10)
        answer = board.session.last_ai
        assert answer is not None, (board.session.flagged, board.message.value)
        assert answer.clock_limit is not None and answer.clock_limit < 1.0 and agent.time_limit == 30.0
        assert "s on the clock" in board.figures.value
        shown = board.clock_display.value
        time.sleep(3 * CLOCK_TICK)
        assert board.clock_display.value != shown  # your countdown runs while you think
    finally:
        board.close()
    assert GomokuBoard(opponent=FirstPoint()).clock_display.layout.display == "none"


def test_running_out_of_time_loses_on_time() -> None:
    board = GomokuBoard(opponent=FirstPoint(), time_control=TimeControl(per_move=0.5))
    try:
        time.sleep(0.6)
        assert board.session.flagged is None  # your first move is not timed
        board.click("H8")
        assert board.wait(10) and board.state.ply == 2
        deadline = time.monotonic() + 10
        while board.session.flagged is None and time.monotonic() < deadline:
            time.sleep(CLOCK_TICK)
        assert board.session.flagged == "Black"
        time.sleep(2 * CLOCK_TICK)
        assert "White (AI: first) wins on time</b>: Black ran out of time" in board.status.value
        assert board.message.value == "Black's time is up: White wins on time."
        assert "time is up" in board.clock_display.value
        board.click("J9")
        assert board.state.ply == 2 and board.message.value.startswith("The game is over (White won on time)")
        board.new_game()
        assert board.session.flagged is None and "wins on time" not in board.status.value
    finally:
        board.close()


def test_no_emoji_in_the_indicators() -> None:
    board = GomokuBoard(opponent=Prover(), evaluation=pattern_evaluation, heatmap=True,
                        time_control=TimeControl(per_game=600))
    try:
        board.click("H8")
        assert board.wait(30)
        texts = [board.status.value, board.thinking.value, board.clock_display.value, board.heatmap_legend.value,
                 board.heatmap_status.value, board.announcement.value, board.figures.value]
        assert board.announcement.value and board.heatmap_legend.value
        assert not [char for text in texts for char in text.replace(BEST_GLYPH, "")
                    if unicodedata.category(char) == "So"]
    finally:
        board.close()


# -- the board's choice and its arguments ----------------------------------------------------------


def test_the_board_is_chosen_by_the_games_description() -> None:
    assert Gomoku().game.board == "grid"
    assert isinstance(game_board(Gomoku(rule="renju"), opponent=FirstPoint()), GomokuBoard)


def test_other_sizes_and_bad_arguments() -> None:
    small = GomokuBoard(9, opponent=FirstPoint())
    assert len(small.buttons) == 81 and small.buttons[0].tooltip == "A9"
    small.click("E5")
    assert small.wait(10) and small.state.stone((4, 4)) == "Black"
    with pytest.raises(TypeError, match="grid"):
        GomokuBoard(start=TicTacToe(), opponent=FirstPoint())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown side"):
        GomokuBoard(side="X", opponent=FirstPoint())
    with pytest.raises(ValueError, match="5 to 26"):
        GomokuBoard(30, opponent=FirstPoint())
