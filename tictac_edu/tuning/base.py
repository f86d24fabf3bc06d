"""What tuning needs of a game's evaluation: its named weights, the features they weigh, and
which positions are quiet.

An evaluation the tuner can fit is *linear in its weights* on quiet positions: there it is
``weights @ features(state)``, the features counted once from the side to move's point of
view. :class:`Tunable` holds that description for one game's evaluation; the game's own module
(:mod:`tictac_edu.tuning.connect4`, :mod:`tictac_edu.tuning.gomoku`) builds it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tictac_edu.games.base import GameState
from tictac_edu.search.common import Evaluation

Weights = Sequence[float] | np.ndarray
"""Weights as a list, a tuple or a NumPy array, one per named weight."""


@dataclass(frozen=True)
class Tunable:
    """One game's evaluation, described for tuning.

    Attributes:
        name: a short name for tables (``"connect4 window"``).
        new_game: returns the game's starting position (a class, picklable).
        weight_names: the names of the weights, as the evaluation module names them.
        hand_weights: the hand-set weights, in the order of ``weight_names``.
        free: which weights the tuner may change (the others weigh features that are always 0
            on quiet positions, a four or a win, so no quiet position can say what they are worth).
        features: ``features(state)``: the feature vector of a position for the player to move
            there (the evaluation for the player to move is ``weights @ features(state)`` on a
            quiet position).
        quiet: ``quiet(state)``: the position is unfinished and neither player has an
            immediate win (the side to move cannot win at once, the opponent threatens no
            win on its next move).
        evaluation: ``evaluation(weights)``: the game's evaluation with those weights, an
            ``evaluate(state, player)`` function (picklable) that the hand-set weights turn into
            the course's own evaluation, score for score.
    """

    name: str
    new_game: Callable[[], GameState]
    weight_names: tuple[str, ...]
    hand_weights: tuple[float, ...]
    free: tuple[bool, ...]
    features: Callable[[GameState], Sequence[float]]
    quiet: Callable[[GameState], bool]
    evaluation: Callable[[Weights], Evaluation]

    def __post_init__(self) -> None:
        if not len(self.weight_names) == len(self.hand_weights) == len(self.free):
            raise ValueError(f"{self.name}: {len(self.weight_names)} names, {len(self.hand_weights)} hand-set "
                             f"weights and {len(self.free)} free flags: give one of each per weight")

    @property
    def free_names(self) -> tuple[str, ...]:
        """The names of the weights the tuner may change."""
        return tuple(name for name, free in zip(self.weight_names, self.free, strict=True) if free)

    def feature_matrix(self, states: Sequence[GameState]) -> np.ndarray:
        """The features of ``states``, one row per position (for the player to move there)."""
        matrix = np.array([self.features(state) for state in states], dtype=float)
        return matrix.reshape(len(states), len(self.weight_names))

    def check_weights(self, weights: Weights) -> np.ndarray:
        """``weights`` as an array, after checking there is one per name.

        Raises:
            ValueError: the wrong number of weights, or one that is not finite.
        """
        array = np.asarray(weights, dtype=float)
        if array.shape != (len(self.weight_names),):
            raise ValueError(f"{self.name} has {len(self.weight_names)} weights ({', '.join(self.weight_names)}), "
                             f"not {array.size}")
        if not np.all(np.isfinite(array)):
            raise ValueError(f"{self.name}: every weight must be a finite number, not {list(array)}")
        return array

    def table(self, weights: Weights) -> list[tuple[str, float, float]]:
        """``(name, hand-set, given)`` per weight: the fitted weights beside the hand-set ones."""
        return [(name, hand, float(weight)) for name, hand, weight
                in zip(self.weight_names, self.hand_weights, self.check_weights(weights), strict=True)]
