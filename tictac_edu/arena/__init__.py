"""Matches between agents: fair (pairs of games from one opening, colours swapped), repeatable
(seeded), measured (Elo with a 95% interval, LOS, an optional SPRT, time per move), on any
``concurrent.futures`` executor.

* :func:`play_match`: two agents, ``games`` games in pairs from a seeded opening book
  (:func:`opening_book`), here or on an executor (a process pool, a Dask cluster), with the
  same games either way; Ctrl-C keeps the games played.
* :func:`round_robin`: every agent against every other, with ratings (:class:`Tournament`).
* :func:`check_levels`, :func:`check_difficulties`: are difficulty levels really ordered?
* :mod:`tictac_edu.arena.stats`: the formulas (score, Elo, intervals, LOS, the exact SPRT,
  how many games a difference needs).
* :mod:`tictac_edu.arena.clock`: a clock that counts work, so that agents with a time limit
  replay (:func:`count_work`).

Every figure of a :class:`MatchResult` is from the first agent's (``agent_a``'s) point of view.

>>> from tictac_edu.agents import RandomAgent, difficulty_agent
>>> from tictac_edu.games import TicTacToe
>>> result = play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=4, seed=1)
>>> result.losses, len(result.pairs), result.games[0].first, result.games[1].first
(0, 2, 'perfect', 'random')
>>> result.games[0].moves[:1] == result.games[1].moves[:1]  # both games of a pair open alike
True
>>> print(result.summary())  # doctest: +ELLIPSIS
Score of perfect vs random: 3 - 0 - 1 [0.875] 4
Elo difference: 338.0 (95% interval 117.4 to +inf), LOS: 95.8 %, DrawRatio: 25.0 %
Pairs LL LD+DL WL+LW+DD WD+DW WW: 0 0 0 1 1 (2 pairs, 2 openings of 1 ply); Elo 338.0 (95% interval 148.6 to +inf)
Time per move: perfect median ..., p90 ..., max ...; random median ..., p90 ..., max ...
"""

from tictac_edu.arena.clock import WorkClock, count_work
from tictac_edu.arena.match import (
    AUTO_PROGRESS_GAMES,
    GameRecord,
    MatchResult,
    PairRecord,
    check_picklable,
    default_plies,
    derive_seed,
    opening_book,
    play_game,
    play_match,
    stop_on_interrupt,
)
from tictac_edu.arena.stats import (
    SPRT,
    EloEstimate,
    MoveTimes,
    constrained_mle,
    elo_from_score,
    games_for_interval,
    interval_power,
    los_trinomial,
    pentanomial_elo,
    score_from_elo,
    trinomial_elo,
)
from tictac_edu.arena.tournament import (
    LevelCheck,
    LevelStep,
    Rating,
    Tournament,
    check_difficulties,
    check_levels,
    round_robin,
    side_elo,
)

__all__ = [
    "AUTO_PROGRESS_GAMES",
    "SPRT",
    "EloEstimate",
    "GameRecord",
    "LevelCheck",
    "LevelStep",
    "MatchResult",
    "MoveTimes",
    "PairRecord",
    "Rating",
    "Tournament",
    "WorkClock",
    "check_difficulties",
    "check_levels",
    "check_picklable",
    "constrained_mle",
    "count_work",
    "default_plies",
    "derive_seed",
    "elo_from_score",
    "games_for_interval",
    "interval_power",
    "los_trinomial",
    "opening_book",
    "pentanomial_elo",
    "play_game",
    "play_match",
    "round_robin",
    "score_from_elo",
    "side_elo",
    "stop_on_interrupt",
    "trinomial_elo",
]
