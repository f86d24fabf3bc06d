"""The statistics of a match, as chess-engine testers compute them (cutechess-cli, fishtest).

Every figure is from the first agent's (``agent_a``'s) point of view: a win counts 1, a draw
1/2, a loss 0.

* **Score** ``s``: points per game. **Elo difference** ``-400 log10(1/s - 1)``: the rating
  gap that the logistic model says would give that score.
* **95% interval**: the score's standard error times 1.96 either side of ``s``, each end
  mapped through the Elo function (so the interval is not symmetric around the estimate;
  ``+/-`` shows half its width, as cutechess does). *Trinomial*: the games' results (W, D,
  L) taken as independent. *Pentanomial*: the results of game *pairs* (both colours from one
  opening) as five outcomes, LL, LD+DL, WL+LW+DD, WD+DW, WW, which removes the opening's
  share of the variance (fishtest's way). When every game (or pair) scored the same, the
  measured spread is zero and a normal interval would read ``+/- 0``: that means too few
  games to measure the spread, and the estimate says so instead.
* **LOS**, the likelihood of superiority: ``0.5 (1 + erf((W - L) / sqrt(2 (W + L))))``
  (trinomial: draws say nothing); for pairs, the normal probability that the true score
  exceeds 1/2.
* **SPRT**, Wald's sequential probability ratio test between two Elo hypotheses, with the
  *generalised* log-likelihood ratio fishtest computes (its ``LLRcalc.LLR_logistic``): for
  each hypothesis, the outcome distribution of greatest likelihood among those whose expected
  score is the hypothesis's score (:func:`constrained_mle`), and ``LLR = sum n_i ln(p1_i /
  p0_i)`` over the outcomes. :meth:`SPRT.approximate_llr` is the older variance-ratio
  shortcut, ``N/2 ln(r0 / r1)``, kept to show how far off it is on small samples.
* **Power**: :func:`games_for_interval` (a formula) and :func:`interval_power` (a
  simulation): how many games a given Elo difference needs before its interval leaves 0.

>>> round(elo_from_score(0.75), 1)
190.8
>>> estimate = trinomial_elo(wins=6, draws=2, losses=2)
>>> round(estimate.score, 2), round(estimate.elo, 1)
(0.7, 147.2)
>>> SPRT(elo0=0, elo1=10).decision(3.0)
'H1 accepted'
>>> round(SPRT(elo0=0, elo1=50).llr_pentanomial([0, 0, 13, 7, 0]), 2)   # the exact ratio
2.64
>>> round(SPRT(elo0=0, elo1=50).approximate_llr([0, 0, 13, 7, 0]), 2)   # the shortcut overstates it
4.12
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Literal

Z_95 = 1.96
"""Standard errors either side of the score for a 95% interval."""

PENTANOMIAL_LABELS = ("LL", "LD+DL", "WL+LW+DD", "WD+DW", "WW")
"""The five outcomes of a pair of games, from 0 to 2 points for ``agent_a``."""

REGULARIZATION = 1e-3
"""What a count of 0 becomes in the SPRT's likelihoods (fishtest's ``regularize``): every
outcome keeps a little probability, so that the constrained maximum-likelihood distribution
of :func:`constrained_mle` always exists (with every pair drawn, a mean above 1/2 needs some
probability on outcomes never seen)."""

NELO_PER_T = 800 / math.log(10)
"""Normalised Elo per unit of t-value: ``nElo = NELO_PER_T * (s - 1/2) / sigma`` with
``sigma`` the standard deviation of one game's score (fishtest's ``nelo_divided_by_nt``,
347.4). A pentanomial's ``sigma`` per game is ``sqrt(2)`` times that of a pair's mean score."""

NEWTON_TOLERANCE = 1e-15
"""How close to 0 the constraint of :func:`constrained_mle` must come."""

Decision = Literal["H0 accepted", "H1 accepted", "continue"]
EloModel = Literal["logistic", "normalized"]


def _check_counts(counts: Sequence[float], what: str) -> None:
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int | float) or not count >= 0 or count == math.inf:
            raise ValueError(f"{what} must be non-negative counts, not {list(counts)!r}")


def _check_outcome_counts(counts: Sequence[float]) -> None:
    if len(counts) not in (3, 5):
        raise ValueError(f"give 3 counts (losses, draws, wins) or 5 (LL, LD+DL, WL+LW+DD, WD+DW, WW), "
                         f"not {list(counts)!r}")
    _check_counts(counts, "the counts")


def outcome_scores(outcomes: int) -> list[float]:
    """The score per game of each outcome, lowest first: ``[0, 0.5, 1]`` for losses, draws and
    wins; ``[0, 0.25, 0.5, 0.75, 1]`` for the pentanomial (a pair's points / 2)."""
    return [index / (outcomes - 1) for index in range(outcomes)]


def elo_from_score(score: float) -> float:
    """The Elo difference for a score per game: ``-400 log10(1/score - 1)``.

    Args:
        score: points per game, between 0 and 1.

    Returns:
        The Elo difference; ``+inf`` for a score of 1, ``-inf`` for 0.

    Raises:
        ValueError: the score is not between 0 and 1.
    """
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score per game is between 0 and 1, not {score!r}")
    if score == 1.0:
        return math.inf
    if score == 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score per game of an Elo difference: ``1 / (1 + 10 ** (-elo / 400))``.

    Raises:
        ValueError: ``elo`` is NaN.
    """
    if math.isnan(elo):
        raise ValueError("the Elo difference is not a number (NaN)")
    if elo == math.inf:
        return 1.0
    if elo == -math.inf or elo < -100_000:
        return 0.0
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def los_trinomial(wins: int, losses: int) -> float:
    """The likelihood of superiority from wins and losses: ``0.5 (1 + erf((W - L) / sqrt(2 (W + L))))``.

    Returns:
        A probability; 0.5 when there is neither a win nor a loss.
    """
    _check_counts((wins, losses), "wins and losses")
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def draw_ratio(wins: int, draws: int, losses: int) -> float:
    """The share of games drawn (0 when no game was played)."""
    _check_counts((wins, draws, losses), "wins, draws and losses")
    games = wins + draws + losses
    return draws / games if games else 0.0


# -- Elo with a 95% interval ------------------------------------------------------------------

@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval, from ``agent_a``'s point of view.

    Attributes:
        kind: ``"trinomial"`` (from games) or ``"pentanomial"`` (from pairs of games).
        count: the games (trinomial) or pairs (pentanomial) it rests on.
        score: points per game.
        stderr: the standard error of ``score`` (``inf`` when it cannot be measured: no games,
            or every game or pair alike).
        elo, low, high: the estimate and the ends of its 95% interval (infinite where the score
            or an end of its interval reaches 0 or 1; ``-inf`` to ``+inf`` with no games, or
            when every game or pair scored the same: see :attr:`too_few`).
        los: the likelihood of superiority (1/2 when :attr:`too_few`).
        alike: when every game (pair) scored the same, that outcome's label (``"drawn"``,
            ``"WL+LW+DD"``, ...); ``""`` otherwise.
    """

    kind: Literal["trinomial", "pentanomial"]
    count: float
    score: float
    stderr: float
    elo: float
    low: float
    high: float
    los: float
    alike: str = ""

    @property
    def too_few(self) -> bool:
        """Whether the spread of the results could not be measured: every game (trinomial) or
        every pair (pentanomial) scored the same, so the normal interval would be ``+/- 0``.
        (A match won or lost in every game is not counted here: its estimate is infinite.)"""
        return bool(self.alike)

    @property
    def margin(self) -> float:
        """Half the interval's width (cutechess's ``+/-``); ``inf`` if an end is infinite."""
        if math.isinf(self.low) or math.isinf(self.high):
            return math.inf
        return (self.high - self.low) / 2.0

    def text(self) -> str:
        """``21.8 +/- 24.2``; an infinite estimate or interval, or a spread that could not be
        measured, in words instead of NaN or ``+/- 0.0``.

        >>> print(pentanomial_elo([0, 0, 3, 0, 0]).text())
        0.0, too few pairs for an interval (all 3 were WL+LW+DD)
        >>> print(trinomial_elo(1, 0, 1).text())
        0.0 (95% interval -inf to +inf: too few games)
        """
        units = "games" if self.kind == "trinomial" else "pairs"
        if not self.count:
            return "no estimate (no games)"
        if math.isinf(self.elo):
            side = "won" if self.elo > 0 else "lost"
            return f"{self.elo:+} (every game {side}: no finite estimate)"
        if self.too_few:
            if self.count == 1:
                return f"{self.elo:.1f}, too few {units} for an interval (one {units[:-1]}, {self.alike})"
            verb = "" if self.kind == "trinomial" else "were "
            return f"{self.elo:.1f}, too few {units} for an interval (all {self.count:g} {verb}{self.alike})"
        if math.isinf(self.low) and math.isinf(self.high):
            return f"{self.elo:.1f} (95% interval -inf to +inf: too few {units})"
        if math.isinf(self.margin):
            return f"{self.elo:.1f} (95% interval {_elo_text(self.low)} to {_elo_text(self.high)})"
        return f"{self.elo:.1f} +/- {self.margin:.1f}"


def _elo_text(elo: float) -> str:
    return f"{elo:+}" if math.isinf(elo) else f"{elo:.1f}"


def _estimate(kind: Literal["trinomial", "pentanomial"], counts: Sequence[float],
              los: float | None = None) -> EloEstimate:
    total, score, variance = _mean_and_variance(counts)
    if not total:
        return EloEstimate(kind, 0, 0.5, math.inf, 0.0, -math.inf, math.inf, 0.5)
    elo = elo_from_score(score) + 0.0  # + 0.0 turns -0.0 (the Elo of a score of exactly 1/2) into 0.0
    seen = [index for index, count in enumerate(counts) if count]
    if len(seen) == 1 and 0.0 < score < 1.0:  # every game (pair) alike: no spread to measure
        labels = ("lost", "drawn", "won") if kind == "trinomial" else PENTANOMIAL_LABELS
        return EloEstimate(kind, total, score, math.inf, elo, -math.inf, math.inf,
                           0.5 if los is None else los, alike=labels[seen[0]])
    stderr = math.sqrt(max(variance, 0.0) / total)
    low = elo_from_score(max(0.0, score - Z_95 * stderr))
    high = elo_from_score(min(1.0, score + Z_95 * stderr))
    if los is None:
        if stderr == 0:
            los = 1.0 if score > 0.5 else 0.0 if score < 0.5 else 0.5
        else:
            los = 0.5 * (1.0 + math.erf((score - 0.5) / (stderr * math.sqrt(2.0))))
    return EloEstimate(kind, total, score, stderr, elo, low + 0.0, high + 0.0, los)


def _mean_and_variance(counts: Sequence[float]) -> tuple[float, float, float]:
    """The outcomes ``i / (len - 1)`` weighted by ``counts``: total, mean and variance."""
    total = sum(counts)
    if not total:
        return 0, 0.5, 0.0
    values = outcome_scores(len(counts))
    mean = sum(count * value for count, value in zip(counts, values, strict=True)) / total
    variance = sum(count * (value - mean) ** 2 for count, value in zip(counts, values, strict=True)) / total
    return total, mean, variance


def trinomial_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference of ``agent_a`` from its wins, draws and losses, as cutechess computes it.

    The variance per game is ``(W (1-s)^2 + D (1/2-s)^2 + L s^2) / n``; the interval is
    ``s +/- 1.96 sqrt(variance / n)`` mapped through :func:`elo_from_score`; LOS is
    :func:`los_trinomial`. Every game drawn leaves no spread to measure: the estimate is then
    :attr:`~EloEstimate.too_few` (interval ``-inf`` to ``+inf``), not ``+/- 0``.

    Raises:
        ValueError: a count is negative.
    """
    _check_counts((wins, draws, losses), "wins, draws and losses")
    return _estimate("trinomial", (losses, draws, wins), los_trinomial(wins, losses))


def pentanomial_elo(pentanomial: Sequence[int]) -> EloEstimate:
    """The Elo difference of ``agent_a`` from the outcomes of pairs of games, as fishtest computes it.

    Args:
        pentanomial: the counts of pairs scoring 0, 1/2, 1, 3/2 and 2 points for ``agent_a``
            (LL, LD+DL, WL+LW+DD, WD+DW, WW). A pair's score per game is its points / 2.

    Returns:
        The estimate from the pairs' scores per game (0, 1/4, 1/2, 3/4, 1): their mean, their
        variance per pair, the interval ``s +/- 1.96 sqrt(variance / pairs)``; LOS the normal
        probability that the true score is above 1/2. Pairs that all scored the same (one pair,
        or every pair WL) leave no spread to measure: :attr:`~EloEstimate.too_few`.

    Raises:
        ValueError: not five non-negative counts.
    """
    if len(pentanomial) != 5:
        raise ValueError(f"a pentanomial has five counts (LL, LD+DL, WL+LW+DD, WD+DW, WW), not {list(pentanomial)!r}")
    _check_counts(pentanomial, "the pentanomial")
    return _estimate("pentanomial", pentanomial)


# -- how many games: power ----------------------------------------------------------------------

def _game_probabilities(elo: float, draw_ratio: float) -> tuple[float, float, float]:
    """(win, draw, loss) probabilities of one game for a player ``elo`` stronger with that draw ratio."""
    if not 0.0 <= draw_ratio < 1.0:
        raise ValueError(f"the draw ratio is a share of games, at least 0 and below 1, not {draw_ratio!r}")
    score = score_from_elo(elo)
    win = score - draw_ratio / 2
    loss = 1.0 - win - draw_ratio
    if win < 0 or loss < 0:
        raise ValueError(f"a score of {score:.3f} ({elo:g} Elo) cannot come with {draw_ratio:.0%} draws")
    return win, draw_ratio, loss


def games_for_interval(elo: float, draw_ratio: float, power: float = 0.5) -> float:
    """How many games a player ``elo`` stronger needs for its 95% interval (trinomial) to lie
    above 0 in a share ``power`` of matches, by the normal approximation.

    A match's score ``s_hat`` is about normal around the true score ``s``, with standard error
    ``sigma / sqrt(n)`` (``sigma^2`` the variance of one game's score). Its interval leaves 0 when
    ``s_hat - 1.96 sigma / sqrt(n) > 1/2``, which happens with probability
    ``Phi((s - 1/2) sqrt(n) / sigma - 1.96)``. Setting that to ``power``:
    ``n = (1.96 + z_power)^2 sigma^2 / (s - 1/2)^2``. With ``power=0.5`` (``z = 0``) it is where the
    interval of the *expected* result leaves 0; half of all matches of that length miss it.

    Args:
        elo: the true Elo difference (positive).
        draw_ratio: the share of games drawn.
        power: the share of matches whose interval should leave 0 (between 0 and 1).

    Returns:
        The number of games (not rounded).

    Raises:
        ValueError: ``elo`` is not positive, ``power`` is not between 0 and 1, or the draw
            ratio is impossible for that score.

    >>> round(games_for_interval(20, 0.4, power=0.5)), round(games_for_interval(20, 0.4, power=0.8))
    (693, 1417)
    """
    if not (math.isfinite(elo) and elo > 0):
        raise ValueError(f"the Elo difference must be positive and finite, not {elo!r}")
    if not 0.0 < power < 1.0:
        raise ValueError(f"power is a share of matches, between 0 and 1, not {power!r}")
    win, draw, loss = _game_probabilities(elo, draw_ratio)
    score = win + draw / 2
    variance = win * (1 - score) ** 2 + draw * (0.5 - score) ** 2 + loss * score ** 2
    return (Z_95 + NormalDist().inv_cdf(power)) ** 2 * variance / (score - 0.5) ** 2


def interval_power(elo: float, draw_ratio: float, games: int, matches: int = 2000, seed: int = 0) -> float:
    """The share of simulated matches of ``games`` games whose 95% interval
    (:func:`trinomial_elo`) lies above 0, for a player ``elo`` stronger with that draw ratio:
    the power, measured rather than computed.

    Args:
        elo: the true Elo difference.
        draw_ratio: the share of games drawn.
        games: games per match.
        matches: matches simulated (the share's standard error is about ``sqrt(p (1-p) / matches)``).
        seed: seed of the simulation.

    Returns:
        The share of matches, between 0 and 1.

    Raises:
        ValueError: bad arguments (see :func:`games_for_interval`).
    """
    import numpy as np  # a dependency of matplotlib; only the simulation needs it

    for name, value in (("games", games), ("matches", matches)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")
    probabilities = _game_probabilities(elo, draw_ratio)
    results = np.random.default_rng(seed).multinomial(games, probabilities, size=matches)
    return sum(trinomial_elo(int(wins), int(draws), int(losses)).low > 0
               for wins, draws, losses in results) / matches


# -- the SPRT -------------------------------------------------------------------------------

def _secular_root(probabilities: Sequence[float], offsets: Sequence[float]) -> float:
    """The ``x`` with ``sum q_i d_i / (1 + x d_i) = 0`` (q: ``probabilities``, d: ``offsets``,
    some d_i below 0 and some above), where every ``1 + x d_i`` stays positive.

    The left side falls strictly from ``+inf`` to ``-inf`` between ``-1/max(d)`` and
    ``-1/min(d)``, so the root is unique: Newton's method from 0, falling back to bisection
    whenever a step would leave the bracket (fishtest brackets the same root with Brent's
    method)."""
    if not min(offsets) < 0 < max(offsets):
        raise ValueError("no distribution of these outcomes meets the constraint (it lies beyond every outcome)")
    low, high = -1.0 / max(offsets), -1.0 / min(offsets)
    x = 0.0
    for _ in range(200):
        terms = [q * d / (1.0 + x * d) for q, d in zip(probabilities, offsets, strict=True)]
        value = sum(terms)
        if abs(value) <= NEWTON_TOLERANCE:
            break
        if value > 0:
            low = x
        else:
            high = x
        slope = -sum(term * term / q for term, q in zip(terms, probabilities, strict=True))
        step = x - value / slope
        x = step if low < step < high else (low + high) / 2.0
        if high - low <= 1e-17 * max(1.0, abs(x)):
            break
    return x


def _regularized(counts: Sequence[float]) -> tuple[float, list[float]]:
    """The total and the shares of ``counts`` with every 0 replaced by :data:`REGULARIZATION`."""
    counts = [count if count > 0 else REGULARIZATION for count in counts]
    total = sum(counts)
    return total, [count / total for count in counts]


def constrained_mle(counts: Sequence[float], score: float) -> list[float]:
    """The outcome probabilities of greatest likelihood for ``counts`` among those whose
    expected score per game is ``score``.

    It maximises ``sum n_i ln p_i`` subject to ``sum p_i = 1`` and ``sum p_i a_i = score`` (``a_i``
    the outcomes' scores, :func:`outcome_scores`). With Lagrange multipliers the maximum is
    ``p_i = q_i / (1 + x (a_i - score))``, ``q_i = n_i / N`` the observed shares, for the ``x``
    that makes the expected score right (the "secular equation" ``sum q_i (a_i - score) / (1 +
    x (a_i - score)) = 0``, solved by :func:`_secular_root`). Counts of 0 first become
    :data:`REGULARIZATION`, as in fishtest.

    Args:
        counts: 3 (losses, draws, wins) or 5 (LL ... WW) non-negative counts.
        score: the expected score per game, strictly between 0 and 1.

    Returns:
        The probabilities, one per outcome, lowest score first.

    Raises:
        ValueError: bad counts or a score not strictly between 0 and 1.

    >>> [round(p, 4) for p in constrained_mle([20, 40, 30], 0.5)]   # W - L = 0 at score 1/2
    [0.2778, 0.4444, 0.2778]
    """
    _check_outcome_counts(counts)
    if not 0.0 < score < 1.0:
        raise ValueError(f"the expected score must lie strictly between 0 and 1, not {score!r}")
    _, shares = _regularized(counts)
    offsets = [value - score for value in outcome_scores(len(counts))]
    x = _secular_root(shares, offsets)
    return [q / (1.0 + x * d) for q, d in zip(shares, offsets, strict=True)]


def t_value_mle(counts: Sequence[float], t: float, reference: float = 0.5) -> list[float]:
    """The outcome probabilities of greatest likelihood for ``counts`` among those whose
    *t-value* ``(mean - reference) / sigma`` is ``t`` (``sigma`` their standard deviation):
    the constraint of the SPRT in normalised Elo.

    The Lagrange condition again gives ``p_i = q_i / (1 + x d_i)``, now with offsets ``d_i =
    a_i - reference - t sigma (1 + ((a_i - mean) / sigma)^2) / 2`` that depend on the mean and
    sigma of ``p`` itself (their average under ``p`` is ``mean - reference - t sigma``, the
    constraint). So it iterates, as fishtest's ``MLE_t_value`` does: from the uniform
    distribution, compute the offsets, solve for ``x``, repeat until ``p`` stops moving.

    Raises:
        ValueError: bad counts.
    """
    _check_outcome_counts(counts)
    _, shares = _regularized(counts)
    values = outcome_scores(len(counts))
    probabilities = [1.0 / len(counts)] * len(counts)
    failure = (f"the fit found no outcome distribution with a t-value of {t:.4g} (normalised Elo {NELO_PER_T * t:.0f} "
               "per game, or per pair for the pentanomial): bounds that far from 0 are beyond it")
    try:
        for _ in range(100):
            mean = sum(p * a for p, a in zip(probabilities, values, strict=True))
            sigma = math.sqrt(sum(p * (a - mean) ** 2 for p, a in zip(probabilities, values, strict=True)))
            offsets = [a - reference - t * sigma * (1 + ((a - mean) / sigma) ** 2) / 2 for a in values]
            x = _secular_root(shares, offsets)
            updated = [q / (1.0 + x * d) for q, d in zip(shares, offsets, strict=True)]
            moved = max(abs(new - old) for new, old in zip(updated, probabilities, strict=True))
            probabilities = updated
            if moved < 1e-13:
                break
    except (ValueError, ZeroDivisionError) as error:
        raise ValueError(failure) from error
    mean = sum(p * a for p, a in zip(probabilities, values, strict=True))
    sigma = math.sqrt(max(0.0, sum(p * (a - mean) ** 2 for p, a in zip(probabilities, values, strict=True))))
    if min(probabilities) <= 0 or not sigma or abs((mean - reference) / sigma - t) > 1e-6:
        raise ValueError(failure)
    return probabilities


def _log_likelihood_ratio(counts: Sequence[float], p0: Sequence[float], p1: Sequence[float]) -> float:
    """``sum n_i ln(p1_i / p0_i)`` over the regularized counts."""
    regularized = [count if count > 0 else REGULARIZATION for count in counts]
    return sum(n * (math.log(b) - math.log(a)) for n, a, b in zip(regularized, p0, p1, strict=True))


@dataclass(frozen=True)
class SPRT:
    """A sequential probability ratio test: is ``agent_a`` ``elo0`` (H0) or ``elo1`` (H1) Elo
    stronger than ``agent_b``?

    A match stops as soon as the log-likelihood ratio leaves ``[lower, upper]``: below,
    H0 is accepted; above, H1. ``alpha`` is the chance of accepting H1 when H0 holds, ``beta``
    that of accepting H0 when H1 holds (Wald's bounds; the test is checked after every pair).

    The ratio is the *generalised* one (GSPRT), as fishtest computes it: the outcome
    distribution is not known, so under each hypothesis it is the distribution of greatest
    likelihood for the counts among those with that hypothesis's expected score
    (:func:`constrained_mle`), and ``LLR = sum n_i ln(p1_i / p0_i)``.

    Args:
        elo0, elo1: the hypotheses, ``elo0 < elo1``: logistic Elo by default; normalised Elo
            with ``elo_model="normalized"`` (fishtest states its bounds so today: a t-value
            ``(s - 1/2) / sigma`` times :data:`NELO_PER_T`, which does not depend on the
            draw ratio).
        alpha, beta: the error probabilities, each between 0 and 1/2.
        elo_model: ``"logistic"`` or ``"normalized"``.

    Raises:
        ValueError: ``elo0 >= elo1``, ``alpha``/``beta`` outside (0, 1/2), or an unknown model.
    """

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    elo_model: EloModel = "logistic"

    def __post_init__(self) -> None:
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1) and self.elo0 < self.elo1):
            raise ValueError(f"an SPRT needs finite elo0 < elo1, not elo0={self.elo0!r}, elo1={self.elo1!r}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise ValueError(f"{name} is an error probability between 0 and 0.5, not {value!r}")
        if self.elo_model not in ("logistic", "normalized"):
            raise ValueError(f"elo_model is 'logistic' or 'normalized', not {self.elo_model!r}")

    @property
    def lower(self) -> float:
        """The bound below which H0 is accepted: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound above which H1 is accepted: ``log((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float]) -> float:
        """The generalised log-likelihood ratio of H1 against H0 for 3 counts (losses, draws,
        wins) or 5 (LL, LD+DL, WL+LW+DD, WD+DW, WW); 0 with no games.

        Raises:
            ValueError: not 3 or 5 non-negative counts.
        """
        _check_outcome_counts(counts)
        if not sum(counts):
            return 0.0
        if self.elo_model == "logistic":
            p0, p1 = (constrained_mle(counts, score_from_elo(elo)) for elo in (self.elo0, self.elo1))
        else:
            scale = 1.0 if len(counts) == 3 else math.sqrt(2.0)  # a pair's mean has sigma / sqrt(2)
            p0, p1 = (t_value_mle(counts, scale * elo / NELO_PER_T) for elo in (self.elo0, self.elo1))
        return _log_likelihood_ratio(counts, p0, p1)

    def llr_trinomial(self, wins: int, draws: int, losses: int) -> float:
        """:meth:`llr` from ``agent_a``'s wins, draws and losses."""
        return self.llr((losses, draws, wins))

    def llr_pentanomial(self, pentanomial: Sequence[int]) -> float:
        """:meth:`llr` from the pentanomial counts of pairs (LL ... WW)."""
        if len(pentanomial) != 5:
            raise ValueError(f"a pentanomial has five counts, not {list(pentanomial)!r}")
        return self.llr(pentanomial)

    def approximate_llr(self, counts: Sequence[float]) -> float:
        """The variance-ratio shortcut to :meth:`llr` (fishtest's ``LLR_alt``, logistic Elo):
        ``N/2 ln(r0 / r1)``, ``r_j`` the mean squared distance of the outcomes from the score of
        hypothesis ``j``, with counts of 0 regularized.

        It takes the outcome distribution to be normal with the variance measured so far. On a
        small sample with many draws that variance is small, so a difference in means looks
        more certain than it is, and the shortcut overstates the ratio: 4.12 where the exact
        ratio is 2.64 on the pairs 0 0 13 7 0 (H0 0, H1 50).

        Raises:
            ValueError: bad counts, or normalised bounds (the shortcut is for logistic Elo).
        """
        _check_outcome_counts(counts)
        if self.elo_model != "logistic":
            raise ValueError("the variance-ratio approximation is for bounds in logistic Elo")
        if not sum(counts):
            return 0.0
        total, shares = _regularized(counts)
        values = outcome_scores(len(counts))
        r0, r1 = (sum(q * (value - expected) ** 2 for q, value in zip(shares, values, strict=True))
                  for expected in (score_from_elo(self.elo0), score_from_elo(self.elo1)))
        return total / 2.0 * math.log(r0 / r1)

    def decision(self, llr: float) -> Decision:
        """``"H1 accepted"`` at or above :attr:`upper`, ``"H0 accepted"`` at or below :attr:`lower`,
        else ``"continue"``."""
        if llr >= self.upper:
            return "H1 accepted"
        if llr <= self.lower:
            return "H0 accepted"
        return "continue"

    def text(self, llr: float) -> str:
        """``SPRT (elo0 0, elo1 20, ...): llr 2.97, lbound -2.94, ubound 2.94 - H1 was accepted``."""
        decided = self.decision(llr)
        verdict = "no decision yet (continue)" if decided == "continue" else decided.replace(" ", " was ")
        shown = f"{llr:+}" if math.isinf(llr) else f"{llr:.2f}"
        names = ("elo0", "elo1") if self.elo_model == "logistic" else ("nelo0", "nelo1")
        return (f"SPRT ({names[0]} {self.elo0:g}, {names[1]} {self.elo1:g}, alpha {self.alpha:g}, "
                f"beta {self.beta:g}): llr {shown}, lbound {self.lower:.2f}, ubound {self.upper:.2f} - {verdict}")


# -- time per move ------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveTimes:
    """Wall-clock seconds per move of one agent (measured around ``choose_move`` only).

    Attributes:
        count: moves timed.
        mean, median, p90, max: seconds; p90 by the nearest-rank rule (the smallest time at
            or above 90% of the moves). All 0 with no moves.
    """

    count: int = 0
    mean: float = 0.0
    median: float = 0.0
    p90: float = 0.0
    max: float = 0.0

    def text(self) -> str:
        """``median 1.2 ms, p90 3.4 ms, max 8.0 ms``."""
        if not self.count:
            return "no moves"
        return f"median {format_seconds(self.median)}, p90 {format_seconds(self.p90)}, max {format_seconds(self.max)}"


def format_seconds(seconds: float) -> str:
    """``1.23 s``, ``45.6 ms`` or ``789 us``: three significant figures or so."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} us"


def move_times(seconds: Sequence[float]) -> MoveTimes:
    """The :class:`MoveTimes` of a list of times per move.

    Raises:
        ValueError: a time is negative or not a number.
    """
    if any(not value >= 0 for value in seconds):
        raise ValueError("times per move are non-negative seconds")
    if not seconds:
        return MoveTimes()
    ordered = sorted(seconds)
    count = len(ordered)
    middle = count // 2
    median = ordered[middle] if count % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    p90 = ordered[max(1, math.ceil(0.9 * count)) - 1]
    return MoveTimes(count, sum(ordered) / count, median, p90, ordered[-1])
