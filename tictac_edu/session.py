"""One game session: the position, who plays, undo, the AI's moves and the messages.

A :class:`GameSession` owns the flow of one game of any registered board game and knows
nothing of how it is shown. It has two faces: the notebook boards of :mod:`tictac_edu.widgets`
(which render a session and forward clicks to it) and ``python -m tictac_edu play`` in the
terminal (:func:`tictac_edu.cli.play_in_terminal`).

* **Sides**: you play one player (``"X"`` or ``"O"``: the AI plays the other and moves by
  itself), both (:data:`TWO_HUMANS`), or none (:data:`AI_VS_AI`: the AI plays both sides when
  asked).
* **The AI**: a level of the game (``state.game.levels``: its difficulties, weakest first, and
  its Monte Carlo levels) or an agent you give (:data:`GIVEN_AGENT`).
* **Moves**: :meth:`GameSession.play` plays a human move, or refuses it with a
  :attr:`~GameSession.message` naming the problem and changes nothing.
* **The AI's moves in three steps**, so a face can think in a background thread:
  :meth:`~GameSession.request_ai_move` hands out an :class:`AIRequest` stamped with the
  session's :attr:`~GameSession.generation`; :meth:`~GameSession.think` runs the agent (and
  changes nothing in the session); :meth:`~GameSession.apply` plays the answer, unless the
  generation has moved on meanwhile: New game, Undo, a change of sides or of difficulty, or any
  other change of position makes a late answer be dropped. :meth:`~GameSession.ai_move` does
  the three at once.
* **A clock** (optional, :class:`TimeControl`): seconds per move and per game for each player,
  counting down while that player is to move (:class:`GameClock`), from the first move on. The
  AI's time limit for a move is the smaller of its level's limit and the time it has left; a
  player whose time runs out loses on time.

>>> from tictac_edu.games import TicTacToe
>>> session = GameSession(TicTacToe(), side="X", difficulty="perfect")
>>> session.play(4)
True
>>> session.ai_should_move()
True
>>> answer = session.ai_move()
>>> answer.move, answer.proven, answer.outcome                  # O's view: a proven draw
(0, True, <Outcome.DRAW: 'draw'>)
>>> session.play(0)
False
>>> session.message
'Cell 0 is taken by O: choose an empty cell.'
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from tictac_edu.agents import difficulty_agent
from tictac_edu.agents.decision import AnyAgent, Budget, as_agent
from tictac_edu.games.base import GameState, IllegalMoveError, Move, Outcome, Player
from tictac_edu.search.mcts import MCTSResult
from tictac_edu.search.result import SearchResult

Side = str
"""Who plays: a player of the game (you play that side against the AI), :data:`AI_VS_AI` or
:data:`TWO_HUMANS`."""

AI_VS_AI: Final = "AI vs AI"
"""The AI plays both sides (when asked: AI move, Play to the end)."""

TWO_HUMANS: Final = "two humans"
"""Two people take turns; the AI moves only when asked."""

GIVEN_AGENT: Final = "given agent"
"""The difficulty of a session playing the agent passed as ``opponent``."""

QUIT_WORDS = ("q", "quit", "exit")
"""What a person types to leave a game in the terminal."""

LONGEST_MOVE_TEXT = 40
"""Typed text longer than this is no move of any board; its message quotes only its start."""

QUOTED_CHARACTERS = 20
"""How much of an overlong line a message quotes."""


# -- naming moves ---------------------------------------------------------------------------------


class Notation:
    """How people name the moves of one kind of board (``state.game.board``) and type them.

    The base class names a move by itself and reads a whole number (textbook trees: the
    child's index).
    """

    def name(self, move: Move) -> str:
        """The move in a sentence: ``"4"`` (a cell), ``"column 4"``."""
        return str(move)

    def short(self, move: Move) -> str:
        """The move in a list of moves (a principal variation): ``"4"``."""
        return str(move)

    def input_help(self, state: GameState) -> str:
        """What to type for a move, for the terminal's greeting and its error messages."""
        return "a move number"

    def prompt_help(self, state: GameState) -> str:
        """What to type, in a few words for the terminal's prompt: ``"a cell 0-8"``."""
        return "a move number"

    def parse(self, text: str, state: GameState) -> Move:
        """The move typed as ``text``.

        Raises:
            ValueError: ``text`` is not a move; the message says what to type.
        """
        if _WHOLE_NUMBER.fullmatch(text.strip()):
            return int(text)
        raise ValueError(f"{text.strip()!r} is not a move: type {self.input_help(state)}")

    def problem(self, state: GameState, move: Move) -> str | None:
        """Why ``move`` cannot be played in ``state`` (a game that is on), in the board's words;
        ``None`` leaves it to the game's own :class:`~tictac_edu.games.IllegalMoveError`."""
        return None

    def board_text(self, state: GameState) -> str:
        """The position as text for the terminal, with what a person types for each move."""
        return str(state)


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""A whole number in ASCII digits (``str.isdigit`` also accepts ``²``, which ``int`` refuses)."""


class CellNotation(Notation):
    """Boards of cells (m,n,k games): a person types a cell's number, as the board prints it
    (row-major from 0: on tic-tac-toe 0-8); in code a move may also be ``(row, column)``."""

    def input_help(self, state: GameState) -> str:
        return f"a cell number {self._range(state)} as shown on the board"

    def prompt_help(self, state: GameState) -> str:
        return f"a cell {self._range(state)}"

    @staticmethod
    def _range(state: GameState) -> str:
        return f"0-{state.game.rows * state.game.columns - 1}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"4"`` is cell 4, as numbered on the board."""
        shown = text.strip()
        if _WHOLE_NUMBER.fullmatch(shown):
            return int(shown)
        raise ValueError(f"{shown!r} is not a move: type {self.input_help(state)}")

    def cell_index(self, state: GameState, move: object) -> int | None:
        """The cell of ``move`` (an index or a ``(row, column)`` pair), ``None`` if it is none."""
        rows, columns = state.game.rows, state.game.columns
        if isinstance(move, tuple) and len(move) == 2 and all(type(value) is int for value in move):
            row, column = move
            return row * columns + column if 0 <= row < rows and 0 <= column < columns else None
        if type(move) is int and 0 <= move < rows * columns:
            return move
        return None

    def problem(self, state: GameState, move: Move) -> str | None:
        cell = self.cell_index(state, move)
        if cell is None or cell in state.legal_moves():
            return None  # off the board or not a cell: the game's message says which
        marks = getattr(state, "board", None)
        owner = f" by {marks[cell]}" if isinstance(marks, Sequence) and marks[cell] is not None else ""
        return f"Cell {cell} is taken{owner}: choose an empty cell."

    def board_text(self, state: GameState) -> str:
        text = getattr(state, "text", None)
        return str(text(numbered=True)) if callable(text) else str(state)


class ColumnNotation(Notation):
    """Boards of columns (Connect Four): columns are 0-based in code, and named and typed
    1-based, as they are printed under the board and in move strings."""

    def name(self, move: Move) -> str:
        return f"column {move + 1}" if type(move) is int else str(move)

    def short(self, move: Move) -> str:
        return str(move + 1) if type(move) is int else str(move)

    def input_help(self, state: GameState) -> str:
        return f"a column number 1-{state.game.columns} as printed under the board"

    def prompt_help(self, state: GameState) -> str:
        return f"a column 1-{state.game.columns}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"4"`` is column 4 on the board, ``3`` in code."""
        columns = state.game.columns
        shown = text.strip()
        if _WHOLE_NUMBER.fullmatch(shown):
            if 1 <= int(shown) <= columns:
                return int(shown) - 1
            raise ValueError(f"There is no column {shown}: type {self.input_help(state)}")
        raise ValueError(f"{shown!r} is not a move: type {self.input_help(state)}")

    def problem(self, state: GameState, move: Move) -> str | None:
        columns = state.game.columns
        if type(move) is not int or not 0 <= move < columns:
            return (f"There is no column {move!r}: columns are 0 to {columns - 1} in code "
                    f"(shown as 1 to {columns} on the board).")
        if move not in state.legal_moves():
            return f"Column {move + 1} is full: choose another column."
        return None


class NamedNotation(Notation):
    """Boards whose moves the game reads from their names itself (``state.play("H8")``): the
    text typed is the move, and the game's own error says what is wrong with it."""

    def input_help(self, state: GameState) -> str:
        return "a move as the board names it"

    def prompt_help(self, state: GameState) -> str:
        return "a move as the board names it"

    def parse(self, text: str, state: GameState) -> Move:
        if not text.strip():
            raise ValueError(f"'' is not a move: type {self.input_help(state)}")
        return text.strip()


class PointNotation(Notation):
    """Boards of points named as on a printed gomoku board (``state.game.board == "grid"``): a
    move is a point ``(x, y)``, ``x`` the column from the left and ``y`` the row from the top,
    both from 0; people name it by its column letter and its row number counted from the
    bottom: on 15 x 15, ``(7, 7)`` is ``H8`` and ``(0, 0)`` is ``A15``.

    Args:
        rows, columns: the board's size (``state.game.rows``, ``state.game.columns``).

    >>> notation = PointNotation(15, 15)
    >>> notation.name((7, 7)), notation.name((0, 0)), notation.name((14, 14))
    ('H8', 'A15', 'O1')
    """

    _NAME = re.compile(r"([A-Za-z])\s*([0-9]{1,3})")

    def __init__(self, rows: int, columns: int) -> None:
        if not 1 <= columns <= len(_LETTERS):
            raise ValueError(f"points are named by one letter each: at most {len(_LETTERS)} columns, not {columns}")
        self.rows, self.columns = rows, columns

    def name(self, move: Move) -> str:
        """``"H8"`` for ``(7, 7)`` on 15 x 15; anything that is not a point of the board as it is."""
        if _is_point(move) and 0 <= move[0] < self.columns and 0 <= move[1] < self.rows:
            return f"{_LETTERS[move[0]]}{self.rows - move[1]}"
        return str(move)

    def short(self, move: Move) -> str:
        return self.name(move)

    def input_help(self, state: GameState) -> str:
        centre = self.name((self.columns // 2, self.rows // 2))
        last = _LETTERS[self.columns - 1]
        return f"a point such as {centre}: a column letter A-{last} and a row number 1-{self.rows}"

    def prompt_help(self, state: GameState) -> str:
        centre = self.name((self.columns // 2, self.rows // 2))
        return f"a point A-{_LETTERS[self.columns - 1]} 1-{self.rows}, such as {centre}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"H8"``, ``"h8"`` or ``"H 8"`` is the point ``(7, 7)`` on 15 x 15.

        Raises:
            ValueError: ``text`` is not a column letter followed by a row number (``"8h"``,
                ``"h"``), or names a point off the board (``"Z99"``).
        """
        shown = text.strip()
        match = self._NAME.fullmatch(shown)
        if match is None:
            raise ValueError(f"{shown!r} is not a point: type {self.input_help(state)}")
        x, number = _LETTERS.find(match.group(1).upper()), int(match.group(2))
        if not 0 <= x < self.columns or not 1 <= number <= self.rows:
            raise ValueError(f"{shown!r} is off the board: the columns are A-{_LETTERS[self.columns - 1]} and "
                             f"the rows 1-{self.rows}.")
        return (x, self.rows - number)

    def problem(self, state: GameState, move: Move) -> str | None:
        if _is_point(move) and not (0 <= move[0] < self.columns and 0 <= move[1] < self.rows):
            return (f"There is no point {move}: x is 0 to {self.columns - 1} and y 0 to {self.rows - 1} in code "
                    f"(A-{_LETTERS[self.columns - 1]} and {self.rows} to 1 on the board).")
        return None  # taken, forbidden, not a point at all: the game's own message says which


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The column letters of a board of points (gomoku's: every letter, ``I`` included)."""


def _is_point(move: object) -> bool:
    return isinstance(move, tuple) and len(move) == 2 and all(type(value) is int for value in move)


NOTATIONS: dict[str, Notation] = {"cells": CellNotation(), "columns": ColumnNotation(), "tree": Notation()}
"""The notation of each kind of board (:data:`~tictac_edu.games.base.BoardKind`); a board of
points (``"grid"``) has a :class:`PointNotation` of its own size."""


def notation_for(state: GameState) -> Notation:
    """The notation of ``state``'s board, chosen by ``state.game.board``: points such as ``H8``
    on a grid (gomoku); a board of cells whose moves are not cell numbers is left to the game's
    own names.

    >>> from tictac_edu.games import ConnectFour, TicTacToe
    >>> type(notation_for(TicTacToe())).__name__, type(notation_for(ConnectFour())).__name__
    ('CellNotation', 'ColumnNotation')
    """
    kind = state.game.board
    if kind == "grid":
        return PointNotation(state.game.rows, state.game.columns)
    if kind == "cells" and any(type(move) is not int for move in state.legal_moves()[:1]):
        return NamedNotation()
    return NOTATIONS.get(kind, NOTATIONS["tree"])


# -- the AI's moves -------------------------------------------------------------------------------


def agent_name(agent: object) -> str:
    """An agent's name, ``"agent"`` if it has none."""
    return as_agent(agent).name


@dataclass(frozen=True)
class AIRequest:
    """A request for the AI's move, stamped with the session's generation when it was made.

    Attributes:
        generation: :attr:`GameSession.generation` at the request.
        state: the position to move in.
        agent: the agent to ask.
        deadline: with a clock, the time on ``clock`` when the player to move runs out of time
            (:meth:`GameSession.think` gives the agent what is left then); ``None`` without.
        clock: the session's clock function (:func:`time.monotonic`).
    """

    generation: int
    state: GameState
    agent: AnyAgent
    deadline: float | None = None
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)


@dataclass(frozen=True)
class AIMove:
    """The AI's answer to an :class:`AIRequest`: its move and the figures behind it.

    Attributes:
        generation: the request's generation.
        before: the position the AI moved in.
        after: the position after its move (``None`` if it could not move).
        player: the player the AI moved for.
        agent_name: the agent's name.
        move: the move (``None`` if it could not move).
        result: the search behind the move (its value is from ``player``'s point of view), or
            ``None`` when the move was not searched (a random move) or the agent keeps no
            figures.
        elapsed: seconds the agent took.
        random_move: the move was one of the level's random moves (or a random agent's).
        randomness: the level's chance of a random move (0 if it has none).
        error: why the AI could not move, or ``None``.
        source: where a move came from when the agent says (``"solver"`` or ``"search"``).
        clock_limit: the seconds the session's clock gave the agent for this move, when that was
            less than the agent's own time limit (see :func:`move_budget`); ``None`` otherwise.
        mcts: the Monte Carlo tree search behind the move (an MCTS level), or ``None``.
    """

    generation: int
    before: GameState
    after: GameState | None
    player: Player
    agent_name: str
    move: Move | None
    result: SearchResult | None
    elapsed: float
    random_move: bool = False
    randomness: float = 0.0
    error: str | None = None
    source: str | None = None
    clock_limit: float | None = None
    mcts: MCTSResult | None = None

    @property
    def proven(self) -> bool:
        """Whether the AI's evaluation is game-theoretic (``SearchResult.proven``), not an estimate."""
        return self.result is not None and self.result.proven and self.result.value is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~tictac_edu.games.Outcome` (win, draw or loss) for :attr:`player` when
        :attr:`proven`, else ``None``."""
        return self.result.outcome if self.result is not None else None

    def random_words(self) -> str:
        """Why there are no figures for a random move: ``"a random move: easy plays 30% of its
        moves at random"``."""
        if self.randomness:
            return f"a random move: {self.agent_name} plays {self.randomness:.0%} of its moves at random"
        return "a random move"

    def figures_text(self) -> str:
        """The search figures in words: ``"18,297 nodes, to the end, 12 ms"``; for Monte Carlo
        tree search ``"5,000 iterations, 4,210 of them on this move, 495 ms"``."""
        if self.result is None:
            if self.mcts is not None:
                return f"{self.mcts_count_text()}, {format_elapsed(self.mcts.elapsed)}"
            return format_elapsed(self.elapsed)
        depth = "to the end" if self.result.depth is None else f"depth {self.result.depth}"
        return f"{self.result.nodes:,} nodes, {depth}, {format_elapsed(self.result.elapsed)}"

    def mcts_count_text(self) -> str:
        """A Monte Carlo tree search's budget in words: ``"5,000 iterations, 1,850 on this
        move"`` (``""`` without one)."""
        if self.mcts is None:
            return ""
        return f"{self.mcts.iterations:,} iterations, {self.mcts.visits.get(self.mcts.move, 0):,} on this move"

    def value_text(self) -> str:
        """What the AI's value says, from :attr:`player`'s point of view: ``"proven: a draw
        with best play on both sides"``, ``"proven: O wins by force, with its 2nd move from here
        (this one included)"``, ``"an estimate: +35 for O, not proven"``."""
        result = self.result
        if result is None and self.mcts is not None:
            return mcts_words(self.mcts)
        if result is None or result.value is None:
            return "no value"
        words = outcome_words(result, self.before)
        if words is not None:
            return f"proven: {words}"
        return f"an estimate: {format_number(result.value)} for {self.player}, not proven"


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def winner_moves(before: GameState, line: Sequence[Move], winner: Player) -> int | None:
    """How many moves ``winner`` makes along ``line`` (a principal variation) from ``before``
    until the game ends in its win; ``None`` if the line does not end so (a line cut short).

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> winner_moves(play_moves(TicTacToe(), [0, 3, 1]), [4, 2], "X")    # O plays 4, X wins at 2
    1
    """
    state, count = before, 0
    for move in line:
        if state.is_terminal():
            return None
        mover = state.to_move
        try:
            state = state.play(move)
        except (ValueError, TypeError):  # IllegalMoveError is a ValueError
            return None
        count += mover == winner
    return count if state.is_terminal() and state.winner == winner else None


def outcome_words(result: SearchResult, before: GameState | None = None) -> str | None:
    """A proven result in the words of someone who knows the rules but not yet the scores, for
    the player who searched (``result.player``): ``"a draw with best play on both sides"``,
    ``"X wins by force, with its 2nd move from here (this one included)"``, ``"O loses against
    best play: X wins with its 3rd move from here"``; the count of moves is read from the
    principal variation, played from ``before`` (left out when the line is cut short). ``None``
    for an estimate (not :attr:`~SearchResult.proven`).

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> from tictac_edu.search import alphabeta
    >>> before = play_moves(TicTacToe(), [0, 3, 1])                      # X threatens 2
    >>> outcome_words(alphabeta(before), before)
    'O loses against best play: X wins with its 2nd move from here'
    """
    outcome = result.outcome
    if outcome is None:
        return None
    if outcome == "draw":
        return "a draw with best play on both sides"
    player = result.player
    others = [p for p in (before.players if before is not None else ()) if p != player]
    other = others[0] if others else "the opponent"
    winner = player if outcome == "win" else other
    count = winner_moves(before, result.pv, winner) if before is not None else None
    if outcome == "win":
        if count is None:
            return f"{player} wins by force"
        if count == 1:
            return f"{player} wins with this move"
        return f"{player} wins by force, with its {ordinal(count)} move from here (this one included)"
    if count is None:
        return f"{player} loses against best play"
    return f"{player} loses against best play: {other} wins with its {ordinal(count)} move from here"


def mcts_words(result: MCTSResult) -> str:
    """What a Monte Carlo tree search says of its move, for the player who searched: a proven
    outcome (MCTS-solver), or the mean result of the move's playouts, an estimate.

    >>> from tictac_edu.games import TicTacToe
    >>> from tictac_edu.search.mcts import MCTS
    >>> mcts_words(MCTS(seed=1).search(TicTacToe(), playouts=200))
    'an estimate, not proven: 0.82 for X, the mean result of its simulations (1 a win, 0.5 a draw, 0 a loss)'
    """
    if result.proven and result.outcome is not None:
        return "proven: a draw with best play on both sides" if result.outcome == "draw" else \
            f"proven: {result.player} {'wins' if result.outcome == 'win' else 'loses'} against best play"
    return (f"an estimate, not proven: {result.value:.2f} for {result.player}, the mean result of its simulations "
            "(1 a win, 0.5 a draw, 0 a loss)")


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


# -- the clock ------------------------------------------------------------------------------------

AI_TIME_SHARE = 0.9
"""The part of its time left the AI may use for a move on a clock (the rest, and
:data:`AI_TIME_MARGIN`, is kept in hand for a search that overruns its deadline a little and for
the move to reach the board)."""

AI_TIME_MARGIN = 0.1
"""Seconds of its time left the AI keeps in hand on a clock, besides what :data:`AI_TIME_SHARE`
leaves."""

MIN_AI_TIME = 0.02
"""The shortest time limit the clock gives the AI (when it has almost no time left)."""


@dataclass(frozen=True)
class TimeControl:
    """How much time each player has: seconds for each move, for the whole game, or both.

    Attributes:
        per_move: seconds a player may take for one move (``None``: no limit).
        per_game: seconds a player may take for all their moves together (``None``: no limit).

    Raises:
        ValueError: a limit is not a positive, finite number, or neither is given.

    >>> TimeControl(per_move=30, per_game=600)
    TimeControl(per_move=30, per_game=600)
    """

    per_move: float | None = None
    per_game: float | None = None

    def __post_init__(self) -> None:
        for name in ("per_move", "per_game"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int | float) or isinstance(value, bool)
                                      or not math.isfinite(value) or value <= 0):
                raise ValueError(f"{name} is a positive number of seconds or None, not {value!r}")
        if self.per_move is None and self.per_game is None:
            raise ValueError("a time control needs per_move or per_game seconds (or use no clock at all)")

    def describe(self) -> str:
        """The time control in words: ``"30 s a move, 10 min a game"``.

        >>> TimeControl(per_move=30, per_game=600).describe(), TimeControl(per_game=90).describe()
        ('30 s a move, 10 min a game', '1:30 a game')
        """
        parts = []
        if self.per_move is not None:
            parts.append(f"{_duration_words(self.per_move)} a move")
        if self.per_game is not None:
            parts.append(f"{_duration_words(self.per_game)} a game")
        return ", ".join(parts)


def _duration_words(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:g} s"
    if seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return format_clock(seconds)


def format_clock(seconds: float | None) -> str:
    """Time left as a clock shows it: ``"4:05"``, tenths under ten seconds (``"0:07.3"``),
    ``"0:00"`` once it is up, ``"–"`` without a limit.

    >>> format_clock(245), format_clock(7.34), format_clock(-1), format_clock(None)
    ('4:05', '0:07.3', '0:00', '–')
    """
    if seconds is None:
        return "–"
    if seconds <= 0:
        return "0:00"
    if seconds < 10:
        tenths = math.floor(seconds * 10) / 10
        return f"0:{tenths:04.1f}"
    whole = math.floor(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class GameClock:
    """Each player's time under a :class:`TimeControl`: the time used in the game, and the
    time of the move being made, which counts down while the clock runs.

    The clock knows only time: the :class:`GameSession` says who is to move and when the clock
    runs (while a person is to move, or the AI is thinking), charges each move to its player
    (:meth:`moved`), and rewinds the clock with Undo (:meth:`rewind`).

    Args:
        control: the time control.
        players: both players.
        clock: the time in seconds (:func:`time.monotonic`; tests give a fake one).

    Attributes:
        control: the time control.
        to_move: the player whose move the clock is timing.
    """

    def __init__(self, control: TimeControl, players: Sequence[Player],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.control = control
        self.players = tuple(players)
        self._now = clock
        self.to_move: Player = self.players[0]
        self.reset()

    def reset(self) -> None:
        """Every player's whole time again, the clock stopped."""
        self._used = dict.fromkeys(self.players, 0.0)
        self._history = [dict(self._used)]  # the time used after each move: index = moves played
        self._move = 0.0  # this move's time while the clock was running before
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """Whether the clock is counting down the move of :attr:`to_move`."""
        return self._since is not None

    def start(self) -> None:
        """Let the clock run (nothing changes if it runs already)."""
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        """Stop the clock; the move's time so far is kept."""
        if self._since is not None:
            self._move += self._now() - self._since
            self._since = None

    def now(self) -> float:
        """The time on the clock function."""
        return self._now()

    def move_time(self) -> float:
        """Seconds spent on the move being made."""
        running = self._now() - self._since if self._since is not None else 0.0
        return self._move + running

    def game_left(self, player: Player) -> float | None:
        """Seconds ``player`` has left for the rest of the game (``None``: no game limit)."""
        if self.control.per_game is None:
            return None
        spent = self._used[player] + (self.move_time() if player == self.to_move else 0.0)
        return self.control.per_game - spent

    def move_left(self) -> float | None:
        """Seconds :attr:`to_move` has left for this move by the move limit (``None``: none)."""
        return None if self.control.per_move is None else self.control.per_move - self.move_time()

    def left(self, player: Player | None = None) -> float | None:
        """Seconds ``player`` (:attr:`to_move` by default) may still take for the move to be
        made: the smaller of the move's time left and the game's (``None`` without limits)."""
        player = self.to_move if player is None else player
        limits = [value for value in (self.game_left(player),
                                      self.move_left() if player == self.to_move else self.control.per_move)
                  if value is not None]
        return min(limits) if limits else None

    def time_is_up(self) -> bool:
        """Whether :attr:`to_move` has no time left."""
        left = self.left()
        return left is not None and left <= 0

    def moved(self) -> None:
        """Charge the move just made to :attr:`to_move` and start timing the next one."""
        self._used[self.to_move] += self.move_time()
        self._history.append(dict(self._used))
        self._move = 0.0
        if self._since is not None:
            self._since = self._now()

    def rewind(self, moves: int) -> None:
        """Back to the time used after ``moves`` moves from the start (Undo), the clock stopped."""
        moves = max(0, min(moves, len(self._history) - 1))
        del self._history[moves + 1:]
        self._used = dict(self._history[moves])
        self._move = 0.0
        self._since = None


def ai_budget(left: float) -> float:
    """The seconds the AI may use for a move when it has ``left`` seconds on its clock:
    :data:`AI_TIME_SHARE` of them less :data:`AI_TIME_MARGIN`, and at least :data:`MIN_AI_TIME`.

    >>> ai_budget(30.0), ai_budget(1.0), ai_budget(0.05)
    (26.9, 0.8, 0.02)
    """
    return max(MIN_AI_TIME, round(left * AI_TIME_SHARE - AI_TIME_MARGIN, 9))


def move_budget(request: AIRequest) -> Budget | None:
    """What the AI may spend on the request's move: with a clock, until :func:`ai_budget` of
    the time it has left from now (an agent that keeps a time limit moves within the smaller of
    the two; one that takes no time limit, such as a random agent, a full-depth search or an
    MCTS level budgeted in playouts, plays as it would, and on a clock may run out of time);
    ``None`` without a clock.

    >>> from tictac_edu.games import TicTacToe
    >>> move_budget(AIRequest(0, TicTacToe(), None, deadline=10.0, clock=lambda: 9.0)).seconds_left()
    0.8
    """
    if request.deadline is None:
        return None
    return Budget(deadline=request.clock() + ai_budget(request.deadline - request.clock()), clock=request.clock)


# -- the session ----------------------------------------------------------------------------------


class GameSession:
    """One game of any registered board game, with its sides, its AI and its messages.

    Thread-safe: a face may run :meth:`think` in a background thread while people keep
    clicking; every method that changes the session takes its lock, and :meth:`apply` drops an
    answer whose request is older than the session's :attr:`generation`.

    Args:
        start: the position New game returns to (any game's position).
        side: who plays (:data:`Side`); by default you play the first player.
        difficulty: a level of the game (``start.game.levels``: its difficulties and its Monte
            Carlo levels), or :data:`GIVEN_AGENT`; by default ``opponent`` if one is given, else
            the strongest of the difficulties.
        opponent: an agent to play against (anything with ``name`` and ``choose_move(state)``).
        seed: seed for the levels' random moves.
        time_control: a clock for both players (seconds per move and per game), or ``None``
            for none. The clock of the player to move runs while a person is to move or the AI
            thinks, from the game's first move on (a person's first move is not timed; in AI
            vs AI the clock stops between moves); the AI's time limit for a move is the smaller
            of its level's limit and its time left, less a safety margin (:func:`ai_budget`,
            :func:`move_budget`); a player whose time runs out loses on time. Undo gives back
            the time of the moves it takes back; New game starts the clocks afresh.
        clock: the time in seconds for ``time_control`` (tests give a fake one).

    Raises:
        ValueError: an unknown side or difficulty, or a game without levels and no opponent.
        TypeError: ``opponent`` has no ``choose_move``, or ``time_control`` is not a
            :class:`TimeControl`.

    Attributes:
        message: the latest message for people (empty when there is nothing to say): why a
            move was refused, what a change of sides or difficulty did, why the AI could not
            move, who ran out of time.
        last_ai: the AI's last move played since the last New game or Undo, or ``None``.
        notation: how moves are named and typed on this board.
        clock: the players' :class:`GameClock`, or ``None`` without a ``time_control``.
    """

    def __init__(self, start: GameState, *, side: Side | None = None, difficulty: str | None = None,
                 opponent: AnyAgent | None = None, seed: int | None = None, time_control: TimeControl | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if opponent is not None:
            try:
                as_agent(opponent)
            except TypeError:
                raise TypeError(f"opponent must be an agent with a choose_move(state) method, not {opponent!r}") \
                    from None
        if time_control is not None and not isinstance(time_control, TimeControl):
            raise TypeError(f"time_control must be a TimeControl(per_move=..., per_game=...), not {time_control!r}")
        self._lock = threading.RLock()
        self._start = start
        self._state = start
        self._seed = seed
        self._given_agent = opponent
        self.notation = notation_for(start)
        side = start.players[0] if side is None else side
        self._check_side(side)
        self._side: Side = side
        levels = self.difficulties
        if difficulty is None:
            if opponent is None and not levels:
                raise ValueError(f"{start.game.title} has no difficulty levels: give an opponent agent")
            difficulty = GIVEN_AGENT if opponent is not None else levels[-1]
        self._check_difficulty(difficulty)
        self._difficulty = difficulty
        self._agent = self._build_agent(difficulty)
        self._generation = 0
        self._pending: AIRequest | None = None
        self._failed_at: GameState | None = None
        self._flagged: Player | None = None
        self.message = ""
        self.last_ai: AIMove | None = None
        self.clock = None if time_control is None else GameClock(time_control, start.players, clock)
        self._sync_clock()

    # -- what the session is ---------------------------------------------------------------------

    @property
    def start(self) -> GameState:
        """The position New game returns to."""
        return self._start

    @property
    def state(self) -> GameState:
        """The position now."""
        return self._state

    @property
    def side(self) -> Side:
        """Who plays (:data:`Side`)."""
        return self._side

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides this game offers: each player, :data:`AI_VS_AI` and :data:`TWO_HUMANS`."""
        return (*self._start.players, AI_VS_AI, TWO_HUMANS)

    @property
    def difficulties(self) -> tuple[str, ...]:
        """The game's difficulty levels, weakest first (from ``state.game.difficulties``)."""
        return self._start.game.difficulties

    @property
    def levels(self) -> tuple[str, ...]:
        """Every level of the game: its :attr:`difficulties`, then the levels beside that ladder
        (the Monte Carlo ones, ``state.game.levels``)."""
        return self._start.game.levels

    @property
    def difficulty_options(self) -> tuple[str, ...]:
        """What the difficulty can be set to: :data:`GIVEN_AGENT` first if an opponent was
        given, then every level of the game (:attr:`levels`)."""
        given = (GIVEN_AGENT,) if self._given_agent is not None else ()
        return given + self.levels

    @property
    def difficulty(self) -> str:
        """The chosen level, or :data:`GIVEN_AGENT`."""
        return self._difficulty

    @property
    def agent(self) -> AnyAgent:
        """The AI playing now."""
        return self._agent

    @property
    def given_agent(self) -> AnyAgent | None:
        """The agent passed as ``opponent``, if any."""
        return self._given_agent

    @property
    def generation(self) -> int:
        """A number that changes whenever the position, the sides or the AI change; an AI
        answer made for an older generation is dropped by :meth:`apply`."""
        return self._generation

    @property
    def thinking(self) -> bool:
        """Whether an AI move has been requested and not yet applied (the AI is thinking)."""
        return self._pending is not None

    @property
    def last_result(self) -> SearchResult | None:
        """The search behind the AI's last move, or ``None``."""
        return None if self.last_ai is None else self.last_ai.result

    @property
    def flagged(self) -> Player | None:
        """The player who ran out of time (and lost on time), or ``None``."""
        return self._flagged

    @property
    def time_winner(self) -> Player | None:
        """The player who won on time, or ``None``."""
        if self._flagged is None:
            return None
        first, second = self._start.players
        return second if self._flagged == first else first

    def is_over(self) -> bool:
        """Whether the game is over: the position is final, or a player ran out of time."""
        return self._flagged is not None or self._state.is_terminal()

    def ai_players(self) -> tuple[Player, ...]:
        """The players the AI plays for."""
        first, second = self._start.players
        if self._side == AI_VS_AI:
            return (first, second)
        if self._side == TWO_HUMANS:
            return ()
        return (second,) if self._side == first else (first,)

    def human_players(self) -> tuple[Player, ...]:
        """The players people play for."""
        return tuple(player for player in self._start.players if player not in self.ai_players())

    def is_human_turn(self) -> bool:
        """Whether a person is to move now (and the game is on)."""
        return not self.is_over() and self._state.to_move in self.human_players()

    def ai_should_move(self) -> bool:
        """Whether the AI should move by itself now: you play one side against it, it is its
        turn, it is not thinking already, and it has not just failed to move here."""
        with self._lock:
            state = self._state
            return (self._side in self._start.players and not self.is_over()
                    and state.to_move in self.ai_players() and self._pending is None
                    and self._failed_at is not state)

    # -- words --------------------------------------------------------------------------------------

    def who(self, player: Player) -> str:
        """Who plays ``player``, for a status line: ``"you"``, ``"AI: perfect"``, or ``""``
        between two humans."""
        if self._side == TWO_HUMANS:
            return ""
        return f"AI: {agent_name(self._agent)}" if player in self.ai_players() else "you"

    def result_words(self) -> str:
        """A finished game's result: ``"X won"``, ``"a draw"`` or ``"O won on time"``."""
        if self._flagged is not None:
            return f"{self.time_winner} won on time"
        winner = self._state.winner
        return "a draw" if winner is None else f"{winner} won"

    def outcome_text(self) -> str:
        """A finished game's result for people: ``"you win (X)!"``, ``"the AI wins (O)."``,
        ``"X wins."`` (between two humans, or AI against AI), ``"a draw."``, ``"you win on time
        (O)!"``."""
        winner = self._state.winner if self._flagged is None else self.time_winner
        how = "" if self._flagged is None else " on time"
        if winner is None:
            return "a draw."
        if self._side in self._start.players:
            return f"you win{how} ({winner})!" if winner == self._side else f"the AI wins{how} ({winner})."
        return f"{winner} wins{how}."

    def status_text(self) -> str:
        """Whose turn it is, or the result: ``"X (you) to move"``, ``"O wins"``, ``"Draw"``,
        ``"O wins on time"``."""
        state = self._state
        if self._flagged is not None:
            winner = self.time_winner or ""
            return f"{winner}{self._who_words(winner)} wins on time"
        if state.winner is not None:
            return f"{state.winner}{self._who_words(state.winner)} wins"
        if state.is_terminal():
            return "Draw"
        return f"{state.to_move}{self._who_words(state.to_move)} to move"

    def _who_words(self, player: Player) -> str:
        who = self.who(player)
        return f" ({who})" if who else ""

    def describe_ai_move(self, answer: AIMove) -> str:
        """The AI's move in a sentence for the terminal: ``"The AI plays 4 (proven draw; 2,121
        nodes, to the end, 15 ms)."`` or ``"The AI plays 22 (a random move: easy plays 30% of
        its moves at random)."``."""
        if answer.error is not None or answer.move is None:
            return answer.error or "The AI could not move."
        head = f"The AI ({answer.agent_name}) plays {self.notation.name(answer.move)} for {answer.player}"
        if answer.random_move:
            return f"{head} ({answer.random_words()})."
        if answer.result is None and answer.mcts is not None:
            return f"{head} ({answer.value_text()}; {answer.figures_text()})."
        if answer.result is None:
            return f"{head} ({answer.figures_text()})."
        return f"{head} ({answer.value_text()}; {answer.figures_text()})."

    # -- people's moves ----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """The move a person typed (see :class:`Notation`).

        Raises:
            ValueError: ``text`` is not a move; the message names what to type, and quotes
                ``text`` only in part if it is longer than any move (:data:`LONGEST_MOVE_TEXT`).
        """
        shown = text.strip()
        if len(shown) > LONGEST_MOVE_TEXT:
            raise ValueError(f"{shown[:QUOTED_CHARACTERS]!r}… ({len(shown):,} characters) is not a move: type "
                             f"{self.notation.input_help(self._state)}")
        return self.notation.parse(text, self._state)

    def play(self, move: Move) -> bool:
        """Play a person's move; ``False`` (and a :attr:`message` naming the problem, the
        position unchanged) if it cannot be played: the game is over, the AI is to move or
        thinking, or the move is illegal."""
        with self._lock:
            self._check_time()
            state = self._state
            problem = self._refusal()
            if problem is None:
                problem = self.notation.problem(state, move)
            if problem is None:
                try:
                    after = state.play(move)
                except IllegalMoveError as error:
                    problem = str(error).splitlines()[0]
            if problem is not None:
                self.message = problem
                return False
            if self.clock is not None:
                self.clock.moved()
            self._set_position(after)
            self.message = ""
            return True

    def _refusal(self) -> str | None:
        """Why no person may move now, or ``None``."""
        state = self._state
        if self.is_over():
            return f"The game is over ({self.result_words()}). Press New game to play again, or Undo."
        if self._pending is not None:
            return f"The AI ({agent_name(self._agent)}) is thinking about {state.to_move}'s move: wait for it."
        if state.to_move in self.ai_players():
            if self._side == AI_VS_AI:
                return "The AI plays both sides: press AI move or Play to the end, or choose other players."
            return f"It is the AI's turn ({state.to_move}): press AI move."
        return None

    # -- commands ----------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from :attr:`start` (a thinking AI's answer will be dropped)."""
        with self._lock:
            if self.clock is not None:
                self.clock.reset()
            self._set_position(self._start)
            self.last_ai = None
            self.message = ""

    def undo(self) -> bool:
        """Take back moves back to a person's turn: your last move and the AI's reply (one
        move between two humans or in AI vs AI). ``False`` and a message if there is nothing
        to undo. A thinking AI's answer will be dropped."""
        with self._lock:
            start_ply = self._start.ply
            position = self._state
            if position.ply <= start_ply:
                self.message = "Nothing to undo: no move has been played."
                return False
            if self._side in (AI_VS_AI, TWO_HUMANS):
                position = position.undo()
            else:
                while position.ply > start_ply:
                    position = position.undo()
                    if position.to_move == self._side:  # that move was yours: stop before it
                        break
                else:
                    self.message = "Nothing to undo: you have not moved yet."
                    return False
            if self.clock is not None:
                self.clock.rewind(position.ply - start_ply)
            self._set_position(position)
            self.last_ai = None
            self.message = ""
            return True

    def set_side(self, side: Side) -> None:
        """Change who plays (a thinking AI's answer will be dropped).

        Raises:
            ValueError: ``side`` is not one of :attr:`sides`.
        """
        self._check_side(side)
        with self._lock:
            self._side = side
            self._changed()
            if side in self._start.players:
                self.message = f"You play {side}."
            elif side == AI_VS_AI:
                self.message = "The AI plays both sides: press AI move or Play to the end."
            else:
                self.message = "Two humans: take turns."

    def set_difficulty(self, difficulty: str) -> None:
        """Change the AI to another level, or back to the given agent (a thinking AI's answer
        will be dropped).

        Raises:
            ValueError: the level is not one of :attr:`difficulty_options`.
        """
        self._check_difficulty(difficulty)
        agent = self._build_agent(difficulty)
        with self._lock:
            self._difficulty, self._agent = difficulty, agent
            self._changed()
            self.message = f"The AI is now {agent_name(agent)}."

    def set_state(self, position: GameState) -> None:
        """Show ``position`` instead of the current one (New game still returns to :attr:`start`).

        Raises:
            ValueError: ``position`` is not a position of this session's game.
        """
        game = self._start.game
        if getattr(position, "game", None) != game:
            raise ValueError(f"this session plays {game.title}; cannot show {position!r}")
        with self._lock:
            if self.clock is not None:
                self.clock.reset()  # the clocks start afresh from a position set by hand
            self._set_position(position)
            self.message = ""

    # -- the clock ---------------------------------------------------------------------------------

    def check_time(self) -> bool:
        """Whether a player has run out of time (then they lose on time: the game is over, a
        thinking AI's answer will be dropped, and :attr:`message` says so). A face calls this
        as its clock ticks; every move checks it too."""
        with self._lock:
            return self._check_time()

    def _check_time(self) -> bool:
        clock = self.clock
        if self._flagged is not None:
            return True
        if clock is None or not clock.running or not clock.time_is_up():
            return False
        clock.stop()
        self._flagged = self._state.to_move
        self._changed()
        self.message = f"{self._flagged}'s time is up: {self.time_winner} wins on time."
        return True

    def _sync_clock(self) -> None:
        """Let the clock run while someone is expected to move: a person to move (from the
        game's first move on), or the AI thinking; stop it otherwise (the game over, the AI
        waiting to be asked, a person about to make the game's first move)."""
        clock = self.clock
        if clock is None:
            return
        state = self._state
        clock.to_move = state.to_move
        human = state.to_move in self.human_players() and state.ply > self._start.ply
        if not self.is_over() and (human or self._pending is not None):
            clock.start()
        else:
            clock.stop()

    # -- the AI ------------------------------------------------------------------------------------

    def request_ai_move(self, generation: int | None = None) -> AIRequest | None:
        """Ask for the AI's move for whoever is to move: an :class:`AIRequest` for :meth:`think`.

        Returns ``None`` (with a :attr:`message`) when the game is over, and ``None`` when the
        AI is thinking already or, with ``generation``, when the session is no longer at that
        generation (a loop of AI moves stops there).
        """
        with self._lock:
            if generation is not None and generation != self._generation:
                return None
            if self._check_time() or self._state.is_terminal():
                self.message = f"The game is over ({self.result_words()}). Press New game to play again."
                return None
            if self._pending is not None:
                return None
            deadline = None
            if self.clock is not None:
                self.clock.to_move = self._state.to_move
                self.clock.start()
                left = self.clock.left()
                deadline = None if left is None else self.clock.now() + left
                clock = self.clock.now
            else:
                clock = time.monotonic
            self._pending = AIRequest(self._generation, self._state, self._agent, deadline, clock)
            return self._pending

    @staticmethod
    def think(request: AIRequest) -> AIMove:
        """Run the request's agent and return its answer; changes nothing in the session, so it
        may run in another thread. An agent that fails or answers an illegal move gives an
        answer with :attr:`AIMove.error`."""
        agent, state = as_agent(request.agent), request.state
        name = agent.name
        started = time.perf_counter()
        try:
            decision = agent.choose(state, move_budget(request))
            move = decision.move
            after = state.play(move)
        except Exception as error:  # an agent written by a learner may fail in any way
            first_line = (str(error).splitlines() or [""])[0]
            return AIMove(request.generation, state, None, state.to_move, name, None, None,
                          time.perf_counter() - started,
                          error=f"The AI ({name}) could not move: {type(error).__name__}: {first_line}")
        elapsed = time.perf_counter() - started
        result = decision.search if decision.search is not None and decision.search.move == move else None
        mcts = decision.mcts if decision.mcts is not None and decision.mcts.move == move else None
        return AIMove(request.generation, state, after, state.to_move, name, move, result, elapsed,
                      random_move=decision.random and mcts is None, randomness=decision.randomness,
                      source=decision.source if result is not None else None,
                      clock_limit=decision.time_limit, mcts=mcts)

    def apply(self, answer: AIMove) -> bool:
        """Play the AI's answer, or drop it if it is stale (the session moved on since its
        request). Returns ``True`` if the answer was taken (played, or its error shown, or, on a
        clock, the AI's time was up before its answer came: it loses on time)."""
        with self._lock:
            if answer.generation != self._generation or answer.before is not self._state:
                return False
            if self._check_time():
                return True
            self._pending = None
            if answer.error is not None or answer.after is None:
                self._failed_at = self._state
                self.message = answer.error or "The AI could not move."
                self._sync_clock()
                return True
            if self.clock is not None:
                self.clock.moved()
            self._set_position(answer.after)
            self.last_ai = answer
            return True

    def ai_move(self) -> AIMove | None:
        """Request, think and apply at once: the AI plays the next move for whoever is to move.
        ``None`` if it cannot (the game is over, or it is thinking already), or if its time ran
        out first (:attr:`flagged`)."""
        request = self.request_ai_move()
        if request is None:
            return None
        answer = self.think(request)
        return answer if self.apply(answer) and self._flagged is None else None

    # -- inside ------------------------------------------------------------------------------------

    def _set_position(self, position: GameState) -> None:
        self._state = position
        self._flagged = None  # a new position (a move, Undo, New game): nobody has run out of time in it
        self._changed()

    def _changed(self) -> None:
        """The position, the sides or the AI changed: late answers are dropped."""
        self._generation += 1
        self._pending = None
        self._failed_at = None
        self._sync_clock()

    def _check_side(self, side: object) -> None:
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; choose one of {', '.join(map(repr, self.sides))}")

    def _check_difficulty(self, difficulty: object) -> None:
        if difficulty not in self.difficulty_options:
            options = ", ".join(map(repr, self.difficulty_options)) or "none (give an opponent agent)"
            raise ValueError(f"difficulty {difficulty!r} is not offered for {self._start.game.title}; "
                             f"choose one of {options}")

    def _build_agent(self, difficulty: str) -> AnyAgent:
        if difficulty == GIVEN_AGENT:
            assert self._given_agent is not None
            return self._given_agent
        return difficulty_agent(self._start, difficulty, seed=self._seed)

    def __repr__(self) -> str:
        return (f"<GameSession of {self._start.game.title}: side {self._side!r}, AI {agent_name(self._agent)!r}, "
                f"{self._state.ply} moves, generation {self._generation}>")


def level_summary(state: GameState) -> str:
    """The difficulty levels of ``state``'s game in one line, the time-limited ones marked:
    ``"easy, medium, hard (0.9 s a move), expert (0.9 s a move)"``.

    >>> from tictac_edu.games import TicTacToe
    >>> level_summary(TicTacToe())
    'easy, medium, hard, perfect'
    """
    parts = []
    for preset in state.game.presets:
        limit = f" ({preset.time_limit:g} s a move)" if preset.time_limit is not None else ""
        parts.append(f"{preset.name}{limit}")
    return ", ".join(parts)


def extra_level_summary(state: GameState) -> str:
    """The levels ``state``'s game offers beside its ladder of difficulties (the Monte Carlo
    ones) in one line, with their budgets: ``"mcts (5,000 playouts a move), mcts-solver (5,000
    playouts a move)"``; ``""`` if it has none.

    >>> from tictac_edu.games import ConnectFour
    >>> extra_level_summary(ConnectFour())
    'mcts (0.9 s a move), mcts-solver (0.9 s a move)'
    """
    parts = []
    for preset in state.game.extra_presets:
        budget = (f"{preset.playouts:,} playouts a move" if preset.playouts is not None else
                  f"{preset.time_limit:g} s a move" if preset.time_limit is not None else "")
        parts.append(f"{preset.name} ({budget})" if budget else preset.name)
    return ", ".join(parts)
