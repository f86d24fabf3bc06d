"""A Connect Four board: drop discs against any agent, watch the AI play itself, analyse columns.

Built from standard ipywidgets only, like the other boards (the controls, the AI's turn, the
messages and the figures come from :class:`~tictac_edu.widgets.base.GameBoard`): a row of
drop buttons, one above each column, and a blue grid of cells, each an HTML widget drawing
a round hole or a disc (red for X, yellow for O). The four discs of a win are ringed in
green and the disc dropped last carries a small ring.

The **Analyse** toggle shows under each column the score of dropping a disc there, from the
point of view of the player to move: the solver's exact score (the benchmark sets'
convention: positive wins, the higher the sooner; 0 draws; negative loses) when it finishes
within a node budget, else a heuristic estimate from a depth-limited alpha-beta search with
the window evaluation, marked ``≈`` (:func:`analyse_columns`).

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
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from tictac_edu.agents import Agent
from tictac_edu.evaluation.connect4 import FOUR_SCORE, window_evaluation
from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.games.connect4 import ConnectFour, O, X
from tictac_edu.search import alphabeta
from tictac_edu.search.alphabeta import Evaluation
from tictac_edu.search.result import SearchResult
from tictac_edu.solvers.connect4 import Solver, SolverLimitReached, centre_first_columns, win_score
from tictac_edu.widgets import style
from tictac_edu.widgets.base import DEFAULT_PAUSE, GameBoard, Side, format_figures, set_classes, verdict

ANALYSIS_MAX_NODES = 200_000
"""The solver's node budget for one analysis (all columns together): about a second."""

ANALYSIS_SEARCH_DEPTH = 4
"""Plies the heuristic search looks beyond a column's move when the solver cannot finish."""

ESTIMATE_MARK = "≈"
"""Marks a heuristic estimate in the analysis (the solver's scores are shown without it)."""

ESTIMATE_THOUSANDS = 1000
"""Estimates from this size on are shown in thousands (``+5.2k``), so they fit under a column."""

FULL_COLUMN_TEXT = "full"
"""The analysis text under a full column."""

ANALYSING_TEXT = "Analysing the columns…"
"""Shown (after an hourglass) in :attr:`ConnectFourBoard.thinking` while the analysis runs."""

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


# -- analysis ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ColumnScore:
    """The analysis of one column: what dropping a disc there is worth to the player to move.

    Attributes:
        column: the column, 0-based.
        score: the solver's score (``exact``), in the benchmark sets' convention, or the
            heuristic search's value.
        exact: ``True`` for the solver's score, ``False`` for a heuristic estimate.
        text: the score as shown: ``"+5"``, ``"0"``, ``"-3"``, ``"≈+130"``, ``"≈-5.2k"``, ``"≈win"``.
        note: a few words under it: ``"win in 3"``, ``"loss in 2"``, ``"draw"``, ``"estimate"``.
        tooltip: the score explained in a sentence.
    """

    column: int
    score: float
    exact: bool
    text: str
    note: str
    tooltip: str


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def discs_to_win(score: int, state: ConnectFour) -> int | None:
    """For a solver score of the player to move in ``state`` (its next disc counted), how many
    discs the winner drops from now until four, the winning one included; ``None`` for a draw.

    A positive score is the player to move's win, a negative one the opponent's.

    >>> discs_to_win(21, ConnectFour()), discs_to_win(-1, ConnectFour.from_moves("4" * 5))
    (1, 18)
    """
    if score == 0:
        return None
    cells = state.max_plies
    first_winning_move = state.ply if score > 0 else state.ply + 1  # the winner's next disc
    for count in range(1, cells + 1):
        moves = first_winning_move + 2 * (count - 1)
        if moves >= cells:
            break
        if win_score(cells, moves) == abs(score):
            return count
    return None


def _signed(value: float) -> str:
    number = int(round(value))
    return f"{number:+d}" if number else "0"


def compact_signed(value: float) -> str:
    """A heuristic value in a few characters, to fit under a column: ``+97``, ``-5.2k``, ``+12k``.

    >>> [compact_signed(v) for v in (0, 97.4, -5197, 12345, -999)]
    ['0', '+97', '-5.2k', '+12k', '-999']
    """
    number = int(round(value))
    if abs(number) < ESTIMATE_THOUSANDS:
        return _signed(number)
    thousands = number / 1000
    return f"{thousands:+.1f}k" if abs(thousands) < 10 else f"{thousands:+.0f}k"


def describe_exact(score: int, state: ConnectFour) -> tuple[str, str]:
    """The note (``"win in 3"``) and the sentence explaining a solver score of the player to
    move in ``state`` for a move about to be played."""
    mover = state.to_move
    other = O if mover == X else X
    count = discs_to_win(score, state)
    if score == 0 or count is None:
        return "draw", "0: a draw with best play on both sides."
    if score > 0:
        return (f"win in {count}",
                f"{_signed(score)}: {mover} wins with best play on both sides: {mover}'s {ordinal(count)} disc "
                f"from now (this one included) completes four.")
    return (f"loss in {count}",
            f"{_signed(score)}: {mover} loses with best play on both sides: {other}'s {ordinal(count)} disc "
            f"from now completes four.")


def analyse_columns(state: ConnectFour, solver: Solver | None = None, *, max_nodes: int = ANALYSIS_MAX_NODES,
                    depth: int = ANALYSIS_SEARCH_DEPTH, evaluate: Evaluation = window_evaluation
                    ) -> list[ColumnScore | None]:
    """What dropping a disc in each column is worth to the player to move.

    Each column is first given to the solver, with a share of ``max_nodes`` (the budget is
    split among the columns still to analyse, so nodes a column leaves unused go to the
    next). Where the solver finishes, the score is exact and the same as
    :meth:`Solver.analyze <tictac_edu.solvers.connect4.Solver.analyze>` gives; where it does
    not, the column gets a heuristic estimate: depth-limited alpha-beta (``depth`` plies
    after the column's move, centre-first order) with ``evaluate``, from the mover's point of
    view.

    Args:
        state: the position; the game must not be over.
        solver: the solver to use (its table is reused and grows); a new one by default.
        max_nodes: the solver's node budget for the whole analysis.
        depth: the heuristic search's depth after the column's move.
        evaluate: the heuristic search's evaluation.

    Returns:
        One entry per column, left to right; ``None`` for a full column.

    Raises:
        ValueError: the game is over.

    >>> scores = analyse_columns(ConnectFour.from_moves("2252576253462244111563365343671351441"))
    >>> [None if score is None else (score.text, score.note) for score in scores]   # columns 1-5 are full
    [None, None, None, None, None, ('-1', 'loss in 2'), ('-2', 'loss in 1')]
    >>> analyse_columns(ConnectFour(), max_nodes=0)[3].text.startswith(ESTIMATE_MARK)
    True
    """
    if state.is_terminal():
        raise ValueError(f"the game is over ({state.result_text()}): there is nothing to analyse")
    if solver is None:
        solver = Solver(state.columns, state.rows)
    cells = state.max_plies
    playable = [column for column in range(state.columns) if state.can_play(column)]
    order = list(centre_first_columns(state.columns))
    scores: list[ColumnScore | None] = [None] * state.columns
    remaining = max_nodes
    for index, column in enumerate(playable):
        child = state.play(column)
        score: float
        if child.winner is not None:
            score = win_score(cells, state.ply)
        elif child.is_terminal():
            score = 0
        else:
            share = remaining // (len(playable) - index)
            before = solver.nodes
            try:
                score = -solver.solve(child, max_nodes=before + share)
            except SolverLimitReached:
                score = _estimate(child, depth, evaluate, order)
                remaining -= solver.nodes - before
                scores[column] = _estimated(column, score, state, depth, max_nodes)
                continue
            remaining -= solver.nodes - before
        note, tooltip = describe_exact(int(score), state)
        scores[column] = ColumnScore(column, score, True, _signed(score), note, tooltip)
    return scores


def _estimate(child: ConnectFour, depth: int, evaluate: Evaluation, order: list[int]) -> float:
    """The heuristic value of ``child`` for the player who just moved."""
    result = alphabeta(child, depth, evaluate, order=order)
    assert result.value is not None
    return -result.value


def _estimated(column: int, value: float, state: ConnectFour, depth: int, max_nodes: int) -> ColumnScore:
    mover = state.to_move
    why = f"the solver did not finish within its budget of {max_nodes:,} nodes"
    if abs(value) >= FOUR_SCORE // 2:  # a four on the board within the look-ahead, whatever the defence
        outcome = "win" if value > 0 else "loss"
        return ColumnScore(column, value, False, f"{ESTIMATE_MARK}{outcome}", "estimate",
                           f"{ESTIMATE_MARK}{outcome}: {mover} {outcome}s by force within {depth + 1} plies "
                           f"(seen by a depth-limited search; {why}).")
    return ColumnScore(column, value, False, f"{ESTIMATE_MARK}{compact_signed(value)}", "estimate",
                       f"{ESTIMATE_MARK}{_signed(value)}: a heuristic estimate ({why}): alpha-beta {depth} plies "
                       f"after this move with the window evaluation, from {mover}'s point of view "
                       f"(higher is better for {mover}).")


def best_columns(scores: Sequence[ColumnScore | None]) -> set[int]:
    """The columns to highlight as best: the highest score when all are of one kind (all exact
    or all estimates); with both kinds, only a solver's win (an estimate cannot beat it).

    >>> best_columns([None, ColumnScore(1, 2, True, "+2", "", ""), ColumnScore(2, -1, True, "-1", "", "")])
    {1}
    """
    known = [score for score in scores if score is not None]
    exact = [score for score in known if score.exact]
    if not known:
        return set()
    if len(exact) == len(known) or not exact:
        top = max(score.score for score in known)
        return {score.column for score in known if score.score == top}
    top = max(score.score for score in exact)
    return {score.column for score in exact if score.score == top} if top > 0 else set()


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
    to move (:func:`analyse_columns`; hover a score for its meaning). After each AI move
    its figures are shown; a drop into a full column, or after the game is over, gets a
    message, never an exception.

    Args:
        side: who plays; see :data:`~tictac_edu.widgets.base.Side`.
        difficulty: a preset of :data:`~tictac_edu.agents.DIFFICULTIES` (easy, medium, hard,
            perfect; the last two take up to a second a move); by default ``opponent`` if
            one is given, else "perfect".
        opponent: an agent to play against (anything with ``name`` and ``choose_move(state)``).
        seed: seed for the presets' random moves.
        start: the position New game returns to (the empty 7 x 6 board by default; other
            sizes work too).
        analyse: switch the analysis on from the start.
        pause: seconds between the moves of Play to the end.
        cell_size: width and height of a cell in pixels.
        analysis_nodes: the solver's node budget for one analysis.
        analysis_depth: the depth of the heuristic search where the solver does not finish.

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
        legend: what the analysis scores mean (shown with them).
        solver: the solver of the analysis (it keeps its table from position to position).
        message, status, thinking, figures, agent, last_result: as on every board.
    """

    def __init__(self, *, side: Side = "X", difficulty: str | None = None, opponent: Agent | None = None,
                 seed: int | None = None, start: ConnectFour | None = None, analyse: bool = False,
                 pause: float = DEFAULT_PAUSE, cell_size: int = style.C4_CELL_SIZE_PX,
                 analysis_nodes: int = ANALYSIS_MAX_NODES, analysis_depth: int = ANALYSIS_SEARCH_DEPTH) -> None:
        if start is None:
            start = ConnectFour()
        elif not isinstance(start, ConnectFour):
            raise TypeError(f"start must be a ConnectFour position (such as ConnectFour.from_moves('4453')), "
                            f"not {type(start).__name__}")
        self._cell_size = cell_size
        self._analyse_at_start = analyse
        self.analysis_nodes = analysis_nodes
        self.analysis_depth = analysis_depth
        self.solver = Solver(start.columns, start.rows)
        self._analyses: dict[ConnectFour, list[ColumnScore | None]] = {}
        self._scores: list[ColumnScore | None] = []
        self._playing_to_end = False
        super().__init__(start, side=side, difficulty=difficulty, opponent=opponent, seed=seed, pause=pause)
        self.analyse_button.observe(lambda change: self._safely(self._show_analysis), names="value")

    # -- public API ----------------------------------------------------------------------------

    @property
    def state(self) -> ConnectFour:
        """The position on the board."""
        return self._state  # type: ignore[no-any-return]

    @state.setter
    def state(self, position: ConnectFour) -> None:
        self._set_state(position)

    @property
    def analysis(self) -> list[str]:
        """The texts under the columns, left to right: a score (``"+5"``, ``"0"``, ``"-3"``),
        an estimate (``"≈+130"``), ``"full"``; empty strings while the analysis is off or
        once the game is over."""
        if not self._scores:
            return [""] * self._start.columns
        return [FULL_COLUMN_TEXT if score is None else score.text for score in self._scores]

    @property
    def column_scores(self) -> list[ColumnScore | None]:
        """The analysis behind :attr:`analysis` (``None`` for a full column); empty while the
        analysis is off or once the game is over."""
        return list(self._scores)

    def click(self, column: int) -> None:
        """Do what the drop button of ``column`` (0-based) does: drop your disc there, then let
        the AI reply.

        A full column, a column that does not exist, a game that is over or the AI's turn
        leave the position as it is and explain why in :attr:`message`.
        """
        super().click(column)

    def play_to_end(self) -> None:
        """The AI plays both sides until the game is over (the analysis waits for the end)."""
        self._playing_to_end = True
        try:
            super().play_to_end()
        finally:
            self._playing_to_end = False
        self._show_analysis()

    # -- the board's own part ---------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        start, size = self._start, self._cell_size
        columns = f"repeat({start.columns}, {size}px)"
        self.drop_buttons: list[widgets.Button] = []
        for column in range(start.columns):
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
        for column in range(start.columns):
            column_cells = []
            for row in range(start.rows):
                cell = widgets.HTML(value="", tooltip=f"column {column + 1}, row {row + 1} from the bottom",
                                    layout=widgets.Layout(width=f"{size}px", height=f"{size}px", margin="0",
                                                          padding="0", overflow="hidden"))
                cell.add_class("tictac-c4-cell")
                cell.add_class(f"tictac-c4-cell-{column}-{row}")
                column_cells.append(cell)
            self.cells.append(column_cells)
        shown = [self.cells[column][row] for row in reversed(range(start.rows)) for column in range(start.columns)]
        self.grid = widgets.GridBox(shown, layout=widgets.Layout(
            grid_template_columns=columns, grid_template_rows=f"repeat({start.rows}, {size}px)",
            grid_gap="0", width="max-content", margin="0"))
        self.grid.add_class("tictac-c4-grid")

        self.analysis_labels = [widgets.HTML(value="", layout=widgets.Layout(width=f"{size}px", margin="0"))
                                for _ in range(start.columns)]
        for column, label in enumerate(self.analysis_labels):
            label.add_class("tictac-analysis")
            label.add_class(f"tictac-analysis-{column}")
        self.analysis_row = widgets.GridBox(self.analysis_labels, layout=widgets.Layout(
            grid_template_columns=columns, width="max-content", margin="4px 0 0 0"))
        self.analysis_row.add_class("tictac-analysis-row")
        self.legend = widgets.HTML(value="", layout=widgets.Layout(width=style.C4_LEGEND_WIDTH))
        self.legend.add_class("tictac-analysis-legend")

        self.analyse_button = widgets.ToggleButton(
            value=self._analyse_at_start, description="Analyse", icon="search",
            tooltip="Show under each column what dropping a disc there is worth to the player to move: "
                    "the solver's score (win / draw / loss) or, marked ≈, a heuristic estimate",
            layout=widgets.Layout(width=style.BUTTON_WIDTH))
        self.analyse_button.add_class("tictac-analyse")
        return widgets.VBox([drops, self.grid, self.analysis_row, self.legend],
                            layout=widgets.Layout(margin="2px 0 6px 0"))

    def _extra_commands(self) -> Sequence[widgets.Widget]:
        return (self.analyse_button,)

    def _drop_handler(self, column: int) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(column))
        return handler

    def _check_position(self, position: Any) -> None:
        start = self._start
        if not isinstance(position, ConnectFour) or (position.columns, position.rows) != (start.columns, start.rows):
            raise ValueError(f"this board plays Connect Four on {start.columns} x {start.rows}; "
                             f"cannot show {position!r}")

    def _board_words(self) -> str:
        return "this Connect Four board"

    def _click_problem(self, target: Any) -> str | None:
        columns = self._start.columns
        if type(target) is not int or not 0 <= target < columns:
            return (f"There is no column {target!r}: columns are 0 to {columns - 1} in code "
                    f"(shown as 1 to {columns} on the board).")
        if not self._state.can_play(target):
            return f"Column {target + 1} is full: choose another column."
        return None

    def _player_html(self, player: Player) -> str:
        return f"{disc_swatch(player)} {escape(player)}"

    def _win_words(self) -> str:
        line = self._state.winning_line() or []
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

    def _figures_text(self, before: GameState, move: Move, agent: Agent, result: SearchResult | None,
                      elapsed: float) -> str:
        value_text: Callable[[SearchResult], str] = verdict
        if result is not None and getattr(agent, "last_source", None) == "solver" and isinstance(before, ConnectFour):
            value_text = self._solver_verdict(before)
        return format_figures(before.to_move, move, getattr(agent, "name", "agent"), result, elapsed,
                              move_text=lambda column: f"column {column + 1}",
                              pv_text=lambda column: str(column + 1), value_text=value_text)

    @staticmethod
    def _solver_verdict(before: ConnectFour) -> Callable[[SearchResult], str]:
        """What a solver's value means, with "win in N" counted from ``before``."""
        def value_text(result: SearchResult) -> str:
            note, _ = describe_exact(int(result.value or 0), before)
            return f"{verdict(result)}, {note}"
        return value_text

    def _show_position(self) -> None:
        """Show the discs, the highlights, the drop buttons and the analysis."""
        state = self._state
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
        self._show_analysis()

    def _cell_html(self, column: int, row: int, mark: Player | None, winning: bool, last: bool) -> str:
        """One cell: a blue square (rounded at the board's corners) with a hole or a disc."""
        start, size = self._start, self._cell_size
        radius = f"{style.C4_BOARD_RADIUS_PX}px"
        top, bottom = row == start.rows - 1, row == 0
        left, right = column == 0, column == start.columns - 1
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

    def _show_analysis(self) -> None:
        """Show (or hide) the scores under the columns; computed once per position."""
        state = self._state
        on = bool(self.analyse_button.value)
        self.analysis_row.layout.display = "" if on else "none"
        self.legend.layout.display = "" if on else "none"
        if not on or state.is_terminal():
            self._scores = []
            for label in self.analysis_labels:
                label.value, label.tooltip = "", None
            self.legend.value = "The game is over: nothing to analyse." if on else ""
            return
        if self._playing_to_end or self._ai_replies_now():
            return  # the position is about to change: analyse the one the AI leaves
        scores = self._analyses.get(state)
        if scores is None:
            self.thinking.value = f"⏳ {ANALYSING_TEXT}"
            try:
                scores = analyse_columns(state, self.solver, max_nodes=self.analysis_nodes,
                                         depth=self.analysis_depth)
            finally:
                self.thinking.value = ""
            self._analyses[state] = scores
        self._scores = scores
        best = best_columns(scores)
        for column, (label, score) in enumerate(zip(self.analysis_labels, scores, strict=True)):
            label.value = self._score_html(score, column in best)
            label.tooltip = f"Column {column + 1} is full" if score is None else score.tooltip
        self.legend.value = self._legend_html()

    def _score_html(self, score: ColumnScore | None, best: bool) -> str:
        size = style.C4_SCORE_FONT_SIZE
        if score is None:
            text, note, colour = FULL_COLUMN_TEXT, "", style.C4_FULL_TEXT_COLOUR
        else:
            text, note = score.text, score.note
            if score.exact:
                sign = score.score
            else:
                sign = score.score if abs(score.score) >= FOUR_SCORE // 2 else 0
                size = style.C4_ESTIMATE_FONT_SIZE
            colour = (style.C4_WIN_SCORE_COLOUR if sign > 0 else style.C4_LOSS_SCORE_COLOUR if sign < 0
                      else style.C4_DRAW_SCORE_COLOUR)
        background = f"background:{style.C4_BEST_SCORE_BACKGROUND};" if best else ""
        return (f'<div style="text-align:center;line-height:1.2;padding:2px 0;border-radius:6px;{background}">'
                f'<div style="font-size:{size};font-weight:bold;color:{colour};white-space:nowrap">'
                f'{escape(text)}</div>'
                f'<div style="font-size:{style.C4_SCORE_NOTE_FONT_SIZE};color:{style.C4_LEGEND_COLOUR}">'
                f'{escape(note) or "&nbsp;"}</div></div>')

    def _legend_html(self) -> str:
        mover = self._state.to_move
        top = win_score(self._start.max_plies, 0) + 1
        return (f'<div style="font-size:{style.C4_LEGEND_FONT_SIZE};color:{style.C4_LEGEND_COLOUR};'
                f'line-height:1.4">'
                f"<b>Scores for {mover}</b>, the player to move, of a disc in each column, with best play on "
                f"both sides: <b>+N</b> {mover} wins, the higher the sooner ({top} − N is the number of "
                f"discs {mover} has played at the win, as in the benchmark sets); <b>0</b> a draw; <b>−N</b> "
                f"{mover} loses. “win in 3”: {mover}'s 3rd disc from now, this one included, completes four. "
                f"<b>{ESTIMATE_MARK}</b>: a heuristic estimate where the solver did not finish within "
                f"{self.analysis_nodes:,} nodes (alpha-beta {self.analysis_depth} plies deeper with the window "
                f"evaluation; higher is better for {mover}). Hover a score for details.</div>")
