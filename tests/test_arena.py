"""The arena: the statistics against figures worked out by hand, pairs from the opening book,
the same games on every executor (a process pool, a real Dask cluster), the SPRT, Ctrl-C, the
round robin and level check, and ``python -m tictac_edu match``.

The hand figures: ``E(s) = -400 log10(1/s - 1)`` is the Elo function, ``S(e) = 1 / (1 +
10^(-e/400))`` its inverse; each figure below is worked out in its comment from the counts."""

from __future__ import annotations

import functools
import io
import math
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from test_benchmarks import load  # imports benchmarks/NAME.py

from tictac_edu.agents import MCTSAgent, RandomAgent, SearchAgent, difficulty_agent
from tictac_edu.arena import (
    SPRT,
    MatchResult,
    Tournament,
    WorkClock,
    check_difficulties,
    check_levels,
    constrained_mle,
    count_work,
    default_plies,
    elo_from_score,
    games_for_interval,
    interval_power,
    los_trinomial,
    opening_book,
    pentanomial_elo,
    play_game,
    play_match,
    round_robin,
    score_from_elo,
    trinomial_elo,
)
from tictac_edu.arena.match import finish_bar
from tictac_edu.arena.stats import move_times
from tictac_edu.cli import main
from tictac_edu.evaluation import threat_evaluation
from tictac_edu.games import ConnectFour, GameState, GameTree, Gomoku, MNKGame, Move, TicTacToe

# -- statistics, by hand ---------------------------------------------------------------------------


def test_elo_function_and_its_inverse() -> None:
    # E(0.75) = -400 log10(1/0.75 - 1) = -400 log10(1/3) = 400 * 0.4771213 = 190.8485
    assert elo_from_score(0.75) == pytest.approx(190.8485, abs=1e-3)
    # E(0.5) = -400 log10(1) = 0; S(0) = 1 / (1 + 1) = 0.5
    assert elo_from_score(0.5) == 0 and score_from_elo(0) == 0.5
    # S(10) = 1 / (1 + 10^-0.025) = 1 / (1 + 0.9440609) = 0.5143872
    assert score_from_elo(10) == pytest.approx(0.5143872, abs=1e-7)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert score_from_elo(math.inf) == 1.0 and score_from_elo(-math.inf) == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        elo_from_score(1.5)


def test_trinomial_elo_interval_los_by_hand() -> None:
    # W=6, D=2, L=2, n=10: s = (6 + 2/2) / 10 = 0.7
    # variance per game = (6 (1-0.7)^2 + 2 (0.5-0.7)^2 + 2 (0-0.7)^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16
    # standard error = sqrt(0.16 / 10) = 0.1264911; 1.96 of them = 0.2479226
    # elo = E(0.7) = -400 log10(0.4285714) = 147.1907
    # low = E(0.7 - 0.2479226) = E(0.4520774) = -400 log10(1.2120131) = -33.4025
    # high = E(0.7 + 0.2479226) = E(0.9479226) = -400 log10(0.0549384) = 504.0493
    # LOS = 0.5 (1 + erf((6 - 2) / sqrt(2 * 8))) = 0.5 (1 + erf(1)) = 0.5 * 1.8427008 = 0.9213504
    estimate = trinomial_elo(wins=6, draws=2, losses=2)
    assert estimate.kind == "trinomial" and estimate.count == 10
    assert estimate.score == pytest.approx(0.7)
    assert estimate.stderr == pytest.approx(0.1264911, abs=1e-7)
    assert estimate.elo == pytest.approx(147.1907, abs=1e-3)
    assert estimate.low == pytest.approx(-33.4025, abs=1e-3)
    assert estimate.high == pytest.approx(504.0493, abs=1e-3)
    assert estimate.margin == pytest.approx((504.0493 + 33.4025) / 2, abs=1e-3)  # 268.7259
    assert estimate.los == pytest.approx(0.9213504, abs=1e-7)
    assert estimate.text() == "147.2 +/- 268.7"


def test_pentanomial_elo_interval_los_by_hand() -> None:
    # pairs LL=1, LD+DL=3, WL+LW+DD=8, WD+DW=5, WW=3 (N=20), pair scores per game 0, 1/4, 1/2, 3/4, 1:
    # s = (0 + 3 * 0.25 + 8 * 0.5 + 5 * 0.75 + 3 * 1) / 20 = 11.5 / 20 = 0.575
    # variance per pair = (1 * 0.575^2 + 3 * 0.325^2 + 8 * 0.075^2 + 5 * 0.175^2 + 3 * 0.425^2) / 20
    #                   = (0.330625 + 0.316875 + 0.045 + 0.153125 + 0.541875) / 20 = 1.3875 / 20 = 0.069375
    # standard error = sqrt(0.069375 / 20) = 0.0588961; 1.96 of them = 0.1154363
    # elo = E(0.575) = -400 log10(0.7391304) = 52.5116
    # low = E(0.4595637) = -28.1596; high = E(0.6904363) = 139.3495
    # LOS = Phi(0.075 / 0.0588961) = Phi(1.273429) = 0.8985671
    estimate = pentanomial_elo([1, 3, 8, 5, 3])
    assert estimate.kind == "pentanomial" and estimate.count == 20
    assert estimate.score == pytest.approx(0.575)
    assert estimate.stderr == pytest.approx(0.0588961, abs=1e-7)
    assert estimate.elo == pytest.approx(52.5116, abs=1e-3)
    assert estimate.low == pytest.approx(-28.1596, abs=1e-3)
    assert estimate.high == pytest.approx(139.3495, abs=1e-3)
    assert estimate.los == pytest.approx(0.8985671, abs=1e-6)
    with pytest.raises(ValueError, match="five counts"):
        pentanomial_elo([1, 2, 3])


def test_los_and_edge_cases_without_nan() -> None:
    # LOS(W=30, L=20) = 0.5 (1 + erf(10 / sqrt(100))) = 0.5 (1 + erf(1)) = 0.9213504
    assert los_trinomial(30, 20) == pytest.approx(0.9213504, abs=1e-7)
    assert los_trinomial(0, 0) == 0.5  # neither a win nor a loss: no evidence either way
    every_win = trinomial_elo(5, 0, 0)
    assert every_win.elo == every_win.low == every_win.high == math.inf and every_win.margin == math.inf
    assert "+inf" in every_win.text() and "nan" not in every_win.text().lower()
    nothing = trinomial_elo(0, 0, 0)
    assert (nothing.count, nothing.elo, nothing.low, nothing.high, nothing.los) == (0, 0.0, -math.inf, math.inf, 0.5)
    empty = MatchResult("a", "b")
    assert empty.score == 0.0 and "No game was played" in empty.summary()
    lost = MatchResult("a", "b", wins=0, draws=0, losses=4)
    assert "nan" not in lost.summary().lower() and "-inf" in lost.summary()
    # W=1, D=1: s = 0.75, variance (0.25^2 + 0.25^2) / 2 = 0.0625, error sqrt(0.0625 / 2) = 0.1767767;
    # s + 1.96 * 0.1767767 = 1.0965 > 1: the high end is +inf, the low end E(0.4035177) = -67.9
    assert MatchResult("a", "b", wins=1, draws=1).summary().splitlines()[1] == (
        "Elo difference: 190.8 (95% interval -67.9 to +inf), LOS: 84.1 %, DrawRatio: 50.0 %")


def brute_force_log_likelihood(counts: list[float], constraint: str, target: float) -> float:
    """:func:`grid_maximum` with the most frequent outcome fixed by the constraint beside each
    other outcome in turn, the best of them (one of those choices leaves no tiny probability to
    be found by a difference)."""
    most = max(range(len(counts)), key=lambda index: counts[index])
    best = max(grid_maximum(counts, constraint, target, sorted((most, other)))
               for other in range(len(counts)) if other != most)
    assert math.isfinite(best), "no distribution on the grids meets the constraint"
    return best


def grid_maximum(counts: list[float], constraint: str, target: float, fixed: list[int], grid: int = 17,
                 zooms: int = 26) -> float:
    """The largest ``sum n_i ln p_i`` over outcome distributions ``p`` whose expected score
    (``constraint="score"``) or t-value ``(mean - 1/2) / sigma`` (``"t"``) is ``target``, found
    by searching a grid of distributions and zooming in around the best point, with no
    Lagrange multiplier and none of the arena's code. Zero counts are 0.001, as fishtest's.

    The outcomes ``fixed`` (scores ``x`` and ``y``) are fixed by the constraint; the
    others' probabilities are the grid's coordinates, on a grid of their logarithms from 1e-12
    to 1, so that tiny probabilities are seen. With ``R`` the probability left and ``M``, ``Q`` the
    free outcomes' share of the mean and of ``E[a^2]``: for the score, ``x p_x + y p_y = target -
    M``, ``p_x + p_y = R``; for the t-value the mean ``u`` solves ``(u - 1/2)^2 = t^2 (E[a^2] - u^2)``,
    where ``p_y = (u - M - x R) / (y - x)`` makes ``E[a^2] = C + (x + y) u`` with ``C = Q + x^2 R -
    (x + y) (M + x R)``: a quadratic in ``u``, both roots tried."""
    import numpy as np

    n = np.array([count if count else 1e-3 for count in counts], dtype=float)
    k = len(counts)
    values = np.array([index / (k - 1) for index in range(k)])
    free = [index for index in range(k) if index not in fixed]
    x, y = values[fixed[0]], values[fixed[1]]
    low, high = np.full(len(free), math.log(1e-12)), np.zeros(len(free))
    best_value, best_point = -math.inf, None
    for _ in range(zooms):
        axes = [np.linspace(lo, hi, grid) for lo, hi in zip(low, high, strict=True)]
        logs = np.stack([axis.ravel() for axis in np.meshgrid(*axes, indexing="ij")], axis=1)
        points = np.exp(logs)
        rest = 1.0 - points.sum(axis=1)
        mean_free, square_free = points @ values[free], points @ values[free] ** 2
        if constraint == "score":
            means = [np.full(len(points), target)]
        else:
            c = square_free + x * x * rest - (x + y) * (mean_free + x * rest)
            a2, a1, a0 = 1 + target ** 2, -(1 + target ** 2 * (x + y)), 0.25 - target ** 2 * c
            with np.errstate(invalid="ignore"):
                root = np.sqrt(a1 * a1 - 4 * a2 * a0)
            means = [(-a1 + root) / (2 * a2), (-a1 - root) / (2 * a2)]
        values_here = np.full(len(points), -np.inf)
        for mean in means:
            p_y = (mean - mean_free - x * rest) / (y - x)
            p_x = rest - p_y
            probabilities = np.zeros((len(points), k))
            probabilities[:, free], probabilities[:, fixed[0]], probabilities[:, fixed[1]] = points, p_x, p_y
            valid = np.all(probabilities > 0, axis=1) & np.isfinite(mean)
            if constraint == "t":
                valid &= (mean - 0.5) * target >= 0  # the root on the side of 1/2 that the sign of t says
            with np.errstate(divide="ignore", invalid="ignore"):
                likelihood = np.log(np.where(valid[:, None], probabilities, 1.0)) @ n
            values_here = np.maximum(values_here, np.where(valid, likelihood, -np.inf))
        index = int(np.argmax(values_here))
        if values_here[index] > best_value:
            best_value, best_point = float(values_here[index]), logs[index]
        if best_point is None:
            return best_value  # no distribution of this grid meets the constraint: another choice will
        step = (high - low) / (grid - 1)
        low, high = best_point - 3 * step, np.minimum(best_point + 3 * step, 0.0)
    return best_value


SPRT_CASES = [  # (counts, elo0, elo1): losses, draws, wins or LL ... WW, several of them tiny or draw-heavy
    ([20, 40, 30], 0, 10),
    ([3, 95, 2], 0, 20),          # draw-heavy games
    ([0, 10, 0], -10, 10),        # every game drawn
    ([1, 0, 0], 0, 50),           # one game
    ([0, 1, 1], -20, 20),
    ([50, 0, 50], 0, 5),          # no draw at all
    ([0, 0, 13, 7, 0], 0, 50),    # notebook 07's match
    ([1, 3, 8, 5, 3], 0, 20),
    ([0, 0, 3, 0, 0], 0, 50),     # three drawn pairs
    ([0, 0, 1, 0, 0], 0, 10),     # one pair
    ([2, 10, 150, 12, 1], -5, 5),  # draw-heavy pairs
    ([0, 1, 0, 0, 0], 0, 50),
    ([5, 0, 0, 0, 5], -30, 30),
]


@pytest.mark.parametrize(("counts", "elo0", "elo1"), SPRT_CASES)
def test_the_exact_sprt_ratio_against_a_brute_force_maximum(counts: list[int], elo0: float, elo1: float) -> None:
    sprt = SPRT(elo0=elo0, elo1=elo1)
    expected = (brute_force_log_likelihood(counts, "score", score_from_elo(elo1))
                - brute_force_log_likelihood(counts, "score", score_from_elo(elo0)))
    assert sprt.llr(counts) == pytest.approx(expected, abs=1e-6)
    probabilities = constrained_mle(counts, score_from_elo(elo1))
    assert sum(probabilities) == pytest.approx(1.0, abs=1e-12)
    assert sum(p * index / (len(counts) - 1) for index, p in enumerate(probabilities)) == pytest.approx(
        score_from_elo(elo1), abs=1e-12)


@pytest.mark.parametrize(("counts", "nelo0", "nelo1"), [
    ([20, 40, 30], 0, 10), ([3, 95, 2], -5, 5), ([1, 3, 8, 5, 3], 0, 20), ([2, 10, 150, 12, 1], 0, 5),
    ([0, 0, 13, 7, 0], 0, 50)])
def test_the_sprt_in_normalized_elo_against_a_brute_force_maximum(counts: list[int], nelo0: float,
                                                                   nelo1: float) -> None:
    # normalized Elo 800 / ln 10 * t per game; a pair's mean score has sigma / sqrt(2), so t_pair = sqrt(2) t
    scale = (1.0 if len(counts) == 3 else math.sqrt(2.0)) * math.log(10) / 800
    expected = (brute_force_log_likelihood(counts, "t", nelo1 * scale)
                - brute_force_log_likelihood(counts, "t", nelo0 * scale))
    assert SPRT(nelo0, nelo1, elo_model="normalized").llr(counts) == pytest.approx(expected, abs=1e-6)


def test_the_worked_sprt_figures_and_the_approximation() -> None:
    sprt = SPRT(elo0=0, elo1=50)
    # bounds: log(0.05 / 0.95) = -2.9444390, log(0.95 / 0.05) = 2.9444390
    assert (sprt.lower, sprt.upper) == (pytest.approx(-2.944439), pytest.approx(2.944439))
    # notebook 07's match: 20 pairs 0 0 13 7 0 (0.5 per game 13 times, 0.75 7 times)
    assert sprt.llr_pentanomial([0, 0, 13, 7, 0]) == pytest.approx(2.637, abs=1e-3)   # below 2.94: go on
    assert sprt.decision(sprt.llr_pentanomial([0, 0, 13, 7, 0])) == "continue"
    assert sprt.approximate_llr([0, 0, 13, 7, 0]) == pytest.approx(4.121, abs=1e-3)   # would accept H1
    # the approximation by hand, trinomial W=30, D=40, L=20 (N=90), elo0 0, elo1 10: s0 = 0.5, s1 = 0.5143872
    # r0 = (20 * 0.5^2 + 40 * 0 + 30 * 0.5^2) / 90 = 12.5 / 90 = 0.1388889
    # r1 = (20 * 0.5143872^2 + 40 * 0.0143872^2 + 30 * 0.4856128^2) / 90 = 12.374757 / 90 = 0.1374973
    # LLR = 90/2 ln(0.1388889 / 0.1374973) = 45 * 0.0100717 = 0.4531
    assert SPRT(0, 10).approximate_llr([20, 40, 30]) == pytest.approx(0.45315, abs=1e-4)
    # and the exact one, a little lower on these 90 games: the two agree as the games add up
    assert SPRT(0, 10).llr_trinomial(wins=30, draws=40, losses=20) == pytest.approx(0.4519, abs=1e-4)
    # the constrained MLE at score 1/2 for L=20, D=40, W=30: x solves 20*(-.5)/(1-.5x) + 30*(.5)/(1+.5x) = 0,
    # x = 0.4, p = (20/90/0.8, 40/90, 30/90/1.2) = (0.2777778, 0.4444444, 0.2777778)
    assert constrained_mle([20, 40, 30], 0.5) == pytest.approx([0.2777778, 0.4444444, 0.2777778], abs=1e-7)
    assert sprt.decision(3.0) == "H1 accepted" and sprt.decision(-3.0) == "H0 accepted"
    assert sprt.decision(0.4) == "continue" and "no decision yet" in sprt.text(0.4)
    assert sprt.text(3.0).endswith("H1 was accepted") and "nelo0 0" in SPRT(0, 2, elo_model="normalized").text(0)
    assert sprt.llr_trinomial(0, 0, 0) == 0.0 and sprt.approximate_llr([0, 0, 0]) == 0.0
    for bad in ({"elo0": 10, "elo1": 0}, {"alpha": 0.0}, {"beta": 0.7}, {"elo_model": "bayes"}):
        with pytest.raises(ValueError):
            SPRT(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="3 counts .* or 5"):
        sprt.llr([1, 2])
    with pytest.raises(ValueError, match="logistic"):
        SPRT(0, 2, elo_model="normalized").approximate_llr([1, 2, 3])
    with pytest.raises(ValueError, match="t-value"):  # 2,000 normalised Elo: a t-value of 5.8 a game
        SPRT(0, 2000, elo_model="normalized").llr([1, 2, 3])


def test_intervals_say_when_they_know_nothing() -> None:
    one_pair, drawn_pairs, even_pairs = pentanomial_elo([0, 0, 1, 0, 0]), pentanomial_elo([0, 0, 5, 0, 0]), \
        pentanomial_elo([0, 0, 0, 4, 0])
    for estimate in (one_pair, drawn_pairs, even_pairs, trinomial_elo(0, 10, 0)):
        assert estimate.too_few and (estimate.low, estimate.high) == (-math.inf, math.inf)
        assert estimate.stderr == math.inf and estimate.los == 0.5 and "+/-" not in estimate.text()
    assert one_pair.text() == "0.0, too few pairs for an interval (one pair, WL+LW+DD)"
    assert drawn_pairs.text() == "0.0, too few pairs for an interval (all 5 were WL+LW+DD)"
    assert even_pairs.text() == "190.8, too few pairs for an interval (all 4 were WD+DW)"
    assert trinomial_elo(0, 10, 0).text() == "0.0, too few games for an interval (all 10 drawn)"
    # W=1, L=1: s = 0.5, error sqrt(0.25 / 2) = 0.354, 1.96 of them = 0.69: both ends beyond 0 and 1
    assert trinomial_elo(1, 0, 1).text() == "0.0 (95% interval -inf to +inf: too few games)"
    assert not pentanomial_elo([0, 1, 1, 0, 0]).too_few  # two different pairs: a spread, however rough
    summary = MatchResult("a", "b", draws=10).summary()
    assert "+/- 0.0" not in summary and "too few games for an interval (all 10 drawn)" in summary


def test_how_many_games_twenty_elo_needs() -> None:
    # 20 Elo: s = S(20) = 0.5287507; 40% draws: W = s - 0.2 = 0.3287507, L = 0.2712493
    # variance = 0.3287507 * 0.4712493^2 + 0.4 * 0.0287507^2 + 0.2712493 * 0.5287507^2 = 0.1491735
    # expected result's interval leaves 0: n = 1.96^2 * 0.1491735 / 0.0287507^2 = 693.3
    # in 80% of matches: (1.96 + 0.8416212)^2 * 0.1491735 / 0.0287507^2 = 1417.0; 95%: z = 1.6448536, 2345.0
    assert games_for_interval(20, 0.4) == pytest.approx(693.3, abs=0.5)
    assert games_for_interval(20, 0.4, power=0.8) == pytest.approx(1417.0, abs=0.5)
    assert games_for_interval(20, 0.4, power=0.95) == pytest.approx(2345.0, abs=0.5)
    # the simulation agrees within its error (sqrt(0.8 * 0.2 / 2000) = 0.009)
    assert interval_power(20, 0.4, 1417, matches=2000, seed=1) == pytest.approx(0.8, abs=0.03)
    assert interval_power(20, 0.4, 693, matches=2000, seed=1) == pytest.approx(0.5, abs=0.035)
    with pytest.raises(ValueError, match="cannot come with"):
        games_for_interval(400, 0.5)
    with pytest.raises(ValueError, match="power"):
        games_for_interval(20, 0.4, power=1.0)


def test_move_time_statistics_by_hand() -> None:
    # sorted: 0.1 ... 1.0; median (0.5 + 0.6) / 2 = 0.55; p90: the ceil(0.9 * 10) = 9th, 0.9; mean 5.5 / 10
    times = move_times([0.5, 0.1, 0.3, 0.2, 0.4, 0.9, 0.6, 0.8, 0.7, 1.0])
    assert (times.count, times.median, times.p90, times.max) == (10, pytest.approx(0.55), 0.9, 1.0)
    assert times.mean == pytest.approx(0.55)
    assert move_times([]).count == 0
    with pytest.raises(ValueError):
        move_times([-1.0])


# -- pairs from the opening book ------------------------------------------------------------------

def random_pair() -> tuple[RandomAgent, RandomAgent]:
    return RandomAgent(name="a"), RandomAgent(name="b")


def test_pairs_swap_colours_from_one_opening() -> None:
    result = play_match(*random_pair(), TicTacToe, games=8, seed=5)
    assert len(result.pairs) == 4 and result.plies == 1
    for pair in result.pairs:
        first, second = pair.games
        assert (first.first, first.second, second.first, second.second) == ("a", "b", "b", "a")
        assert len(pair.opening) == 1 and first.opening_plies == second.opening_plies == 1
        assert tuple(first.moves[:1]) == tuple(second.moves[:1]) == pair.opening
    assert len({pair.opening for pair in result.pairs}) == 4  # distinct openings while there are enough
    assert sum(result.pentanomial) == 4 and result.played == 8
    assert result.games == [game for pair in result.pairs for game in pair.games]


def test_a_seed_replays_the_match_and_deterministic_agents_vary() -> None:
    first = play_match(*random_pair(), TicTacToe, games=6, seed=3)
    again = play_match(*random_pair(), TicTacToe, games=6, seed=3)
    other = play_match(*random_pair(), TicTacToe, games=6, seed=4)
    assert [game.moves for game in first.games] == [game.moves for game in again.games]
    assert [game.moves for game in first.games] != [game.moves for game in other.games]
    hard = difficulty_agent(TicTacToe(), "hard")
    hard.name = "hard (A)"
    fixed = play_match(hard, difficulty_agent(TicTacToe(), "hard"), TicTacToe, games=8, seed=0)
    assert len({tuple(game.moves) for game in fixed.games}) > 2  # a fixed-depth search, varied by the book


def test_each_game_says_how_long_its_book_openings_are() -> None:
    assert [default_plies(start) for start in (TicTacToe(), MNKGame(5, 5, 3), ConnectFour(), Gomoku())] == [1, 1, 2, 2]
    assert default_plies(GameTree([[1, 2], [3, 4]])) == 0            # a textbook tree: no book
    assert default_plies(TicTacToe().play(4)) == 0                    # a position under way is its own opening


def test_the_opening_book() -> None:
    # tic-tac-toe has 9 openings of one ply: 12 pairs reuse them cyclically
    book = opening_book(TicTacToe, pairs=12, plies=1, seed=0)
    assert len(book) == 12 and len(set(book)) == 9 and book[9:] == book[:3]
    assert sorted(move for (move,) in book[:9]) == list(range(9))
    assert opening_book(TicTacToe, 12, 1, seed=0) == book
    connect4 = opening_book(ConnectFour(), pairs=10, plies=2, seed=1)
    assert len(set(connect4)) == 10 and all(len(opening) == 2 for opening in connect4)
    assert connect4 != opening_book(ConnectFour(), pairs=10, plies=2, seed=2)
    assert opening_book(TicTacToe, pairs=3, plies=0) == [(), (), ()]
    with pytest.raises(ValueError, match="leaves the game unfinished"):
        opening_book(TicTacToe, pairs=2, plies=9)
    with pytest.raises(ValueError, match="plies"):
        opening_book(TicTacToe, pairs=2, plies=-1)


def test_odd_matches_positions_under_way_and_given_openings() -> None:
    odd = play_match(*random_pair(), TicTacToe, games=5, seed=1)
    assert [len(pair.games) for pair in odd.pairs] == [2, 2, 1]
    assert odd.played == 5 and sum(odd.pentanomial) == 2
    under_way = play_match(*random_pair(), functools.partial(play_first, 4), games=4, seed=1)
    assert under_way.plies == 0 and all(pair.opening == () for pair in under_way.pairs)
    given = play_match(*random_pair(), TicTacToe, games=6, seed=1, openings=[(4,), (0, 8)])
    assert [pair.opening for pair in given.pairs] == [(4,), (0, 8), (4,)]
    assert all(tuple(game.moves[:len(pair.opening)]) == pair.opening for pair in given.pairs for game in pair.games)
    with pytest.raises(ValueError, match="not legal"):
        play_match(*random_pair(), TicTacToe, games=2, openings=[(4, 4)])
    with pytest.raises(ValueError, match="at least one game"):
        play_match(*random_pair(), TicTacToe, games=0)
    with pytest.raises(ValueError, match="both agents are called 'random'"):
        play_match(RandomAgent(), RandomAgent(), TicTacToe)


def play_first(cell: int) -> GameState:
    """Tic-tac-toe with X's first move played (a position under way)."""
    return TicTacToe().play(cell)


def test_time_per_move_is_measured_per_agent() -> None:
    result = play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=4, seed=2)
    moves = {name: sum(len(game.move_seconds[name]) for game in result.games) for name in ("perfect", "random")}
    assert sum(moves.values()) == sum(len(game.moves) - game.opening_plies for game in result.games)
    for name, times in result.move_times.items():
        assert times.count == moves[name] > 0
        assert 0 <= times.median <= times.p90 <= times.max and times.mean >= 0
        assert result.mean_move_seconds[name] == pytest.approx(times.mean)
    assert "Time per move: perfect median" in result.summary()
    seconds: dict[str, list[float]] = {}
    record = play_game(RandomAgent(name="x"), RandomAgent(name="o"), TicTacToe(), seconds, opening=[4])
    assert record.moves[0] == 4 and len(seconds["x"]) + len(seconds["o"]) == len(record.moves) - 1


# -- executors: the same games everywhere ---------------------------------------------------------


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as pool:
        yield pool


def levels_match(executor: Executor | None = None, **options: object) -> MatchResult:
    hard, medium = difficulty_agent(TicTacToe(), "hard"), difficulty_agent(TicTacToe(), "medium")
    return play_match(hard, medium, TicTacToe, games=30, seed=11, executor=executor, **options)  # type: ignore[arg-type]


def outline(result: MatchResult) -> list[tuple[str, str, list[Move], str | None]]:
    return [(game.first, game.second, game.moves, game.winner) for game in result.games]


def test_the_same_games_sequentially_on_a_process_pool_and_on_dask(
        process_pool: ProcessPoolExecutor, dask_executor: Executor) -> None:
    here = levels_match()
    runs = {"pool, a pair a task": levels_match(process_pool, pairs_per_task=1),
            "pool, default tasks": levels_match(process_pool),
            "dask, 4 pairs a task": levels_match(dask_executor, pairs_per_task=4)}
    for label, run in runs.items():
        assert outline(run) == outline(here), label
        assert (run.wins, run.draws, run.losses, run.pentanomial) == (here.wins, here.draws, here.losses,
                                                                     here.pentanomial), label
        assert [pair.index for pair in run.pairs] == list(range(15)), label
        assert set(run.move_times) == {"hard", "medium"}
    random_here = play_match(RandomAgent(name="r"), difficulty_agent(TicTacToe(), "easy"), TicTacToe, games=10, seed=9)
    random_dask = play_match(RandomAgent(name="r"), difficulty_agent(TicTacToe(), "easy"), TicTacToe, games=10, seed=9,
                             executor=dask_executor)
    assert outline(random_here) == outline(random_dask)  # reseeded random moves too
    with ThreadPoolExecutor(3) as threads:  # three threads, each task with its own copies of the agents
        assert outline(levels_match(threads, pairs_per_task=1)) == outline(here)


def lopsided_match(executor: Executor | None = None, **options: object) -> MatchResult:
    return play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=400, seed=0,
                      sprt=SPRT(elo0=0, elo1=50), executor=executor, **options)  # type: ignore[arg-type]


def test_an_sprt_stops_at_the_same_pair_on_an_executor(process_pool: ProcessPoolExecutor) -> None:
    here = lopsided_match()
    pooled = lopsided_match(process_pool, pairs_per_task=3)
    assert here.sprt_status == pooled.sprt_status == "H1 accepted" and here.played < 400
    assert outline(here) == outline(pooled) and here.llr_history == pooled.llr_history


def test_what_cannot_be_pickled_is_named(process_pool: ProcessPoolExecutor) -> None:
    with pytest.raises(ValueError, match=r"new_game .*cannot be pickled.*functools\.partial"):
        play_match(*random_pair(), lambda: MNKGame(4, 4, 3), games=2, executor=process_pool)
    local = RandomAgent(name="local")
    local.rng = lambda: 4  # type: ignore[assignment,method-assign,misc]
    with pytest.raises(ValueError, match="agent_b 'local' cannot be pickled"):
        play_match(RandomAgent(name="a"), local, TicTacToe, games=2, executor=process_pool)


# -- the SPRT stops a lopsided match --------------------------------------------------------------

def test_the_sprt_stops_a_lopsided_match_early(capsys: pytest.CaptureFixture[str]) -> None:
    sprt = SPRT(elo0=0, elo1=50)
    result = lopsided_match(progress=True)
    assert result.sprt_status == "H1 accepted" and result.played < 400
    pairs = sum(result.pentanomial)
    assert len(result.llr_history) == pairs
    assert result.llr_history[-1] >= sprt.upper  # it stops at the first pair whose ratio crosses a bound
    assert all(sprt.lower < llr < sprt.upper for llr in result.llr_history[:-1])
    for index in (0, pairs // 2, pairs - 1):  # the history is the exact ratio of the pairs so far
        so_far = MatchResult("perfect", "random")
        for pair in result.pairs[:index + 1]:
            so_far._add(pair)
        assert result.llr_history[index] == sprt.llr_pentanomial(so_far.pentanomial)
    assert "H1 was accepted" in result.summary()
    # the bar ends full, with the verdict, not at a few percent of the 400 games planned
    last = capsys.readouterr().err.replace("\r", "\n").strip().splitlines()[-1]
    assert f"{result.played}/{result.played}" in last and "SPRT: H1 accepted" in last and "100%" in last
    from tqdm.notebook import tqdm as notebook_bar  # in a notebook: a full, green widget

    widget = notebook_bar(total=400, display=False)
    widget.update(result.played)
    finish_bar(widget, "SPRT: H1 accepted")
    widget.close()
    label, progress, text = widget.container.children
    assert (progress.value, progress.max, progress.bar_style) == (result.played, result.played, "success")
    assert "SPRT: H1 accepted" in text.value.replace("\u2007", " ")  # tqdm pads with figure spaces
    weaker = play_match(RandomAgent(), difficulty_agent(TicTacToe(), "perfect"), TicTacToe, games=400, seed=0,
                        sprt=sprt)
    assert weaker.sprt_status == "H0 accepted" and weaker.played < 400 and weaker.llr <= sprt.lower
    undecided = play_match(*random_pair(), TicTacToe, games=10, sprt=sprt)
    assert undecided.sprt_status == "continue" and undecided.played == 10


# -- Ctrl-C ---------------------------------------------------------------------------------------

class InterruptingAgent(RandomAgent):
    """A random player that raises KeyboardInterrupt (as Ctrl-C does) in its game number ``after + 1``."""

    def __init__(self, after: int, name: str = "impatient") -> None:
        super().__init__(name=name)
        self.after, self.started = after, 0

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        self.started += 1

    def choose_move(self, state: GameState) -> Move:
        if self.started > self.after:
            raise KeyboardInterrupt
        return super().choose_move(state)


def test_an_interrupted_match_keeps_the_games_played() -> None:
    result = play_match(InterruptingAgent(after=5), RandomAgent(), TicTacToe, games=20, seed=0, progress=True)
    assert result.interrupted and result.played == 5 == len(result.games)
    assert [len(pair.games) for pair in result.pairs] == [2, 2, 1]  # the half-played pair is kept
    assert sum(result.pentanomial) == 2
    assert "Interrupted: 5 of 20 games played." in result.summary()


class InterruptingCopies(RandomAgent):
    """A random player whose copies (one per task) count their games together, in one process:
    game number ``AFTER + 1`` raises KeyboardInterrupt."""

    AFTER = 6
    started = 0

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        InterruptingCopies.started += 1

    def choose_move(self, state: GameState) -> Move:
        if InterruptingCopies.started > self.AFTER:
            raise KeyboardInterrupt
        return super().choose_move(state)


@pytest.mark.parametrize("pairs_per_task", [1, 4])
def test_an_interrupt_in_a_worker_keeps_its_games_and_cancels_the_rest(pairs_per_task: int) -> None:
    InterruptingCopies.started = 0
    with ThreadPoolExecutor(1) as pool:  # one worker thread: the pairs run in order
        result = play_match(InterruptingCopies(name="impatient"), RandomAgent(), TicTacToe, games=20, seed=0,
                            executor=pool, pairs_per_task=pairs_per_task)
    # game 7 (pair 3's first) is interrupted; with 4 pairs a task, the task's first three pairs are kept too
    assert result.interrupted and result.played == 6 and [pair.index for pair in result.pairs] == [0, 1, 2]
    assert "Interrupted: 6 of 20 games played." in result.summary() and result.missing == list(range(3, 10))


class HangingAgent(RandomAgent):
    """A random player whose copies (one per task, in one process) count their games together:
    game number ``HANG_AT`` waits until ``release`` is set, as a worker that hangs would."""

    HANG_AT = 3
    started = 0
    release = threading.Event()

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        HangingAgent.started += 1
        self.hangs = HangingAgent.started == self.HANG_AT

    def choose_move(self, state: GameState) -> Move:
        if getattr(self, "hangs", False):
            HangingAgent.release.wait()
        return super().choose_move(state)


def test_a_timeout_names_the_pairs_whose_tasks_never_finished() -> None:
    HangingAgent.started = 0
    HangingAgent.release.clear()
    pool = ThreadPoolExecutor(2)
    try:  # pair 1 hangs in one thread; the other thread plays on until the timeout
        result = play_match(HangingAgent(name="hangs"), RandomAgent(), TicTacToe, games=20, seed=0, executor=pool,
                            pairs_per_task=1, timeout=1.0)
    finally:
        HangingAgent.release.set()
        pool.shutdown(wait=True, cancel_futures=True)
    # the pair whose game hangs never finishes (which pair gets the third game depends on how the two
    # threads interleave under load), and how many of the others the second thread played within the
    # second of wall-clock time depends on the load too, so the test asks only that a pair is missing
    # and each pair is either played (and kept whole) or named missing
    assert result.timed_out and not result.interrupted and result.missing
    played = {pair.index for pair in result.pairs}
    assert played.isdisjoint(result.missing) and played | set(result.missing) == set(range(10))
    assert all(pair.complete for pair in result.pairs)
    summary = result.summary().splitlines()[-1]
    assert summary.startswith(f"Timed out after 1 s: {result.played} of 20 games played; ")
    assert all(str(index) in summary.rsplit("(pair", 1)[-1] for index in result.missing)
    with pytest.raises(ValueError, match="timeout"):
        play_match(*random_pair(), TicTacToe, games=2, timeout=0)


def test_match_command_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_match("tictactoe", "easy", "easy", "--games", "100000", "--timeout", "0.5")
    assert status == 124 and "Timed out after 0.5 s: " in out and " missing (" in out


# -- the same seed, the same games, under load -------------------------------------------------------

@pytest.fixture
def busy_cores() -> Iterator[None]:
    """Two CPU-bound processes competing with the test for this machine's two cores."""
    processes = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for process in processes:
            process.kill()
            process.wait(10)


def clocked_agents() -> tuple[SearchAgent, MCTSAgent]:
    alphabeta = SearchAgent(time_limit=0.004, evaluate=threat_evaluation, order=[3, 2, 4, 1, 5, 0, 6],
                            name="alpha-beta 4 ms")
    monte_carlo = MCTSAgent(time_limit=0.02, seed=1, name="mcts 20 ms")
    for agent in (alphabeta, monte_carlo):
        count_work(agent)  # 400 nodes, 200 iterations a move
    return alphabeta, monte_carlo


@pytest.mark.slow
def test_clocked_agents_counting_work_replay_under_load(busy_cores: None, process_pool: ProcessPoolExecutor) -> None:
    alphabeta, monte_carlo = clocked_agents()
    here = play_match(alphabeta, monte_carlo, ConnectFour, games=4, seed=3)
    again = play_match(*clocked_agents(), ConnectFour, games=4, seed=3, executor=process_pool, pairs_per_task=1)
    assert outline(here) == outline(again)
    assert len({tuple(game.moves) for game in here.games}) == 4
    assert isinstance(alphabeta.clock, WorkClock) and alphabeta.clock.readings > 0
    with pytest.raises(ValueError, match="now and then"):
        count_work(difficulty_agent(ConnectFour(), "expert"))
    with pytest.raises(ValueError, match="no clock"):
        count_work(RandomAgent())


# -- Ctrl-C at the command line, on worker processes -------------------------------------------------

def start_match_command(*args: str) -> subprocess.Popen[str]:
    """``python -m tictac_edu match ...`` in a session of its own (so that, as in a terminal, a
    signal can go to the whole group: the command and its workers), once its header is printed
    and a few seconds of games have passed."""
    process = subprocess.Popen([sys.executable, "-m", "tictac_edu", "match", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stdout is not None
    header = process.stdout.readline()
    assert header.startswith("Gomoku"), header + process.stderr.read() if process.stderr else header
    time.sleep(4.0)  # both workers are well into their first task: a game or more played, no task done
    return process


def group_gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


# Gomoku's easy against its medium level: about a second a game; 100 pairs on two workers make
# tasks of 7 pairs, so no task has finished when the Ctrl-C comes.
SLOW_MATCH = ("gomoku", "easy", "medium", "--games", "200", "--jobs", "2")


@pytest.mark.slow
def test_ctrl_c_in_the_terminal_keeps_the_games_the_workers_played() -> None:
    process = start_match_command(*SLOW_MATCH)
    began = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)  # a terminal's Ctrl-C: the command and its workers
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert time.monotonic() - began < 15 and group_gone(process.pid)
    played = int(out.split("Interrupted: ")[1].split(" of 200")[0])
    assert played >= 1, out  # the workers' finished games, which no task had handed back yet
    assert out.splitlines()[0].startswith("Score of easy vs medium: ") and "Traceback" not in err


@pytest.mark.slow
def test_ctrl_c_twice_to_the_command_alone_stops_everything_at_once() -> None:
    process = start_match_command(*SLOW_MATCH)
    began = time.monotonic()
    process.send_signal(signal.SIGINT)  # to the command only: it passes the Ctrl-C on to its workers
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    # 130, or killed by the second Ctrl-C as it was leaving (-2): a shell reports both as 130
    assert process.returncode in (130, -signal.SIGINT), err
    assert time.monotonic() - began < 15 and group_gone(process.pid)
    assert "Interrupted: " in out and "Traceback" not in err


# -- round robin, ratings, levels -----------------------------------------------------------------

def test_round_robin_ranks_with_intervals() -> None:
    agents = [RandomAgent(name="random"), difficulty_agent(TicTacToe(), "easy"),
              difficulty_agent(TicTacToe(), "perfect")]
    tournament = round_robin(agents, TicTacToe, games=8, seed=0)
    assert [(m.agent_a, m.agent_b) for m in tournament] == [("random", "easy"), ("random", "perfect"),
                                                            ("easy", "perfect")]
    assert len(tournament) == 3 and tournament[0].played == 8
    ratings = tournament.ratings()
    assert ratings[0].name == "perfect" and ratings[-1].name == "random"
    assert all(rating.games == 16 and rating.elo.low <= rating.elo.elo <= rating.elo.high for rating in ratings)
    assert "perfect" in tournament.standings().splitlines()[1]
    with pytest.raises(ValueError, match="same name"):
        round_robin([RandomAgent(), RandomAgent()], TicTacToe)


def test_ratings_pool_every_game_of_an_agent() -> None:
    # a: 3-1-0 (W-D-L) against b and 1-1-2 against c: 4 wins, 2 draws, 2 losses, s = 5/8 = 0.625
    # variance (4 * 0.375^2 + 2 * 0.125^2 + 2 * 0.625^2) / 8 = (0.5625 + 0.03125 + 0.78125) / 8 = 0.171875
    # E(0.625) = -400 log10(0.6) = 88.7395
    tournament = Tournament(["a", "b", "c"], [MatchResult("a", "b", wins=3, draws=1, losses=0),
                                              MatchResult("a", "c", wins=1, draws=1, losses=2),
                                              MatchResult("b", "c", wins=0, draws=0, losses=4)])
    rating = {rating.name: rating for rating in tournament.ratings()}
    assert (rating["a"].wins, rating["a"].draws, rating["a"].losses) == (4, 2, 2)
    assert rating["a"].elo.elo == pytest.approx(88.7395, abs=1e-3)
    assert rating["a"].elo.stderr == pytest.approx(math.sqrt(0.171875 / 8))
    # c: 2-1-1 against a (the other side of a's 1-1-2) and 4-0-0 against b: 6-1-1, s = 6.5 / 8 = 0.8125
    assert (rating["c"].wins, rating["c"].draws, rating["c"].losses) == (6, 1, 1)
    assert [r.name for r in tournament.ratings()] == ["c", "a", "b"]


def test_level_check_names_where_the_order_fails() -> None:
    # medium over easy: 18-2-0 of 20 (W-D-L from medium's side): s = (18 + 1) / 20 = 0.95,
    # variance (18 * 0.05^2 + 2 * 0.45^2) / 20 = 0.0225, error sqrt(0.0225 / 20) = 0.0335410,
    # low end E(0.95 - 1.96 * 0.0335410) = E(0.8842596) = -400 log10(0.1308901) = 353.24 > 0: ordered
    matches = [MatchResult("easy", "medium", wins=0, draws=2, losses=18),
               MatchResult("hard", "medium", wins=5, draws=0, losses=5),    # 5-5: not established
               MatchResult("perfect", "hard", wins=0, draws=0, losses=12)]  # hard won all: perfect below it
    check = check_levels(matches, ["easy", "medium", "hard", "perfect"])
    assert [step.verdict for step in check.steps] == ["ordered", "not established", "reversed"]
    assert check.steps[0].score == pytest.approx(0.95) and check.steps[0].elo.low == pytest.approx(353.24, abs=0.01)
    assert not check.ordered and len(check.problems) == 2
    assert "medium < hard (not established), hard < perfect (reversed)" in check.summary()
    with pytest.raises(ValueError, match="no match between 'easy' and 'hard'"):
        check_levels(matches, ["easy", "hard"])
    played = check_difficulties(TicTacToe, ["easy", "perfect"], games=10, seed=0)
    assert played.steps[0].stronger == "perfect" and played.steps[0].games == 10
    assert played.steps[0].verdict in ("ordered", "not established")  # perfect never loses to easy


# -- the command line -----------------------------------------------------------------------------

def run_match(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["match", *args], stdout=out)
    return status, out.getvalue()


def test_match_command_prints_the_score_and_interval() -> None:
    status, out = run_match("tictactoe", "easy", "perfect", "--games", "20")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Tic-tac-toe: easy vs perfect, up to 20 games in pairs")
    assert lines[1].startswith("Score of easy vs perfect: 0 - ") and lines[1].endswith("] 20")
    assert lines[2].startswith("Elo difference: ") and "LOS: " in lines[2] and "DrawRatio: " in lines[2]
    assert "interval" in lines[2] or "+/-" in lines[2]
    assert lines[3].startswith("Pairs LL LD+DL WL+LW+DD WD+DW WW: ")
    assert lines[4].startswith("Time per move: easy median ")
    status_pool, pooled = run_match("tictactoe", "easy", "perfect", "--games", "20", "--jobs", "2")
    assert status_pool == 0 and pooled.splitlines()[1:4] == lines[1:4]  # the same games on 2 processes


def test_match_command_self_play_and_sprt() -> None:
    status, out = run_match("tictactoe", "medium", "medium", "--games", "4", "--seed", "3")
    assert status == 0 and "Score of medium (A) vs medium (B): " in out
    status, out = run_match("tictactoe", "perfect", "easy", "--games", "400", "--sprt", "0", "50")
    assert status == 0 and "H1 was accepted" in out


@pytest.mark.parametrize(("args", "message"), [
    (("chess", "easy", "hard"), "error: no game called 'chess'; the games are: "),
    (("tictactoe", "easy", "grandmaster"), "error: Tic-tac-toe has no difficulty 'grandmaster'"),
    (("tictactoe", "easy", "hard", "--games", "0"), "error: --games must be at least 1, not 0"),
    (("tictactoe", "easy", "hard", "--jobs", "0"), "error: --jobs must be at least 1"),
    (("tree", "easy", "hard"), "error: the game 'tree' cannot be played in a match"),
    (("tictactoe", "easy", "hard", "--timeout", "0"), "error: --timeout must be a positive number of seconds"),
    (("connect4", "medium", "expert", "--work-clock"),
     "error: --work-clock: the level 'expert' of Connect Four cannot count its work"),
])
def test_match_command_errors(args: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_match(*args)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert err.startswith(message) and len(err.strip().splitlines()) == 1


# -- the benchmark script, smallest options (a smoke test: nothing is timed here) ------------------

def test_the_executor_benchmark_checks_the_runs_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("match_executors").main(["--games", "6", "--repeat", "1", "--no-dask"]) == 0
    out = capsys.readouterr().out
    assert "ProcessPoolExecutor(2)" in out and "Identical results: the 2 runs played the same 6 games" in out
