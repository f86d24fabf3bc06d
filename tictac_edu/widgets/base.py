"""What every game board shares: the controls, the AI's turn, the messages and the figures.

A board is a :class:`GameBoard`: a column of rows built from standard ipywidgets only::

    Players [You play X v]   AI [perfect v]
    [New game] [Undo] [AI move] [Play to the end] (+ the game's own buttons)
    X (you) to move   ⏳ AI is thinking…
    <the game's own board: cells, drop buttons, ...>
    a message answering a click that could not be played
    the AI's figures for its last move

Everything happens in the kernel: a click plays your move, then the AI searches and replies
inside the same click handler. While it searches, "AI is thinking…" is shown; widget updates
reach the page as they are made, so the line appears before the search starts and disappears
when it ends.

A game's board (:class:`~tictac_edu.widgets.board.MNKBoard`,
:class:`~tictac_edu.widgets.connect4.ConnectFourBoard`) subclasses :class:`GameBoard` and
fills in the parts that depend on the game: the widgets of the board itself
(:meth:`GameBoard._build_board`), how a position is shown (:meth:`GameBoard._show_position`),
which clicks are refused and why (:meth:`GameBoard._click_problem`), and a few words of the
status line.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Sequence
from html import escape
from typing import Any, Literal, get_args

import ipywidgets as widgets

from tictac_edu.agents import DIFFICULTIES, Agent, difficulty_agent
from tictac_edu.evaluation.common import WIN_SCORE
from tictac_edu.games.base import GameState, IllegalMoveError, Move, Player
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
"""Shown (after an hourglass) in :attr:`GameBoard.thinking` while the agent searches."""

MAX_PLIES_FOR_WIN_SCORES = 10_000
"""A depth-limited value within this of :data:`~tictac_edu.evaluation.common.WIN_SCORE` is a
finished game's score (``WIN_SCORE - ply``), not a heuristic one."""


# -- the figures line --------------------------------------------------------------------------


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
    """``"14 ms"`` below a second, ``"1.25 s"`` above.

    >>> format_elapsed(0.0141), format_elapsed(1.25)
    ('14 ms', '1.25 s')
    """
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
                   elapsed: float, *, move_text: Callable[[Move], str] = str,
                   pv_text: Callable[[Move], str] | None = None,
                   value_text: Callable[[SearchResult], str] = verdict) -> str:
    """The AI's figures for one move as one line of HTML.

    Args:
        player: who moved.
        move: the move played.
        agent_name: the agent's name, shown as "AI (name)".
        result: the search behind the move (its value is from ``player``'s point of view),
            or ``None`` if the move was not searched (a random move).
        elapsed: the seconds the agent took, shown when there is no search result.
        move_text: how the move is named in "played ... for X" (the move itself by default;
            Connect Four says "column 4").
        pv_text: how the moves of the principal variation are named (``move_text`` by default).
        value_text: what the value means, in words (:func:`verdict` by default).

    >>> from tictac_edu.search.result import SearchResult
    >>> result = SearchResult(value=0, move=4, pv=[4, 0], nodes=120, player="O", depth=None, exact=True,
    ...                       elapsed=0.003)
    >>> format_figures("O", 4, "perfect", result, 0.003)
    '<b>AI (perfect) played 4 for O</b> · value 0 (a draw with best play) · 120 nodes · to the end · 3 ms · PV 4 → 0'
    """
    pv_text = move_text if pv_text is None else pv_text
    head = f"<b>AI ({escape(agent_name)}) played {escape(move_text(move))} for {escape(player)}</b>"
    if result is None:
        return f"{head} · a random move, no search · {format_elapsed(elapsed)}"
    pv = [escape(pv_text(m)) for m in result.pv[: style.MAX_PV_MOVES]]
    if len(result.pv) > style.MAX_PV_MOVES:
        pv.append("…")
    depth = "to the end" if result.depth is None else f"depth {result.depth}"
    parts = [head,
             f"value {format_number(result.value)} ({escape(value_text(result))})",
             f"{result.nodes:,} nodes",
             depth,
             format_elapsed(result.elapsed)]
    if result.table_hits:
        parts.insert(3, f"{result.table_hits:,} table hits")
    if pv:
        parts.append("PV " + " → ".join(pv))
    return " · ".join(parts)


# -- the board -------------------------------------------------------------------------------


class GameBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The shared part of the boards: play a game against an agent, against itself, or with a
    friend.

    The controls: who plays (you as X or O, AI vs AI, two humans), the AI's difficulty, New
    game, Undo (takes back your last move and the AI's reply), AI move (the AI plays the next
    move, for whoever is to move) and Play to the end; in AI vs AI the chosen AI plays both
    sides, and Undo takes back one move. After each AI move the figures of its search are
    shown: value (from the AI's point of view), nodes, time and principal variation. Clicks
    that cannot be played get a message, never an exception.

    Not used on its own: a game's board subclasses it and provides :meth:`_build_board`,
    :meth:`_show_position`, :meth:`_click_problem` and :meth:`_check_position` (see the
    module docstring).

    Args:
        start: the position New game returns to.
        side: who plays; see :data:`Side`.
        difficulty: a preset of :data:`~tictac_edu.agents.DIFFICULTIES`, built with
            :func:`~tictac_edu.agents.difficulty_agent`; by default ``opponent`` if one is
            given, else the strongest preset the board offers.
        opponent: an agent to play against (anything with ``name`` and
            ``choose_move(state)``); the difficulty drop-down lists it first, beside the
            presets, so you can switch between them.
        seed: seed for the presets' random moves.
        pause: seconds between the moves of Play to the end.

    Raises:
        ValueError: an unknown side or difficulty, or a difficulty this board does not offer.
        TypeError: ``opponent`` has no ``choose_move``.

    Attributes:
        message: a label answering clicks that could not be played (``.value`` is the text).
        status: whose turn it is, or the result.
        thinking: shows "AI is thinking…" while the AI searches.
        figures: the AI's figures for its last move.
        agent: the AI playing now.
        last_result: the search result behind the AI's last move, or ``None``.
        side_selector, difficulty_selector: the two drop-downs.
        new_game_button, undo_button, ai_move_button, play_to_end_button: the commands.
        pause: seconds between the moves of Play to the end.
    """

    def __init__(self, start: GameState, *, side: Side = "X", difficulty: str | None = None,
                 opponent: Agent | None = None, seed: int | None = None, pause: float = DEFAULT_PAUSE) -> None:
        super().__init__()
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; choose one of {', '.join(map(repr, SIDES))}")
        if opponent is not None and not callable(getattr(opponent, "choose_move", None)):
            raise TypeError(f"opponent must be an agent with a choose_move(state) method, not {opponent!r}")
        self._start: Any = start
        self._state: Any = start
        self._seed = seed
        self._given_agent = opponent
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
            raise ValueError(f"difficulty {difficulty!r} is not offered on {self._board_words()}; "
                             f"choose one of {', '.join(map(repr, values))}")
        self.agent: Agent = self._build_agent(difficulty)

        control = widgets.Layout(width=style.CONTROL_WIDTH)
        self.side_selector = widgets.Dropdown(options=[(SIDE_LABELS[s], s) for s in SIDES], value=side,
                                              description="Players", layout=control,
                                              style={"description_width": "initial"})
        self.difficulty_selector = widgets.Dropdown(options=options, value=difficulty, description="AI",
                                                    layout=control, style={"description_width": "initial"})
        self.new_game_button = command_button("New game", "Start again from the first position", "refresh")
        self.undo_button = command_button("Undo", "Take back your last move and the AI's reply", "undo")
        self.ai_move_button = command_button("AI move", "The AI plays the next move, for whoever is to move",
                                             "step-forward")
        self.play_to_end_button = command_button("Play to the end",
                                                 "The AI plays both sides to the end of the game", "forward")

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

        board = self._build_board()
        commands = [self.new_game_button, self.undo_button, self.ai_move_button, self.play_to_end_button]
        self.children = [
            widgets.HBox([self.side_selector, self.difficulty_selector]),
            widgets.HBox([*commands, *self._extra_commands()]),
            widgets.HBox([self.status, self.thinking], layout=widgets.Layout(align_items="center")),
            board,
            self.message,
            self.figures,
        ]
        self.add_class("tictac-board")
        self._refresh()
        self._let_ai_reply()

    # -- public API ----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position on the board."""
        return self._state

    @state.setter
    def state(self, position: Any) -> None:
        self._set_state(position)

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
        return {"X": ("O",), "O": ("X",), "AI vs AI": ("X", "O"), "two humans": ()}[self.side]

    def click(self, target: Any) -> None:
        """Do what a click on ``target`` (a cell, a column, ...) does: play it for you, then let
        the AI reply.

        A move that cannot be played (the game over, not your turn, a taken cell, a full
        column, ...) leaves the position as it is and explains why in :attr:`message`.
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
        problem = self._click_problem(target)
        if problem:
            self._say(problem)
            return
        try:
            self._state = state.play(target)
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

    def _set_state(self, position: Any) -> None:
        """Show ``position`` (checked by :meth:`_check_position`) in place of the current one."""
        self._check_position(position)
        self._state = position
        self._say("")
        self._refresh()

    # -- what a game's board provides -------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        """The widgets of the board itself (cells, drop buttons, ...), shown under the status line."""
        raise NotImplementedError

    def _show_position(self) -> None:
        """Show :attr:`state` on the board's own widgets (marks, discs, highlights)."""
        raise NotImplementedError

    def _click_problem(self, target: Any) -> str | None:
        """Why ``target`` cannot be played in the current position (a message), or ``None``.

        Called once the game is known to be on and the player to move is a human; whatever
        this lets through is played with ``state.play(target)``, whose error messages are
        shown too.
        """
        return None

    def _check_position(self, position: Any) -> None:
        """Raise ``ValueError`` if ``position`` cannot be shown on this board."""

    def _extra_commands(self) -> Sequence[widgets.Widget]:
        """More controls for the row of command buttons."""
        return ()

    def _board_words(self) -> str:
        """The board in words, for error messages: "a 4x4 board"."""
        return "this board"

    def _player_html(self, player: Player) -> str:
        """A player's name in the status line (HTML)."""
        return escape(player)

    def _win_words(self) -> str:
        """What comes after "X wins" in the status line: where the winning line is (HTML)."""
        return ""

    def _figures_text(self, before: GameState, move: Move, agent: Agent, result: SearchResult | None,
                      elapsed: float) -> str:
        """The figures line after the AI played ``move`` from ``before``."""
        return format_figures(before.to_move, move, getattr(agent, "name", "agent"), result, elapsed)

    # -- inside ------------------------------------------------------------------------------------

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

    def _ai_replies_now(self) -> bool:
        """Whether the AI is about to move by itself (you play against it, and it is its turn)."""
        return (self.side in ("X", "O") and not self._state.is_terminal()
                and self._state.to_move in self.ai_players())

    def _let_ai_reply(self) -> None:
        """When you play against the AI and it is its turn, let it move."""
        while self._ai_replies_now():
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
        self.figures.value = self._figures_text(state, move, agent, result, elapsed)
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
        """Show the position and the status line."""
        self._show_position()
        state = self._state
        size = f"font-size:{style.STATUS_FONT_SIZE}"
        if state.winner is not None:
            text = f"<b>{self._player_html(state.winner)}{self._who(state.winner)} wins</b>{self._win_words()}"
        elif state.is_terminal():
            text = "<b>Draw</b>: the board is full"
        else:
            text = f"<b>{self._player_html(state.to_move)}</b>{self._who(state.to_move)} to move"
        self.status.value = f'<span style="{size}">{text}</span>'


def command_button(description: str, tooltip: str, icon: str) -> widgets.Button:
    """A button of the command row, in the boards' style (class ``tictac-command``)."""
    button = widgets.Button(description=description, tooltip=tooltip, icon=icon,
                            layout=widgets.Layout(width=style.BUTTON_WIDTH))
    button.add_class("tictac-command")
    return button


def set_classes(widget: widgets.DOMWidget, managed: Collection[str], wanted: Collection[str]) -> None:
    """Give ``widget`` exactly the CSS classes ``wanted`` among the ``managed`` ones (the
    classes a board switches on and off), keeping its other classes; nothing is sent to the
    page when nothing changes."""
    current = tuple(widget._dom_classes)
    new = tuple([name for name in current if name not in managed] + sorted(wanted))
    if new != current:
        widget._dom_classes = new
