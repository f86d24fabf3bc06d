"""A Connect Four board: drop discs against any agent, watch the AI play itself, analyse columns.

Built from standard ipywidgets only, like the other boards (the game is a
:class:`~tictac_edu.session.GameSession`; the controls, the AI's background thread, the
messages and the figures come from :class:`~tictac_edu.widgets.base.GameBoard`): a row of
drop buttons, one above each column, and a blue grid of cells, each an HTML widget drawing
a round hole or a disc (red for X, yellow for O). The four discs of a win are ringed in
green and the disc dropped last carries a small ring.

The **Analyse** toggle shows under each column what dropping a disc there is worth to the
player to move (:func:`analyse_columns`): the solver's exact score (the benchmark sets'
convention: positive wins, the higher the sooner; 0 draws; negative loses) where
:meth:`Solver.analyze <tictac_edu.solvers.connect4.Solver.analyze>` or
:meth:`Solver.solve <tictac_edu.solvers.connect4.Solver.solve>` finishes within the budget,
else an **estimate**, marked ``≈`` and labelled "estimate": a depth-limited alpha-beta search
with a symmetric evaluation (:func:`~tictac_edu.evaluation.connect4.threat_evaluation`). The
analysis runs in the background: the scores of the previous position disappear as soon as a
move is made, "Analysing…" shows while it works, and the board keeps answering clicks.

>>> board = ConnectFourBoard(side="two humans")
>>> board.click(3)                       # X drops a disc into column 4
>>> board.state.cell(3, 0), board.state.to_move
('X', 'O')
>>> board = ConnectFourBoard(side="two humans", start=ConnectFour.from_moves("444444"))
>>> board.click(3)                       # column 4 is full: a message, nothing changes
>>> board.message.value
'Column 4 is full: choose another column.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from tictac_edu.agents.connect4_analysis import (  # the analysis the board shows, and its words
    ANALYSIS_MAX_NODES,
    ANALYSIS_SEARCH_DEPTH,
    ANALYSIS_TIME_LIMIT,
    ESTIMATE_MARK,
    ESTIMATE_NOTE,
    ESTIMATE_THOUSANDS,
    EXACT_WORDS,
    FULL_COLUMN_TEXT,
    NO_DEADLINE_S,
    WHOLE_ANALYSIS_SHARE,
    AnalysisCancelled,
    Cancellation,
    ColumnScore,
    analyse_columns,
    analysis_summary,
    best_columns,
    compact_signed,
    describe_exact,
    discs_to_win,
    solved_column,
)
from tictac_edu.agents.decision import AnyAgent
from tictac_edu.agents.words import ordinal
from tictac_edu.games.base import GameState, Player
from tictac_edu.games.connect4 import ConnectFour, O, X
from tictac_edu.games.registry import new_game
from tictac_edu.search.result import SearchResult
from tictac_edu.session import AIMove
from tictac_edu.solvers.connect4 import Solver, win_score
from tictac_edu.widgets import style
from tictac_edu.widgets.base import DEFAULT_PAUSE, BackgroundLane, GameBoard, Side, format_figures, set_classes, verdict
from tictac_edu.widgets.board import check_board_kind

__all__ = [
    "ANALYSING_TEXT", "ANALYSIS_MAX_NODES", "ANALYSIS_SEARCH_DEPTH", "ANALYSIS_TIME_LIMIT", "AnalysisCancelled",
    "Cancellation", "ColumnScore", "ConnectFourBoard", "DISC_CLASSES", "DISC_HTML_CLASS", "ESTIMATE_MARK",
    "ESTIMATE_NOTE", "ESTIMATE_THOUSANDS", "EXACT_WORDS", "FULL_COLUMN_TEXT", "LAST_MOVE_CLASS",
    "NO_DEADLINE_S", "PENDING_TEXT", "PLAYER_COLOURS", "WHOLE_ANALYSIS_SHARE", "WIN_CLASS", "analyse_columns",
    "analysis_summary", "best_columns", "compact_signed", "describe_exact", "disc_swatch", "discs_to_win",
    "solved_column"
]

ANALYSING_TEXT = "Analysing…"
"""Shown in :attr:`ConnectFourBoard.analysis_status` while the analysis runs."""

PENDING_TEXT = "…"
"""Shown under each column while its score is being worked out."""

DISC_CLASSES = {X: "tictac-disc-X", O: "tictac-disc-O"}
"""The CSS class a cell widget carries while it holds a disc of X or of O."""

DISC_HTML_CLASS = "tictac-c4-disc"
"""The CSS class of the round element inside a cell's HTML: a disc, or an empty hole."""

WIN_CLASS = "tictac-win"
"""The CSS class of the cells of the winning four."""

LAST_MOVE_CLASS = "tictac-last"
"""The CSS class of the cell of the disc dropped last."""

_CELL_STATE_CLASSES = frozenset([*DISC_CLASSES.values(), WIN_CLASS, LAST_MOVE_CLASS])

PLAYER_COLOURS = {X: style.C4_X_COLOUR, O: style.C4_O_COLOUR}


# -- the board ----------------------------------------------------------------------------------


def disc_swatch(player: Player) -> str:
    """A small round disc of ``player``'s colour, inline in a line of HTML."""
    return (f'<span style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;'
            f'background:{PLAYER_COLOURS[player]};vertical-align:-0.08em;'
            f'box-shadow:inset 0 -2px 0 {style.C4_DISC_SHADE}"></span>')


class ConnectFourBoard(GameBoard):
    """A Connect Four board to play against an agent, against itself, or with a friend.

    Display it (make it the last expression of a cell) and press the drop button above a
    column. The controls are those of every board (who plays, the AI's difficulty, New game,
    Undo, AI move, Play to the end; see :class:`~tictac_edu.widgets.base.GameBoard`) and an
    **Analyse** toggle: under each column, the score of dropping a disc there for the player
    to move (:func:`analyse_columns`; hover a score for its meaning), worked out in the
    background while "Analysing…" shows. The AI thinks in the background too. After each AI
    move its figures are shown; a drop into a full column, or after the game is over, gets a
    message, never an exception.

    Args:
        side: who plays; see :data:`~tictac_edu.session.Side`.
        difficulty: a level of the game (easy, medium, hard, expert; hard and expert play
            within 0.9 s a move, and expert's moves are proven whenever the solver finishes in
            time); by default ``opponent`` if one is given, else "expert".
        opponent: an agent to play against (anything with ``name`` and ``choose_move(state)``).
        seed: seed for the levels' random moves.
        start: the position New game returns to (the empty 7 x 6 board by default; other
            sizes work too): any position of a game drawn in columns
            (``start.game.board == "columns"``).
        analyse: switch the analysis on from the start.
        pause: seconds between the moves of Play to the end.
        cell_size: width and height of a cell in pixels.
        analysis_nodes: the solver's node budget for one analysis.
        analysis_depth: the depth of the estimating search where the solver does not finish.
        analysis_time: the solver's seconds for one analysis (``None``: only the node budget).

    Raises:
        ValueError: an unknown side or difficulty.
        TypeError: ``opponent`` has no ``choose_move``, or ``start`` is not a Connect Four
            position.

    Attributes:
        drop_buttons: one button per column, left to right (CSS classes ``tictac-drop`` and
            ``tictac-drop-c``, ``c`` from 0).
        cells: ``cells[c][r]``, the HTML widget of column ``c``, row ``r`` (0 at the
            bottom), with the CSS class ``tictac-c4-cell-c-r``, plus ``tictac-disc-X`` or
            ``tictac-disc-O`` while it holds a disc, ``tictac-win`` in the winning four and
            ``tictac-last`` for the disc dropped last.
        grid: the grid of cells.
        analyse_button: the Analyse toggle (``.value``).
        analysis_labels: one HTML widget per column under the grid, showing its score.
        analysis_status: shows "Analysing…" while the analysis works.
        legend: what the analysis scores mean (shown with them).
        solver: the solver of the analysis (it keeps its table from position to position).
        session, message, status, thinking, figures, agent, last_result: as on every board.
    """

    def __init__(self, *, side: Side = "X", difficulty: str | None = None, opponent: AnyAgent | None = None,
                 seed: int | None = None, start: GameState | None = None, analyse: bool = False,
                 pause: float = DEFAULT_PAUSE, cell_size: int = style.C4_CELL_SIZE_PX,
                 analysis_nodes: int = ANALYSIS_MAX_NODES, analysis_depth: int = ANALYSIS_SEARCH_DEPTH,
                 analysis_time: float | None = ANALYSIS_TIME_LIMIT) -> None:
        if start is None:
            start = new_game("connect4")
        check_board_kind(start, "columns", "ConnectFour.from_moves('4453')")
        self._cell_size = cell_size
        self._analyse_at_start = analyse
        self.analysis_nodes = analysis_nodes
        self.analysis_depth = analysis_depth
        self.analysis_time = analysis_time
        self.solver = Solver(start.game.columns, start.game.rows)
        self._analyses: dict[Any, list[ColumnScore | None]] = {}
        self._scores: list[ColumnScore | None] = []
        self._running: tuple[Any, Cancellation] | None = None
        self._analysis_lane = BackgroundLane("tictac-analysis", self._job_failed)
        super().__init__(start, side=side, difficulty=difficulty, opponent=opponent, seed=seed, pause=pause)
        self._lanes.append(self._analysis_lane)
        self.analyse_button.observe(lambda change: self._safely(self._render), names="value")

    # -- public API ----------------------------------------------------------------------------

    @property
    def analysis(self) -> list[str]:
        """The texts under the columns, left to right: a score (``"+5"``, ``"0"``, ``"-3"``),
        an estimate (``"≈+130"``), ``"full"``; empty strings while the analysis is off, being
        worked out, or once the game is over."""
        scores = self._scores
        if not scores:
            return [""] * self._start.game.columns
        return [FULL_COLUMN_TEXT if score is None else score.text for score in scores]

    @property
    def column_scores(self) -> list[ColumnScore | None]:
        """The analysis behind :attr:`analysis` (``None`` for a full column); empty while the
        analysis is off, being worked out, or once the game is over."""
        return list(self._scores)

    def click(self, column: int) -> None:
        """Do what the drop button of ``column`` (0-based) does: drop your disc there, then let
        the AI reply (in the background: :meth:`wait` waits for it).

        A full column, a column that does not exist, a game that is over or the AI's turn
        leave the position as it is and explain why in :attr:`message`.
        """
        super().click(column)

    # -- the board's own part ---------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        game, size = self._start.game, self._cell_size
        columns = f"repeat({game.columns}, {size}px)"
        self.drop_buttons: list[widgets.Button] = []
        for column in range(game.columns):
            button = widgets.Button(description=str(column + 1), icon="arrow-down",
                                    tooltip=f"Drop a disc in column {column + 1}",
                                    layout=widgets.Layout(width=f"{size - 6}px", height="32px", margin="0 3px",
                                                          padding="0"))
            button.style.font_weight = "bold"
            button.add_class("tictac-drop")
            button.add_class(f"tictac-drop-{column}")
            button.on_click(self._drop_handler(column))
            self.drop_buttons.append(button)
        drops = widgets.GridBox(self.drop_buttons, layout=widgets.Layout(
            grid_template_columns=columns, width="max-content", margin="6px 0 4px 0"))
        drops.add_class("tictac-drops")

        self.cells: list[list[widgets.HTML]] = []
        for column in range(game.columns):
            column_cells = []
            for row in range(game.rows):
                cell = widgets.HTML(value="", tooltip=f"column {column + 1}, row {row + 1} from the bottom",
                                    layout=widgets.Layout(width=f"{size}px", height=f"{size}px", margin="0",
                                                          padding="0", overflow="hidden"))
                cell.add_class("tictac-c4-cell")
                cell.add_class(f"tictac-c4-cell-{column}-{row}")
                column_cells.append(cell)
            self.cells.append(column_cells)
        shown = [self.cells[column][row] for row in reversed(range(game.rows)) for column in range(game.columns)]
        self.grid = widgets.GridBox(shown, layout=widgets.Layout(
            grid_template_columns=columns, grid_template_rows=f"repeat({game.rows}, {size}px)",
            grid_gap="0", width="max-content", margin="0"))
        self.grid.add_class("tictac-c4-grid")

        self.analysis_labels = [widgets.HTML(value="", layout=widgets.Layout(width=f"{size}px", margin="0"))
                                for _ in range(game.columns)]
        for column, label in enumerate(self.analysis_labels):
            label.add_class("tictac-analysis")
            label.add_class(f"tictac-analysis-{column}")
        self.analysis_row = widgets.GridBox(self.analysis_labels, layout=widgets.Layout(
            grid_template_columns=columns, width="max-content", margin="4px 0 0 0"))
        self.analysis_row.add_class("tictac-analysis-row")
        self.analysis_status = widgets.Label(value="", style={"text_color": style.THINKING_COLOUR})
        self.analysis_status.add_class("tictac-analysis-status")
        self.legend = widgets.HTML(value="", layout=widgets.Layout(width=style.C4_LEGEND_WIDTH))
        self.legend.add_class("tictac-analysis-legend")

        self.analyse_button = widgets.ToggleButton(
            value=self._analyse_at_start, description="Analyse", icon="search",
            tooltip="Show under each column what dropping a disc there is worth to the player to move: "
                    f"the solver's score (win / draw / loss) or, marked {ESTIMATE_MARK}, an estimate",
            layout=widgets.Layout(width=style.BUTTON_WIDTH))
        self.analyse_button.add_class("tictac-analyse")
        return widgets.VBox([drops, self.grid, self.analysis_row, self.analysis_status, self.legend],
                            layout=widgets.Layout(margin="2px 0 6px 0"))

    def _extra_commands(self) -> Sequence[widgets.Widget]:
        return (self.analyse_button,)

    def _drop_handler(self, column: int) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(column))
        return handler

    def _player_html(self, player: Player) -> str:
        return f"{disc_swatch(player)} {escape(player)}"

    def _win_words(self, state: Any) -> str:
        line = state.winning_line() or []
        if len(line) < 2:
            return ""
        (c0, r0), (c1, r1) = line[0], line[1]
        columns = sorted({column + 1 for column, _ in line})
        if c0 == c1:
            return f" with four up column {c0 + 1}"
        span = f"columns {columns[0]}–{columns[-1]}"
        if r0 == r1:
            return f" with four across {span} (row {r0 + 1} from the bottom)"
        return f" with four diagonally, {span}"

    def _figures_html(self, answer: AIMove) -> str:
        before = answer.before
        value_text: Callable[[SearchResult], str] | None = None
        if answer.source == "solver" and answer.proven and isinstance(before, ConnectFour):
            value_text = self._solver_verdict(before)
        elif answer.source == "search":
            value_text = lambda result: (  # noqa: E731
                f"{verdict(result, before)}: the solver could not prove a move in time")
        notation = self.session.notation
        return format_figures(answer.player, answer.move, answer.agent_name, answer.result, answer.elapsed,
                              move_text=notation.name, pv_text=notation.short, value_text=value_text,
                              before=before, note=answer.random_words() if answer.random_move else "")

    @staticmethod
    def _solver_verdict(before: ConnectFour) -> Callable[[SearchResult], str]:
        """What a solver's exact score means, the discs to the end counted from the score
        itself (:func:`discs_to_win`)."""
        def value_text(result: SearchResult) -> str:
            score = int(result.value or 0)
            mover = before.to_move
            other = O if mover == X else X
            count = discs_to_win(score, before)
            if score == 0 or count is None:
                return verdict(result, before)
            if score > 0:
                return ("proven: " + (f"{mover} wins with this disc" if count == 1 else
                                      f"{mover} wins by force, with its {ordinal(count)} disc from here (this one "
                                      "included)"))
            return f"proven: {mover} loses against best play: {other} wins with its {ordinal(count)} disc from here"
        return value_text

    def _show_position(self, state: Any) -> None:
        """Show the discs, the highlights, the drop buttons and the analysis."""
        four = set(state.winning_line() or ())
        last = (state.last_move, state.height(state.last_move) - 1) if state.last_move is not None else None
        for column, column_cells in enumerate(self.cells):
            for row, cell in enumerate(column_cells):
                mark = state.cell(column, row)
                wanted = set()
                if mark is not None:
                    wanted.add(DISC_CLASSES[mark])
                if (column, row) in four:
                    wanted.add(WIN_CLASS)
                if (column, row) == last:
                    wanted.add(LAST_MOVE_CLASS)
                cell.value = self._cell_html(column, row, mark, (column, row) in four, (column, row) == last)
                set_classes(cell, _CELL_STATE_CLASSES, wanted)
        over = state.is_terminal()
        for column, button in enumerate(self.drop_buttons):
            playable = not over and state.can_play(column)
            button.style.button_color = style.C4_DROP_BUTTON_COLOUR if playable else style.C4_FULL_COLUMN_COLOUR
            button.style.text_color = style.C4_DROP_TEXT_COLOUR if playable else style.C4_FULL_TEXT_COLOUR
            if over:
                button.tooltip = "The game is over: press New game or Undo"
            elif playable:
                button.tooltip = f"Drop a disc in column {column + 1}"
            else:
                button.tooltip = f"Column {column + 1} is full"
        self._show_analysis(state)

    def _cell_html(self, column: int, row: int, mark: Player | None, winning: bool, last: bool) -> str:
        """One cell: a blue square (rounded at the board's corners) with a hole or a disc."""
        game, size = self._start.game, self._cell_size
        radius = f"{style.C4_BOARD_RADIUS_PX}px"
        top, bottom = row == game.rows - 1, row == 0
        left, right = column == 0, column == game.columns - 1
        corners = " ".join(radius if corner else "0" for corner in
                           (top and left, top and right, bottom and right, bottom and left))
        disc = style.C4_DISC_SIZE_PX * size // style.C4_CELL_SIZE_PX
        if mark is None:
            fill, shade = style.C4_HOLE_COLOUR, f"inset 0 3px 6px {style.C4_DISC_SHADE}"
        else:
            fill, shade = PLAYER_COLOURS[mark], f"inset 0 -4px 0 {style.C4_DISC_SHADE}"
        ring = f"border:{style.C4_WIN_RING_PX}px solid {style.C4_WIN_RING_COLOUR};" if winning else ""
        marker = ""
        if last:
            mark_size = style.C4_LAST_MOVE_MARK_PX
            marker = (f'<div style="width:{mark_size}px;height:{mark_size}px;border-radius:50%;box-sizing:border-box;'
                      f'border:2px solid {style.C4_LAST_MOVE_MARK_COLOUR}"></div>')
        return (f'<div style="width:{size}px;height:{size}px;background:{style.C4_BOARD_COLOUR};'
                f'border-radius:{corners};display:flex;align-items:center;justify-content:center">'
                f'<div class="{DISC_HTML_CLASS}" style="width:{disc}px;height:{disc}px;border-radius:50%;'
                f'background:{fill};'
                f'box-shadow:{shade};box-sizing:border-box;{ring}display:flex;align-items:center;'
                f'justify-content:center">{marker}</div></div>')

    # -- the analysis --------------------------------------------------------------------------

    def _show_analysis(self, state: Any) -> None:
        """Show (or hide) the scores under the columns. A position is analysed once, in the
        background, and not while the AI is about to move (the position is about to change);
        the scores of another position are never shown, not even for a moment."""
        on = bool(self.analyse_button.value)
        shown = "" if on else "none"
        self.analysis_row.layout.display = shown
        self.analysis_status.layout.display = shown
        self.legend.layout.display = shown
        scores = self._analyses.get(state) if on and not state.is_terminal() else None
        if scores is None:
            self._scores = []
        if not on or state.is_terminal():
            self._cancel_analysis()
            self._show_scores([None] * len(self.analysis_labels), pending=False)
            self.analysis_status.value = ""
            self.legend.value = "The game is over: nothing to analyse." if on else ""
            return
        self.legend.value = self._legend_html(state)
        if scores is not None:
            self._cancel_analysis()
            self._scores = scores
            self.analysis_status.value = analysis_summary(scores)
            self._show_scores(scores, pending=False)
            return
        self._show_scores([None] * len(self.analysis_labels), pending=True)
        session = self.session
        if self._playing_to_end or session.thinking or session.ai_should_move():
            self._cancel_analysis()  # the position is about to change: analyse the one the AI leaves
            self.analysis_status.value = "The analysis waits for the AI's move."
            return
        self.analysis_status.value = (f"{ANALYSING_TEXT} (the solver has up to {self.analysis_nodes:,} nodes"
                                      + ("" if self.analysis_time is None else f" and {self.analysis_time:g} s")
                                      + "; the columns it cannot finish get estimates)")
        if self._running is not None and self._running[0] == state:
            return  # already at work on this position
        self._cancel_analysis()
        cancellation = Cancellation()
        self._running = (state, cancellation)
        self._analysis_lane.run(lambda: self._analyse(state, cancellation))

    def _cancel_analysis(self) -> None:
        if self._running is not None:
            self._running[1].cancel()
            self._running = None

    def _analyse(self, state: ConnectFour, cancellation: Cancellation) -> None:
        """In the analysis thread: analyse ``state`` unless cancelled, then show it if it is
        still the position on the board."""
        if cancellation.cancelled:
            return
        try:
            scores = analyse_columns(state, self.solver, max_nodes=self.analysis_nodes, time_limit=self.analysis_time,
                                     depth=self.analysis_depth, clock=cancellation.clock)
        except AnalysisCancelled:
            return
        with self._render_lock:
            self._analyses[state] = scores
            if self._running is not None and self._running[1] is cancellation:
                self._running = None
        if not cancellation.cancelled:
            self._render()

    def _show_scores(self, scores: Sequence[ColumnScore | None], pending: bool) -> None:
        """Fill the labels under the columns (``pending``: the scores are being worked out)."""
        if pending or not any(score is not None for score in scores):
            for label in self.analysis_labels:
                label.value = self._pending_html() if pending else ""
                label.tooltip = ANALYSING_TEXT if pending else None
            return
        best = best_columns(scores)
        for column, (label, score) in enumerate(zip(self.analysis_labels, scores, strict=True)):
            label.value = self._score_html(score, column in best)
            label.tooltip = f"Column {column + 1} is full" if score is None else score.tooltip

    @staticmethod
    def _pending_html() -> str:
        return (f'<div style="text-align:center;line-height:1.2;padding:2px 0;color:{style.C4_LEGEND_COLOUR};'
                f'font-size:{style.C4_SCORE_FONT_SIZE}">{PENDING_TEXT}</div>')

    def _score_html(self, score: ColumnScore | None, best: bool) -> str:
        size = style.C4_SCORE_FONT_SIZE
        if score is None:
            text, note, colour = FULL_COLUMN_TEXT, "", style.C4_FULL_TEXT_COLOUR
        else:
            text, note = score.text, score.note
            outcome = score.outcome
            if not score.exact:
                size = style.C4_ESTIMATE_FONT_SIZE
            colour = (style.C4_WIN_SCORE_COLOUR if outcome == "win" else style.C4_LOSS_SCORE_COLOUR
                      if outcome == "loss" else style.C4_DRAW_SCORE_COLOUR)
        background = f"background:{style.C4_BEST_SCORE_BACKGROUND};" if best else ""
        return (f'<div style="text-align:center;line-height:1.2;padding:2px 0;border-radius:6px;{background}">'
                f'<div style="font-size:{size};font-weight:bold;color:{colour};white-space:nowrap">'
                f'{escape(text)}</div>'
                f'<div style="font-size:{style.C4_SCORE_NOTE_FONT_SIZE};color:{style.C4_LEGEND_COLOUR}">'
                f'{escape(note) or "&nbsp;"}</div></div>')

    def _legend_html(self, state: Any) -> str:
        mover = state.to_move
        top = win_score(self._start.max_plies, 0) + 1
        budget = f"{self.analysis_nodes:,} nodes" + ("" if self.analysis_time is None
                                                     else f" and {self.analysis_time:g} s")
        return (f'<div style="font-size:{style.C4_LEGEND_FONT_SIZE};color:{style.C4_LEGEND_COLOUR};'
                f'line-height:1.4">'
                f"<b>Scores for {mover}</b>, the player to move, of a disc in each column, with best play on "
                f"both sides: <b>+N</b> {mover} wins, the higher the sooner ({top} − N is the number of "
                f"discs {mover} has played at the win, as in the benchmark sets); <b>0</b> a draw; <b>−N</b> "
                f"{mover} loses. “win in 3”: {mover}'s 3rd disc from now, this one included, completes four. "
                f"<b>{ESTIMATE_MARK}</b> and “{ESTIMATE_NOTE}”: not proven, where the solver did not finish "
                f"within {budget}: alpha-beta {self.analysis_depth} plies deeper with the symmetric threat "
                f"evaluation (higher is better for {mover}); “win” or “loss” with “proven” under it: that "
                f"search found a forced result, but no exact score. Hover a score for details.</div>")
