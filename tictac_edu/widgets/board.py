"""Boards to play m,n,k games (tic-tac-toe included) against any agent.

Built from standard ipywidgets only (buttons in a grid, drop-downs, labels), so a board works
the same in JupyterLab, Notebook 7 and Voila. Everything happens in the kernel: a click plays
your move, then the AI searches and replies inside the same click handler. While it searches,
an "AI is thinking…" line is shown; widget updates reach the page as they are made, so the
line appears before the search starts and disappears when it ends.

>>> board = TicTacToeBoard(difficulty="perfect")
>>> board.click(4)                       # what clicking the centre does: X there, O replies
>>> board.state.board[4], board.state.ply
('X', 2)
>>> board.click(4)                       # an occupied cell: a message, nothing changes
>>> board.message.value
'Cell 4 is taken by X: choose an empty cell.'
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from html import escape
from typing import Literal, get_args

import ipywidgets as widgets

from tictac_edu.agents import DIFFICULTIES, Agent, difficulty_agent
from tictac_edu.evaluation.common import WIN_SCORE
from tictac_edu.games.base import IllegalMoveError, Move, Player
from tictac_edu.games.mnk import EMPTY, MNKGame, O, TicTacToe, X
from tictac_edu.search.result import SearchResult
from tictac_edu.widgets import style

log = logging.getLogger(__name__)

Side = Literal["X", "O", "AI vs AI", "two humans"]
"""Who plays: you as X, you as O, the AI against itself, or two people taking turns."""

SIDES: tuple[Side, ...] = get_args(Side)
SIDE_LABELS: dict[Side, str] = {"X": "You play X", "O": "You play O", "AI vs AI": "AI vs AI",
                                "two humans": "Two humans"}

GIVEN_AGENT = "given agent"
"""The difficulty drop-down's value for an agent passed as ``opponent``."""

DEFAULT_PAUSE = 0.3
"""Seconds between two moves of "Play to the end", so the game can be watched."""

THINKING_TEXT = "AI is thinking…"
"""Shown (after an hourglass) in :attr:`MNKBoard.thinking` while the agent searches."""

MAX_PLIES_FOR_WIN_SCORES = 10_000
"""A depth-limited value within this of :data:`~tictac_edu.evaluation.common.WIN_SCORE` is a
finished game's score (``WIN_SCORE - ply``), not a heuristic one."""


def format_number(value: float | None) -> str:
    """A score for people: ``3``, ``2.5``, ``∞``, ``-∞``, or ``?`` when there is none.

    >>> format_number(3.0), format_number(-float("inf")), format_number(0.125)
    ('3', '-∞', '0.125')
    """
    if value is None:
        return "?"
    if value == float("inf"):
        return "∞"
    if value == -float("inf"):
        return "-∞"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3g}"


def format_elapsed(seconds: float) -> str:
    """``"14 ms"`` below a second, ``"1.25 s"`` above."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def verdict(result: SearchResult) -> str:
    """What a search value means, from the searching player's point of view.

    An exact value (searched to the end of the game) is a win, draw or loss with best play;
    a depth-limited value is only a heuristic score, unless it is a finished game's score
    (:data:`~tictac_edu.evaluation.common.WIN_SCORE` less the plies), a win found by force.
    """
    if result.value is None:
        return "no value (the search was stopped)"
    if not result.exact:
        if abs(result.value) >= WIN_SCORE - MAX_PLIES_FOR_WIN_SCORES:
            outcome = "wins" if result.value > 0 else "loses"
            return f"{result.player} {outcome} by force, seen within the look-ahead"
        return f"a heuristic score for {result.player}"
    if result.value > 0:
        return f"{result.player} wins with best play"
    if result.value < 0:
        return f"{result.player} loses with best play"
    return "a draw with best play"


def format_figures(player: Player, move: Move, agent_name: str, result: SearchResult | None,
                   elapsed: float) -> str:
    """The AI's figures for one move as one line of HTML.

    Args:
        player: who moved.
        move: the move played.
        agent_name: the agent's name, shown as "AI (name)".
        result: the search behind the move (its value is from ``player``'s point of view),
            or ``None`` if the move was not searched (a random move).
        elapsed: the seconds the agent took, shown when there is no search result.
    """
    head = f"<b>AI ({escape(agent_name)}) played {escape(str(move))} for {escape(player)}</b>"
    if result is None:
        return f"{head} · a random move, no search · {format_elapsed(elapsed)}"
    pv = [escape(str(m)) for m in result.pv[: style.MAX_PV_MOVES]]
    if len(result.pv) > style.MAX_PV_MOVES:
        pv.append("…")
    depth = "to the end" if result.depth is None else f"depth {result.depth}"
    parts = [head,
             f"value {format_number(result.value)} ({escape(verdict(result))})",
             f"{result.nodes:,} nodes",
             depth,
             format_elapsed(result.elapsed)]
    if result.table_hits:
        parts.insert(3, f"{result.table_hits:,} table hits")
    if pv:
        parts.append("PV " + " → ".join(pv))
    return " · ".join(parts)


class MNKBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A board to play an m,n,k game against an agent, against itself, or with a friend.

    Display it (make it the last expression of a cell) and click the cells. The controls:
    who plays (you as X or O, AI vs AI, two humans), the AI's difficulty, New game, Undo
    (takes back your last move and the AI's reply), AI move (the AI plays the next move,
    for whoever is to move) and Play to the end; in AI vs AI the chosen AI plays both sides,
    and Undo takes back one move. After each AI move the figures of its
    search are shown: value (from the AI's point of view), nodes, time and principal
    variation. Clicks that cannot be played get a message, never an exception.

    Args:
        rows, columns, k: the game (ignored when ``start`` is given).
        side: who plays; see :data:`Side`.
        difficulty: a preset of :data:`~tictac_edu.agents.DIFFICULTIES`, built with
            :func:`~tictac_edu.agents.difficulty_agent`; by default ``opponent`` if one is
            given, else the strongest preset the board offers ("perfect" on tic-tac-toe).
        opponent: an agent to play against (anything with ``name`` and
            ``choose_move(state)``); the difficulty drop-down lists it first, beside the
            presets, so you can switch between them.
        seed: seed for the presets' random moves.
        start: the position New game returns to (an empty board by default).
        numbered: show the cell numbers in empty cells (they are the moves of the figures).
        pause: seconds between the moves of Play to the end.
        cell_size: width and height of a cell in pixels.

    Raises:
        ValueError: an unknown side or difficulty, or a difficulty this board does not offer.
        TypeError: ``opponent`` has no ``choose_move``, or ``start`` is not an m,n,k position.

    Attributes:
        buttons: one button per cell, row-major (cell ``i`` carries the CSS class
            ``tictac-cell-i``).
        message: a label answering clicks that could not be played (``.value`` is the text).
        status: whose turn it is, or the result.
        thinking: shows "AI is thinking…" while the AI searches.
        figures: the AI's figures for its last move.
        agent: the AI playing now.
        last_result: the search result behind the AI's last move, or ``None``.
    """

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3, *, side: Side = "X",
                 difficulty: str | None = None, opponent: Agent | None = None, seed: int | None = None,
                 start: MNKGame | None = None, numbered: bool = True, pause: float = DEFAULT_PAUSE,
                 cell_size: int = style.CELL_SIZE_PX) -> None:
        super().__init__()
        if start is None:
            start = MNKGame(rows, columns, k)
        elif not isinstance(start, MNKGame):
            raise TypeError(f"start must be an MNKGame position (such as TicTacToe()), not {type(start).__name__}")
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; choose one of {', '.join(map(repr, SIDES))}")
        if opponent is not None and not callable(getattr(opponent, "choose_move", None)):
            raise TypeError(f"opponent must be an agent with a choose_move(state) method, not {opponent!r}")
        self._start: MNKGame = start
        self._state: MNKGame = start
        self._seed = seed
        self._given_agent = opponent
        self.numbered = numbered
        self.pause = pause
        self.last_result: SearchResult | None = None

        options: list[tuple[str, str]] = []
        if opponent is not None:
            options.append((f"{getattr(opponent, 'name', 'agent')} (given)", GIVEN_AGENT))
        options += [(level, level) for level in DIFFICULTIES if self._offers(level)]
        values = [value for _, value in options]
        if difficulty is None:
            difficulty = GIVEN_AGENT if opponent is not None else values[-1]
        if difficulty not in values:
            raise ValueError(f"difficulty {difficulty!r} is not offered on a {start.rows}x{start.columns} board; "
                             f"choose one of {', '.join(map(repr, values))}")
        self.agent: Agent = self._build_agent(difficulty)

        control = widgets.Layout(width=style.CONTROL_WIDTH)
        self.side_selector = widgets.Dropdown(options=[(SIDE_LABELS[s], s) for s in SIDES], value=side,
                                              description="Players", layout=control,
                                              style={"description_width": "initial"})
        self.difficulty_selector = widgets.Dropdown(options=options, value=difficulty, description="AI",
                                                    layout=control, style={"description_width": "initial"})
        self.new_game_button = self._command("New game", "Start again from the first position", "refresh")
        self.undo_button = self._command("Undo", "Take back your last move and the AI's reply", "undo")
        self.ai_move_button = self._command("AI move", "The AI plays the next move, for whoever is to move",
                                            "step-forward")
        self.play_to_end_button = self._command("Play to the end", "The AI plays both sides to the end of the game",
                                                "forward")

        self.buttons: list[widgets.Button] = []
        for cell in range(start.rows * start.columns):
            row, col = divmod(cell, start.columns)
            button = widgets.Button(description="", tooltip=f"cell {cell} (row {row}, column {col})",
                                    layout=widgets.Layout(width=f"{cell_size}px", height=f"{cell_size}px",
                                                          margin="0", padding="0"))
            button.add_class("tictac-cell")
            button.add_class(f"tictac-cell-{cell}")
            button.on_click(self._cell_handler(cell))
            self.buttons.append(button)
        self.grid = widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat({start.columns}, {cell_size}px)",
            grid_template_rows=f"repeat({start.rows}, {cell_size}px)",
            grid_gap=f"{style.CELL_GAP_PX}px", width="max-content", margin="6px 0"))
        self.grid.add_class("tictac-grid")

        self.status = widgets.HTML()
        self.status.add_class("tictac-status")
        self.thinking = widgets.Label(value="", style={"text_color": style.THINKING_COLOUR})
        self.thinking.add_class("tictac-thinking")
        self.message = widgets.Label(value="", style={"text_color": style.MESSAGE_COLOUR})
        self.message.add_class("tictac-message")
        self.figures = widgets.HTML(value="")
        self.figures.add_class("tictac-figures")

        self.new_game_button.on_click(lambda _: self._safely(self.new_game))
        self.undo_button.on_click(lambda _: self._safely(self.undo))
        self.ai_move_button.on_click(lambda _: self._safely(self.ai_move))
        self.play_to_end_button.on_click(lambda _: self._safely(self.play_to_end))
        self.side_selector.observe(lambda change: self._safely(self._side_changed), names="value")
        self.difficulty_selector.observe(lambda change: self._safely(self._difficulty_changed), names="value")

        self.children = [
            widgets.HBox([self.side_selector, self.difficulty_selector]),
            widgets.HBox([self.new_game_button, self.undo_button, self.ai_move_button, self.play_to_end_button]),
            widgets.HBox([self.status, self.thinking], layout=widgets.Layout(align_items="center")),
            self.grid,
            self.message,
            self.figures,
        ]
        self.add_class("tictac-board")
        self._refresh()
        self._let_ai_reply()

    # -- public API ----------------------------------------------------------------------------

    @property
    def state(self) -> MNKGame:
        """The position on the board."""
        return self._state

    @state.setter
    def state(self, position: MNKGame) -> None:
        if not isinstance(position, MNKGame) or (position.rows, position.columns, position.k) != (
                self._start.rows, self._start.columns, self._start.k):
            raise ValueError(f"this board plays {self._start.rows},{self._start.columns},{self._start.k}; "
                             f"cannot show {position!r}")
        self._state = position
        self._say("")
        self._refresh()

    @property
    def side(self) -> Side:
        """Who plays now (the value of the side drop-down)."""
        side: Side = self.side_selector.value
        return side

    @property
    def difficulty(self) -> str:
        """The chosen difficulty, or :data:`GIVEN_AGENT` for an agent passed as ``opponent``."""
        return str(self.difficulty_selector.value)

    @property
    def widget(self) -> widgets.VBox:
        """The widget to display: the board itself."""
        return self

    def ai_players(self) -> tuple[Player, ...]:
        """The players the AI moves for without being asked."""
        return {"X": (O,), "O": (X,), "AI vs AI": (X, O), "two humans": ()}[self.side]

    def click(self, cell: int | tuple[int, int]) -> None:
        """Do what a click on ``cell`` does: play it for you, then let the AI reply.

        A cell that cannot be played (taken, off the board, the game over, not your turn)
        leaves the position as it is and explains why in :attr:`message`.
        """
        state = self._state
        if state.is_terminal():
            self._say(f"The game is over ({self._result_words()}). Press New game to play again, or Undo.")
            return
        if state.to_move in self.ai_players():
            if self.side == "AI vs AI":
                self._say("The AI plays both sides: press AI move or Play to the end, or choose other players.")
            else:
                self._say(f"It is the AI's turn ({state.to_move}): press AI move.")
            return
        index = self._cell_index(cell)
        if index is not None and state.board[index] is not EMPTY:
            self._say(f"Cell {index} is taken by {state.board[index]}: choose an empty cell.")
            return
        try:
            self._state = state.play(cell)
        except IllegalMoveError as error:
            self._say(str(error).splitlines()[0])
            return
        self._say("")
        self._refresh()
        self._let_ai_reply()

    def new_game(self) -> None:
        """Start again from the first position; the AI moves first if it plays X."""
        self._state = self._start
        self.last_result = None
        self.figures.value = ""
        self._say("")
        self._refresh()
        self._let_ai_reply()

    def undo(self) -> None:
        """Take back your last move and the AI's reply (one move in AI vs AI or two humans)."""
        if self._state.ply <= self._start.ply:
            self._say("Nothing to undo: no move has been played.")
            return
        if self.side in ("AI vs AI", "two humans"):
            self._state = self._state.undo()
        else:
            position = self._state
            while position.ply > self._start.ply:
                position = position.undo()
                if position.to_move == self.side:  # that move was yours: stop before it
                    break
            else:
                self._say("Nothing to undo: you have not moved yet.")
                return
            self._state = position
        self.last_result = None
        self.figures.value = ""
        self._say("")
        self._refresh()

    def ai_move(self) -> None:
        """The AI plays the next move, for whoever is to move; then replies if it is its turn."""
        if self._state.is_terminal():
            self._say(f"The game is over ({self._result_words()}). Press New game to play again.")
            return
        self._say("")
        if self._play_ai_move():
            self._let_ai_reply()

    def play_to_end(self) -> None:
        """The AI plays both sides until the game is over, pausing :attr:`pause` between moves."""
        if self._state.is_terminal():
            self._say(f"The game is over ({self._result_words()}). Press New game to play again.")
            return
        self._say("")
        while not self._state.is_terminal():
            if not self._play_ai_move():
                return
            if self.pause and not self._state.is_terminal():
                time.sleep(self.pause)

    # -- inside -----------------------------------------------------------------------------

    def _offers(self, difficulty: str) -> bool:
        """Whether the preset ``difficulty`` can play on this board."""
        try:
            difficulty_agent(self._start, difficulty)  # type: ignore[arg-type]
        except ValueError:
            return False
        return True

    def _build_agent(self, difficulty: str) -> Agent:
        if difficulty == GIVEN_AGENT:
            assert self._given_agent is not None
            return self._given_agent
        return difficulty_agent(self._start, difficulty, seed=self._seed)  # type: ignore[arg-type]

    def _cell_index(self, cell: object) -> int | None:
        """The index of ``cell`` (an index or a ``(row, column)`` pair), ``None`` if it is off the board."""
        rows, columns = self._start.rows, self._start.columns
        if isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
            row, col = cell
            return row * columns + col if 0 <= row < rows and 0 <= col < columns else None
        if type(cell) is int and 0 <= cell < rows * columns:
            return cell
        return None

    @staticmethod
    def _command(description: str, tooltip: str, icon: str) -> widgets.Button:
        button = widgets.Button(description=description, tooltip=tooltip, icon=icon,
                                layout=widgets.Layout(width=style.BUTTON_WIDTH))
        button.add_class("tictac-command")
        return button

    def _cell_handler(self, cell: int) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(cell))
        return handler

    def _safely(self, action: Callable[[], None]) -> None:
        """Run a control's action; an unexpected error becomes a message, not a traceback."""
        try:
            action()
        except Exception as error:  # a board must keep working whatever happens
            log.exception("board action failed")
            self.thinking.value = ""
            self._say(f"Something went wrong: {type(error).__name__}: {error}")

    def _say(self, text: str) -> None:
        self.message.value = text

    def _side_changed(self) -> None:
        words = {"X": "You play X.", "O": "You play O.",
                 "AI vs AI": "The AI plays both sides: press AI move or Play to the end.",
                 "two humans": "Two humans: take turns clicking."}
        self._say(words[self.side])
        self._refresh()
        self._let_ai_reply()

    def _difficulty_changed(self) -> None:
        self.agent = self._build_agent(self.difficulty)
        self._say(f"The AI is now {getattr(self.agent, 'name', 'an agent')}.")
        self._refresh()

    def _let_ai_reply(self) -> None:
        """When you play against the AI and it is its turn, let it move."""
        if self.side not in ("X", "O"):
            return
        while not self._state.is_terminal() and self._state.to_move in self.ai_players():
            if not self._play_ai_move():
                return

    def _play_ai_move(self) -> bool:
        """The agent plays one move for the player to move; ``False`` (and a message) if it fails."""
        state, agent = self._state, self.agent
        name = getattr(agent, "name", "agent")
        self.thinking.value = f"⏳ {THINKING_TEXT}"
        started = time.perf_counter()
        try:
            move = agent.choose_move(state)
            position = state.play(move)
        except Exception as error:  # an agent written by a learner may fail in any way
            self._say(f"The AI ({name}) could not move: {type(error).__name__}: {str(error).splitlines()[0]}")
            return False
        finally:
            self.thinking.value = ""
        elapsed = time.perf_counter() - started
        result = getattr(agent, "last_result", None)
        if not isinstance(result, SearchResult) or result.move != move:
            result = None
        self.last_result = result
        self._state = position
        self.figures.value = format_figures(state.to_move, move, name, result, elapsed)
        self._refresh()
        return True

    def _result_words(self) -> str:
        state = self._state
        return "a draw" if state.winner is None else f"{state.winner} won"

    def _who(self, player: Player) -> str:
        if self.side == "two humans":
            return ""
        if player in self.ai_players():
            return f" (AI: {escape(getattr(self.agent, 'name', 'agent'))})"
        return " (you)"

    def _refresh(self) -> None:
        """Show the position: marks, highlights and the status line."""
        state = self._state
        line = set(state.winning_line() or ())
        for cell, button in enumerate(self.buttons):
            mark = state.board[cell]
            if mark is EMPTY:
                button.description = str(cell) if self.numbered else ""
                button.style.text_color = style.NUMBER_COLOUR
                button.style.font_size = style.NUMBER_FONT_SIZE
                button.style.font_weight = "normal"
            else:
                button.description = mark
                button.style.text_color = style.X_COLOUR if mark == X else style.O_COLOUR
                button.style.font_size = style.MARK_FONT_SIZE
                button.style.font_weight = style.MARK_FONT_WEIGHT
            if cell in line:
                button.style.button_color = style.WIN_COLOUR
            elif cell == state.last_move:
                button.style.button_color = style.LAST_MOVE_COLOUR
            else:
                button.style.button_color = style.CELL_COLOUR
        size = f"font-size:{style.STATUS_FONT_SIZE}"
        if state.winner is not None:
            cells = ", ".join(str(c) for c in state.winning_line() or ())
            who = self._who(state.winner)
            text = f"<b>{state.winner}{who} wins</b> with cells {cells}"
        elif state.is_terminal():
            text = "<b>Draw</b>: the board is full"
        else:
            text = f"<b>{state.to_move}</b>{self._who(state.to_move)} to move"
        self.status.value = f'<span style="{size}">{text}</span>'


class TicTacToeBoard(MNKBoard):
    """A tic-tac-toe board: :class:`MNKBoard` on the 3x3 board, three in a row.

    >>> board = TicTacToeBoard(side="O", difficulty="perfect")   # the AI opens as X
    >>> board.state.ply
    1
    """

    def __init__(self, *, side: Side = "X", difficulty: str | None = None, opponent: Agent | None = None,
                 seed: int | None = None, start: TicTacToe | None = None, numbered: bool = True,
                 pause: float = DEFAULT_PAUSE, cell_size: int = style.CELL_SIZE_PX) -> None:
        super().__init__(side=side, difficulty=difficulty, opponent=opponent, seed=seed,
                         start=TicTacToe() if start is None else start, numbered=numbered, pause=pause,
                         cell_size=cell_size)
