"""Evaluation weights learned from games: Texel's method and SPSA, verified by a match.

* :class:`Tunable` (:mod:`tictac_edu.tuning.base`): what the tuner needs of an evaluation
  (named weights, features linear in them, quiet positions); each game's module describes its
  own: :data:`WINDOW` (:mod:`tictac_edu.tuning.connect4`, the window evaluation) and
  :data:`PATTERNS` (:mod:`tictac_edu.tuning.gomoku`, the pattern evaluation).
* :func:`self_play_positions`: labelled quiet positions from seeded games of the course's
  levels, each once, the result for the side to move.
* :func:`texel`: the scale ``K``, then the weights, by the logistic loss of the results
  (:func:`logistic_loss`, :func:`loss_gradient`).
* :func:`spsa`: the weights tuned by paired matches of perturbed settings, on any executor.
* :func:`verify`: the tuned weights against the hand-set ones in a match, with its interval.

Every score is for the player to move in the position scored, and every label the result for
that player (1 a win, 1/2 a draw, 0 a loss).

>>> positions = self_play_positions(WINDOW, games=4, seed=2, levels=(("easy", "easy"),))
>>> train, held_out = positions.split(seed=2)
>>> fit = texel(WINDOW, train, held_out)
>>> fit.history[-1] <= fit.history[0]
True
"""

from tictac_edu.tuning.base import Tunable
from tictac_edu.tuning.connect4 import WINDOW, WindowWeights, window_features
from tictac_edu.tuning.gomoku import PATTERNS, PatternWeights, pattern_features
from tictac_edu.tuning.logistic import TexelFit, fit_scale, fit_weights, logistic_loss, loss_gradient, sigmoid, texel
from tictac_edu.tuning.perturbation import SPSAResult, SPSAStep, spsa, tuning_agent
from tictac_edu.tuning.positions import PositionSet, positions_from_games, self_play_positions
from tictac_edu.tuning.verification import verify

__all__ = ["PATTERNS", "WINDOW", "PatternWeights", "PositionSet", "SPSAResult", "SPSAStep", "TexelFit", "Tunable",
           "WindowWeights", "fit_scale", "fit_weights", "logistic_loss", "loss_gradient", "pattern_features",
           "positions_from_games", "self_play_positions", "sigmoid", "spsa", "texel", "tuning_agent", "verify",
           "window_features"]
