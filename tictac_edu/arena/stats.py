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
  share of the variance (fishtest's way).
* **LOS**, the likelihood of superiority: ``0.5 (1 + erf((W - L) / sqrt(2 (W + L))))``
  (trinomial: draws say nothing); for pairs, the normal probability that the true score
  exceeds 1/2.
* **SPRT**, a sequential probability ratio test between two Elo hypotheses, with fishtest's
  approximation of the generalized log-likelihood ratio (``LLR_alt``): ``N/2 ln(r0 / r1)``
  where ``r_j`` is the mean squared distance of the outcomes from the score ``s_j`` that
  hypothesis ``j`` predicts, over ``N`` games (or pairs), each count of 0 first replaced by
  0.001 as fishtest does (so ``r_j`` is never 0).

>>> round(elo_from_score(0.75), 1)
190.8
>>> estimate = trinomial_elo(wins=6, draws=2, losses=2)
>>> round(estimate.score, 2), round(estimate.elo, 1)
(0.7, 147.2)
>>> SPRT(elo0=0, elo1=10).decision(3.0)
'H1 accepted'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Z_95 = 1.96
"""Standard errors either side of the score for a 95% interval."""

PENTANOMIAL_LABELS = ("LL", "LD+DL", "WL+LW+DD", "WD+DW", "WW")
"""The five outcomes of a pair of games, from 0 to 2 points for ``agent_a``."""

REGULARIZATION = 1e-3
"""What a count of 0 becomes in the SPRT's ratio (fishtest's ``regularize``)."""

Decision = Literal["H0 accepted", "H1 accepted", "continue"]


def _check_counts(counts: Sequence[int], what: str) -> None:
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int | float) or not count >= 0:
            raise ValueError(f"{what} must be non-negative counts, not {list(counts)!r}")


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
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


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


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval, from ``agent_a``'s point of view.

    Attributes:
        kind: ``"trinomial"`` (from games) or ``"pentanomial"`` (from pairs of games).
        count: the games (trinomial) or pairs (pentanomial) it rests on.
        score: points per game.
        stderr: the standard error of ``score``.
        elo, low, high: the estimate and the ends of its 95% interval (infinite where the score
            or an end of its interval reaches 0 or 1; ``-inf`` to ``+inf`` with no games).
        los: the likelihood of superiority.
    """

    kind: Literal["trinomial", "pentanomial"]
    count: float
    score: float
    stderr: float
    elo: float
    low: float
    high: float
    los: float

    @property
    def margin(self) -> float:
        """Half the interval's width (cutechess's ``+/-``); ``inf`` if an end is infinite."""
        if math.isinf(self.low) or math.isinf(self.high):
            return math.inf
        return (self.high - self.low) / 2.0

    def text(self) -> str:
        """``21.8 +/- 24.2``; an infinite estimate or interval in words instead of NaN."""
        if not self.count:
            return "no estimate (no games)"
        if math.isinf(self.elo):
            side = "won" if self.elo > 0 else "lost"
            return f"{self.elo:+} (every game {side}: no finite estimate)"
        if math.isinf(self.margin):
            return f"{self.elo:.1f} (95% interval {_elo_text(self.low)} to {_elo_text(self.high)})"
        return f"{self.elo:.1f} +/- {self.margin:.1f}"


def _elo_text(elo: float) -> str:
    return f"{elo:+}" if math.isinf(elo) else f"{elo:.1f}"


def _estimate(kind: Literal["trinomial", "pentanomial"], count: float, score: float, variance: float,
              los: float | None = None) -> EloEstimate:
    if not count:
        return EloEstimate(kind, 0, 0.5, math.inf, 0.0, -math.inf, math.inf, 0.5)
    stderr = math.sqrt(max(variance, 0.0) / count)
    low = elo_from_score(max(0.0, score - Z_95 * stderr))
    high = elo_from_score(min(1.0, score + Z_95 * stderr))
    if los is None:
        if stderr == 0:
            los = 1.0 if score > 0.5 else 0.0 if score < 0.5 else 0.5
        else:
            los = 0.5 * (1.0 + math.erf((score - 0.5) / (stderr * math.sqrt(2.0))))
    # + 0.0 turns -0.0 (the Elo of a score of exactly 1/2) into 0.0
    return EloEstimate(kind, count, score, stderr, elo_from_score(score) + 0.0, low + 0.0, high + 0.0, los)


def _mean_and_variance(counts: Sequence[float]) -> tuple[float, float, float]:
    """The outcomes ``i / (len - 1)`` weighted by ``counts``: total, mean and variance."""
    total = sum(counts)
    if not total:
        return 0, 0.5, 0.0
    values = [index / (len(counts) - 1) for index in range(len(counts))]
    mean = sum(count * value for count, value in zip(counts, values, strict=True)) / total
    variance = sum(count * (value - mean) ** 2 for count, value in zip(counts, values, strict=True)) / total
    return total, mean, variance


def trinomial_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference of ``agent_a`` from its wins, draws and losses, as cutechess computes it.

    The variance per game is ``(W (1-s)^2 + D (1/2-s)^2 + L s^2) / n``; the interval is
    ``s +/- 1.96 sqrt(variance / n)`` mapped through :func:`elo_from_score`; LOS is
    :func:`los_trinomial`.

    Raises:
        ValueError: a count is negative.
    """
    _check_counts((wins, draws, losses), "wins, draws and losses")
    total, score, variance = _mean_and_variance((losses, draws, wins))
    return _estimate("trinomial", total, score, variance, los_trinomial(wins, losses))


def pentanomial_elo(pentanomial: Sequence[int]) -> EloEstimate:
    """The Elo difference of ``agent_a`` from the outcomes of pairs of games, as fishtest computes it.

    Args:
        pentanomial: the counts of pairs scoring 0, 1/2, 1, 3/2 and 2 points for ``agent_a``
            (LL, LD+DL, WL+LW+DD, WD+DW, WW). A pair's score per game is its points / 2.

    Returns:
        The estimate from the pairs' scores per game (0, 1/4, 1/2, 3/4, 1): their mean, their
        variance per pair, the interval ``s +/- 1.96 sqrt(variance / pairs)``; LOS the normal
        probability that the true score is above 1/2.

    Raises:
        ValueError: not five non-negative counts.
    """
    if len(pentanomial) != 5:
        raise ValueError(f"a pentanomial has five counts (LL, LD+DL, WL+LW+DD, WD+DW, WW), not {list(pentanomial)!r}")
    _check_counts(pentanomial, "the pentanomial")
    total, score, variance = _mean_and_variance(pentanomial)
    return _estimate("pentanomial", total, score, variance)


@dataclass(frozen=True)
class SPRT:
    """A sequential probability ratio test: is ``agent_a`` ``elo0`` (H0) or ``elo1`` (H1) Elo
    stronger than ``agent_b``?

    A match stops as soon as the log-likelihood ratio leaves ``[lower, upper]``: below,
    H0 is accepted; above, H1. ``alpha`` is the chance of accepting H1 when H0 holds, ``beta``
    that of accepting H0 when H1 holds.

    The ratio rests on the variance of the outcomes measured so far, which means nothing
    after a handful of pairs: three drawn pairs have a variance of (almost) zero, and the
    ratio would accept H0 (elo0 = 0) at once. So a match takes no decision before
    ``min_pairs`` complete pairs (its ``llr_history`` still has every pair's ratio).

    Raises:
        ValueError: ``elo0 >= elo1``, ``alpha``/``beta`` outside (0, 1/2), or ``min_pairs`` < 1.
    """

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 20

    def __post_init__(self) -> None:
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1) and self.elo0 < self.elo1):
            raise ValueError(f"an SPRT needs finite elo0 < elo1, not elo0={self.elo0!r}, elo1={self.elo1!r}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise ValueError(f"{name} is an error probability between 0 and 0.5, not {value!r}")
        if isinstance(self.min_pairs, bool) or not isinstance(self.min_pairs, int) or self.min_pairs < 1:
            raise ValueError(f"min_pairs is a whole number of pairs >= 1, not {self.min_pairs!r}")

    @property
    def lower(self) -> float:
        """The bound below which H0 is accepted: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound above which H1 is accepted: ``log((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr_trinomial(self, wins: int, draws: int, losses: int) -> float:
        """The log-likelihood ratio of H1 against H0 from ``agent_a``'s wins, draws and losses."""
        _check_counts((wins, draws, losses), "wins, draws and losses")
        return self._llr((losses, draws, wins))

    def llr_pentanomial(self, pentanomial: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 against H0 from the pentanomial counts of pairs (LL ... WW)."""
        if len(pentanomial) != 5:
            raise ValueError(f"a pentanomial has five counts, not {list(pentanomial)!r}")
        _check_counts(pentanomial, "the pentanomial")
        return self._llr(pentanomial)

    def _llr(self, counts: Sequence[float]) -> float:
        if not sum(counts):
            return 0.0
        counts = [max(count, REGULARIZATION) for count in counts]
        total = sum(counts)
        values = [index / (len(counts) - 1) for index in range(len(counts))]
        r0, r1 = (sum(count * (value - expected) ** 2 for count, value in zip(counts, values, strict=True)) / total
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

    def text(self, llr: float, pairs: int | None = None) -> str:
        """``SPRT (elo0 0, elo1 20, ...): llr 2.97, lbound -2.94, ubound 2.94 - H1 was accepted``
        (after ``pairs`` complete pairs, if given: fewer than ``min_pairs`` decide nothing)."""
        decided = self.decision(llr) if pairs is None or pairs >= self.min_pairs else "continue"
        verdict = "no decision yet (continue)" if decided == "continue" else decided.replace(" ", " was ")
        shown = f"{llr:+}" if math.isinf(llr) else f"{llr:.2f}"
        return (f"SPRT (elo0 {self.elo0:g}, elo1 {self.elo1:g}, alpha {self.alpha:g}, beta {self.beta:g}): "
                f"llr {shown}, lbound {self.lower:.2f}, ubound {self.upper:.2f} - {verdict}")


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
