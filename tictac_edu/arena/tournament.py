"""Round robins, ratings with 95% intervals, and a check that difficulty levels are ordered.

**Ratings** are *performance ratings against the field*: each agent's score over all its
games (every opponent of a round robin meets it equally often, with both colours from the
same openings) turned into an Elo difference from the average opponent, with the 95% interval
of that score: from its pairs (pentanomial) when all its games are in complete pairs, else
from its games (trinomial). This is not a joint maximum-likelihood (Bradley-Terry) fit: two
agents' ratings rest on different opponents (each excludes itself), so compare them with the
matches' own intervals when they are close.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Literal, overload

from tictac_edu.agents.decision import AnyAgent
from tictac_edu.arena.match import MatchResult, progress_bar, run_match
from tictac_edu.arena.stats import EloEstimate, pentanomial_elo, trinomial_elo
from tictac_edu.games.base import GameState

Verdict = Literal["ordered", "reversed", "not established"]


def side_counts(match: MatchResult, name: str) -> tuple[tuple[int, int, int], tuple[int, int, int, int, int]]:
    """``name``'s wins, draws, losses and pentanomial (LL ... WW from its side) in ``match``.

    Raises:
        ValueError: ``name`` did not play in ``match``.
    """
    if name == match.agent_a:
        return (match.wins, match.draws, match.losses), match.pentanomial
    if name == match.agent_b:
        ll, ld, even, wd, ww = match.pentanomial
        return (match.losses, match.draws, match.wins), (ww, wd, even, ld, ll)
    raise ValueError(f"{name!r} did not play in the match {match.agent_a} vs {match.agent_b}")


def side_elo(match: MatchResult, name: str) -> EloEstimate:
    """``name``'s Elo difference in ``match`` (``agent_a`` or ``agent_b``): from the pairs when
    every game is in a complete pair, else from the games."""
    (wins, draws, losses), pentanomial = side_counts(match, name)
    return _best_estimate(wins, draws, losses, pentanomial)


def _best_estimate(wins: int, draws: int, losses: int, pentanomial: Sequence[int]) -> EloEstimate:
    pairs = sum(pentanomial)
    if pairs and 2 * pairs == wins + draws + losses:
        return pentanomial_elo(pentanomial)
    return trinomial_elo(wins, draws, losses)


@dataclass(frozen=True)
class Rating:
    """One agent's performance over a tournament.

    Attributes:
        name: the agent's name.
        wins, draws, losses: over all its games.
        elo: its Elo difference from the average opponent, with the 95% interval.
    """

    name: str
    wins: int
    draws: int
    losses: int
    elo: EloEstimate

    @property
    def games(self) -> int:
        """The games it played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Its points per game (0 with no games)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


@dataclass(frozen=True)
class LevelStep:
    """Two adjacent levels: did the stronger one score above 1/2 against the weaker?

    Attributes:
        weaker, stronger: the levels' names.
        games: the games between them.
        score: the stronger level's points per game.
        elo: the stronger level's Elo difference, with its 95% interval.
        verdict: ``"ordered"`` (the interval lies above 0), ``"reversed"`` (below 0) or
            ``"not established"`` (it contains 0, or there were no games).
    """

    weaker: str
    stronger: str
    games: int
    score: float
    elo: EloEstimate
    verdict: Verdict

    def text(self) -> str:
        """``medium above easy: score 0.810 over 40 games, Elo 253.1 +/- 90.2: ordered``."""
        return (f"{self.stronger} above {self.weaker}: score {self.score:.3f} over {self.games} games, "
                f"Elo {self.elo.text()}: {self.verdict}")


@dataclass(frozen=True)
class LevelCheck:
    """Whether levels given weakest first are really ordered, step by step.

    Attributes:
        steps: one :class:`LevelStep` per adjacent pair of levels.
        matches: the matches the steps were read from.
    """

    steps: tuple[LevelStep, ...]
    matches: tuple[MatchResult, ...] = field(default=(), repr=False)

    @property
    def ordered(self) -> bool:
        """Every step is established in the right order."""
        return all(step.verdict == "ordered" for step in self.steps)

    @property
    def problems(self) -> list[str]:
        """The steps where the order fails (``reversed``) or is not established, in words."""
        return [step.text() for step in self.steps if step.verdict != "ordered"]

    def summary(self) -> str:
        """One line per step, then the conclusion."""
        lines = [step.text() for step in self.steps]
        if self.ordered:
            lines.append("The levels are ordered: each scores above the one before it (95% intervals).")
        else:
            failed = [f"{step.weaker} < {step.stronger} ({step.verdict})" for step in self.steps
                      if step.verdict != "ordered"]
            lines.append("Not shown to be ordered at: " + ", ".join(failed) + ".")
        return "\n".join(lines)


def _verdict(estimate: EloEstimate) -> Verdict:
    if estimate.count and estimate.low > 0:
        return "ordered"
    if estimate.count and estimate.high < 0:
        return "reversed"
    return "not established"


def check_levels(matches: Iterable[MatchResult], levels: Sequence[str]) -> LevelCheck:
    """Check that ``levels`` (agent names, weakest first) are ordered, from the matches between
    each adjacent pair (in either order; the first such match is read).

    Args:
        matches: the matches played (a :class:`Tournament`, or :attr:`LevelCheck.matches`).
        levels: the names, weakest first.

    Returns:
        For each adjacent pair, the stronger level's score and Elo interval and the verdict.

    Raises:
        ValueError: fewer than two levels, a level named twice, or two adjacent levels that
            did not meet.
    """
    levels = list(levels)
    if len(levels) < 2:
        raise ValueError(f"checking an order needs at least two levels, not {levels!r}")
    if len(set(levels)) != len(levels):
        raise ValueError(f"a level is named twice in {levels!r}")
    matches = list(matches)
    steps = []
    for weaker, stronger in zip(levels, levels[1:], strict=False):
        match = next((m for m in matches if {m.agent_a, m.agent_b} == {weaker, stronger}), None)
        if match is None:
            raise ValueError(f"no match between {weaker!r} and {stronger!r} among the matches given")
        (wins, draws, losses), _ = side_counts(match, stronger)
        estimate = side_elo(match, stronger)
        games = wins + draws + losses
        score = (wins + draws / 2) / games if games else 0.0
        steps.append(LevelStep(weaker, stronger, games, score, estimate, _verdict(estimate)))
    return LevelCheck(tuple(steps), tuple(matches))


@dataclass
class Tournament(Sequence[MatchResult]):
    """A round robin's matches (in the order played: each agent against every later one), its
    ratings and level check. Iterating over it gives the matches.

    Attributes:
        agents: the agents' names, in the order given.
        matches: the results, each from its first-named agent's point of view.
        interrupted: Ctrl-C stopped the tournament (the last match is partial, later ones missing).
    """

    agents: list[str]
    matches: list[MatchResult] = field(default_factory=list)
    interrupted: bool = False

    @overload
    def __getitem__(self, index: int) -> MatchResult: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[MatchResult]: ...

    def __getitem__(self, index: int | slice) -> MatchResult | Sequence[MatchResult]:
        return self.matches[index]

    def __len__(self) -> int:
        return len(self.matches)

    def ratings(self) -> list[Rating]:
        """Every agent's performance rating against the field, best first (see the module)."""
        ratings = []
        for name in self.agents:
            wins = draws = losses = 0
            pentanomial = [0] * 5
            for match in self.matches:
                if name in (match.agent_a, match.agent_b):
                    (w, d, lost), pairs = side_counts(match, name)
                    wins, draws, losses = wins + w, draws + d, losses + lost
                    pentanomial = [total + count for total, count in zip(pentanomial, pairs, strict=True)]
            ratings.append(Rating(name, wins, draws, losses, _best_estimate(wins, draws, losses, pentanomial)))
        return sorted(ratings, key=lambda rating: (-rating.elo.elo, -rating.score, self.agents.index(rating.name)))

    def standings(self) -> str:
        """The ratings as a table: rank, name, games, score, Elo with its 95% interval."""
        width = max((len(name) for name in self.agents), default=4)
        lines = [f"{'rank':<5}{'agent':<{width + 2}}{'games':>6}{'score':>8}  Elo (95% interval, against the field)"]
        for rank, rating in enumerate(self.ratings(), start=1):
            lines.append(f"{rank:<5}{rating.name:<{width + 2}}{rating.games:>6}{rating.score:>8.3f}  "
                         f"{rating.elo.text()}")
        return "\n".join(lines)

    def summary(self) -> str:
        """Every match's summary, then the standings."""
        parts = [match.summary() for match in self.matches]
        if self.interrupted:
            parts.append("Interrupted: the tournament is incomplete.")
        return "\n\n".join([*parts, self.standings()])

    def check_levels(self, levels: Sequence[str]) -> LevelCheck:
        """:func:`check_levels` on this tournament's matches."""
        return check_levels(self.matches, levels)


def round_robin(agents: Sequence[AnyAgent], new_game: Callable[[], GameState], games: int = 10, seed: int | None = 0, *,
                plies: int | None = None, executor: Executor | None = None, pairs_per_task: int | None = None,
                progress: bool | None = None) -> Tournament:
    """A match between every two of ``agents`` (each against every later one, in the order
    given), all from the same seed: the same openings for every match.

    Args:
        agents: the agents, with distinct names.
        new_game, games, seed, plies, executor, pairs_per_task: as for :func:`play_match`, per match.
        progress: one bar for the whole tournament; ``None``: shown for more than 20 games in all.

    Returns:
        The :class:`Tournament`: a sequence of the matches, with ratings.

    Raises:
        ValueError: fewer than two agents, two agents with one name, or any error of
            :func:`play_match`.
    """
    names = [agent.name for agent in agents]
    if len(names) < 2:
        raise ValueError(f"a round robin needs at least two agents, not {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"two agents have the same name in {names!r}; give them different names")
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(2 ** 63)
    pairings = [(a, b) for index, a in enumerate(agents) for b in agents[index + 1:]]
    tournament = Tournament(names)
    bar = progress_bar(len(pairings) * games if isinstance(games, int) else 0, f"round robin of {len(names)}",
                       progress)
    try:
        for a, b in pairings:
            match = run_match(a, b, new_game, games, seed, plies=plies, executor=executor,
                              pairs_per_task=pairs_per_task, bar=bar)
            tournament.matches.append(match)
            if match.interrupted:
                tournament.interrupted = True
                break
    finally:
        if bar is not None:
            bar.close()
    return tournament


def check_difficulties(new_game: Callable[[], GameState], levels: Sequence[str] | None = None, games: int = 40,
                       seed: int | None = 0, *, plies: int | None = None, executor: Executor | None = None,
                       progress: bool | None = None) -> LevelCheck:
    """Play each difficulty level of a game against the next weaker one and check the order.

    Args:
        new_game: returns the game's starting position.
        levels: the levels, weakest first (default: all the game's levels, as it lists them).
        games: games per match (each stronger level is ``agent_a`` against the one below).
        seed, plies, executor, progress: as for :func:`play_match` (the bar counts all matches).

    Returns:
        The :class:`LevelCheck`, with the matches.

    Raises:
        ValueError: an unknown level, fewer than two levels, or any error of :func:`play_match`.
    """
    from tictac_edu.agents import difficulties, difficulty_agent

    start = new_game()
    levels = list(difficulties(start) if levels is None else levels)
    agents = [difficulty_agent(start, level) for level in levels]
    if len(agents) < 2:
        raise ValueError(f"checking an order needs at least two levels, not {levels!r}")
    bar = progress_bar((len(agents) - 1) * games, "levels", progress)
    matches = []
    try:
        for weaker, stronger in zip(agents, agents[1:], strict=False):
            match = run_match(stronger, weaker, new_game, games, seed, plies=plies, executor=executor, bar=bar)
            matches.append(match)
            if match.interrupted:
                break
    finally:
        if bar is not None:
            bar.close()
    check = check_levels(matches, levels[:len(matches) + 1]) if matches else LevelCheck(())
    return check
