"""Labelled positions from self-play: the data Texel's method fits an evaluation on.

:func:`self_play_positions` plays seeded games between the course's own levels (a match of
the arena, on any executor), walks through each game and keeps the *quiet* positions (the
tunable's ``quiet``: nobody wins at once), each once, labelled with the game's result.

Point of view: a position's label is the result **for the player to move there**, 1 for a
win, 1/2 for a draw, 0 for a loss (:attr:`PositionSet.results`), the same side the features
are counted for. The first player's result is kept too (:attr:`PositionSet.first_results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

from tictac_edu.agents.presets import difficulty_agent
from tictac_edu.arena.match import GameRecord, derive_seed, play_match
from tictac_edu.games.base import GameState, Move
from tictac_edu.tuning.base import Tunable


@dataclass
class PositionSet:
    """Positions with the result of the game they come from.

    Attributes:
        states: the positions.
        first_results: the first player's result in each position's game (1, 1/2 or 0).
        mover_is_first: whether the first player is to move in the position.
        games: the index of the game each position comes from (to hold games out whole).
        seen: positions met in the games before the filters; ``duplicates`` and ``loud``
            say how many of them were dropped, and why (a position met again is a duplicate,
            quiet or not).
        keys: the keys of every position met (to drop it when it comes again).
    """

    states: list[GameState] = field(default_factory=list)
    first_results: list[float] = field(default_factory=list)
    mover_is_first: list[bool] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    seen: int = 0
    duplicates: int = 0
    loud: int = 0
    keys: set[object] = field(default_factory=set, repr=False)

    def __len__(self) -> int:
        return len(self.states)

    @property
    def results(self) -> np.ndarray:
        """Each position's label: the game's result for the player to move there (1 a win,
        1/2 a draw, 0 a loss)."""
        first = np.asarray(self.first_results, dtype=float)
        return np.where(np.asarray(self.mover_is_first, dtype=bool), first, 1.0 - first)

    def subset(self, indices: Sequence[int]) -> PositionSet:
        """The positions at ``indices``, in that order."""
        return PositionSet([self.states[i] for i in indices], [self.first_results[i] for i in indices],
                           [self.mover_is_first[i] for i in indices], [self.games[i] for i in indices])

    def split(self, held_out: float = 0.25, seed: int = 0) -> tuple[PositionSet, PositionSet]:
        """Training and held-out positions, whole games held out (positions of one game look
        alike, so a held-out game tells how the fit does on games it never saw).

        Raises:
            ValueError: ``held_out`` is not between 0 and 1, or there are fewer than two games.
        """
        if not 0.0 < held_out < 1.0:
            raise ValueError(f"held_out is the share of games held out, between 0 and 1, not {held_out!r}")
        names = sorted(set(self.games))
        if len(names) < 2:
            raise ValueError(f"{len(names)} game(s): at least two are needed to hold one out")
        rng = np.random.default_rng(derive_seed(seed, "held out"))
        shuffled = [names[i] for i in rng.permutation(len(names))]
        count = min(len(names) - 1, max(1, round(held_out * len(names))))
        out = set(shuffled[:count])
        train = [i for i, game in enumerate(self.games) if game not in out]
        test = [i for i, game in enumerate(self.games) if game in out]
        return self.subset(train), self.subset(test)

    def summary(self) -> str:
        """One line for people."""
        results = self.results
        wins, draws = int(np.sum(results == 1.0)), int(np.sum(results == 0.5))
        return (f"{len(self)} positions from {len(set(self.games))} games ({self.seen} seen, {self.duplicates} "
                f"duplicates and {self.loud} not quiet left out); for the side to move: {wins} won, {draws} drawn, "
                f"{len(self) - wins - draws} lost")


def first_player_result(game: GameRecord) -> float:
    """The first player's result in a recorded game: 1 a win, 1/2 a draw, 0 a loss."""
    if game.winner is None:
        return 0.5
    return 1.0 if game.winner == game.first else 0.0


def positions_from_games(tunable: Tunable, games: Sequence[Sequence[Move]], first_results: Sequence[float], *,
                         skip_plies: int = 0, into: PositionSet | None = None) -> PositionSet:
    """The quiet positions of ``games`` (move lists from ``tunable.new_game()``), each once.

    Args:
        tunable: says which positions are quiet.
        games: the games' moves.
        first_results: each game's result for its first player (1, 1/2, 0).
        skip_plies: leave out the positions before this ply (a book opening's).
        into: add to this set (and skip the positions it holds already).

    Returns:
        The set; a position met again (in the same game or another) keeps its first label.
    """
    found = into if into is not None else PositionSet()
    keys = found.keys
    first_offset = max(found.games, default=-1) + 1
    for number, (moves, result) in enumerate(zip(games, first_results, strict=True)):
        if result not in (0.0, 0.5, 1.0):
            raise ValueError(f"game {number}: a result is 1, 1/2 or 0 for the first player, not {result!r}")
        state = tunable.new_game()
        first = state.to_move
        for ply, move in enumerate((None, *moves)):
            if move is not None:
                state = state.play(move)
            if ply < skip_plies or state.is_terminal():
                continue
            found.seen += 1
            key = state.key()
            if key in keys:
                found.duplicates += 1
                continue
            keys.add(key)
            if not tunable.quiet(state):
                found.loud += 1
                continue
            found.states.append(state)
            found.first_results.append(float(result))
            found.mover_is_first.append(state.to_move == first)
            found.games.append(first_offset + number)
    return found


def self_play_positions(tunable: Tunable, games: int, seed: int = 0, levels: Sequence[tuple[str, str]] = (
        ("easy", "medium"),), *, executor: Executor | None = None, progress: bool | None = False) -> PositionSet:
    """Quiet positions of seeded games between the course's levels, labelled with their results.

    The games are arena matches (colour-swapped pairs from the game's random book openings),
    so the same seed gives the same games here or on any executor. Levels that play by the
    clock should not be used: their games depend on the machine.

    Args:
        tunable: the game and its quiet filter.
        games: games per pair of levels.
        seed: the seed of every match.
        levels: pairs of level names (:func:`~tictac_edu.agents.difficulty_agent`); a level may
            play itself.
        executor: play the matches' games there.
        progress: a progress bar per match.

    Returns:
        The positions, from the first position after the book opening on.
    """
    start = tunable.new_game()
    found = PositionSet()
    for number, (first, second) in enumerate(levels):
        agent_a = difficulty_agent(start, first, seed=seed)
        agent_b = difficulty_agent(start, second, seed=seed)
        agent_a.name, agent_b.name = f"{first} (a)", f"{second} (b)"
        result = play_match(agent_a, agent_b, tunable.new_game, games=games,
                            seed=derive_seed(seed, "self-play", number), executor=executor, progress=progress)
        records = result.games
        positions_from_games(tunable, [record.moves for record in records],
                             [first_player_result(record) for record in records],
                             skip_plies=min((record.opening_plies for record in records), default=0), into=found)
    return found
