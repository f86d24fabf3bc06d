"""Gomoku's pattern evaluation described for tuning (:data:`PATTERNS`).

:func:`~tictac_edu.evaluation.gomoku.pattern_evaluation` weighs, on a position where nobody
has a four, each kind of pattern of the side to move minus the opponent's, adds
``OPEN_THREE_TEMPO`` when the side to move has an open three, and takes ``DOUBLE_THREAT`` when
it has none and the opponent has two: linear in nine named weights (:func:`pattern_features`).
On quiet positions (no four, no open four: nobody makes five next move) the five and the fours
never occur, so six weights are free.

>>> from tictac_edu.evaluation.gomoku import pattern_evaluation
>>> from tictac_edu.games.gomoku import Gomoku
>>> state = Gomoku.from_moves("h8 h9 i8 i9 j8")
>>> PatternWeights(PATTERNS.hand_weights)(state, "White") == pattern_evaluation(state, "White")
True
"""

from __future__ import annotations

from tictac_edu.evaluation import gomoku as evaluation
from tictac_edu.evaluation.common import finished_game_score
from tictac_edu.evaluation.gomoku import WINS_NEXT_MOVE, PatternCounts, patterns_of
from tictac_edu.games.base import GameState, Player
from tictac_edu.games.gomoku import Gomoku
from tictac_edu.tuning.base import Tunable, Weights

WEIGHT_NAMES = ("FIVE_WEIGHT", "OPEN_FOUR_WEIGHT", "FOUR_WEIGHT", "OPEN_THREE_WEIGHT", "CLOSED_THREE_WEIGHT",
                "OPEN_TWO_WEIGHT", "CLOSED_TWO_WEIGHT", "OPEN_THREE_TEMPO", "DOUBLE_THREAT")
"""The pattern evaluation's weights, named as in :mod:`tictac_edu.evaluation.gomoku`."""
HAND_WEIGHTS = tuple(float(getattr(evaluation, name)) for name in WEIGHT_NAMES)
"""The hand-set weights: 100000, 10000, 1000, 1000, 100, 100, 10, 20000, 50000."""


def _counts(state: Gomoku) -> tuple[PatternCounts, PatternCounts]:
    """The patterns of the side to move and of the opponent."""
    patterns = patterns_of(state)
    other = state.players[1] if state.to_move == state.players[0] else state.players[0]
    return patterns.counts(state.to_move), patterns.counts(other)


def pattern_features(state: Gomoku) -> list[int]:
    """The nine numbers the pattern evaluation weighs when nobody can make five next move,
    for the player to move: per kind of pattern (five, open four, four, open three, closed
    three, open two, closed two) its patterns minus the opponent's; 1 if it has an open three
    and the opponent no four (the tempo); -1 if, with no open three, it faces a four and an
    open three or two open threes (the double threat), else 0.

    >>> pattern_features(Gomoku.from_moves("h8 a1 i8 a2"))  # Black to move: an open two; White's two is closed
    [0, 0, 0, 0, 0, 1, -1, 0, 0]
    """
    mover, other = _counts(state)
    tempo = 1 if mover.open_three and not other.four else 0
    double = -1 if not tempo and ((other.four and other.open_three) or other.open_three >= 2) else 0
    return [a - b for a, b in zip(mover, other, strict=True)] + [tempo, double]


class PatternWeights:
    """The pattern evaluation with other weights: ``evaluate(state, player)``, the score for
    ``player``. Who wins next move (a four of the side to move, an open four or two fours
    against it) and finished games are scored as
    :func:`~tictac_edu.evaluation.gomoku.pattern_evaluation` scores them; with
    :data:`HAND_WEIGHTS` it is that evaluation, score for score.

    Args:
        weights: nine numbers in the order of :data:`WEIGHT_NAMES`.
    """

    def __init__(self, weights: Weights) -> None:
        self.weights = tuple(float(weight) for weight in PATTERNS.check_weights(weights))
        self.__name__ = "pattern_weights"

    def __call__(self, state: Gomoku, player: Player) -> float:
        if state.is_terminal():
            return finished_game_score(state, player)
        mover, other = _counts(state)
        if mover.four or mover.open_four:
            score: float = WINS_NEXT_MOVE
        elif other.open_four or other.four >= 2:
            score = -WINS_NEXT_MOVE
        else:
            score = sum(weight * count for weight, count in zip(self.weights, pattern_features(state), strict=True)
                        if count)
        return score if player == state.to_move else -score

    def __repr__(self) -> str:
        return f"PatternWeights({list(self.weights)})"


def features_for_mover(state: GameState) -> list[int]:
    """:func:`pattern_features` (already for the player to move)."""
    assert isinstance(state, Gomoku)
    return pattern_features(state)


def quiet(state: GameState) -> bool:
    """The game goes on and nobody makes five next move: neither player has a four or an open
    four (a point that would make five).

    >>> quiet(Gomoku.from_moves("h8 a1 i8 a2 j8")), quiet(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8"))
    (True, False)
    """
    assert isinstance(state, Gomoku)
    if state.is_terminal():
        return False
    return not any(counts.four or counts.open_four or counts.five for counts in _counts(state))


def pattern_weights(weights: Weights) -> PatternWeights:
    """:class:`PatternWeights` (the ``evaluation`` of :data:`PATTERNS`)."""
    return PatternWeights(weights)


PATTERNS = Tunable(
    name="gomoku patterns", new_game=Gomoku, weight_names=WEIGHT_NAMES, hand_weights=HAND_WEIGHTS,
    free=tuple(name not in ("FIVE_WEIGHT", "OPEN_FOUR_WEIGHT", "FOUR_WEIGHT") for name in WEIGHT_NAMES),
    features=features_for_mover, quiet=quiet, evaluation=pattern_weights)
"""Gomoku's pattern evaluation for the tuner: six free weights."""
