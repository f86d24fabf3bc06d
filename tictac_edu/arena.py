"""Matches between agents: fair (alternating who starts), repeatable (seeded), measured.

>>> from tictac_edu.agents import RandomAgent, difficulty_agent
>>> from tictac_edu.games import TicTacToe
>>> result = play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=4, seed=1)
>>> result.losses
0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tictac_edu.agents import Agent
from tictac_edu.games.base import GameState, IllegalMoveError, Move, Player


def _count(number: int, word: str) -> str:
    """``1 win``, ``2 wins``, ``0 losses``."""
    if number == 1:
        return f"1 {word}"
    return f"{number} {word}{'es' if word.endswith('s') else 's'}"


@dataclass
class GameRecord:
    """One finished game: who played first, the moves, the winner (``None`` for a draw)."""

    first: str
    second: str
    moves: list[Move]
    winner: str | None
    final: GameState = field(repr=False)


@dataclass
class MatchResult:
    """The outcome of a match, from the first agent's (``agent_a``'s) point of view.

    Attributes:
        agent_a, agent_b: the agents' names.
        wins, draws, losses: games won, drawn and lost by ``agent_a``.
        mean_move_seconds: mean thinking time per move, per agent name.
        games: every game played.
    """

    agent_a: str
    agent_b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    mean_move_seconds: dict[str, float] = field(default_factory=dict)
    games: list[GameRecord] = field(default_factory=list, repr=False)

    @property
    def played(self) -> int:
        """The number of games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``agent_a``'s score per game: 1 a win, 1/2 a draw, 0 a loss."""
        return (self.wins + self.draws / 2) / self.played if self.played else 0.0

    def summary(self) -> str:
        """One line for people: ``agent_a``'s wins, draws and losses, score and thinking times.

        >>> MatchResult("a", "b", wins=1, draws=1, losses=0, mean_move_seconds={"a": 0.001, "b": 0.002}).summary()
        'a vs b: 1 win, 1 draw, 0 losses (score 0.75); a 1.0 ms/move, b 2.0 ms/move'
        """
        times = ", ".join(f"{name} {seconds * 1000:.1f} ms/move" for name, seconds in self.mean_move_seconds.items())
        counts = ", ".join(_count(number, word) for number, word in ((self.wins, "win"), (self.draws, "draw"),
                                                                     (self.losses, "loss")))
        return f"{self.agent_a} vs {self.agent_b}: {counts} (score {self.score:.2f}); {times}"


def play_game(first: Agent, second: Agent, start: GameState,
              move_times: dict[str, list[float]] | None = None) -> GameRecord:
    """Play one game from ``start``; ``first`` moves first. Thinking times are appended to
    ``move_times[agent.name]`` when given.

    Raises:
        IllegalMoveError: an agent chose an illegal move (the message names the agent).
    """
    players: dict[Player, Agent] = dict(zip(start.players, (first, second), strict=True))
    state = start
    moves: list[Move] = []
    while not state.is_terminal():
        agent = players[state.to_move]
        began = time.perf_counter()
        move = agent.choose_move(state)
        spent = time.perf_counter() - began
        if move_times is not None:
            move_times.setdefault(agent.name, []).append(spent)
        try:
            state = state.play(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"{agent.name} chose an illegal move. {error}") from error
        moves.append(move)
    winner = None if state.winner is None else players[state.winner].name
    return GameRecord(first.name, second.name, moves, winner, state)


def play_match(agent_a: Agent, agent_b: Agent, new_game: Callable[[], GameState], games: int = 10,
               seed: int | None = 0) -> MatchResult:
    """Play ``games`` games between two agents, ``agent_a`` moving first in the even-numbered
    games (0, 2, ...) and ``agent_b`` in the others.

    Before game ``i`` each agent with a ``reseed`` method is reseeded from ``seed``, so the
    same seed replays the same match. Agents must have different names.
    """
    if games < 1:
        raise ValueError(f"a match needs at least one game, not {games}")
    if agent_a.name == agent_b.name:
        raise ValueError(f"both agents are called {agent_a.name!r}; give them different names to tell them apart")
    result = MatchResult(agent_a.name, agent_b.name)
    move_times: dict[str, list[float]] = {agent_a.name: [], agent_b.name: []}
    for index in range(games):
        for offset, agent in enumerate((agent_a, agent_b)):
            if hasattr(agent, "reseed"):
                agent.reseed(None if seed is None else seed * 1000 + 2 * index + offset)
        first, second = (agent_a, agent_b) if index % 2 == 0 else (agent_b, agent_a)
        record = play_game(first, second, new_game(), move_times)
        result.games.append(record)
        if record.winner is None:
            result.draws += 1
        elif record.winner == agent_a.name:
            result.wins += 1
        else:
            result.losses += 1
    result.mean_move_seconds = {name: sum(times) / len(times) if times else 0.0 for name, times in move_times.items()}
    return result


def round_robin(agents: Sequence[Agent], new_game: Callable[[], GameState], games: int = 10,
                seed: int | None = 0) -> list[MatchResult]:
    """A match between every pair of ``agents`` (in the order given)."""
    return [play_match(a, b, new_game, games, seed)
            for i, a in enumerate(agents) for b in agents[i + 1:]]
