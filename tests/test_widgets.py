"""The boards and the search viewer, driven without a browser: clicks go through the real
button click handlers, choices through the drop-downs' values, as the front end would."""

from __future__ import annotations

import random
import time

import pytest
from gate import Gate  # the agent that answers when a test lets it

from tictac_edu.agents import RandomAgent, SearchAgent
from tictac_edu.games import GameTree, MNKGame, TicTacToe, moves_from_start, new_game, play_moves
from tictac_edu.games.base import GameState, Move
from tictac_edu.games.tree import Tree
from tictac_edu.search import alphabeta
from tictac_edu.widgets import (
    GIVEN_AGENT,
    MNKBoard,
    SearchViewer,
    TicTacToeBoard,
    describe_event,
    game_board,
    style,
)
from tictac_edu.widgets.base import THINKING_TEXT
from tictac_edu.widgets.board import EMPTY_CELL

TEXTBOOK_TREE: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TEXTBOOK_CUTOFF_STEP = 12
"""The only cut-off of alpha-beta on the textbook tree: node 5 (the middle MIN node) skips
its moves 1 and 2 once its first leaf (2) is below alpha = 3."""
PNG_SIGNATURE = b"\x89PNG"


def marks(board: MNKBoard, mark: str) -> list[int]:
    return [cell for cell, content in enumerate(board.state.board) if content == mark]


def assert_no_failure(board: MNKBoard) -> None:
    assert not board.message.value.startswith("Something went wrong"), board.message.value


def assert_shows(board: MNKBoard, state: MNKGame) -> None:
    """The buttons show ``state``: marks on taken cells, nothing on empty ones (never a digit
    beside the letter O; the cell number is the button's tooltip)."""
    for cell, button in enumerate(board.buttons):
        mark = state.board[cell]
        assert button.description == (mark if mark is not None else EMPTY_CELL)


@pytest.fixture
def board() -> TicTacToeBoard:
    return TicTacToeBoard(side="X", difficulty="perfect", pause=0)


# -- playing against the AI ------------------------------------------------------------------


def test_a_click_plays_your_move_and_the_ai_replies(board: TicTacToeBoard) -> None:
    board.buttons[4].click()
    board.wait()

    assert board.state.board[4] == "X"
    assert board.state.ply == 2
    (reply,) = marks(board, "O")
    assert board.buttons[reply].description == "O"
    assert board.buttons[4].description == "X"
    assert_shows(board, board.state)
    assert board.last_result is not None and board.last_result.move == reply
    for figure in ("AI (perfect)", f"played {reply} for O", 'title="search value 0"',
                   "proven: a draw with best play on both sides", "nodes", "ms", "PV"):
        assert figure in board.figures.value
    assert "X</b> (you) to move" in board.status.value
    assert board.message.value == ""
    assert board.thinking.value == ""


def test_the_last_move_is_highlighted(board: TicTacToeBoard) -> None:
    board.buttons[4].click()
    board.wait()
    (reply,) = marks(board, "O")
    assert board.buttons[reply].style.button_color == style.LAST_MOVE_COLOUR
    assert board.buttons[4].style.button_color == style.CELL_COLOUR
    assert board.buttons[4].style.text_color == style.X_COLOUR
    assert board.buttons[reply].style.text_color == style.O_COLOUR


def test_the_thinking_line_shows_while_the_ai_searches() -> None:
    seen_while_searching: list[str] = []

    class Watched(SearchAgent):
        board: MNKBoard | None = None

        def choose_move(self, state: GameState) -> Move:
            assert self.board is not None
            seen_while_searching.append(self.board.thinking.value)
            return super().choose_move(state)

    agent = Watched(name="watched")
    board = TicTacToeBoard(opponent=agent)
    agent.board = board
    shown: list[str] = []
    board.thinking.observe(lambda change: shown.append(change["new"]), names="value")

    board.buttons[0].click()
    board.wait()

    assert seen_while_searching and all(THINKING_TEXT in text for text in seen_while_searching)
    assert shown[0].endswith(THINKING_TEXT) and shown[-1] == ""
    assert board.thinking.value == ""


def test_a_click_on_a_taken_cell_gives_a_message_and_changes_nothing(board: TicTacToeBoard) -> None:
    board.buttons[4].click()
    board.wait()
    before = board.state
    (reply,) = marks(board, "O")

    for cell, owner in ((4, "X"), (reply, "O")):
        board.buttons[cell].click()
        board.wait()
        assert board.state is before
        assert board.message.value == f"Cell {cell} is taken by {owner}: choose an empty cell."
        assert_shows(board, before)

    board.buttons[next(c for c in range(9) if before.board[c] is None)].click()
    board.wait()
    assert board.message.value == ""  # a good move clears the message


def test_clicks_off_the_board_or_by_row_and_column(board: TicTacToeBoard) -> None:
    board.click(9)
    board.wait()
    assert board.state.ply == 0
    assert "off the board" in board.message.value
    board.click((1, 1))
    board.wait()
    assert board.state.board[4] == "X"
    board.click((1, 1))
    board.wait()
    assert "taken" in board.message.value
    board.click("centre")  # type: ignore[arg-type]
    board.wait()
    assert "cell number" in board.message.value
    assert_no_failure(board)


def test_a_click_after_the_game_ended_gives_a_message() -> None:
    board = TicTacToeBoard(side="two humans")
    for cell in (0, 3, 1, 4, 2):  # X takes the top row
        board.buttons[cell].click()
        board.wait()
    assert board.state.winner == "X"
    assert "X wins" in board.status.value and "0, 1, 2" in board.status.value
    for cell in range(9):  # the winning line wins over the last-move highlight (cell 2)
        expected = style.WIN_COLOUR if cell in (0, 1, 2) else style.CELL_COLOUR
        assert board.buttons[cell].style.button_color == expected
    finished = board.state

    board.buttons[5].click()
    board.wait()
    assert board.state is finished
    assert "The game is over (X won)" in board.message.value
    board.ai_move_button.click()
    board.wait()
    assert board.state is finished
    assert "game is over" in board.message.value


def test_a_draw_is_reported_and_further_clicks_refused() -> None:
    board = TicTacToeBoard(side="two humans")
    for cell in (0, 4, 8, 1, 7, 6, 2, 5, 3):
        board.buttons[cell].click()
        board.wait()
    assert board.state.is_terminal() and board.state.winner is None
    assert "Draw" in board.status.value
    board.buttons[0].click()
    board.wait()
    assert "The game is over (a draw)" in board.message.value


def test_undo_takes_back_your_move_and_the_ai_reply(board: TicTacToeBoard) -> None:
    board.buttons[4].click()
    board.wait()
    after_first_exchange = board.state
    empty = next(c for c in range(9) if after_first_exchange.board[c] is None)
    board.buttons[empty].click()
    board.wait()
    assert board.state.ply == 4

    board.undo_button.click()
    board.wait()
    assert board.state is after_first_exchange
    assert_shows(board, after_first_exchange)
    assert board.figures.value == ""

    board.undo_button.click()
    board.wait()
    assert board.state.ply == 0
    board.undo_button.click()
    board.wait()
    assert board.state.ply == 0
    assert board.message.value == "Nothing to undo: no move has been played."


def test_undo_when_you_play_o() -> None:
    board = TicTacToeBoard(side="O", difficulty="perfect")
    board.wait()
    assert board.state.ply == 1  # the AI opened as X
    board.undo_button.click()
    board.wait()
    assert board.state.ply == 1
    assert board.message.value == "Nothing to undo: you have not moved yet."

    opening = board.state
    board.buttons[next(c for c in range(9) if opening.board[c] is None)].click()
    board.wait()
    assert board.state.ply == 3
    board.undo_button.click()
    board.wait()
    assert board.state is opening


def test_undo_takes_back_one_move_between_two_humans() -> None:
    board = TicTacToeBoard(side="two humans")
    board.buttons[0].click()
    board.wait()
    board.buttons[4].click()
    board.wait()
    board.undo_button.click()
    board.wait()
    assert moves_from_start(board.state) == [0]


def test_new_game_resets(board: TicTacToeBoard) -> None:
    board.buttons[0].click()
    board.wait()
    board.buttons[8].click()
    board.wait()
    board.new_game_button.click()
    board.wait()
    assert board.state == TicTacToe() and board.state.ply == 0
    assert board.figures.value == "" and board.message.value == ""
    assert board.last_result is None
    assert_shows(board, TicTacToe())
    assert all(button.style.button_color == style.CELL_COLOUR for button in board.buttons)

    board.side_selector.value = "O"  # the AI now plays X and moves at once

    board.wait()
    assert board.state.ply == 1
    board.new_game_button.click()
    board.wait()
    assert board.state.ply == 1 and marks(board, "X")


def test_new_game_returns_to_a_given_start() -> None:
    start = play_moves(TicTacToe(), [0, 4])
    board = TicTacToeBoard(start=start, side="two humans")
    board.buttons[8].click()
    board.wait()
    board.new_game_button.click()
    board.wait()
    assert board.state is start
    board.undo_button.click()
    board.wait()
    assert board.state is start
    assert "Nothing to undo" in board.message.value


def test_changing_sides_mid_game_lets_the_ai_move() -> None:
    board = TicTacToeBoard(side="two humans")
    board.buttons[4].click()  # X played; O to move
    board.wait()
    board.side_selector.value = "X"  # you are X, so the AI must answer as O now
    board.wait()
    assert board.state.ply == 2 and len(marks(board, "O")) == 1
    assert board.message.value == "You play X."


def test_ai_vs_ai_steps_and_plays_to_the_end(board: TicTacToeBoard) -> None:
    board.side_selector.value = "AI vs AI"
    board.wait()
    assert board.state.ply == 0
    board.buttons[0].click()
    board.wait()
    assert board.state.ply == 0
    assert "The AI plays both sides" in board.message.value

    board.ai_move_button.click()
    board.wait()
    assert board.state.ply == 1
    board.ai_move_button.click()
    board.wait()
    assert board.state.ply == 2

    board.play_to_end_button.click()
    board.wait()
    final = board.state
    assert final.is_terminal()
    assert final.winner is None  # perfect play on both sides draws
    replayed = play_moves(TicTacToe(), moves_from_start(final))  # every move legal
    assert replayed == final
    assert len(marks(board, "X")) - len(marks(board, "O")) in (0, 1)
    assert_shows(board, final)
    assert "Draw" in board.status.value

    board.play_to_end_button.click()
    board.wait()
    assert "game is over" in board.message.value
    board.undo_button.click()
    board.wait()
    assert board.state is final.undo()


def test_a_difficulty_change_rebuilds_the_agent(board: TicTacToeBoard) -> None:
    perfect = board.agent
    assert perfect.name == "perfect"
    assert board.difficulty_selector.options == tuple((level, level) for level in TicTacToe().game.levels)
    assert [value for _, value in board.difficulty_selector.options][-2:] == ["mcts", "mcts-solver"]

    board.difficulty_selector.value = "easy"

    board.wait()
    assert board.agent is not perfect
    assert board.agent.name == "easy"
    assert board.message.value == "The AI is now easy."
    board.buttons[4].click()
    board.wait()
    assert "AI (easy)" in board.figures.value

    board.difficulty_selector.value = "perfect"

    board.wait()
    assert board.agent is not perfect and board.agent.name == "perfect"


def test_an_explicit_opponent_and_switching_back_to_it() -> None:
    opponent = RandomAgent(seed=7, name="dice")
    board = TicTacToeBoard(opponent=opponent)
    assert board.agent is opponent
    assert board.difficulty == GIVEN_AGENT
    assert board.difficulty_selector.options[0] == ("dice (given)", GIVEN_AGENT)

    board.buttons[4].click()
    board.wait()
    assert board.state.ply == 2
    assert "AI (dice)" in board.figures.value and "a random move" in board.figures.value
    assert board.last_result is None

    board.difficulty_selector.value = "hard"

    board.wait()
    assert board.agent.name == "hard"
    board.difficulty_selector.value = GIVEN_AGENT
    board.wait()
    assert board.agent is opponent


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("side", ["X", "O"])
def test_the_perfect_ai_never_loses_to_random_clicks(side: str, seed: int) -> None:
    rng = random.Random(seed)
    board = TicTacToeBoard(side=side, difficulty="perfect")  # type: ignore[arg-type]
    board.wait()
    while not board.state.is_terminal():
        cell = rng.randrange(9)  # taken cells too: they must only give a message
        before = board.state
        board.buttons[cell].click()
        board.wait()
        if before.board[cell] is not None:
            assert board.state is before and "taken" in board.message.value
    ai = "O" if side == "X" else "X"
    assert board.state.winner in (None, ai)
    assert_shows(board, board.state)
    assert_no_failure(board)


def test_a_failing_agent_gives_a_message_not_an_exception() -> None:
    class Broken:
        name = "broken"

        def choose_move(self, state: GameState) -> Move:
            raise RuntimeError("no idea")

    class Cheater:
        name = "cheater"

        def choose_move(self, state: GameState) -> Move:
            return 4  # the centre, taken or not

    board = TicTacToeBoard(opponent=Broken())
    board.buttons[0].click()
    board.wait()
    assert moves_from_start(board.state) == [0]
    assert board.message.value == "The AI (broken) could not move: RuntimeError: no idea"
    assert board.thinking.value == ""
    board.buttons[1].click()  # still the AI's turn
    board.wait()
    assert moves_from_start(board.state) == [0]
    assert "the AI's turn" in board.message.value
    board.undo_button.click()
    board.wait()
    assert board.state.ply == 0

    board = TicTacToeBoard(opponent=Cheater())
    board.buttons[4].click()
    board.wait()
    assert "The AI (cheater) could not move: IllegalMoveError" in board.message.value
    assert board.state.ply == 1


def test_bigger_boards_offer_only_the_presets_that_fit() -> None:
    board = MNKBoard(4, 4, 3, pause=0)
    assert [value for _, value in board.difficulty_selector.options] == ["easy", "medium", "hard"]
    assert board.difficulty == "hard"
    assert len(board.buttons) == 16
    board.click((1, 1))
    board.wait()
    assert board.state.board[5] == "X" and board.state.ply == 2
    assert "depth 4" in board.figures.value
    with pytest.raises(ValueError, match="'perfect' is not offered"):
        MNKBoard(4, 4, 3, difficulty="perfect")


def test_the_board_answers_while_the_ai_thinks() -> None:
    gate = Gate(move=8)
    board = TicTacToeBoard(opponent=gate)
    board.buttons[4].click()  # returns at once: the AI thinks in the background
    assert gate.asked.wait(10)
    assert board.thinking.value == THINKING_TEXT and board.state.ply == 1
    board.buttons[0].click()
    assert board.state.ply == 1 and "is thinking" in board.message.value
    gate.release()
    assert board.wait(10)
    assert moves_from_start(board.state) == [4, 8] and board.thinking.value == ""


@pytest.mark.parametrize("press", ["new game", "undo", "side"])
def test_a_late_answer_after_new_game_undo_or_a_side_change_is_dropped(press: str) -> None:
    """The bug this guards against: a New game pressed while the AI is thinking could be overwritten by the old
    game plus the AI's move."""
    gate = Gate(move=8)
    board = TicTacToeBoard(opponent=gate)
    board.buttons[4].click()
    assert gate.asked.wait(10)
    if press == "new game":
        board.new_game_button.click()
    elif press == "undo":
        board.undo_button.click()
    else:
        board.side_selector.value = "two humans"
    assert board.thinking.value == ""
    gate.release()
    assert board.wait(10)
    expected = [4] if press == "side" else []  # not [4, 8]: the old game plus the AI's move
    assert moves_from_start(board.state) == expected
    assert_shows(board, board.state)
    assert board.figures.value == "" and board.last_result is None


def test_a_big_board_with_the_ai_to_move_first_returns_at_once() -> None:
    started = time.process_time()
    board = MNKBoard(15, 15, 5, side="O", pause=0)
    built = time.process_time() - started
    assert built < 5, f"the constructor took {built:.1f} s of CPU"  # about 0.3 s: 225 buttons, no search
    assert len(board.buttons) == 225 and board.state.ply == 0 and board.thinking.value == THINKING_TEXT
    assert [value for _, value in board.difficulty_selector.options] == ["easy", "medium", "hard"]
    assert all(preset.time_limit is not None for preset in board.state.game.presets)  # every level by the clock
    assert board.wait(30)
    assert board.state.ply == 1 and board.state.board[board.state.last_move] == "X"
    assert "AI (hard) played" in board.figures.value and "an estimate for X, not proven" in board.figures.value


def test_the_board_is_chosen_by_the_games_description() -> None:
    assert type(game_board(TicTacToe(), side="two humans")) is MNKBoard
    assert type(game_board(new_game("connect4"), side="two humans")).__name__ == "ConnectFourBoard"
    with pytest.raises(ValueError, match="not played on a board"):
        game_board(GameTree(TEXTBOOK_TREE))


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown side"):
        TicTacToeBoard(side="Y")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="choose_move"):
        TicTacToeBoard(opponent=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="MNKGame"):
        MNKBoard(start=GameTree(TEXTBOOK_TREE))  # type: ignore[arg-type]


def test_cells_carry_css_classes_and_tooltips(board: TicTacToeBoard) -> None:
    for cell, button in enumerate(board.buttons):
        assert f"tictac-cell-{cell}" in button._dom_classes
        assert button.tooltip == f"cell {cell} (row {cell // 3}, column {cell % 3})"
    assert "tictac-board" in board._dom_classes
    assert board.widget is board


def test_setting_the_state_shows_it(board: TicTacToeBoard) -> None:
    position = play_moves(TicTacToe(), [0, 4, 1, 2])  # X (you) to move
    board.state = position
    assert_shows(board, position)
    board.state = position.undo()  # O to move: the AI (O) answers
    board.wait()
    assert board.state.undo() is position.undo() and board.state.to_move == "X"
    assert_shows(board, board.state)
    with pytest.raises(ValueError):
        board.state = MNKGame(4, 4, 3)


# -- the search viewer -----------------------------------------------------------------------


@pytest.fixture
def textbook_viewer() -> SearchViewer:
    return SearchViewer(alphabeta(GameTree(TEXTBOOK_TREE), trace=True))


def test_the_viewer_steps_forward_and_back(textbook_viewer: SearchViewer) -> None:
    viewer = textbook_viewer
    assert viewer.step == 0
    assert viewer.description == "enter the root, node 0 (MAX) with α=-∞, β=∞"

    for _ in range(TEXTBOOK_CUTOFF_STEP):
        viewer.next_button.click()
    assert viewer.step == TEXTBOOK_CUTOFF_STEP
    assert viewer.description == "cut-off at node 5 (MIN): α=3 ≥ β=2, skipping moves 1, 2"
    assert viewer.event_line.value.startswith(f"<b>trace[{TEXTBOOK_CUTOFF_STEP}]</b>")
    assert "cut-off at node 5" in viewer.event_line.value

    viewer.previous_button.click()
    assert viewer.step == TEXTBOOK_CUTOFF_STEP - 1
    assert viewer.description == "leave node 6 (MAX) with value 2 (a finished game: a leaf)"
    viewer.previous()
    assert viewer.description == "enter node 6 (MAX) by move 0 from node 5 with α=3, β=∞"
    viewer.next()
    viewer.next()
    assert viewer.step == TEXTBOOK_CUTOFF_STEP


def test_the_cut_off_is_described_at_its_step_only(textbook_viewer: SearchViewer) -> None:
    viewer = textbook_viewer
    cut_offs = []
    for step in range(len(viewer.trace)):
        viewer.step = step
        if "cut-off" in viewer.description:
            cut_offs.append(step)
    assert cut_offs == [TEXTBOOK_CUTOFF_STEP]
    assert viewer.description == "leave node 0 (MAX) with value 3"


def test_the_viewer_stays_within_the_trace(textbook_viewer: SearchViewer) -> None:
    viewer = textbook_viewer
    viewer.previous()
    assert viewer.step == 0
    viewer.step = 1000
    assert viewer.step == len(viewer.trace) - 1 == 22
    viewer.next()
    assert viewer.step == 22
    viewer.play.value = 9  # the Play button drives the slider
    assert viewer.step == 9
    assert viewer.description == "enter node 5 (MIN) by move 1 from node 0 with α=3, β=∞"


def test_the_picture_grows_with_the_steps(textbook_viewer: SearchViewer) -> None:
    viewer = textbook_viewer
    first = bytes(viewer.picture.value)
    assert first.startswith(PNG_SIGNATURE)
    viewer.step = TEXTBOOK_CUTOFF_STEP
    later = bytes(viewer.picture.value)
    assert later.startswith(PNG_SIGNATURE)
    assert later != first


def test_the_viewer_draws_the_events_up_to_the_current_one() -> None:
    calls: list[dict[str, object]] = []

    def draw(trace: object, **options: object) -> None:
        calls.append(options)

    result = alphabeta(GameTree(TEXTBOOK_TREE), trace=True)
    viewer = SearchViewer(result, step=5, max_depth=1, title="", draw=draw)
    viewer.next()
    assert [call["upto"] for call in calls] == [6, 7]  # events 0..step
    assert calls[-1]["max_depth"] == 1 and calls[-1]["title"] == ""
    assert calls[-1]["full_layout"] is True  # the picture does not shift while stepping


def test_the_viewer_takes_a_trace_and_refuses_a_result_without_one() -> None:
    result = alphabeta(GameTree(TEXTBOOK_TREE), trace=True)
    assert result.trace is not None
    assert SearchViewer(result.trace, step=TEXTBOOK_CUTOFF_STEP).description.startswith("cut-off at node 5")
    with pytest.raises(ValueError, match="trace=True"):
        SearchViewer(alphabeta(GameTree(TEXTBOOK_TREE)))
    with pytest.raises(ValueError, match="empty"):
        SearchViewer([])


def test_describe_event_on_a_tic_tac_toe_search() -> None:
    result = alphabeta(play_moves(TicTacToe(), [0, 4, 8, 2]), trace=True)
    assert result.trace is not None
    texts = [describe_event(event) for event in result.trace]
    assert texts[0].startswith("enter the root, node 0 (MAX)")
    assert any(text.startswith("cut-off at node") for text in texts)
    assert texts[-1] == f"leave node 0 (MAX) with value {result.value}"


def test_the_viewer_redraws_with_new_options(textbook_viewer: SearchViewer) -> None:
    viewer = textbook_viewer
    viewer.step = TEXTBOOK_CUTOFF_STEP
    before = bytes(viewer.picture.value)
    viewer.max_depth = 1
    viewer.redraw()
    assert bytes(viewer.picture.value) != before


@pytest.mark.parametrize(("moves", "words"), [
    ([0, 1], "proven: X wins by force, with its 3rd move from here (this one included)"),
    ([0, 4, 8, 2], "proven: X wins by force, with its 2nd move from here (this one included)"),
])
def test_a_proven_value_is_said_in_words_a_newcomer_reads(moves: list[int], words: str) -> None:
    """Notebook 00 has not taught scores yet: a proven result says who wins and with which
    move; the search's number is only in the tooltip."""
    board = TicTacToeBoard(side="O", difficulty="perfect", start=play_moves(TicTacToe(), moves))
    assert board.wait(30)
    figures = board.figures.value
    assert words in figures and 'title="search value ' in figures
    value = board.last_result.value if board.last_result is not None else None
    assert f"value {value}" not in figures.replace(f'title="search value {value}"', "")


def test_a_win_with_this_move_and_a_loss_say_whose() -> None:
    win = TicTacToeBoard(side="X", difficulty="hard", start=play_moves(TicTacToe(), [0, 3, 1, 4, 8]))
    assert win.wait(30)
    assert "proven: O wins with this move" in win.figures.value
    assert 'title="search value 999' in win.figures.value and "999" not in strip_title(win.figures.value)
    lost = TicTacToeBoard(side="X", difficulty="perfect", start=play_moves(TicTacToe(), [0, 1, 3]))  # X threatens 6
    assert lost.wait(30)
    assert "proven: O loses against best play: X wins with its 2nd move from here" in lost.figures.value


def strip_title(html: str) -> str:
    """The figures line without its tooltips."""
    import re

    return re.sub(r' title="[^"]*"', "", html)
