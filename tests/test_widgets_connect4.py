"""The Connect Four board, driven without a browser: drops go through the real button click
handlers, choices through the drop-downs' and the toggle's values, as the front end would."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable
from typing import cast

import pytest

from tictac_edu.agents import SearchAgent
from tictac_edu.evaluation.connect4 import symmetry_test, window_evaluation
from tictac_edu.games import TicTacToe
from tictac_edu.games.base import GameState, Move
from tictac_edu.games.connect4 import ConnectFour
from tictac_edu.session import ordinal
from tictac_edu.solvers.connect4 import Solver
from tictac_edu.widgets import ConnectFourBoard, analyse_columns, style
from tictac_edu.widgets import connect4 as c4widget
from tictac_edu.widgets.base import THINKING_TEXT
from tictac_edu.widgets.connect4 import (
    ANALYSING_TEXT,
    ESTIMATE_MARK,
    ESTIMATE_NOTE,
    EXACT_WORDS,
    LAST_MOVE_CLASS,
    WIN_CLASS,
    analysis_summary,
    discs_to_win,
)

CENTRE = 3
"""Column 4 on the board."""
MIDDLE_GAME = "41176122144644156276"
"""20 moves, X to move; the solver answers it in about 10,000 nodes (column 5 scores -1, the best)."""
NEAR_END = "37171613756261251552273567332644"
"""32 moves, X to move, no column full: the solver scores the columns [4, 2, 3, 4, 0, 0, 0]."""
NEAR_END_SCORES = [4, 2, 3, 4, 0, 0, 0]
SMALL_BUDGET = 2_000
"""An analysis budget that keeps early-game analyses quick in tests."""


def fast_agent() -> SearchAgent:
    """A deterministic agent that answers in milliseconds."""
    return SearchAgent(depth=2, evaluate=window_evaluation, order=list(ConnectFour().game.move_order), name="fast")


def discs(board: ConnectFourBoard, player: str) -> set[tuple[int, int]]:
    """The cells whose widget carries ``player``'s disc class."""
    return {(column, row) for column, cells in enumerate(board.cells) for row, cell in enumerate(cells)
            if f"tictac-disc-{player}" in cell._dom_classes}


def assert_shows(board: ConnectFourBoard, state: ConnectFour) -> None:
    """The cell widgets carry exactly the discs of ``state``."""
    for player in ("X", "O"):
        expected = {(c, r) for c in range(state.columns) for r in range(state.rows) if state.cell(c, r) == player}
        assert discs(board, player) == expected


def assert_no_failure(board: ConnectFourBoard) -> None:
    assert not board.message.value.startswith("Something went wrong"), board.message.value


def signed(score: int) -> str:
    return f"{score:+d}" if score else "0"


@pytest.fixture
def board() -> ConnectFourBoard:
    return ConnectFourBoard(side="X", opponent=fast_agent(), pause=0)


# -- dropping discs ------------------------------------------------------------------------------


def test_a_drop_falls_to_the_bottom_and_the_ai_replies(board: ConnectFourBoard) -> None:
    board.drop_buttons[CENTRE].click()
    board.wait()

    state = board.state
    assert state.cell(CENTRE, 0) == "X"
    assert state.ply == 2
    ((column, row),) = discs(board, "O")
    assert state.cell(column, row) == "O" and row == (1 if column == CENTRE else 0)
    assert discs(board, "X") == {(CENTRE, 0)}
    assert_shows(board, state)
    assert LAST_MOVE_CLASS in board.cells[column][row]._dom_classes
    assert LAST_MOVE_CLASS not in board.cells[CENTRE][0]._dom_classes
    assert board.last_result is not None and board.last_result.move == column
    for figure in ("AI (fast)", f"played column {column + 1} for O", "nodes", "depth 2", "PV"):
        assert figure in board.figures.value
    assert "X</b> (you) to move" in board.status.value
    assert board.message.value == "" and board.thinking.value == ""


def test_the_easy_preset_replies() -> None:
    board = ConnectFourBoard(difficulty="easy", seed=3, pause=0)
    board.wait()
    assert board.agent.name == "easy"
    for column in (CENTRE, CENTRE, 2):
        board.drop_buttons[column].click()
        board.wait()
    assert board.state.ply == 6
    assert "AI (easy) played column" in board.figures.value
    assert_shows(board, board.state)
    assert_no_failure(board)


def test_the_expert_ai_replies_with_a_proven_best_move_from_the_middle_game() -> None:
    start = ConnectFour.from_moves(MIDDLE_GAME)
    board = ConnectFourBoard(difficulty="expert", start=start)
    board.wait()
    board.drop_buttons[4].click()  # column 5: the best for X
    board.wait()

    after_you = start.play(4)
    assert board.state.undo() == after_you and board.state.ply == len(MIDDLE_GAME) + 2
    scores = Solver().analyze(after_you)
    best = max(score for score in scores if score is not None)
    reply = board.state.last_move
    assert reply is not None and scores[reply] == best
    result = board.last_result
    assert result is not None and result.proven and result.depth is None and result.value == best
    assert f"AI (expert) played column {reply + 1} for O" in board.figures.value
    assert f'title="search value {best}"' in board.figures.value
    count = discs_to_win(best, after_you)
    assert f"proven: O wins by force, with its {ordinal(count)} disc from here (this one included)" \
        in board.figures.value
    assert "to the end" in board.figures.value


def test_the_thinking_line_shows_while_the_ai_searches() -> None:
    seen: list[str] = []

    class Watched(SearchAgent):
        board: ConnectFourBoard | None = None

        def choose_move(self, state: GameState) -> Move:
            assert self.board is not None
            seen.append(self.board.thinking.value)
            return super().choose_move(state)

    agent = Watched(depth=1, evaluate=window_evaluation, name="watched")
    board = ConnectFourBoard(opponent=agent)
    board.wait()
    agent.board = board
    board.click(0)
    board.wait()
    assert seen and all(THINKING_TEXT in text for text in seen)
    assert board.thinking.value == ""


# -- clicks that cannot be played ----------------------------------------------------------------


def test_a_full_column_gives_a_message_and_changes_nothing() -> None:
    board = ConnectFourBoard(opponent=fast_agent(), start=ConnectFour.from_moves("444444"))
    board.wait()
    before = board.state
    assert board.drop_buttons[CENTRE].style.button_color == style.C4_FULL_COLUMN_COLOUR
    assert board.drop_buttons[CENTRE].tooltip == "Column 4 is full"

    board.drop_buttons[CENTRE].click()
    board.wait()
    assert board.state is before
    assert board.message.value == "Column 4 is full: choose another column."
    assert board.figures.value == ""
    assert_shows(board, before)

    board.drop_buttons[0].click()
    board.wait()
    assert board.state.ply == before.ply + 2
    assert board.message.value == ""  # a good move clears the message


def test_columns_that_do_not_exist_get_a_message(board: ConnectFourBoard) -> None:
    for column in (7, -1, "4", True, (0, 0)):
        board.click(column)  # type: ignore[arg-type]
        board.wait()
        assert board.state.ply == 0
        assert board.message.value.startswith(f"There is no column {column!r}")
    assert_no_failure(board)


def test_a_win_highlights_four_cells_and_ends_the_game() -> None:
    board = ConnectFourBoard(side="two humans")
    board.wait()
    for column in (0, 1, 0, 1, 0, 1, 0):  # X fills column 1 from the bottom
        board.drop_buttons[column].click()
        board.wait()

    assert board.state.winner == "X"
    four = {(0, row) for row in range(4)}
    highlighted = {(c, r) for c, cells in enumerate(board.cells) for r, cell in enumerate(cells)
                   if WIN_CLASS in cell._dom_classes}
    assert highlighted == four
    for column, row in four:
        assert style.C4_WIN_RING_COLOUR in board.cells[column][row].value
    assert style.C4_WIN_RING_COLOUR not in board.cells[1][0].value
    assert "X wins</b> with four up column 1" in board.status.value
    assert all(button.style.button_color == style.C4_FULL_COLUMN_COLOUR for button in board.drop_buttons)

    finished = board.state
    board.drop_buttons[5].click()
    board.wait()
    assert board.state is finished
    assert board.message.value == "The game is over (X won). Press New game to play again, or Undo."
    board.ai_move_button.click()
    board.wait()
    assert board.state is finished and "game is over" in board.message.value

    board.undo_button.click()  # the four is gone, and so are the rings
    board.wait()
    assert board.state.winner is None
    assert not any(WIN_CLASS in cell._dom_classes for cells in board.cells for cell in cells)


def test_a_diagonal_win_is_described() -> None:
    board = ConnectFourBoard(side="two humans", start=ConnectFour.from_moves("1223433454"))
    board.wait()
    board.click(3)
    board.wait()
    assert board.state.winner == "X"
    assert "with four diagonally, columns 1–4" in board.status.value
    assert len([cell for cells in board.cells for cell in cells if WIN_CLASS in cell._dom_classes]) == 4


def test_it_is_the_ais_turn_after_a_failed_reply() -> None:
    class Broken:
        name = "broken"

        def choose_move(self, state: GameState) -> Move:
            raise RuntimeError("no idea")

    board = ConnectFourBoard(opponent=Broken())
    board.wait()
    board.click(2)
    board.wait()
    assert board.message.value == "The AI (broken) could not move: RuntimeError: no idea"
    board.click(3)
    board.wait()
    assert board.state.moves() == [2]
    assert "the AI's turn" in board.message.value


# -- undo, new game, sides -----------------------------------------------------------------------


def test_undo_and_new_game(board: ConnectFourBoard) -> None:
    board.drop_buttons[CENTRE].click()
    board.wait()
    after_first_exchange = board.state
    board.drop_buttons[2].click()
    board.wait()
    assert board.state.ply == 4

    board.undo_button.click()
    board.wait()
    assert board.state is after_first_exchange
    assert_shows(board, after_first_exchange)
    assert board.figures.value == "" and board.last_result is None

    board.undo_button.click()
    board.wait()
    assert board.state.ply == 0
    assert discs(board, "X") == discs(board, "O") == set()
    board.undo_button.click()
    board.wait()
    assert board.message.value == "Nothing to undo: no move has been played."

    board.drop_buttons[0].click()
    board.wait()
    board.new_game_button.click()
    board.wait()
    assert board.state == ConnectFour() and board.state.ply == 0
    assert board.figures.value == "" and board.message.value == ""
    assert_shows(board, ConnectFour())
    assert all(button.style.button_color == style.C4_DROP_BUTTON_COLOUR for button in board.drop_buttons)

    board.side_selector.value = "O"  # the AI now plays X and moves at once
    board.wait()
    assert board.state.ply == 1 and len(discs(board, "X")) == 1
    board.new_game_button.click()
    board.wait()
    assert board.state.ply == 1


def test_new_game_returns_to_a_given_start() -> None:
    start = ConnectFour.from_moves("4453")
    board = ConnectFourBoard(side="two humans", start=start)
    board.wait()
    board.click(0)
    board.wait()
    board.new_game_button.click()
    board.wait()
    assert board.state is start
    board.undo_button.click()
    board.wait()
    assert board.state is start and "Nothing to undo" in board.message.value


def test_ai_vs_ai_plays_to_the_end(board: ConnectFourBoard) -> None:
    board.side_selector.value = "AI vs AI"
    board.wait()
    board.drop_buttons[0].click()
    board.wait()
    assert board.state.ply == 0
    assert "The AI plays both sides" in board.message.value

    board.ai_move_button.click()
    board.wait()
    assert board.state.ply == 1
    board.play_to_end_button.click()
    board.wait()
    final = board.state
    assert final.is_terminal()
    assert ConnectFour.from_moves(final.moves_string()) == final  # every move legal
    assert_shows(board, final)
    assert ("wins" in board.status.value) == (final.winner is not None)
    assert "nodes" in board.figures.value

    board.play_to_end_button.click()
    board.wait()
    assert "game is over" in board.message.value
    board.undo_button.click()
    board.wait()
    assert board.state is final.undo()


def test_a_difficulty_change_rebuilds_the_agent(board: ConnectFourBoard) -> None:
    assert [value for _, value in board.difficulty_selector.options] == ["given agent", "easy", "medium", "hard",
                                                                         "expert", "mcts", "mcts-solver"]
    board.difficulty_selector.value = "medium"
    board.wait()
    assert board.agent.name == "medium"
    assert board.message.value == "The AI is now medium."
    assert ConnectFourBoard().difficulty == "expert"


# -- the analysis ----------------------------------------------------------------------------------


def test_the_analysis_shows_the_solvers_scores() -> None:
    start = ConnectFour.from_moves(NEAR_END)
    board = ConnectFourBoard(side="two humans", start=start)
    board.wait()
    assert board.analysis == [""] * 7
    assert board.analysis_row.layout.display == "none"

    board.analyse_button.value = True
    board.wait()

    expected = Solver().analyze(start)
    assert expected == NEAR_END_SCORES
    assert board.analysis == [signed(score) for score in NEAR_END_SCORES]
    assert all(score is not None and score.exact for score in board.column_scores)
    assert [score.note for score in board.column_scores if score is not None] == [
        "win in 2", "win in 4", "win in 3", "win in 2", "draw", "draw", "draw"]
    for label, text in zip(board.analysis_labels, board.analysis, strict=True):
        assert f">{text}<" in label.value
    assert "X wins with best play" in (board.analysis_labels[0].tooltip or "")
    assert "Scores for X" in board.legend.value and "22 − N" in board.legend.value
    assert board.analysis_row.layout.display == ""
    assert style.C4_BEST_SCORE_BACKGROUND in board.analysis_labels[0].value  # +4: the best, with column 4
    assert style.C4_BEST_SCORE_BACKGROUND not in board.analysis_labels[1].value

    board.click(4)  # O to move now: the scores follow
    board.wait()
    after = start.play(4)
    assert board.analysis == ["full" if score is None else signed(score) for score in Solver().analyze(after)]
    assert "Scores for O" in board.legend.value

    board.analyse_button.value = False
    board.wait()
    assert board.analysis == [""] * 7 and board.column_scores == []
    assert board.analysis_row.layout.display == "none"


def test_a_full_column_is_marked_in_the_analysis() -> None:
    moves = "2252576253462244111563365343671351441"  # columns 1-5 full, O to move
    board = ConnectFourBoard(side="two humans", start=ConnectFour.from_moves(moves), analyse=True)
    board.wait()
    assert board.analysis == ["full"] * 5 + ["-1", "-2"]
    assert board.analysis_labels[0].tooltip == "Column 1 is full"
    assert [score.note for score in board.column_scores[5:] if score is not None] == ["loss in 2", "loss in 1"]


def test_the_analysis_falls_back_to_estimates_when_the_solver_cannot_finish() -> None:
    board = ConnectFourBoard(side="two humans", analyse=True, analysis_nodes=0)
    board.wait()
    assert all(text.startswith(ESTIMATE_MARK) for text in board.analysis)
    assert len(board.analysis) == 7
    scores = board.column_scores
    assert all(score is not None and not score.exact and score.note == "estimate" for score in scores)
    assert all("an estimate, not proven" in (label.tooltip or "") for label in board.analysis_labels)
    assert board.analysis[2] == board.analysis[4] and board.analysis[0] == board.analysis[6]  # a symmetric board
    assert "did not finish within 0 nodes" in board.legend.value


def test_estimates_and_exact_scores_mix_within_one_budget() -> None:
    scores = analyse_columns(ConnectFour.from_moves("4455"), max_nodes=SMALL_BUDGET)
    texts = [score.text for score in scores if score is not None]
    assert texts[2] == texts[5] == "+18"  # columns 3 and 6 make an open three on the bottom row
    assert any(text.startswith(ESTIMATE_MARK) for text in texts)


def test_the_analysis_waits_for_the_ai_and_is_computed_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    analysed: list[ConnectFour] = []
    real = c4widget.analyse_columns

    def recording(state: ConnectFour, *args: object, **kwargs: object) -> object:
        analysed.append(state)
        return real(state, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(c4widget, "analyse_columns", recording)
    shown: list[str] = []
    board = ConnectFourBoard(opponent=fast_agent(), analyse=True, analysis_nodes=SMALL_BUDGET)
    board.wait()
    board.analysis_status.observe(lambda change: shown.append(change["new"]), names="value")
    board.click(CENTRE)
    board.wait()
    assert [state.ply for state in analysed] == [0, 2]  # not the position the AI answered at once
    assert "The analysis waits for the AI's move." in shown
    assert any(text.startswith(ANALYSING_TEXT) for text in shown)
    assert board.analysis_status.value == analysis_summary(board.column_scores) and board.thinking.value == ""

    board.undo_button.click()
    board.wait()
    assert len(analysed) == 2  # the empty board was analysed already
    board.analyse_button.value = False
    board.wait()
    board.analyse_button.value = True
    board.wait()
    assert len(analysed) == 2


class SlowAnalysis:
    """Stands in for :func:`analyse_columns`: waits until released (a long analysis)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.go = threading.Event()
        self.positions: list[ConnectFour] = []

    def __call__(self, state: ConnectFour, *args: object, **kwargs: object) -> object:
        self.positions.append(state)
        self.started.set()
        clock = cast(Callable[[], float], kwargs["clock"])
        while not self.go.wait(0.01):
            clock()  # a cancelled analysis stops here, as the solver would at its next look at the clock
        return analyse_columns(state, *args, **kwargs)  # type: ignore[arg-type]


def test_a_move_clears_the_scores_at_once_and_the_board_stays_responsive(monkeypatch: pytest.MonkeyPatch) -> None:
    board = ConnectFourBoard(side="two humans", analyse=True, start=ConnectFour.from_moves(NEAR_END))
    board.wait()
    assert board.analysis == [signed(score) for score in NEAR_END_SCORES]
    slow = SlowAnalysis()
    monkeypatch.setattr(c4widget, "analyse_columns", slow)

    board.click(4)  # returns at once, although the next analysis takes long
    assert slow.started.wait(10)
    assert board.state.ply == len(NEAR_END) + 1
    assert board.analysis == [""] * 7 and board.column_scores == []  # the old scores are gone at once
    assert all(c4widget.PENDING_TEXT in label.value for label in board.analysis_labels)
    assert board.analysis_status.value.startswith(ANALYSING_TEXT)

    board.click(3)  # still answering clicks: this cancels the analysis of the position before
    assert board.state.ply == len(NEAR_END) + 2
    slow.go.set()
    assert board.wait(30)
    assert [state.ply for state in slow.positions] == [len(NEAR_END) + 1, len(NEAR_END) + 2]
    after = ConnectFour.from_moves(NEAR_END + "54")
    assert board.analysis == ["full" if score is None else signed(score) for score in Solver().analyze(after)]
    assert board.analysis_status.value == f"{EXACT_WORDS}: every column."


def test_no_emoji_in_the_indicators() -> None:
    board = ConnectFourBoard(side="two humans", analyse=True, analysis_nodes=0)
    texts = [ANALYSING_TEXT, THINKING_TEXT, board.analysis_status.value, board.thinking.value]
    board.wait()
    texts += [board.legend.value, *(label.value for label in board.analysis_labels)]
    assert not [char for text in texts for char in text if unicodedata.category(char) == "So"]


def test_estimates_use_a_symmetric_evaluation() -> None:
    evaluate = (analyse_columns.__kwdefaults__ or {})["evaluate"]
    states = [ConnectFour.from_moves(moves) for moves in ("", "4", "4455", "3344", MIDDLE_GAME, NEAR_END)]
    assert symmetry_test(evaluate, states).symmetric
    assert not symmetry_test(window_evaluation, states).symmetric  # the one the analysis no longer uses


def test_an_outcome_the_search_proves_is_shown_as_proven_not_as_an_estimate() -> None:
    scores = analyse_columns(ConnectFour.from_moves("4455"), max_nodes=0)
    by_column = {score.column: score for score in scores if score is not None}
    for column in (2, 5):  # an open three on the bottom row: a win the search sees through
        assert (by_column[column].text, by_column[column].note, by_column[column].outcome) == ("win", "proven", "win")
        assert not by_column[column].exact and not by_column[column].estimate
    others = [score for column, score in by_column.items() if column not in (2, 5)]
    assert all(score.estimate and score.note == ESTIMATE_NOTE and score.text.startswith(ESTIMATE_MARK)
               for score in others)
    assert c4widget.best_columns(scores) == {2, 5}


def test_the_analysis_of_a_finished_game() -> None:
    board = ConnectFourBoard(side="two humans", analyse=True, start=ConnectFour.from_moves("121212"))
    board.wait()
    board.click(0)
    board.wait()
    assert board.state.winner == "X"
    assert board.analysis == [""] * 7
    assert "nothing to analyse" in board.legend.value


# -- the page's hooks and bad arguments ------------------------------------------------------------


def test_widgets_carry_css_classes(board: ConnectFourBoard) -> None:
    for column, button in enumerate(board.drop_buttons):
        assert {"tictac-drop", f"tictac-drop-{column}"} <= set(button._dom_classes)
        assert button.description == str(column + 1)
        for row, cell in enumerate(board.cells[column]):
            assert f"tictac-c4-cell-{column}-{row}" in cell._dom_classes
    assert len(board.grid.children) == 42
    assert board.grid.children[0] is board.cells[0][5]  # the grid shows the top row first
    assert board.grid.children[-1] is board.cells[6][0]
    assert "tictac-board" in board._dom_classes and board.widget is board
    board.click(CENTRE)
    board.wait()
    assert style.C4_X_COLOUR in board.cells[CENTRE][0].value
    assert style.C4_HOLE_COLOUR in board.cells[0][5].value


def test_setting_the_state_shows_it(board: ConnectFourBoard) -> None:
    position = ConnectFour.from_moves("4453")
    board.state = position
    assert_shows(board, position)
    with pytest.raises(ValueError, match="Connect Four"):
        board.state = ConnectFour(columns=6)
    with pytest.raises(ValueError):
        board.state = TicTacToe()  # type: ignore[assignment]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown side"):
        ConnectFourBoard(side="red")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="choose_move"):
        ConnectFourBoard(opponent=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ConnectFour"):
        ConnectFourBoard(start=TicTacToe())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not offered"):
        ConnectFourBoard(difficulty="impossible")


def test_other_board_sizes() -> None:
    board = ConnectFourBoard(side="two humans", start=ConnectFour(columns=5, rows=4), analyse=True)
    board.wait()
    assert len(board.drop_buttons) == 5 and len(board.cells[0]) == 4
    assert len(board.analysis) == 5
    board.click(4)
    board.wait()
    assert board.state.cell(4, 0) == "X"


def test_the_analysis_says_which_scores_are_exact_and_which_are_estimates() -> None:
    estimates = ConnectFourBoard(side="two humans", analyse=True, analysis_nodes=0)  # the solver gets no node
    assert estimates.wait(30)
    status = estimates.analysis_status.value
    assert status.startswith(f"Estimates ({ESTIMATE_MARK}, a depth-limited search in evaluation points, another "
                             "scale") and status.endswith("columns 1, 2, 3, 4, 5, 6 and 7.")
    assert "Exact" not in status
    mixed = ConnectFourBoard(side="two humans", analyse=True, analysis_nodes=SMALL_BUDGET, analysis_time=None,
                             start=ConnectFour.from_moves(MIDDLE_GAME))
    assert mixed.wait(30)
    assert mixed.analysis == ["-9", "≈+332", "-9", "-9", "≈+55", "-9", "-7"]  # +332 is no win: it is -3 exactly
    assert mixed.analysis_status.value == (f"{EXACT_WORDS}: columns 1, 3, 4, 6 and 7. Estimates ({ESTIMATE_MARK}, a "
                                           "depth-limited search in evaluation points, another scale: compare them "
                                           "only with each other): columns 2 and 5.")


def test_the_board_and_solve_analyze_share_one_analysis() -> None:
    """The board's Analyse row and ``solve --analyze`` read the same solver scores."""
    import io

    from tictac_edu.agents.connect4_analysis import columns_line, exact_columns
    from tictac_edu.cli import solve_lines
    from tictac_edu.solvers.connect4 import Solver

    best, scores = exact_columns(Solver(), NEAR_END)
    assert (best, scores) == (4, NEAR_END_SCORES)
    row = analyse_columns(ConnectFour.from_moves(NEAR_END))
    assert [None if score is None else score.score for score in row] == scores
    out = io.StringIO()
    assert solve_lines([("line 1", NEAR_END)], False, True, out, io.StringIO(), engine="python") == 0
    assert out.getvalue() == f"{NEAR_END} {columns_line(scores)}\n"
