"""The game protocol: what every game in the course offers to search, agents and boards.

States are immutable. ``state.play(move)`` returns a *new* state and leaves ``state``
untouched, so a search can never forget to undo a move, and a learner's function cannot
break the position it was given. ``state.undo()`` returns the position before the last move.

Every game implements :class:`GameState`:

===================  ==========================================================
``to_move``          the player to move (``"X"``/``"O"``, ``"MAX"``/``"MIN"``, ...)
``players``          both players, first player first
``ply``              how many moves have been played from the starting position
``max_plies``        an upper bound on the length of a game (used to score faster wins)
``last_move``        the move that led here, or ``None`` at the start
``legal_moves()``    the legal moves, in a fixed, documented order
``play(move)``       the position after ``move``; raises :class:`IllegalMoveError`
``undo()``           the position before the last move
``is_terminal()``    is the game over?
``winner``           the winning player, or ``None`` (game not over, or a draw)
``utility(player)``  the final score for ``player``: +1 win, 0 draw, -1 loss
                     (:class:`~tictac_edu.games.GameTree` leaves carry their own values)
``key()``            a hashable, deterministic key of the position (for tables)
``str(state)``       a text board; ``_repr_svg_``/``_repr_html_`` draw it in a notebook
===================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

Player = str
"""A player's name, such as ``"X"`` or ``"MAX"``."""

Move = Any
"""A move: a cell index for board games, a child index for textbook trees."""

S = TypeVar("S", bound="GameState")


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.

    The message names the move, shows the position and says why the move is illegal.
    """


@runtime_checkable
class GameState(Protocol):
    """One position of a two-player, zero-sum game with perfect information."""

    @property
    def to_move(self) -> Player:
        """The player whose turn it is."""
        ...

    @property
    def players(self) -> tuple[Player, Player]:
        """Both players, the first player first."""
        ...

    @property
    def ply(self) -> int:
        """The number of moves played from the starting position."""
        ...

    @property
    def max_plies(self) -> int:
        """An upper bound on the number of moves in a game."""
        ...

    @property
    def last_move(self) -> Move | None:
        """The move that led to this position, ``None`` at the start."""
        ...

    @property
    def winner(self) -> Player | None:
        """The player who has won, or ``None`` if nobody has (yet)."""
        ...

    def legal_moves(self) -> list[Move]:
        """The legal moves in a fixed, documented order (empty when the game is over)."""
        ...

    def play(self, move: Move) -> Self:
        """The position after ``move``; raises :class:`IllegalMoveError` if it is illegal."""
        ...

    def undo(self) -> Self:
        """The position before the last move; raises ``ValueError`` at the start."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def utility(self, player: Player) -> float:
        """The final score of a finished game from ``player``'s point of view."""
        ...

    def key(self) -> Hashable:
        """A hashable key, equal for equal positions, the same in every run."""
        ...


class Undoable:
    """Mixed into every game: each position keeps the one before its last move, so
    :meth:`undo` costs nothing (``play`` sets ``_previous`` on the new position)."""

    __slots__ = ("_previous",)

    _previous: Any

    def undo(self) -> Self:
        """The position before the last move.

        Raises:
            ValueError: no move has been played.
        """
        if self._previous is None:
            raise ValueError("Nothing to undo: no move has been played.")
        return self._previous  # type: ignore[no-any-return]


def opponent(state: GameState, player: Player) -> Player:
    """The other player of ``state``'s game.

    >>> from tictac_edu.games import TicTacToe
    >>> opponent(TicTacToe(), "X")
    'O'
    """
    first, second = state.players
    if player == first:
        return second
    if player == second:
        return first
    raise ValueError(f"{player!r} is not a player of this game; the players are {first!r} and {second!r}")


def moves_from_start(state: GameState) -> list[Move]:
    """The moves played from the starting position to ``state``, in order."""
    moves: list[Move] = []
    while state.ply > 0:
        moves.append(state.last_move)
        state = state.undo()
    moves.reverse()
    return moves


def play_moves(state: S, moves: Sequence[Move]) -> S:
    """Play ``moves`` one after the other from ``state`` and return the final position.

    >>> from tictac_edu.games import TicTacToe
    >>> print(play_moves(TicTacToe(), [4, 0, 8]))
    O . .
    . X .
    . . X
    """
    for move in moves:
        state = state.play(move)
    return state
