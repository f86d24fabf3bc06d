"""What every game board shares: the controls, the figures line, and the AI in the background.

A board is a view of a :class:`~tictac_edu.session.GameSession`: the session owns the game
(the position, who plays, undo, the AI's moves, the messages) and the board only renders it
and forwards clicks to it. A board is a column of rows built from standard ipywidgets only::

    Players [You play X v]   AI [perfect v]
    [New game] [Undo] [AI move] [Play to the end] (+ the game's own buttons)
    X (you) to move   AI is thinking…   (with a clock: X 4:32, 0:17 for this move · O 5:00)
    <the game's own board: cells, drop buttons, ...>
    a message answering a click that could not be played
    the AI's figures for its last move

The AI thinks in a background thread, so a click returns at once and the page stays
responsive: "AI is thinking…" shows while it searches, and its move appears when it is found
(widget updates reach the page from any thread). AI requests run one after another; one that
is overtaken (New game, Undo, another side or difficulty while the AI thinks) is dropped by
the session when it comes back. :meth:`GameBoard.wait` waits for the AI, for scripts and
tests.

With a ``time_control`` (:class:`~tictac_edu.session.TimeControl`: seconds per move, per
game, or both) the board shows each player's countdown, refreshed by a small background
thread while the clock runs (every :data:`CLOCK_TICK` seconds); the AI plays within the time
it has left, and a player whose time runs out loses on time.

A game's board (:class:`~tictac_edu.widgets.board.MNKBoard`,
:class:`~tictac_edu.widgets.connect4.ConnectFourBoard`) subclasses :class:`GameBoard` and
draws the board itself: :meth:`GameBoard._build_board`, :meth:`GameBoard._show_position` and
a few words of the status line.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Collection, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from tictac_edu.agents.decision import AnyAgent
from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.result import SearchResult
from tictac_edu.session import (
    AI_VS_AI,
    GIVEN_AGENT,
    TWO_HUMANS,
    AIMove,
    AIRequest,
    GameSession,
    Side,
    TimeControl,
    agent_name,
    format_clock,
    format_elapsed,
    format_number,
    outcome_words,
)
from tictac_edu.widgets import style

log = logging.getLogger(__name__)

__all__ = ["AI_VS_AI", "CLOCK_TICK", "DEFAULT_PAUSE", "GIVEN_AGENT", "SIDES", "SIDE_LABELS", "THINKING_TEXT",
           "TWO_HUMANS", "BackgroundLane", "GameBoard", "Side", "TimeControl", "command_button", "format_elapsed",
           "format_figures", "format_number", "set_classes", "verdict"]

SIDES: tuple[Side, ...] = ("X", "O", AI_VS_AI, TWO_HUMANS)
"""The sides of the X-and-O games (a board offers its session's :attr:`~GameSession.sides`)."""

SIDE_LABELS: dict[Side, str] = {AI_VS_AI: "AI vs AI", TWO_HUMANS: "Two humans"}
"""The side drop-down's words for the sides that are not a player (a player ``P`` is "You play P")."""

DEFAULT_PAUSE = 0.3
"""Seconds between two moves of "Play to the end", so the game can be watched."""

THINKING_TEXT = "AI is thinking…"
"""Shown in :attr:`GameBoard.thinking` while the agent searches."""

CLOCK_TICK = 0.2
"""Seconds between two refreshes of a running clock on a board."""

LOW_TIME_S = 10.0
"""Time left below which a clock is shown in the warning colour."""

CLOCK_COLOUR = "#333333"
"""The colour of the time left on a clock."""

LOW_TIME_COLOUR = "#c0392b"
"""The colour of a clock with less than :data:`LOW_TIME_S` left (red)."""

CLOCK_FONT_SIZE = "15px"
"""The font size of the clock line."""


# -- the figures line --------------------------------------------------------------------------


def verdict(result: SearchResult, before: GameState | None = None) -> str:
    """What a search value means, from the point of view of the player who searched
    (``result.player``): a proven outcome (``result.proven``: a forced win or loss found, or
    every line searched to the end) in words, with the moves to the end counted along the
    principal variation from ``before`` (:func:`~tictac_edu.session.outcome_words`), or an
    estimate."""
    if result.value is None:
        return "no value (the search was stopped)"
    words = outcome_words(result, before)
    if words is None:
        return f"an estimate for {result.player}, not proven"
    return f"proven: {words}"


def format_figures(player: Player, move: Move, agent: str, result: SearchResult | None,
                   elapsed: float, *, move_text: Callable[[Move], str] = str,
                   pv_text: Callable[[Move], str] | None = None,
                   value_text: Callable[[SearchResult], str] | None = None, note: str = "",
                   before: GameState | None = None) -> str:
    """The AI's figures for one move as one line of HTML.

    A proven value is said in words (who wins, in how many moves: :func:`verdict`), its
    number kept for the tooltip; an estimate shows its number ("value -10 (an estimate for
    O, not proven)").

    Args:
        player: who moved.
        move: the move played.
        agent: the agent's name, shown as "AI (name)".
        result: the search behind the move (its value is from ``player``'s point of view),
            or ``None`` if the move was not searched (a random move).
        elapsed: the seconds the agent took, shown when there is no search result.
        move_text: how the move is named in "played ... for X" (the move itself by default;
            Connect Four says "column 4").
        pv_text: how the moves of the principal variation are named (``move_text`` by default).
        value_text: what the value means, in words (:func:`verdict` from ``before`` by default).
        note: what to say instead of figures when there is no result ("a random move: ...").
        before: the position the AI moved in, to count the moves to a proven end.

    >>> from tictac_edu.search.result import SearchResult
    >>> result = SearchResult(value=0, move=4, pv=[4, 0], nodes=120, player="O", depth=None, proven=True,
    ...                       elapsed=0.003)
    >>> for part in format_figures("O", 4, "perfect", result, 0.003).split(" · "):
    ...     print(part)
    <b>AI (perfect) played 4 for O</b>
    <span title="search value 0">proven: a draw with best play on both sides</span>
    120 nodes
    to the end
    3 ms
    PV 4 → 0
    """
    pv_text = move_text if pv_text is None else pv_text
    head = f"<b>AI ({escape(agent)}) played {escape(move_text(move))} for {escape(player)}</b>"
    if result is None:
        return f"{head} · {escape(note or 'no search figures')} · {format_elapsed(elapsed)}"
    pv = [escape(pv_text(m)) for m in result.pv[: style.MAX_PV_MOVES]]
    if len(result.pv) > style.MAX_PV_MOVES:
        pv.append("…")
    depth = "to the end" if result.depth is None else f"depth {result.depth}"
    words = value_text(result) if value_text is not None else verdict(result, before)
    if result.outcome is not None:  # proven: the words say it; the number is for those who ask
        value = f'<span title="search value {escape(format_number(result.value))}">{escape(words)}</span>'
    else:
        value = f"value {format_number(result.value)} ({escape(words)})"
    parts = [head,
             value,
             f"{result.nodes:,} nodes",
             depth,
             format_elapsed(result.elapsed)]
    if result.table_hits:
        parts.insert(3, f"{result.table_hits:,} table hits")
    if pv:
        parts.append("PV " + " → ".join(pv))
    return " · ".join(parts)


# -- work in the background ------------------------------------------------------------------------


class BackgroundLane:
    """Runs jobs in daemon threads, one after another: a job starts when the one before it
    has finished (agents and solvers are not made to search twice at once).

    Args:
        name: the threads' name, for debugging.
        on_error: called with the exception when a job raises (in the job's thread).
    """

    def __init__(self, name: str, on_error: Callable[[BaseException], None]) -> None:
        self.name = name
        self._on_error = on_error
        self._lock = threading.Lock()
        self._last: threading.Thread | None = None

    def run(self, job: Callable[[], None]) -> None:
        """Start ``job`` once the jobs before it have finished; returns at once."""
        with self._lock:
            previous = self._last
            thread = threading.Thread(target=self._chain, args=(previous, job), name=self.name, daemon=True)
            self._last = thread
            thread.start()

    def _chain(self, previous: threading.Thread | None, job: Callable[[], None]) -> None:
        if previous is not None:
            previous.join()
        try:
            job()
        except Exception as error:  # a board must keep working whatever happens
            log.exception("background job failed")
            self._on_error(error)

    @property
    def busy(self) -> bool:
        """Whether a job is running or waiting."""
        last = self._last
        return last is not None and last.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job (and every job they start) has finished; ``False`` on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                last = self._last
            if last is None or not last.is_alive():
                with self._lock:
                    if self._last is last:
                        return True
                continue
            last.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if last.is_alive():
                return False


# -- the board -------------------------------------------------------------------------------


class GameBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The shared part of the boards: a view of a :class:`~tictac_edu.session.GameSession`.

    The controls: who plays (you as X or O, AI vs AI, two humans), the AI's difficulty (the
    game's levels, from ``state.game.difficulties``), New game, Undo (takes back your last
    move and the AI's reply), AI move (the AI plays the next move, for whoever is to move) and
    Play to the end; in AI vs AI the chosen AI plays both sides, and Undo takes back one
    move. After each AI move the figures of its search are shown: value (from the AI's point
    of view, proven or an estimate), nodes, time and principal variation. Clicks that cannot
    be played get a message, never an exception.

    Not used on its own: a game's board subclasses it and provides :meth:`_build_board` and
    :meth:`_show_position` (see the module docstring).

    Args:
        start: the position New game returns to.
        side: who plays; see :data:`~tictac_edu.session.Side`.
        difficulty: a level of the game, built with
            :func:`~tictac_edu.agents.difficulty_agent`; by default ``opponent`` if one is
            given, else the strongest level of the game.
        opponent: an agent to play against (anything with ``name`` and
            ``choose_move(state)``); the difficulty drop-down lists it first, beside the
            levels, so you can switch between them.
        seed: seed for the levels' random moves.
        pause: seconds between the moves of Play to the end.
        time_control: a clock for both players (:class:`~tictac_edu.session.TimeControl`:
            seconds per move, per game, or both), or ``None`` for none.

    Raises:
        ValueError: an unknown side, or a difficulty the game does not offer.
        TypeError: ``opponent`` has no ``choose_move``.

    Attributes:
        session: the game session the board shows.
        message: a label answering clicks that could not be played (``.value`` is the text).
        status: whose turn it is, or the result.
        thinking: shows "AI is thinking…" while the AI searches.
        clock_display: each player's time left (hidden without a ``time_control``).
        figures: the AI's figures for its last move.
        side_selector, difficulty_selector: the two drop-downs.
        new_game_button, undo_button, ai_move_button, play_to_end_button: the commands.
        pause: seconds between the moves of Play to the end.
    """

    def __init__(self, start: GameState, *, side: Side = "X", difficulty: str | None = None,
                 opponent: AnyAgent | None = None, seed: int | None = None, pause: float = DEFAULT_PAUSE,
                 time_control: TimeControl | None = None) -> None:
        super().__init__()
        self.session = GameSession(start, side=side, difficulty=difficulty, opponent=opponent, seed=seed,
                                   time_control=time_control)
        self._start: Any = start
        self.pause = pause
        self._render_lock = threading.RLock()
        self._ai_lane = BackgroundLane("tictac-ai", self._job_failed)
        self._lanes = [self._ai_lane]
        self._playing_to_end = False
        self._ticker: threading.Thread | None = None
        self._ticker_lock = threading.Lock()
        self._closed = threading.Event()

        session = self.session
        control = widgets.Layout(width=style.CONTROL_WIDTH)
        self.side_selector = widgets.Dropdown(options=[(side_label(s), s) for s in session.sides], value=session.side,
                                              description="Players", layout=control,
                                              style={"description_width": "initial"})
        options = [(f"{agent_name(opponent)} (given)" if level == GIVEN_AGENT else level, level)
                   for level in session.difficulty_options]
        self.difficulty_selector = widgets.Dropdown(options=options, value=session.difficulty, description="AI",
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
        self.clock_display = widgets.HTML(value="", layout=widgets.Layout(
            margin="0 0 0 18px", display="" if session.clock is not None else "none"))
        self.clock_display.add_class("tictac-clock")
        self.message = widgets.Label(value="", style={"text_color": style.MESSAGE_COLOUR})
        self.message.add_class("tictac-message")
        self.figures = widgets.HTML(value="")
        self.figures.add_class("tictac-figures")

        self.new_game_button.on_click(lambda _: self._safely(self.new_game))
        self.undo_button.on_click(lambda _: self._safely(self.undo))
        self.ai_move_button.on_click(lambda _: self._safely(self.ai_move))
        self.play_to_end_button.on_click(lambda _: self._safely(self.play_to_end))
        self.side_selector.observe(lambda change: self._safely(lambda: self._side_changed(change["new"])),
                                   names="value")
        self.difficulty_selector.observe(
            lambda change: self._safely(lambda: self._difficulty_changed(change["new"])), names="value")

        board = self._build_board()
        commands = [self.new_game_button, self.undo_button, self.ai_move_button, self.play_to_end_button]
        self.children = [
            widgets.HBox([self.side_selector, self.difficulty_selector]),
            widgets.HBox([*commands, *self._extra_commands()]),
            widgets.HBox([self.status, self.thinking, self.clock_display], layout=widgets.Layout(align_items="center")),
            board,
            self.message,
            self.figures,
        ]
        self.add_class("tictac-board")
        self._render()
        self._continue()

    # -- public API ----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position on the board; setting it shows another position of the same game (and
        the AI moves if it is its turn)."""
        return self.session.state

    @state.setter
    def state(self, position: Any) -> None:
        self.session.set_state(position)
        self._render()
        self._continue()

    @property
    def side(self) -> Side:
        """Who plays now (the value of the side drop-down)."""
        return self.session.side

    @property
    def difficulty(self) -> str:
        """The chosen difficulty, or :data:`~tictac_edu.session.GIVEN_AGENT` for an agent
        passed as ``opponent``."""
        return self.session.difficulty

    @property
    def agent(self) -> AnyAgent:
        """The AI playing now."""
        return self.session.agent

    @property
    def last_result(self) -> SearchResult | None:
        """The search result behind the AI's last move, or ``None``."""
        return self.session.last_result

    @property
    def widget(self) -> widgets.VBox:
        """The widget to display: the board itself."""
        return self

    def ai_players(self) -> tuple[Player, ...]:
        """The players the AI plays for."""
        return self.session.ai_players()

    def click(self, target: Any) -> None:
        """Do what a click on ``target`` (a cell, a column, ...) does: play it for you, then let
        the AI reply (in the background: :meth:`wait` waits for it).

        A move that cannot be played (the game over, not your turn, a taken cell, a full
        column, ...) leaves the position as it is and explains why in :attr:`message`.
        """
        played = self.session.play(target)
        self._render()
        if played:
            self._continue()

    def new_game(self) -> None:
        """Start again from the first position; the AI moves first if it plays the first player."""
        self.session.new_game()
        self._render()
        self._continue()

    def undo(self) -> None:
        """Take back your last move and the AI's reply (one move in AI vs AI or two humans)."""
        self.session.undo()
        self._render()

    def ai_move(self) -> None:
        """The AI plays the next move, for whoever is to move; then replies if it is its turn."""
        if not self.session.state.is_terminal():
            self.session.message = ""
        request = self.session.request_ai_move()
        self._render()
        if request is not None:
            self._ai_lane.run(lambda: self._answer(request))

    def play_to_end(self) -> None:
        """The AI plays both sides until the game is over, pausing :attr:`pause` between moves."""
        session = self.session
        if session.state.is_terminal():
            session.request_ai_move()  # says that the game is over
            self._render()
            return
        session.message = ""
        self._playing_to_end = True
        generation = session.generation
        self._render()
        self._ai_lane.run(lambda: self._play_to_end_from(generation))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the AI (and any other background work of the board) has finished;
        ``False`` if ``timeout`` seconds passed first. For scripts and tests: in a notebook
        the board updates itself."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            for lane in self._lanes:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not lane.wait(left):
                    return False
            if not any(lane.busy for lane in self._lanes):  # a lane may have started another's job
                return True

    def close(self) -> None:
        """Close the board's widgets and stop its clock's refreshes."""
        closed = getattr(self, "_closed", None)  # None: the board failed to build
        if closed is not None:
            closed.set()
        super().close()

    # -- what a game's board provides -------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        """The widgets of the board itself (cells, drop buttons, ...), shown under the status line."""
        raise NotImplementedError

    def _show_position(self, state: Any) -> None:
        """Show ``state`` on the board's own widgets (marks, discs, highlights)."""
        raise NotImplementedError

    def _extra_commands(self) -> Sequence[widgets.Widget]:
        """More controls for the row of command buttons."""
        return ()

    def _player_html(self, player: Player) -> str:
        """A player's name in the status line (HTML)."""
        return escape(player)

    def _win_words(self, state: Any) -> str:
        """What comes after "X wins" in the status line: where the winning line is (HTML)."""
        return ""

    def _figures_html(self, answer: AIMove) -> str:
        """The figures line of the AI's move ``answer``."""
        notation = self.session.notation
        note = answer.random_words() if answer.random_move else ""
        if answer.mcts is not None:
            note = f"{answer.value_text()} · {answer.mcts_count_text()}"
        return format_figures(answer.player, answer.move, answer.agent_name, answer.result, answer.elapsed,
                              move_text=notation.name, pv_text=notation.short, before=answer.before,
                              note=note) + clock_note(answer)

    # -- inside ------------------------------------------------------------------------------------

    def _continue(self) -> None:
        """When you play against the AI and it is its turn, let it move (in the background)."""
        request = self.session.request_ai_move() if self.session.ai_should_move() else None
        if request is not None:
            self._render()
            self._ai_lane.run(lambda: self._answer(request))

    def _answer(self, request: AIRequest) -> None:
        """In the AI's thread: think, play the answer unless it is stale, reply again if needed."""
        answer = self.session.think(request)
        if self.session.apply(answer):
            self._render()
            if answer.error is None:
                self._continue()

    def _play_to_end_from(self, generation: int) -> None:
        """In the AI's thread: the AI plays both sides while nothing else changes the game."""
        session = self.session
        try:
            while True:
                request = session.request_ai_move(generation)
                if request is None:
                    break
                self._render()
                answer = session.think(request)
                if not session.apply(answer):
                    break
                generation = session.generation
                if answer.error is not None or session.state.is_terminal():
                    break
                self._render()
                if self.pause:
                    time.sleep(self.pause)
        finally:
            self._playing_to_end = False
            self._render()

    def _side_changed(self, side: Side) -> None:
        self.session.set_side(side)
        self._render()
        self._continue()

    def _difficulty_changed(self, difficulty: str) -> None:
        self.session.set_difficulty(difficulty)
        self._render()
        self._continue()

    def _safely(self, action: Callable[[], None]) -> None:
        """Run a control's action; an unexpected error becomes a message, not a traceback."""
        try:
            action()
        except Exception as error:  # a board must keep working whatever happens
            log.exception("board action failed")
            self._job_failed(error)

    def _job_failed(self, error: BaseException) -> None:
        self.session.message = f"Something went wrong: {type(error).__name__}: {error}"
        try:
            self._render()
        except Exception:  # pragma: no cover - nothing more can be shown
            log.exception("the board could not show the error")

    def _render(self) -> None:
        """Show the session: the position, the status line, the thinking line, the message and
        the figures (called from the page's handlers and from the AI's thread)."""
        with self._render_lock:
            session = self.session
            state = session.state
            self._show_position(state)
            size = f"font-size:{style.STATUS_FONT_SIZE}"
            winner_on_time = session.time_winner
            if winner_on_time is not None:
                text = (f"<b>{self._player_html(winner_on_time)}{self._who(winner_on_time)} wins on time</b>: "
                        f"{escape(session.flagged or '')} ran out of time")
            elif state.winner is not None:
                text = (f"<b>{self._player_html(state.winner)}{self._who(state.winner)} wins</b>"
                        f"{self._win_words(state)}")
            elif state.is_terminal():
                text = "<b>Draw</b>: the board is full"
            else:
                text = f"<b>{self._player_html(state.to_move)}</b>{self._who(state.to_move)} to move"
            self.status.value = f'<span style="{size}">{text}</span>'
            self.thinking.value = THINKING_TEXT if session.thinking else ""
            self.message.value = session.message
            last = session.last_ai
            self.figures.value = "" if last is None else self._figures_html(last)
            self._show_clock()

    # -- the clock ---------------------------------------------------------------------------------

    def _show_clock(self) -> None:
        """Show the players' time left, and keep it ticking while the clock runs."""
        clock = self.session.clock
        if clock is None:
            return
        self.clock_display.value = self._clock_html()
        if clock.running:
            self._start_ticker()

    def _clock_html(self) -> str:
        """Each player's time left: the game's, and for the player to move this move's too."""
        session, clock = self.session, self.session.clock
        assert clock is not None
        parts = []
        for player in session.start.players:
            moving = player == clock.to_move and not session.is_over()
            pieces = []
            game_left = clock.game_left(player)
            if game_left is not None:
                pieces.append(self._time_html(game_left, moving and clock.running))
            if moving and clock.control.per_move is not None:
                pieces.append(f"{self._time_html(clock.move_left() or 0.0, clock.running)} for this move")
            if player == session.flagged:
                pieces.append(f'<span style="color:{LOW_TIME_COLOUR};font-weight:bold">time is up</span>')
            if not pieces:
                pieces.append(format_clock(clock.control.per_move) + " a move")
            name = f"<b>{self._player_html(player)}</b>" if moving else self._player_html(player)
            parts.append(f"{name} {', '.join(pieces)}")
        return f'<span style="font-size:{CLOCK_FONT_SIZE}">Time left: ' + " · ".join(parts) + "</span>"

    @staticmethod
    def _time_html(seconds: float, running: bool) -> str:
        colour = LOW_TIME_COLOUR if seconds < LOW_TIME_S else CLOCK_COLOUR
        weight = "bold" if running else "normal"
        return (f'<span style="color:{colour};font-weight:{weight};font-variant-numeric:tabular-nums">'
                f"{format_clock(seconds)}</span>")

    def _start_ticker(self) -> None:
        with self._ticker_lock:
            if self._ticker is not None or self._closed.is_set():
                return
            self._ticker = threading.Thread(target=self._tick, name="tictac-clock", daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        """In the clock's thread: refresh the countdown while the clock runs; when a player's
        time is up, show the result."""
        session = self.session
        try:
            while not self._closed.wait(CLOCK_TICK):
                if session.check_time():  # time is up: show who won on time (the clock has stopped)
                    self._render()
                with self._ticker_lock:
                    if session.clock is None or not session.clock.running:
                        self._ticker = None
                        break
                with self._render_lock:
                    self.clock_display.value = self._clock_html()
        except Exception:  # pragma: no cover - a clock must never take the board down
            log.exception("the clock failed")
            with self._ticker_lock:
                self._ticker = None

    def _who(self, player: Player) -> str:
        who = self.session.who(player)
        return f" ({escape(who)})" if who else ""


def clock_note(answer: AIMove) -> str:
    """What the figures line adds when the clock shortened the AI's time: `` · 1.30 s on the
    clock`` (empty otherwise)."""
    if answer.clock_limit is None:
        return ""
    return f" · {answer.clock_limit:.2f} s on the clock"


def side_label(side: Side) -> str:
    """The side drop-down's words for ``side``: ``"You play X"``, ``"AI vs AI"``, ``"Two humans"``."""
    return SIDE_LABELS.get(side, f"You play {side}")


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
