"""A gomoku board: place stones on a 15 x 15 grid against any agent, under freestyle,
standard or renju rules, with a clock and an evaluation heatmap.

Built from standard ipywidgets only, like the other boards (the game is a
:class:`~tictac_edu.session.GameSession`; the controls, the AI's background thread, the
messages, the figures and the clock come from :class:`~tictac_edu.widgets.base.GameBoard`):
one button per point, with the column letters A..O above and below the grid and the row
numbers 15..1 at its sides, as on a printed board. A stone is a ``●`` in black or white; the
stone played last sits on a highlighted point, the winning five on green ones. Under renju,
while Black is to move, Black's forbidden points carry a red ``×`` (hover one for its
pattern); a click on one is answered with a message naming the pattern, and nothing changes.

Only the buttons whose look changed are sent to the page: a move updates a few buttons, not
225 (:meth:`GomokuBoard._show_position`), and every button shares one layout and a handful
of styles.

The **Heatmap** toggle (off by default) colours each candidate point (the empty points within
:data:`HEATMAP_RADIUS` steps of a stone) by the game's evaluation of playing there, for the
player to move: the game's evaluation in the agents' catalogue (``game_evaluation(state)``),
of the position after the move, from the mover's point of view. It is worked out in the
background, and waits while the AI is about to move.

>>> from tictac_edu.agents import RandomAgent
>>> board = GomokuBoard(side="two humans", opponent=RandomAgent(seed=1))
>>> board.click("H8")                    # Black's stone on the centre point
>>> board.state.stone((7, 7)), board.state.to_move
('Black', 'White')
>>> board.click((7, 7))                  # a taken point: a message, nothing changes
>>> board.message.value
'Illegal move H8: the point is taken by Black.'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from tictac_edu.agents.catalogue import game_evaluation, resolve
from tictac_edu.agents.decision import AnyAgent
from tictac_edu.games.base import GameState, Player
from tictac_edu.games.gomoku import point_name
from tictac_edu.games.registry import new_game
from tictac_edu.search.common import Evaluation
from tictac_edu.session import AIMove, TimeControl, format_number
from tictac_edu.widgets.base import DEFAULT_PAUSE, BackgroundLane, GameBoard, Side, set_classes
from tictac_edu.widgets.board import check_board_kind

__all__ = ["GomokuBoard", "heat_levels", "heatmap_points", "point_values", "winning_points"]

Point = tuple[int, int]
"""A point ``(x, y)``: the column from the left, the row from the top, both from 0."""

# -- the look ------------------------------------------------------------------------------------
# The colours match the SVG picture of tictac_edu.games.gomoku.Gomoku.

POINT_SIZE_PX = 34
"""Width and height of one point's button."""

POINT_GAP_PX = 2
"""Space between neighbouring points."""

LABEL_SIZE_PX = 24
"""Width of the row numbers at the sides (and height of the letters above and below)."""

WOOD_COLOUR = "#e3b873"
"""An empty point: the board's wood."""

BLACK_COLOUR = "#111111"
"""Black's stones."""

WHITE_COLOUR = "#fafafa"
"""White's stones."""

STONE_EDGE_COLOUR = "#333333"
"""The edge of a stone drawn in the status line."""

LAST_MOVE_COLOUR = "#f0926e"
"""The point of the stone played last (a light red)."""

WIN_COLOUR = "#7bd17b"
"""The points of the winning line (green)."""

FORBIDDEN_COLOUR = "#c0392b"
"""The ``×`` on a point forbidden for Black under renju (red)."""

COORDINATE_COLOUR = "#5a4026"
"""The letters and numbers around the grid."""

STONE_FONT_SIZE = "40px"
"""The size of a stone (the ``●`` glyph)."""

MARK_FONT_SIZE = "18px"
"""The size of the ``×`` of a forbidden point and the ``★`` of the heatmap's best point."""

COORDINATE_FONT_SIZE = "12px"
"""The size of the coordinates around the grid."""

LEGEND_FONT_SIZE = "12px"
"""The size of the heatmap's legend and of the proven-win announcement's notes."""

LEGEND_COLOUR = "#555555"
"""The colour of the heatmap's legend."""

ANNOUNCEMENT_COLOUR = "#1e8449"
"""The colour of the proven-win announcement (green)."""

HEAT_COLOURS = ("#fff7bc", "#e4f3a6", "#c2e699", "#93d183", "#5fb868", "#2f9a4d", "#0b6b35")
"""The heatmap, from the candidate point worst for the player to move to the best."""

HEAT_TEXT_COLOURS = ("#333333",) * 4 + ("#ffffff",) * 3
"""The colour of the ``★`` on each heatmap colour (white on the dark greens)."""

STONE_GLYPH = "●"
FORBIDDEN_GLYPH = "×"
BEST_GLYPH = "★"
EMPTY_TEXT = "\u00a0"
"""The text of an empty point: a no-break space, never ``""`` (the page's button keeps its old
text when its description becomes empty, so a stone taken back would stay drawn)."""

HEATMAP_RADIUS = 2
"""The heatmap's candidate points lie within this many steps (across, down or diagonally) of a
stone; on an empty board every point is a candidate."""

HEATMAP_TEXT = "Evaluating…"
"""Shown in :attr:`GomokuBoard.heatmap_status` while the heatmap is worked out."""

FORBIDDEN_WORDS = {"33": "double-three", "44": "double-four", "OL": "overline"}
"""The patterns of renju's forbidden points, in words."""

COUNT_WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

POINT_CLASS = "tictac-point"
"""The CSS class of every point's button; each also has ``tictac-point-H8`` (its name)."""

STONE_CLASSES = {"Black": "tictac-stone-Black", "White": "tictac-stone-White"}
"""The CSS class a point carries while it holds a stone of Black or of White."""

LAST_MOVE_CLASS = "tictac-last"
WIN_CLASS = "tictac-win"
FORBIDDEN_CLASS = "tictac-forbidden"
HEAT_CLASS = "tictac-heat"
BEST_CLASS = "tictac-heat-best"
_POINT_STATE_CLASSES = frozenset([*STONE_CLASSES.values(), LAST_MOVE_CLASS, WIN_CLASS, FORBIDDEN_CLASS, HEAT_CLASS,
                                  BEST_CLASS])

_DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_STONE_COLOURS = {"Black": BLACK_COLOUR, "White": WHITE_COLOUR}


# -- what the board shows -------------------------------------------------------------------------


def winning_points(state: Any) -> list[Point]:
    """The points of the winning line through the last stone (five, or more under freestyle),
    from one end to the other; empty if nobody has won.

    >>> from tictac_edu.games import Gomoku
    >>> winning_points(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8"))
    [(7, 7), (8, 7), (9, 7), (10, 7), (11, 7)]
    """
    winner, last = state.winner, state.last_move
    if winner is None or last is None:
        return []
    size = state.size
    for dx, dy in _DIRECTIONS:
        line = [last]
        for sign in (1, -1):
            x, y = last[0] + sign * dx, last[1] + sign * dy
            while 0 <= x < size and 0 <= y < size and state.stone((x, y)) == winner:
                line.append((x, y))
                x, y = x + sign * dx, y + sign * dy
        if len(line) >= 5:
            return sorted(line, key=lambda point: (point[0] * dx + point[1] * dy))
    return []


def heatmap_points(state: Any, radius: int = HEATMAP_RADIUS) -> list[Point]:
    """The heatmap's candidate points: the legal points within ``radius`` steps of a stone, row
    by row from the top-left; every legal point on an empty board (so Black's forbidden points
    under renju are never candidates)."""
    legal: list[Point] = state.legal_moves()
    stones = [point for player in state.players for point in state.stones(player)]
    if not stones:
        return legal
    near = {(x + dx, y + dy) for x, y in stones for dx in range(-radius, radius + 1)
            for dy in range(-radius, radius + 1)}
    return [point for point in legal if point in near]


def point_values(state: Any, evaluate: Evaluation, points: Iterable[Point] | None = None,
                 stop: Callable[[], bool] = lambda: False) -> dict[Point, float] | None:
    """What playing each point is worth to the player to move, by ``evaluate``: the evaluation
    of the position after the move, from the mover's point of view (higher is better for them).

    Args:
        state: the position; the game must not be over.
        evaluate: ``evaluate(state, player)``, such as the game's evaluation.
        points: the points to value (by default :func:`heatmap_points`).
        stop: asked before each point; ``True`` abandons the work (the position changed).

    Returns:
        The value of each point, or ``None`` if ``stop`` said so.
    """
    mover = state.to_move
    values: dict[Point, float] = {}
    for point in heatmap_points(state) if points is None else points:
        if stop():
            return None
        values[point] = float(evaluate(state.play(point), mover))
    return values


def _squash(value: float) -> float:
    """A signed logarithm, so that a four (thousands) and a two (tens) both show."""
    return math.copysign(math.log1p(abs(value)), value)


def heat_levels(values: dict[Point, float], levels: int = len(HEAT_COLOURS)) -> dict[Point, int]:
    """Each point's colour in the heatmap, ``0`` (the worst of these points for the player to
    move) to ``levels - 1`` (the best): the values on a signed logarithmic scale, cut into
    ``levels`` equal steps between the lowest and the highest; infinite values (a win or a
    loss) take the ends. All values equal: all the best.

    >>> heat_levels({(0, 0): -10.0, (1, 0): 0.0, (2, 0): 10.0}, levels=3)
    {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    """
    finite = [_squash(value) for value in values.values() if math.isfinite(value)]
    low, high = (min(finite), max(finite)) if finite else (0.0, 0.0)
    found = {}
    for point, value in values.items():
        if value == math.inf or (math.isfinite(value) and high == low):
            found[point] = levels - 1
        elif value == -math.inf:
            found[point] = 0
        else:
            found[point] = min(levels - 1, int((_squash(value) - low) / (high - low) * levels))
    return found


@dataclass(frozen=True)
class _Look:
    """How one point's button looks: what is sent to the page when it changes."""

    style: tuple[Any, ...]
    description: str
    tooltip: str
    classes: frozenset[str]


class _Cancel:
    def __init__(self) -> None:
        self.cancelled = False


# -- the board -----------------------------------------------------------------------------------


class GomokuBoard(GameBoard):
    """A gomoku (or renju) board to play against an agent, against itself, or with a friend.

    Display it (make it the last expression of a cell) and click a point to place your stone.
    The controls are those of every board (who plays, the AI's difficulty from the game's
    levels, New game, Undo, AI move, Play to the end; see
    :class:`~tictac_edu.widgets.base.GameBoard`), a countdown clock when a ``time_control`` is
    given (the AI's time limit for a move is the smaller of its level's limit and its time
    left), and the **Heatmap** toggle. After each AI move its figures are shown, and a win its
    search proved (``SearchResult.proven``) is announced above them. A click that cannot be
    played (a taken point, a forbidden point under renju, the AI's turn, the game over) gets a
    message, never an exception.

    Args:
        size, rule: the game (15 x 15 freestyle by default; ignored when ``start`` is given).
        side: who plays; by default you play Black, who moves first.
        difficulty: a level of the game (``start.game.difficulties``); by default
            ``opponent`` if one is given, else the strongest level.
        opponent: an agent to play against (anything with ``name`` and ``choose_move(state)``).
        seed: seed for the levels' random moves.
        start: the position New game returns to (an empty board by default): any position of a
            game drawn on a grid of points (``start.game.board == "grid"``).
        heatmap: switch the heatmap on from the start.
        evaluation: the heatmap's evaluation, a function ``evaluate(state, player)`` or a
            ``"module:function"`` name; by default the game's own
            (:func:`~tictac_edu.agents.catalogue.game_evaluation`).
        time_control: a clock for both players (:class:`~tictac_edu.session.TimeControl`).
        pause: seconds between the moves of Play to the end.
        point_size: width and height of a point in pixels.

    Raises:
        ValueError: an unknown side or difficulty, a game without levels and no opponent.
        TypeError: ``opponent`` has no ``choose_move``, or ``start`` is not a gomoku position.

    Attributes:
        buttons: one button per point, row by row from the top-left (``buttons[y * size +
            x]``), with the CSS classes ``tictac-point`` and ``tictac-point-H8``, plus
            ``tictac-stone-Black`` or ``tictac-stone-White`` while it holds a stone,
            ``tictac-last``, ``tictac-win``, ``tictac-forbidden``, ``tictac-heat`` (and
            ``tictac-heat-best``) as they apply.
        grid: the grid of points with the coordinates around it.
        heatmap_button: the Heatmap toggle (``.value``).
        heatmap_legend: what the heatmap's colours mean (shown with them).
        heatmap_status: shows "Evaluating…" while the heatmap is worked out.
        announcement: a win the AI's search proved, in words.
        session, message, status, thinking, clock_display, figures, agent, last_result: as on
            every board.
    """

    def __init__(self, size: int = 15, rule: str = "freestyle", *, side: Side | None = None,
                 difficulty: str | None = None, opponent: AnyAgent | None = None, seed: int | None = None,
                 start: GameState | None = None, heatmap: bool = False, evaluation: Evaluation | str | None = None,
                 time_control: TimeControl | None = None, pause: float = DEFAULT_PAUSE,
                 point_size: int = POINT_SIZE_PX) -> None:
        if start is None:
            start = new_game("gomoku", size=size, rule=rule)
        check_board_kind(start, "grid", "Gomoku() or Gomoku(15, 'renju')")
        self.size = start.game.columns
        self._point_size = point_size
        self._heatmap_at_start = heatmap
        self.evaluation, self._evaluation_problem = self._find_evaluation(start, evaluation)
        self._looks: list[_Look | None] = [None] * (self.size * self.size)
        self._styles: dict[tuple[Any, ...], widgets.ButtonStyle] = {}
        self._heat_cache: dict[Any, dict[Point, float]] = {}
        self._values: dict[Point, float] = {}
        self._heat_running: tuple[Any, _Cancel] | None = None
        self._heat_lane = BackgroundLane("tictac-heatmap", self._job_failed)
        super().__init__(start, side=start.players[0] if side is None else side, difficulty=difficulty,
                         opponent=opponent, seed=seed, pause=pause, time_control=time_control)
        self._lanes.append(self._heat_lane)
        self.heatmap_button.observe(lambda change: self._safely(self._render), names="value")

    # -- public API ----------------------------------------------------------------------------

    @property
    def heatmap_values(self) -> dict[Point, float]:
        """The heatmap's value of each candidate point for the player to move (see
        :func:`point_values`); empty while the heatmap is off, being worked out, or once the
        game is over."""
        return dict(self._values)

    def click(self, point: Point | str) -> None:
        """Do what a click on ``point`` does: place your stone there, then let the AI reply (in
        the background: :meth:`wait` waits for it). ``point`` is ``(x, y)`` (the column from the
        left, the row from the top, both from 0) or a name such as ``"H8"``.

        A point that cannot be played (taken, forbidden for Black under renju, off the board,
        the game over, not your turn) leaves the position as it is and explains why in
        :attr:`message`.
        """
        if isinstance(point, str):
            try:
                point = self.session.parse(point)
            except ValueError as error:
                self.session.message = str(error)
                self._render()
                return
        super().click(point)

    # -- the board's own part ---------------------------------------------------------------

    @staticmethod
    def _find_evaluation(start: Any, evaluation: Evaluation | str | None) -> tuple[Evaluation | None, str]:
        """The heatmap's evaluation and, if there is none, why."""
        reference = game_evaluation(start) if evaluation is None else evaluation
        if reference is None:
            return None, f"{start.game.title} names no evaluation (game_evaluation(state) is None): give evaluation="
        if callable(reference):
            return reference, ""
        try:
            return resolve(reference), ""
        except Exception as error:  # a missing module or name: the board works without a heatmap
            return None, f"the evaluation {reference!r} cannot be found: {type(error).__name__}: {error}"

    def _build_board(self) -> widgets.Widget:
        size, cell = self.size, self._point_size
        shared = widgets.Layout(width=f"{cell}px", height=f"{cell}px", margin="0", padding="0")
        self.buttons: list[widgets.Button] = []
        empty = self._style(("empty",))
        for index in range(size * size):
            point = (index % size, index // size)
            name = point_name(point, size)
            button = widgets.Button(description=EMPTY_TEXT, tooltip=name, layout=shared, style=empty)
            button.add_class(POINT_CLASS)
            button.add_class(f"{POINT_CLASS}-{name}")
            button.on_click(self._point_handler(point))
            self.buttons.append(button)
        label = widgets.Layout(width="auto", height="auto", margin="0")

        def coordinate(text: str) -> widgets.HTML:
            html = widgets.HTML(value=(f'<div style="text-align:center;color:{COORDINATE_COLOUR};'
                                       f'font-size:{COORDINATE_FONT_SIZE};line-height:{LABEL_SIZE_PX}px">'
                                       f"{escape(text)}</div>"), layout=label)
            html.add_class("tictac-coordinate")
            return html

        letters = [coordinate(_LETTERS[x]) for x in range(size)]
        children: list[widgets.Widget] = [coordinate(""), *letters, coordinate("")]
        for y in range(size):
            number = str(size - y)
            children += [coordinate(number), *self.buttons[y * size:(y + 1) * size], coordinate(number)]
        children += [coordinate(""), *[coordinate(_LETTERS[x]) for x in range(size)], coordinate("")]
        columns = f"{LABEL_SIZE_PX}px repeat({size}, {cell}px) {LABEL_SIZE_PX}px"
        rows = f"{LABEL_SIZE_PX}px repeat({size}, {cell}px) {LABEL_SIZE_PX}px"
        self.grid = widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=columns, grid_template_rows=rows, grid_gap=f"{POINT_GAP_PX}px",
            width="max-content", margin="6px 0", align_items="center"))
        self.grid.add_class("tictac-gomoku-grid")

        self.heatmap_button = widgets.ToggleButton(
            value=self._heatmap_at_start and self.evaluation is not None, description="Heatmap", icon="th",
            disabled=self.evaluation is None,
            tooltip=("Colour each point near the stones by the game's evaluation of playing there, for the "
                     "player to move" if self.evaluation is not None else f"No heatmap: {self._evaluation_problem}"),
            layout=widgets.Layout(width="145px"))
        self.heatmap_button.add_class("tictac-heatmap")
        self.heatmap_status = widgets.Label(value="")
        self.heatmap_status.add_class("tictac-heatmap-status")
        self.heatmap_legend = widgets.HTML(value="", layout=widgets.Layout(width=f"{(size + 2) * (cell + 2)}px"))
        self.heatmap_legend.add_class("tictac-heatmap-legend")
        self.announcement = widgets.HTML(value="")
        self.announcement.add_class("tictac-announcement")
        return widgets.VBox([self.grid, self.heatmap_status, self.heatmap_legend, self.announcement],
                            layout=widgets.Layout(margin="2px 0 6px 0"))

    def _extra_commands(self) -> Sequence[widgets.Widget]:
        return (self.heatmap_button,)

    def _point_handler(self, point: Point) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(point))
        return handler

    def _style(self, key: tuple[Any, ...]) -> widgets.ButtonStyle:
        """The shared style of one look of a point (made once, then reused by every button)."""
        found = self._styles.get(key)
        if found is not None:
            return found
        kind = key[0]
        if kind == "stone":
            _, player, background = key
            found = widgets.ButtonStyle(button_color=background, text_color=_STONE_COLOURS[player],
                                        font_size=STONE_FONT_SIZE, font_weight="normal")
        elif kind == "forbidden":
            found = widgets.ButtonStyle(button_color=WOOD_COLOUR, text_color=FORBIDDEN_COLOUR,
                                        font_size=MARK_FONT_SIZE, font_weight="bold")
        elif kind == "heat":
            level = key[1]
            found = widgets.ButtonStyle(button_color=HEAT_COLOURS[level], text_color=HEAT_TEXT_COLOURS[level],
                                        font_size=MARK_FONT_SIZE, font_weight="bold")
        else:
            found = widgets.ButtonStyle(button_color=WOOD_COLOUR, text_color=COORDINATE_COLOUR,
                                        font_size=MARK_FONT_SIZE, font_weight="normal")
        self._styles[key] = found
        return found

    def _player_html(self, player: Player) -> str:
        return f"{stone_swatch(player)} {escape(player)}"

    def _win_words(self, state: Any) -> str:
        line = winning_points(state)
        if not line:
            return ""
        count = COUNT_WORDS.get(len(line), str(len(line)))
        return f" with {count} in a row, {point_name(line[0], self.size)}–{point_name(line[-1], self.size)}"

    def _show_position(self, state: Any) -> None:
        """Show the stones, the highlights, the forbidden points and the heatmap, sending only
        the buttons whose look changed."""
        size = self.size
        stones: dict[Point, Player] = {point: player for player in state.players for point in state.stones(player)}
        forbidden = state.forbidden_points() if hasattr(state, "forbidden_points") else {}
        five = set(winning_points(state))
        last = state.last_move
        values = self._show_heatmap(state)
        levels = heat_levels(values) if values else {}
        best = max(values.values()) if values else None
        mover = state.to_move
        name = getattr(self.evaluation, "__name__", "the evaluation")
        for index, button in enumerate(self.buttons):
            point = (index % size, index // size)
            label = point_name(point, size)
            player = stones.get(point)
            if player is not None:
                background = WIN_COLOUR if point in five else LAST_MOVE_COLOUR if point == last else WOOD_COLOUR
                classes = {STONE_CLASSES[player]}
                if point in five:
                    classes.add(WIN_CLASS)
                if point == last:
                    classes.add(LAST_MOVE_CLASS)
                look = _Look(("stone", player, background), STONE_GLYPH,
                             f"{label}: {player}" + (" (the last move)" if point == last else ""), frozenset(classes))
            elif point in forbidden:
                words = FORBIDDEN_WORDS.get(forbidden[point], str(forbidden[point]))
                look = _Look(("forbidden",), FORBIDDEN_GLYPH, f"{label}: forbidden for Black under renju ({words})",
                             frozenset({FORBIDDEN_CLASS}))
            elif point in levels:
                value = values[point]
                top = value == best
                look = _Look(("heat", levels[point]), BEST_GLYPH if top else EMPTY_TEXT,
                             f"{label}: {format_number(value)} for {mover} after {mover} plays here ({name})"
                             + (", the best of these points" if top else ""),
                             frozenset({HEAT_CLASS, BEST_CLASS} if top else {HEAT_CLASS}))
            else:
                look = _Look(("empty",), EMPTY_TEXT, label, frozenset())
            if self._looks[index] != look:
                self._paint(button, look, self._looks[index])
                self._looks[index] = look
        self.announcement.value = self._announcement_html(self.session.last_ai)

    def _paint(self, button: widgets.Button, look: _Look, before: _Look | None) -> None:
        """Send what changed in one button's look to the page."""
        if before is None or before.style != look.style:
            button.style = self._style(look.style)
        if before is None or before.description != look.description:
            button.description = look.description
        if before is None or before.tooltip != look.tooltip:
            button.tooltip = look.tooltip
        if before is None or before.classes != look.classes:
            set_classes(button, _POINT_STATE_CLASSES, look.classes)

    def _announcement_html(self, answer: AIMove | None) -> str:
        """A win the AI's last search proved, in words; empty for an estimate or once the game
        is over."""
        if answer is None or not answer.proven or self.session.is_over():
            return ""
        outcome = answer.outcome
        if outcome not in ("win", "loss"):
            return ""
        first, second = self._start.players
        winner = answer.player if outcome == "win" else (second if answer.player == first else first)
        how = (f"the AI ({escape(answer.agent_name)}, playing {escape(answer.player)}) proved it with its search: "
               "a forced win, not an estimate")
        return (f'<div style="color:{ANNOUNCEMENT_COLOUR};font-size:15px;margin:4px 0">'
                f"<b>{stone_swatch(winner)} {escape(winner)} has a forced win</b>"
                f'<span style="font-size:{LEGEND_FONT_SIZE};color:{LEGEND_COLOUR}"> · {how}</span></div>')

    # -- the heatmap ---------------------------------------------------------------------------

    def _show_heatmap(self, state: Any) -> dict[Point, float]:
        """The heatmap's values for ``state`` if they are known (else an empty dict), and the
        legend and status line; starts the work in the background when it is needed."""
        on = bool(self.heatmap_button.value)
        self.heatmap_legend.layout.display = "" if on else "none"
        self.heatmap_status.layout.display = "" if on else "none"
        if not on or self.session.is_over():
            self._cancel_heatmap()
            self._values = {}
            self.heatmap_status.value = ""
            self.heatmap_legend.value = "The game is over: no heatmap." if on else ""
            return {}
        values = self._heat_cache.get(state)
        if values is not None:
            self._cancel_heatmap()
            self._values = values
            self.heatmap_status.value = ""
            self.heatmap_legend.value = self._legend_html(state, values)
            return values
        self._values = {}
        self.heatmap_legend.value = ""
        session = self.session
        if self._playing_to_end or session.thinking or session.ai_should_move():
            self._cancel_heatmap()  # the position is about to change: evaluate the one the AI leaves
            self.heatmap_status.value = "The heatmap waits for the AI's move."
            return {}
        self.heatmap_status.value = HEATMAP_TEXT
        if self._heat_running is not None and self._heat_running[0] is state:
            return {}  # already at work on this position
        self._cancel_heatmap()
        cancel = _Cancel()
        self._heat_running = (state, cancel)
        self._heat_lane.run(lambda: self._evaluate(state, cancel))
        return {}

    def _cancel_heatmap(self) -> None:
        running = self._heat_running
        if running is not None:
            running[1].cancelled = True
            self._heat_running = None

    def _evaluate(self, state: Any, cancel: _Cancel) -> None:
        """In the heatmap's thread: value the candidate points of ``state`` unless cancelled,
        then show them if ``state`` is still on the board."""
        assert self.evaluation is not None
        values = point_values(state, self.evaluation, stop=lambda: cancel.cancelled)
        if values is None:
            return
        with self._render_lock:
            if len(self._heat_cache) > 200:
                self._heat_cache.clear()
            self._heat_cache[state] = values
            if self._heat_running is not None and self._heat_running[1] is cancel:
                self._heat_running = None
        if not cancel.cancelled:
            self._render()

    def _legend_html(self, state: Any, values: dict[Point, float]) -> str:
        mover = state.to_move
        name = escape(getattr(self.evaluation, "__name__", "the evaluation"))
        swatches = "".join(f'<span style="display:inline-block;width:16px;height:12px;background:{colour};'
                           f'vertical-align:-1px"></span>' for colour in HEAT_COLOURS)
        if not values:
            return (f'<div style="font-size:{LEGEND_FONT_SIZE};color:{LEGEND_COLOUR}">No point to evaluate.</div>')
        best = max(values.values())
        tops = [point_name(point, self.size) for point, value in values.items() if value == best]
        worst = min(values.values())
        shown = ", ".join(tops[:4]) + (" …" if len(tops) > 4 else "")
        return (f'<div style="font-size:{LEGEND_FONT_SIZE};color:{LEGEND_COLOUR};line-height:1.5">'
                f"<b>Heatmap for {stone_swatch(mover)} {escape(mover)}</b>, the player to move: {len(values)} points "
                f"near the stones, coloured by {name} of the position after {escape(mover)} plays there, from "
                f"{escape(mover)}'s point of view: worse {swatches} better ({format_number(worst)} to "
                f"{format_number(best)}, on a logarithmic scale). {BEST_GLYPH} best: {escape(shown)}. "
                f"An evaluation of one move, not a search: hover a point for its value.</div>")


def stone_swatch(player: Player) -> str:
    """A small stone of ``player``'s colour, inline in a line of HTML."""
    colour = _STONE_COLOURS.get(player, WOOD_COLOUR)
    return (f'<span style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;background:{colour};'
            f'border:1px solid {STONE_EDGE_COLOUR};box-sizing:border-box;vertical-align:-0.08em"></span>')
