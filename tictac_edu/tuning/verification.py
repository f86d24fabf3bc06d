"""The verifying match: tuned weights against the hand-set ones, at equal depth."""

from __future__ import annotations

from concurrent.futures import Executor

from tictac_edu.arena.match import MatchResult, opening_book, play_match
from tictac_edu.arena.stats import SPRT
from tictac_edu.tuning.base import Tunable, Weights
from tictac_edu.tuning.perturbation import tuning_agent


def verify(tunable: Tunable, weights: Weights, games: int, depth: int = 2, seed: int = 0, *,
           sprt: SPRT | None = None, plies: int | None = None, executor: Executor | None = None,
           progress: bool | None = False) -> MatchResult:
    """Play ``weights`` ("tuned") against the hand-set weights ("hand-set"), both searching
    ``depth`` plies with the same move order, in colour-swapped pairs from a seeded opening
    book; the result is from the tuned side's point of view (``result.elo()`` its gain).

    Args:
        tunable: the evaluation.
        weights: the tuned weights.
        games: at most this many games (an ``sprt`` may stop sooner, e.g.
            ``SPRT(elo0=0, elo1=20)``).
        depth: both sides' depth.
        seed: the match seed (the book and the agents' seeds).
        plies: random plies per book opening (default: the game's own).
        executor: play the games there.
        progress: a progress bar.
    """
    tuned = tuning_agent(tunable, weights, depth, "tuned")
    hand = tuning_agent(tunable, tunable.hand_weights, depth, "hand-set")
    start = tunable.new_game()
    plies = start.game.opening_plies if plies is None else plies
    book = opening_book(start, (games + 1) // 2, plies, seed)
    return play_match(tuned, hand, tunable.new_game, games=games, seed=seed, openings=book, sprt=sprt,
                      executor=executor, progress=progress)
