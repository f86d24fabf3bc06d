"""The players' clock: a :class:`TimeControl`, the :class:`GameClock` that counts each player's
time down, and the share of its time left the AI may use for a move (:func:`ai_budget`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tictac_edu.games.base import Player

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
