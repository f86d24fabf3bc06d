"""SPSA: tune weights by playing games (simultaneous perturbation stochastic approximation).

Each iteration ``k`` draws a random sign per free weight (``Delta``), plays a match of paired
games between the weights pushed one way (``theta + c_k Delta``) and the other way
(``theta - c_k Delta``), and moves the weights by ``a_k (2 s - 1) / (2 c_k) Delta`` towards the
winner, where ``s`` is the first side's score. The weights move in *log* units
(``w = hand * exp(theta)``), so a step changes a weight by a share of itself whatever its size,
and never flips its sign. The gains follow Spall's rules: ``a_k = a / (k + 1 + A)^0.602``,
``c_k = c / (k + 1)^0.101``.

Every random choice derives from the seed and the iteration (the signs, the match's openings
and agents' seeds), and the agents search to a fixed depth, so the same seed gives the same
weights whether the games run here, on a process pool or on a Dask cluster (``executor``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

from tictac_edu.agents.presets import search_order
from tictac_edu.agents.search import SearchAgent
from tictac_edu.arena.match import derive_seed, play_match
from tictac_edu.tuning.base import Tunable, Weights

ALPHA = 0.602
"""Spall's exponent of the step gain ``a_k``."""
GAMMA = 0.101
"""Spall's exponent of the perturbation ``c_k``."""


@dataclass
class SPSAStep:
    """One iteration: the perturbation's signs, the first side's score and the weights after."""

    iteration: int
    signs: tuple[int, ...]
    score: float
    games: int
    weights: tuple[float, ...]


@dataclass
class SPSAResult:
    """What :func:`spsa` did: the final weights and every step."""

    tunable: Tunable
    weights: np.ndarray
    steps: list[SPSAStep] = field(default_factory=list)

    @property
    def games(self) -> int:
        """The games played in all."""
        return sum(step.games for step in self.steps)


def tuning_agent(tunable: Tunable, weights: Weights, depth: int, name: str, seed: int | None = None
                 ) -> SearchAgent:
    """An alpha-beta agent at ``depth`` plies with ``tunable``'s evaluation under ``weights``,
    ordering moves as the course's levels do (a fixed depth: its games replay anywhere)."""
    return SearchAgent(depth=depth, evaluate=tunable.evaluation(weights), order=search_order(tunable.new_game()),
                       seed=seed, name=name)


def weights_at(tunable: Tunable, theta: np.ndarray) -> np.ndarray:
    """The weights for log offsets ``theta`` (one per free weight): ``hand * exp(theta)``."""
    weights = np.array(tunable.hand_weights, dtype=float)
    weights[np.asarray(tunable.free)] *= np.exp(theta)
    return weights


def spsa(tunable: Tunable, iterations: int, games: int = 4, depth: int = 2, seed: int = 0, *, a: float = 0.5,
         c: float = 0.3, stability: float | None = None, start: Weights | None = None,
         executor: Executor | None = None, pairs_per_task: int | None = None,
         on_step: Callable[[SPSAStep], object] | None = None) -> SPSAResult:
    """Tune ``tunable``'s free weights by SPSA (see the module).

    Args:
        tunable: the evaluation and its game.
        iterations: how many perturbation matches to play.
        games: games per match (pairs from the game's book openings, colours swapped).
        depth: the agents' search depth.
        seed: every random choice derives from it.
        a, c: the gains (``a`` the step, ``c`` the perturbation, both in log units).
        stability: Spall's ``A``; default a tenth of ``iterations``.
        start: the weights to start from (default: the hand-set ones).
        executor: play each match's games there.
        pairs_per_task: pairs per executor task.
        on_step: called after each iteration (a progress bar).

    Returns:
        The weights after the last iteration and every step.

    Raises:
        ValueError: ``iterations`` or ``games`` below 1, or a start weight of another sign than
            the hand-set one (log units keep signs).
    """
    if iterations < 1 or games < 1:
        raise ValueError(f"spsa needs iterations >= 1 and games >= 1, not {iterations} and {games}")
    free = np.asarray(tunable.free)
    hand = np.array(tunable.hand_weights, dtype=float)
    if start is None:
        theta = np.zeros(int(free.sum()))
    else:
        ratio = tunable.check_weights(start)[free] / hand[free]
        if np.any(ratio <= 0):
            raise ValueError("the start weights must have the hand-set weights' signs")
        theta = np.log(ratio)
    big_a = iterations / 10 if stability is None else stability
    result = SPSAResult(tunable, weights_at(tunable, theta))
    for k in range(iterations):
        a_k = a / (k + 1 + big_a) ** ALPHA
        c_k = c / (k + 1) ** GAMMA
        rng = random.Random(derive_seed(seed, "spsa signs", k))
        signs = np.array([rng.choice((-1, 1)) for _ in range(theta.size)])
        plus = tuning_agent(tunable, weights_at(tunable, theta + c_k * signs), depth, "theta+")
        minus = tuning_agent(tunable, weights_at(tunable, theta - c_k * signs), depth, "theta-")
        match = play_match(plus, minus, tunable.new_game, games=games, seed=derive_seed(seed, "spsa match", k),
                           executor=executor, pairs_per_task=pairs_per_task, progress=False)
        score = match.score
        theta = theta + a_k * (2 * score - 1) / (2 * c_k) * signs
        weights = weights_at(tunable, theta)
        step = SPSAStep(k, tuple(int(s) for s in signs), score, match.played, tuple(float(w) for w in weights))
        result.steps.append(step)
        result.weights = weights
        if on_step is not None:
            on_step(step)
    return result


def log_offsets(tunable: Tunable, weights: Weights) -> list[float]:
    """How far each free weight is from its hand-set value, in log units (``log(w / hand)``)."""
    free = np.asarray(tunable.free)
    ratio = tunable.check_weights(weights)[free] / np.array(tunable.hand_weights)[free]
    return [math.log(value) for value in ratio]
