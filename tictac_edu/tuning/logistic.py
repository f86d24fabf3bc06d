"""Texel's method: fit an evaluation's weights to game results by logistic regression.

A score ``s`` (the evaluation for the player to move) is read as a chance of winning,
``sigmoid(K s) = 1 / (1 + exp(-K s))``, with a *scale* ``K`` that turns evaluation units into
odds. The loss of weights ``w`` on positions with features ``X`` and results ``r`` (1 a win,
1/2 a draw, 0 a loss, all for the player to move) is the mean logistic loss (cross-entropy)

    ``L(w) = -mean(r log p + (1 - r) log(1 - p))``,  ``p = sigmoid(K X w)``,

whose gradient is ``K X^T (p - r) / n``. A draw counts half a win and half a loss. The method:
fit ``K`` first, with the hand-set weights (:func:`fit_scale`), so that the weights keep their
units; then fit the free weights with ``K`` fixed (:func:`fit_weights`, Newton's method: the
loss is convex in ``w``, and the features are computed once per position, so every step is a
few matrix products).

>>> import numpy as np
>>> X = np.array([[1.0], [-1.0]]); r = np.array([1.0, 0.0])
>>> round(logistic_loss([0.0], X, r, scale=1.0), 4)   # no idea: log 2 per position
0.6931
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tictac_edu.tuning.base import Tunable, Weights
from tictac_edu.tuning.positions import PositionSet

EPSILON = 1e-12
"""Chances are kept within ``[EPSILON, 1 - EPSILON]`` so that a certain loss stays finite."""


def sigmoid(x: np.ndarray | float) -> np.ndarray:
    """``1 / (1 + exp(-x))``, computed without overflow."""
    x = np.asarray(x, dtype=float)
    chance: np.ndarray = np.exp(-np.logaddexp(0.0, -x))
    return chance


def _check(features: np.ndarray, results: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(features, dtype=float)
    r = np.asarray(results, dtype=float)
    if X.ndim != 2 or r.shape != (X.shape[0],):
        raise ValueError(f"features must be a matrix with one row per result: got {X.shape} and {r.shape}")
    if r.size == 0:
        raise ValueError("no positions: the loss of an empty set is not defined")
    if np.any((r < 0) | (r > 1)):
        raise ValueError("results are 1 (win), 0.5 (draw) or 0 (loss) for the player to move")
    return X, r


def logistic_loss(weights: Weights, features: np.ndarray, results: np.ndarray,
                  scale: float) -> float:
    """The mean logistic loss of ``weights`` (see the module).

    Args:
        weights: one per feature.
        features: one row per position, for the player to move there.
        results: each position's result for the player to move: 1, 1/2 or 0.
        scale: ``K``, the sigmoid's scale (evaluation units to log-odds).

    Returns:
        The mean loss, ``log 2`` per position for a score of 0 and less the better the scores
        foretell the results.

    >>> import numpy as np
    >>> X = np.array([[2.0], [-1.0], [0.5]]); r = np.array([1.0, 0.0, 0.5])
    >>> round(logistic_loss([1.0], X, r, scale=0.5), 4)
    0.4961
    """
    X, r = _check(features, results)
    z = scale * (X @ np.asarray(weights, dtype=float))
    # -[r log sigmoid(z) + (1 - r) log sigmoid(-z)] = r log(1 + e^-z) + (1 - r) log(1 + e^z)
    return float(np.mean(r * np.logaddexp(0.0, -z) + (1.0 - r) * np.logaddexp(0.0, z)))


def loss_gradient(weights: Weights, features: np.ndarray, results: np.ndarray,
                  scale: float) -> np.ndarray:
    """The gradient of :func:`logistic_loss` in the weights: ``K X^T (p - r) / n``."""
    X, r = _check(features, results)
    p = sigmoid(scale * (X @ np.asarray(weights, dtype=float)))
    return np.asarray(scale * (X.T @ (p - r)) / len(r))


def fit_scale(scores: np.ndarray, results: np.ndarray, iterations: int = 100) -> float:
    """The scale ``K`` that minimises the logistic loss of fixed ``scores`` (Newton's method
    on one variable; the loss is convex in ``K``).

    Raises:
        ValueError: every score is 0 (no scale can make them foretell anything), or the scores
            foretell the results perfectly (the loss falls for ever as ``K`` grows).
    """
    s = np.asarray(scores, dtype=float)
    X, r = _check(s.reshape(-1, 1), results)
    if not np.any(s):
        raise ValueError("every score is 0: no scale turns them into chances")
    if np.all(((r == 1) & (s >= 0)) | ((r == 0) & (s <= 0)) | (s == 0)):
        raise ValueError("the scores sort every win above every loss (and no draw has a score): the best scale "
                         "is infinite")
    k = 1.0 / max(float(np.std(s)), float(np.max(np.abs(s))) / 100.0)
    for _ in range(iterations):
        p = sigmoid(k * s)
        gradient = float(np.mean((p - r) * s))
        curvature = float(np.mean(p * (1 - p) * s * s))
        if curvature <= 0:
            break
        step = gradient / curvature
        loss = logistic_loss([1.0], X, r, k)
        new_k = k - step
        while new_k > 0 and logistic_loss([1.0], X, r, new_k) > loss and abs(new_k - k) > 1e-15 * k:
            new_k = (new_k + k) / 2
        if new_k <= 0:
            new_k = k / 2
        if abs(new_k - k) <= 1e-10 * k:
            k = new_k
            break
        k = new_k
    return float(k)


@dataclass
class TexelFit:
    """A fit by :func:`texel`.

    Attributes:
        tunable: the evaluation fitted.
        scale: ``K``, fitted with the hand-set weights.
        weights: the fitted weights (the fixed ones as they were).
        history: the training loss before the first step and after each.
        path: the weights before the first step and after each.
        hand_train_loss, hand_test_loss: the hand-set weights' losses on the training and
            held-out positions; ``train_loss``, ``test_loss``: the fitted weights'.
    """

    tunable: Tunable
    scale: float
    weights: np.ndarray
    history: list[float] = field(default_factory=list)
    path: list[np.ndarray] = field(default_factory=list, repr=False)
    hand_train_loss: float = float("nan")
    hand_test_loss: float = float("nan")
    train_loss: float = float("nan")
    test_loss: float = float("nan")

    def table(self) -> str:
        """The fitted weights beside the hand-set ones, one line each."""
        lines = [f"{'weight':<22}{'hand-set':>12}{'fitted':>12}"]
        for (name, hand, fitted), free in zip(self.tunable.table(self.weights), self.tunable.free, strict=True):
            note = "" if free else "   (fixed: never on a quiet position)"
            lines.append(f"{name:<22}{hand:>12g}{fitted:>12.4g}{note}")
        return "\n".join(lines)

    def losses(self, positions: PositionSet) -> list[float]:
        """The loss on ``positions`` (held-out ones, say) of the weights before the first step
        and after each, with the fitted scale."""
        X, r = self.tunable.feature_matrix(positions.states), positions.results
        return [logistic_loss(weights, X, r, self.scale) for weights in self.path]

    def summary(self) -> str:
        """The losses, for people."""
        return (f"scale K = {self.scale:.4g}; loss on the training positions {self.hand_train_loss:.4f} (hand-set) "
                f"-> {self.train_loss:.4f} (fitted) in {len(self.history) - 1} steps; held out "
                f"{self.hand_test_loss:.4f} -> {self.test_loss:.4f}")


def fit_weights(features: np.ndarray, results: np.ndarray, start: Weights, scale: float,
                free: Sequence[bool] | None = None, iterations: int = 50, ridge: float = 1e-6,
                tolerance: float = 1e-9, path: list[np.ndarray] | None = None) -> tuple[np.ndarray, list[float]]:
    """Minimise :func:`logistic_loss` over the free weights, from ``start``, ``scale`` fixed.

    Newton's method with a step halved until the loss falls; a tiny ``ridge`` (times the mean
    curvature) keeps the step defined when two features move together.

    Args:
        features, results: as for :func:`logistic_loss`.
        start: the first weights (the hand-set ones), one per feature.
        scale: ``K``.
        free: which weights change (default: all).
        iterations: at most this many steps.
        ridge: added to the curvature's diagonal, relative to its mean.
        tolerance: stop when a step lowers the loss by less than this.
        path: if given, the starting weights and the weights after each step are appended to it
            (to follow a held-out loss step by step).

    Returns:
        The weights and the loss before the first step and after each.
    """
    X, r = _check(features, results)
    w = np.array(start, dtype=float)
    mask = np.ones(len(w), dtype=bool) if free is None else np.asarray(free, dtype=bool)
    if w.shape != (X.shape[1],) or mask.shape != w.shape:
        raise ValueError(f"{X.shape[1]} features but {w.size} starting weights and {mask.size} free flags")
    used = mask & np.any(X != 0, axis=0)  # a feature that is always 0 leaves its weight where it is
    history = [logistic_loss(w, X, r, scale)]
    if path is not None:
        path.append(w.copy())
    columns = X[:, used]
    for _ in range(iterations):
        p = sigmoid(scale * (X @ w))
        gradient = scale * (columns.T @ (p - r)) / len(r)
        hessian = scale * scale * (columns.T * (p * (1 - p))) @ columns / len(r)
        hessian += ridge * max(float(np.mean(np.diag(hessian))), 1e-300) * np.eye(len(gradient))
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]
        loss = history[-1]
        factor = 1.0
        while True:
            trial = w.copy()
            trial[used] -= factor * step
            trial_loss = logistic_loss(trial, X, r, scale)
            if trial_loss <= loss or factor < 1e-6:
                break
            factor /= 2
        if trial_loss > loss:
            break
        w = trial
        history.append(trial_loss)
        if path is not None:
            path.append(w.copy())
        if loss - trial_loss < tolerance:
            break
    return w, history


def texel(tunable: Tunable, train: PositionSet, test: PositionSet | None = None, *, iterations: int = 50,
          ridge: float = 1e-6) -> TexelFit:
    """Texel's method on ``tunable``: ``K`` fitted with the hand-set weights on ``train``, then
    the free weights, with the losses of both on ``train`` and on the held-out ``test``.

    >>> from tictac_edu.tuning import WINDOW, self_play_positions
    >>> train, test = self_play_positions(WINDOW, games=8, seed=1).split(seed=1)
    >>> fit = texel(WINDOW, train, test)
    >>> fit.train_loss <= fit.hand_train_loss
    True
    """
    hand = np.array(tunable.hand_weights, dtype=float)
    X = tunable.feature_matrix(train.states)
    r = train.results
    scale = fit_scale(X @ hand, r)
    path: list[np.ndarray] = []
    weights, history = fit_weights(X, r, hand, scale, tunable.free, iterations=iterations, ridge=ridge, path=path)
    fit = TexelFit(tunable, scale, weights, history, path, hand_train_loss=history[0], train_loss=history[-1])
    if test is not None and len(test):
        X_test, r_test = tunable.feature_matrix(test.states), test.results
        fit.hand_test_loss = logistic_loss(hand, X_test, r_test, scale)
        fit.test_loss = logistic_loss(weights, X_test, r_test, scale)
    return fit
