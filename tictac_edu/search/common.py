"""What every search shares: argument checks, how leaves are scored, and the value types."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from numbers import Real
from typing import Any

from tictac_edu.games.base import GameState, Outcome, Player

Evaluation = Callable[[Any, Player], float]
"""``evaluate(state, player)``: a heuristic score of ``state`` from ``player``'s point of view.
Depth-limited searches call it at the depth limit *and* at finished games, so it must score a
finished game too (a win far above any unfinished position). Each game's evaluations take
that game's states, hence ``Any``."""

Clock = Callable[[], float]
"""A function returning the current time in seconds, like :func:`time.monotonic`."""

INFINITY = math.inf


def proven_outcome(low: float, high: float) -> bool:
    """Whether proven bounds ``low <= true value <= high`` (for the player to move) settle the
    outcome: a win (``low > 0``), a loss (``high < 0``) or a draw (both 0). The one test of
    proof that the search and its table share.

    >>> proven_outcome(1, INFINITY), proven_outcome(-INFINITY, -1), proven_outcome(0, 0), proven_outcome(0, 1)
    (True, True, True, False)
    """
    return low > 0 or high < 0 or low == high == 0

_PROTOCOL = ("to_move", "legal_moves", "play", "is_terminal", "utility")


def check_search_arguments(state: GameState, depth: int | None, evaluate: Evaluation | None) -> None:
    """Raise a clear error for arguments a search cannot work with.

    Raises:
        TypeError: ``state`` does not follow the game protocol.
        ValueError: ``depth`` is not a whole number >= 0 (or ``None``), or a depth is given
            without an evaluation to score the positions where the search stops.
    """
    for name in _PROTOCOL:
        if not hasattr(state, name):
            raise TypeError(f"search needs a game state with .{name}; {type(state).__name__} has none "
                            "(see tictac_edu.games.base for the game protocol)")
    if len(getattr(state, "players", ())) != 2:
        raise ValueError("these searches need a two-player, zero-sum game with perfect information; "
                         f"{type(state).__name__} does not name two players")
    if depth is not None:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise ValueError(f"depth must be a whole number >= 0 or None (search to the end), not {depth!r}")
        if evaluate is None:
            raise ValueError(f"a depth-limited search (depth={depth}) needs evaluate(state, player) to score "
                             "the positions where it stops")
    if evaluate is not None and not callable(evaluate):
        raise TypeError(f"evaluate must be a function evaluate(state, player), not {evaluate!r}")


def terminal_value(state: GameState, player: Player, prefer_faster_wins: bool) -> float:
    """The score of a finished game for ``player``: ``state.utility(player)``; with
    ``prefer_faster_wins``, a win is worth more the sooner it comes (tic-tac-toe: a win at
    ply ``p`` scores ``10 - p``, a loss ``-(10 - p)``), so a quicker win scores more and a later
    loss less badly."""
    utility = state.utility(player)
    if prefer_faster_wins and utility:
        return utility * (state.max_plies + 1 - state.ply)
    return utility


def faster_wins(state: GameState, player: Player) -> float:
    """A leaf scorer, passed to a search like an evaluation: a finished game's
    :func:`terminal_value` for ``player`` with a win worth more the sooner it comes (and a loss
    less bad the later it comes); 0 for a position that is not finished (it knows nothing else).

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> won = play_moves(TicTacToe(), [0, 3, 1, 4, 2])     # X wins with the fifth move
    >>> faster_wins(won, "X"), faster_wins(won, "O"), faster_wins(TicTacToe(), "X")
    (5, -5, 0)
    """
    return terminal_value(state, player, True)


def deprecated_faster_wins(evaluate: Evaluation | None, prefer_faster_wins: bool | None,
                           where: str) -> Evaluation | None:
    """The evaluation a search that was given the old ``prefer_faster_wins`` flag runs with
    (:func:`faster_wins` when the flag is set and there is no evaluation, which is what the
    flag meant), with a ``DeprecationWarning`` naming the new way; ``evaluate`` itself when
    the flag was not given."""
    if prefer_faster_wins is None:
        return evaluate
    warnings.warn(f"{where}(prefer_faster_wins=...) is deprecated: pass the leaf scorer as the evaluation, "
                  f"{where}(state, evaluate=faster_wins) (from tictac_edu.search import faster_wins)",
                  DeprecationWarning, stacklevel=3)
    return faster_wins if prefer_faster_wins and evaluate is None else evaluate


def checked_score(value: object, state: GameState, player: Player) -> float:
    """``value`` if it is a real number, else a clear error: a NaN, ``None`` or a string from an
    evaluation would otherwise turn into a "forced win" somewhere up the tree.

    Raises:
        ValueError: ``value`` is not a number, or is NaN.
    """
    kind = type(value)
    if kind is int or (kind is float and value == value):  # the usual case, checked fast
        return value  # type: ignore[return-value]
    if isinstance(value, Real) and not isinstance(value, bool) and value == value:  # numpy numbers, fractions
        return value  # type: ignore[return-value]
    raise ValueError(f"the evaluation returned {value!r} for {player} in this position; it must return a number "
                     f"(not NaN):\n{state}")


def leaf_score(state: GameState, player: Player, evaluate: Evaluation | None) -> float:
    """The value of a leaf for ``player``: the evaluation's (or leaf scorer's, such as
    :func:`faster_wins`) score if there is one, else the finished game's utility."""
    if evaluate is not None:
        return checked_score(evaluate(state, player), state, player)
    return state.utility(player)


def outcome_of(value: float) -> Outcome:
    """What the sign of a proven value means for the player it is scored for: an
    :class:`~tictac_edu.games.Outcome` (a string too: ``"win"``, ``"draw"`` or ``"loss"``).

    >>> outcome_of(3), outcome_of(0) == "draw"
    (<Outcome.WIN: 'win'>, True)
    """
    return Outcome.WIN if value > 0 else Outcome.LOSS if value < 0 else Outcome.DRAW


class BudgetExhausted(Exception):
    """A search, a solver or a threat search ran out of its budget (nodes or time) before it
    finished. Each has its own subclass (:class:`~tictac_edu.search.result.SearchTimeout`,
    :class:`~tictac_edu.solvers.connect4.SolverLimitReached`,
    :class:`~tictac_edu.solvers.threats.ThreatSearchStopped`); catch this one to handle them
    all alike."""
