"""Matches between two agents: pairs of games from a seeded opening book, on any executor.

A match of ``games`` games is ``ceil(games / 2)`` *pairs*. Both games of a pair start from the
same opening, ``agent_a`` playing the first player's side in the pair's first game and
``agent_b`` in its second, so neither the opening nor the first move favours anyone. The
openings come from :func:`opening_book`: distinct random openings of a few plies, drawn from
the match's seed (so deterministic agents do not replay one game over and over). An odd
``games`` leaves the last pair with one game: it counts in W/D/L, not in the pentanomial.

Seeds: before every game each agent is reseeded (``reseed(seed)``, part of the agent protocol
of :mod:`tictac_edu.agents.decision`) from the match seed, the pair's index and the game's
place in the pair only, and an agent's clock with a ``restart()`` method (a
:class:`~tictac_edu.arena.clock.WorkClock`) is restarted. A pair's
games are therefore the same whether the pair is played here or in a worker of an executor,
first or last. **The same seed gives the same games**, move for move, sequentially, on a
process pool or on a Dask cluster, with any number of workers, under any load, for agents
whose moves depend only on the position and their seed: every agent of this package without
a clock (a fixed depth, a fixed number of playouts, a search to the end), and agents with a
time limit that count work instead of seconds (:func:`~tictac_edu.arena.clock.count_work`).
It does not hold for agents that read the wall clock (a time limit: how deep they search
depends on the machine and what else it runs) nor for agents that learn from one game to the
next (Connect Four's ``expert`` keeps its solver's table: it plays on with what it learnt when
the match is sequential, but starts afresh in each task of an executor).

Stopping: an SPRT ends the match as soon as it decides; Ctrl-C keeps every game finished, here
or in the workers (see :func:`stop_on_interrupt`); ``timeout`` stops waiting for an executor
whose tasks do not finish, and the result names the pairs missing.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any, Protocol

from tictac_edu.agents.decision import AgentBase, AnyAgent, as_agent
from tictac_edu.arena.stats import (
    SPRT,
    Decision,
    EloEstimate,
    MoveTimes,
    draw_ratio,
    move_times,
    pentanomial_elo,
    trinomial_elo,
)
from tictac_edu.games.base import GameState, IllegalMoveError, Move, Outcome, Player

AUTO_PROGRESS_GAMES = 20
"""``progress=None`` shows a bar for matches (and tournaments) of more games than this."""

INTERRUPT_GRACE_SECONDS = 5.0
"""After Ctrl-C, how long a match on an executor waits for the tasks already running to hand
back the games they finished. Workers of a process pool started with :func:`stop_on_interrupt`
answer at once when the Ctrl-C reaches them too, as a terminal sends it to every process of the
command; a second Ctrl-C stops the waiting."""

FRUITLESS_DRAWS = 10_000
"""The opening book stops drawing after this many draws in a row found no new opening: a small
game has run out of them (tic-tac-toe has 9 of one ply, 72 of two), and a match of many pairs
need not wait for a million fruitless draws."""

TASKS_PER_WORKER = 8
"""With an executor and no ``pairs_per_task``, pairs are grouped so that a match makes about this
many tasks per worker: few enough that sending them costs little (a task costs milliseconds on a
process pool, more on Dask), enough that no worker waits long for the last ones."""


class ProgressBar(Protocol):
    """What the arena needs of a progress bar (``tqdm``'s, say)."""

    def update(self, n: float = 1) -> Any:
        """Count ``n`` more games."""

    def close(self) -> Any:
        """Finish the bar."""


@dataclass
class GameRecord:
    """One finished game.

    Attributes:
        first, second: the names of the agents playing the first player's side (who moves
            first in the game) and the second's.
        moves: every move from the starting position, the book opening's first.
        winner: the winning agent's name, ``None`` for a draw.
        final: the final position.
        opening_plies: how many of ``moves`` came from the opening book.
        move_seconds: wall-clock seconds of each ``choose_move`` call, per agent name.
    """

    first: str
    second: str
    moves: list[Move]
    winner: str | None
    final: GameState = field(repr=False)
    opening_plies: int = 0
    move_seconds: dict[str, list[float]] = field(default_factory=dict, repr=False)

    def result(self, name: str) -> Outcome:
        """The game's result for the agent called ``name`` (one of :attr:`first`, :attr:`second`)."""
        if name not in (self.first, self.second):
            raise ValueError(f"{name!r} did not play this game ({self.first} against {self.second})")
        if self.winner is None:
            return Outcome.DRAW
        return Outcome.WIN if self.winner == name else Outcome.LOSS


POINTS = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}
"""What a game's result scores in a match."""


@dataclass
class PairRecord:
    """Two games from one opening, colours swapped: ``agent_a`` moves first in ``games[0]``
    (the second game may be missing: an odd match, or an interrupted one).

    Attributes:
        index: the pair's place in the match (0, 1, ...).
        opening: the book moves both games start with.
        games: the games played.
    """

    index: int
    opening: tuple[Move, ...]
    games: list[GameRecord] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether both games were played."""
        return len(self.games) == 2

    def points(self, name: str) -> float:
        """The points ``name`` scored in the pair's games (1 a win, 1/2 a draw)."""
        return sum(POINTS[game.result(name)] for game in self.games)


@dataclass
class MatchResult:
    """The outcome of a match, from the first agent's (``agent_a``'s) point of view.

    Attributes:
        agent_a, agent_b: the agents' names.
        wins, draws, losses: games won, drawn and lost by ``agent_a``.
        mean_move_seconds: mean thinking time per move, per agent name.
        games: every game played, pair after pair.
        pairs: the games by pair (see :class:`PairRecord`).
        move_times: median, p90 and max time per move, per agent name.
        seed: the match seed (drawn at random, and kept here, when ``play_match`` got ``None``).
        plies: the plies of the book openings.
        planned: the games the match was to play.
        sprt: the test the match ran, if any; ``llr_history`` its log-likelihood ratio after
            each complete pair; ``sprt_status`` ``"H0 accepted"``, ``"H1 accepted"`` or
            ``"continue"`` (``""`` without a test).
        interrupted: the match was stopped by Ctrl-C (KeyboardInterrupt): the games already
            played are kept.
        timed_out: the executor's tasks did not all finish within ``play_match``'s ``timeout``.
        missing: after an interruption or a timeout, the indices of the pairs not played in
            full (their games are not in the result); ``[]`` otherwise.
        timeout: the ``timeout`` the match was given, in seconds (``None``: none).
    """

    agent_a: str
    agent_b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    mean_move_seconds: dict[str, float] = field(default_factory=dict)
    games: list[GameRecord] = field(default_factory=list, repr=False)
    pairs: list[PairRecord] = field(default_factory=list, repr=False)
    move_times: dict[str, MoveTimes] = field(default_factory=dict, repr=False)
    seed: int | None = None
    plies: int = 0
    planned: int = 0
    sprt: SPRT | None = None
    llr_history: list[float] = field(default_factory=list, repr=False)
    sprt_status: Decision | str = ""
    interrupted: bool = False
    timed_out: bool = False
    missing: list[int] = field(default_factory=list, repr=False)
    timeout: float | None = None

    @property
    def played(self) -> int:
        """The number of games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``agent_a``'s score per game: 1 a win, 1/2 a draw, 0 a loss (0 with no games)."""
        return (self.wins + self.draws / 2) / self.played if self.played else 0.0

    @property
    def trinomial(self) -> tuple[int, int, int]:
        """``agent_a``'s (wins, draws, losses)."""
        return (self.wins, self.draws, self.losses)

    @property
    def pentanomial(self) -> tuple[int, int, int, int, int]:
        """Complete pairs by ``agent_a``'s points: (LL, LD+DL, WL+LW+DD, WD+DW, WW)."""
        counts = [0] * 5
        for pair in self.pairs:
            if pair.complete:
                counts[round(2 * pair.points(self.agent_a))] += 1
        return (counts[0], counts[1], counts[2], counts[3], counts[4])

    @property
    def draw_ratio(self) -> float:
        """The share of games drawn."""
        return draw_ratio(self.wins, self.draws, self.losses)

    def trinomial_elo(self) -> EloEstimate:
        """``agent_a``'s Elo difference from the games' W/D/L (see :func:`~tictac_edu.arena.stats.trinomial_elo`)."""
        return trinomial_elo(self.wins, self.draws, self.losses)

    def pentanomial_elo(self) -> EloEstimate:
        """``agent_a``'s Elo difference from the complete pairs (:func:`~tictac_edu.arena.stats.pentanomial_elo`)."""
        return pentanomial_elo(self.pentanomial)

    def elo(self) -> EloEstimate:
        """The better estimate: from the pairs when every game is in a complete pair, else from the games."""
        pairs = sum(self.pentanomial)
        if pairs and 2 * pairs == self.played:
            return self.pentanomial_elo()
        return self.trinomial_elo()

    @property
    def llr(self) -> float:
        """The SPRT's last log-likelihood ratio (0 before any complete pair or without a test)."""
        return self.llr_history[-1] if self.llr_history else 0.0

    def summary(self) -> str:
        """Lines for people, as engine testers print them (cutechess-cli's first two, then the
        pairs, the SPRT if any and the times per move), all from ``agent_a``'s point of view.

        >>> print(MatchResult("a", "b", wins=1, draws=1, losses=0).summary())
        Score of a vs b: 1 - 0 - 1 [0.750] 2
        Elo difference: 190.8 (95% interval -67.9 to +inf), LOS: 84.1 %, DrawRatio: 50.0 %
        """
        lines = [f"Score of {self.agent_a} vs {self.agent_b}: {self.wins} - {self.losses} - {self.draws} "
                 f"[{self.score:.3f}] {self.played}" if self.played else
                 f"Score of {self.agent_a} vs {self.agent_b}: 0 - 0 - 0 [-] 0"]
        if not self.played:
            lines.append("No game was played: no Elo estimate.")
        else:
            trinomial = self.trinomial_elo()
            lines.append(f"Elo difference: {trinomial.text()}, LOS: {100 * trinomial.los:.1f} %, "
                         f"DrawRatio: {100 * self.draw_ratio:.1f} %")
            counts = self.pentanomial
            if sum(counts):
                openings = len({pair.opening for pair in self.pairs})
                plies = "1 ply" if self.plies == 1 else f"{self.plies} plies"
                pairs = f"{sum(counts)} pair{'s' if sum(counts) != 1 else ''}"
                book = (f"{pairs}, {openings} opening{'s' if openings != 1 else ''} of {plies}"
                        if self.plies else f"{pairs}, no book opening")
                lines.append(f"Pairs LL LD+DL WL+LW+DD WD+DW WW: {' '.join(map(str, counts))} ({book}); "
                             f"Elo {self.pentanomial_elo().text()}")
        if self.sprt is not None:
            lines.append(self.sprt.text(self.llr))
        if self.move_times:
            lines.append("Time per move: " + "; ".join(f"{name} {times.text()}"
                                                       for name, times in self.move_times.items()))
        if self.interrupted:
            lines.append(f"Interrupted: {self.played} of {self.planned} games played.")
        if self.timed_out:
            lines.append(f"Timed out after {self.timeout:g} s: {self.played} of {self.planned} games played; "
                         f"{_pairs_text(self.missing)} missing (not played in time).")
        return "\n".join(lines)

    def _add(self, pair: PairRecord) -> None:
        self.pairs.append(pair)
        for game in pair.games:
            self.games.append(game)
            if game.winner is None:
                self.draws += 1
            elif game.winner == self.agent_a:
                self.wins += 1
            else:
                self.losses += 1

    def _finish(self) -> None:
        seconds: dict[str, list[float]] = {self.agent_a: [], self.agent_b: []}
        for game in self.games:
            for name, times in game.move_seconds.items():
                seconds.setdefault(name, []).extend(times)
        self.mean_move_seconds = {name: sum(times) / len(times) if times else 0.0 for name, times in seconds.items()}
        self.move_times = {name: move_times(times) for name, times in seconds.items()}


def _pairs_text(indices: Sequence[int], shown: int = 12) -> str:
    """``pairs 3, 4 and 7`` (the first ``shown`` of them, then how many more)."""
    if not indices:
        return "no pair"
    names = [str(index) for index in indices[:shown]]
    if len(indices) > shown:
        names.append(f"{len(indices) - shown} more")
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{len(indices)} pair{'s' if len(indices) != 1 else ''} ({'pair' if len(indices) == 1 else 'pairs'} "\
           f"{listed})"


def play_game(first: AnyAgent, second: AnyAgent, start: GameState, move_times: dict[str, list[float]] | None = None, *,
              opening: Sequence[Move] = ()) -> GameRecord:
    """Play one game from ``start``: ``first`` plays the side that moves first there.

    Args:
        first, second: the agents.
        start: the starting position.
        move_times: when given, each agent's seconds per move are appended to
            ``move_times[agent.name]`` too.
        opening: moves played from ``start`` before the agents take over (a book opening).

    Returns:
        The game, with the wall-clock time of each move (each agent's ``choose``).

    Raises:
        IllegalMoveError: an agent chose an illegal move (the message names the agent).
        ValueError: ``opening`` is not legal from ``start``, or ends the game.
    """
    players: dict[Player, AgentBase] = dict(zip(start.players, (as_agent(first), as_agent(second)), strict=True))
    state = start
    moves: list[Move] = []
    for move in opening:
        try:
            state = state.play(move)
        except IllegalMoveError as error:
            raise ValueError(f"the opening {list(opening)!r} is not legal from this start (does new_game() return "
                             f"the same position every time?): {error}") from error
        moves.append(move)
    if opening and state.is_terminal():
        raise ValueError(f"the opening {list(opening)!r} ends the game")
    seconds: dict[str, list[float]] = {first.name: [], second.name: []}
    clock = time.perf_counter
    while not state.is_terminal():
        agent = players[state.to_move]
        began = clock()
        move = agent.choose(state).move
        spent = clock() - began
        seconds[agent.name].append(spent)
        if move_times is not None:
            move_times.setdefault(agent.name, []).append(spent)
        try:
            state = state.play(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"{agent.name} chose an illegal move. {error}") from error
        moves.append(move)
    winner = None if state.winner is None else players[state.winner].name
    return GameRecord(first.name, second.name, moves, winner, state, len(opening), seconds)


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from ``seed`` and ``parts`` (a pair's index, a game's place...): the same in
    every process and every run, unlike ``hash``."""
    text = ":".join(str(part) for part in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def default_plies(start: GameState) -> int:
    """The book's plies for a match from ``start``: the game's own ``opening_plies`` (its
    description says how many random moves vary its games without deciding them) for its
    starting position, 0 for a position already under way (it is its own opening)."""
    if start.ply > 0:
        return 0
    return start.game.opening_plies


def opening_book(new_game: Callable[[], GameState] | GameState, pairs: int, plies: int,
                 seed: int = 0) -> list[tuple[Move, ...]]:
    """Openings for ``pairs`` pairs of games: distinct sequences of ``plies`` random legal moves
    that leave the game unfinished, drawn with a generator seeded from ``seed``.

    A game with fewer distinct openings than ``pairs`` (tic-tac-toe has 9 of one ply) has all
    it found reused cyclically; ``plies=0`` gives every pair the empty opening (the start
    itself).

    Args:
        new_game: the starting position, or a function returning it.
        pairs: how many openings to return.
        plies: moves per opening.
        seed: the seed of the draws.

    Returns:
        ``pairs`` move sequences, the distinct ones first in the order drawn.

    Raises:
        ValueError: ``pairs`` < 1 or ``plies`` < 0, or no opening of ``plies`` moves leaves
            the game unfinished.

    >>> from tictac_edu.games import TicTacToe
    >>> book = opening_book(TicTacToe, pairs=12, plies=1, seed=0)
    >>> len(book), len(set(book)), book[9] == book[0]
    (12, 9, True)
    """
    _check_whole(pairs, "pairs", 1)
    _check_whole(plies, "plies", 0)
    start = new_game() if callable(new_game) else new_game
    if plies == 0:
        return [()] * pairs
    rng = random.Random(derive_seed(seed, "opening book", plies))
    found: dict[tuple[Move, ...], None] = {}
    fruitless = 0
    for _ in range(max(100, 20 * pairs)):
        if len(found) == pairs or fruitless >= FRUITLESS_DRAWS:
            break
        known = len(found)
        state, moves = start, []
        for _ in range(plies):
            if state.is_terminal():
                break
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            moves.append(move)
        if len(moves) == plies and not state.is_terminal():
            found.setdefault(tuple(moves))
        fruitless = 0 if len(found) > known else fruitless + 1
    if not found:
        raise ValueError(f"no opening of {plies} random plies leaves the game unfinished: ask for fewer plies")
    book = list(found)
    return [book[index % len(book)] for index in range(pairs)]


def _check_whole(value: object, name: str, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be a whole number >= {least}, not {value!r}")


@dataclass(frozen=True)
class _PairPlan:
    """What a worker needs to play one pair: its index, opening, games and the match seed."""

    index: int
    opening: tuple[Move, ...]
    games: int
    match_seed: int

    def agent_seeds(self, game: int) -> tuple[int, int]:
        """The seeds of ``agent_a`` and ``agent_b`` for the pair's game ``game`` (0 or 1), derived
        when the game is played (a long match does not wait for all of them first)."""
        return (derive_seed(self.match_seed, "pair", self.index, game, "a"),
                derive_seed(self.match_seed, "pair", self.index, game, "b"))


def _plans(seed: int, book: Sequence[tuple[Move, ...]], games: int) -> list[_PairPlan]:
    return [_PairPlan(index, tuple(opening), min(2, games - 2 * index), seed) for index, opening in enumerate(book)]


def _play_pair_into(record: PairRecord, agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState],
                    plan: _PairPlan, start: GameState | None = None) -> None:
    """Play ``plan``'s games into ``record`` (so the games finished are kept if one is interrupted).
    ``start``, if given, is the first game's starting position (``new_game()`` already called)."""
    for game in range(plan.games):
        for agent, agent_seed in zip((agent_a, agent_b), plan.agent_seeds(game), strict=True):
            as_agent(agent).new_game(agent_seed)  # reseeded, and a work clock restarted
        position = start if start is not None and game == 0 else new_game()
        first, second = (agent_a, agent_b) if game == 0 else (agent_b, agent_a)
        record.games.append(play_game(first, second, position, opening=plan.opening))


class _WorkerState:
    """What :func:`stop_on_interrupt`'s handler knows in a worker process."""

    in_task = False
    """A task of :func:`_play_pairs` is running (Ctrl-C then stops it)."""
    stopped = False
    """Ctrl-C reached this worker: it plays no more pairs."""


def stop_on_interrupt() -> None:
    """An initializer for the worker processes of a pool that plays matches
    (``ProcessPoolExecutor(2, initializer=stop_on_interrupt)``): Ctrl-C (SIGINT, which a terminal
    sends to every process of the command) makes a worker stop the pairs it is playing and hand
    back at once the games it finished, the partial pair's included, instead of printing a
    traceback or playing on unseen; a worker that got Ctrl-C plays no further pair (its later
    tasks return at once, empty), so start a new pool for the next match. A second Ctrl-C is
    ignored while the games are handed back."""
    signal.signal(signal.SIGINT, _worker_interrupt)


def _worker_interrupt(signum: int, frame: object) -> None:
    first = not _WorkerState.stopped
    _WorkerState.stopped = True
    if first and _WorkerState.in_task:
        raise KeyboardInterrupt


def _play_pairs(payload: bytes, plans: Sequence[_PairPlan]) -> tuple[list[PairRecord], bool]:
    """The task an executor runs: play the pairs of ``plans`` with fresh copies of the agents
    and the game factory, unpickled from ``payload`` (so tasks share nothing, even in threads).

    Returns:
        The pairs played, and whether Ctrl-C (KeyboardInterrupt) stopped them: then the list
        holds the pairs finished and the partial pair's finished games.
    """
    records: list[PairRecord] = []
    if _WorkerState.stopped:
        return records, True
    _WorkerState.in_task = True
    try:
        agent_a, agent_b, new_game = pickle.loads(payload)
        for plan in plans:
            record = PairRecord(plan.index, plan.opening)
            records.append(record)
            _play_pair_into(record, agent_a, agent_b, new_game, plan)
    except KeyboardInterrupt:
        return [record for record in records if record.games], True
    finally:
        _WorkerState.in_task = False
    return records, False


def check_picklable(what: str, thing: object, hint: str) -> None:
    """Raise a ``ValueError`` naming ``what`` (and saying ``hint``) if ``thing`` cannot be
    pickled: an executor sends agents and the game factory to its workers by pickling them.

    Raises:
        ValueError: ``thing`` cannot be pickled.
    """
    try:
        pickle.dumps(thing)
    except Exception as error:  # pickle raises PicklingError, AttributeError or TypeError
        raise ValueError(f"{what} cannot be pickled, and an executor must send it to its workers: {hint} "
                         f"({type(error).__name__}: {error})") from error


def _worker_count(executor: Executor) -> int:
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int) and workers > 0:
        return workers
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    if client is not None:
        try:
            return max(1, int(sum(client.nthreads().values())))
        except Exception:  # a client that cannot say: fall back to the machine's cores
            pass
    import os

    return os.cpu_count() or 2


def progress_bar(total: int, desc: str, progress: bool | None) -> ProgressBar | None:
    """A ``tqdm.auto`` bar on standard error counting games (a widget in a notebook), or
    ``None``: ``progress=None`` shows one for more than :data:`AUTO_PROGRESS_GAMES` games."""
    if progress is False or (progress is None and total <= AUTO_PROGRESS_GAMES):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is in requirements.txt, not a dependency of the package
        return None
    bar: ProgressBar = tqdm(total=total, desc=desc, unit="game", file=sys.stderr)
    return bar


def finish_bar(bar: ProgressBar, verdict: str) -> None:
    """End ``bar`` as finished (full, and green in a notebook) with ``verdict`` beside it: a
    match an SPRT stopped early on purpose is done, not cut short."""
    count = getattr(bar, "n", None)
    if isinstance(count, int | float):
        bar.total = count  # type: ignore[attr-defined]
        widgets: Sequence[Any] = getattr(getattr(bar, "container", None), "children", ())  # text, bar, text
        if len(widgets) == 3 and hasattr(widgets[1], "max"):
            widgets[1].max = count  # the widget keeps the first total: full means full there too
    postfix = getattr(bar, "set_postfix_str", None)
    if callable(postfix):
        postfix(verdict, refresh=False)
    refresh = getattr(bar, "refresh", None)
    if callable(refresh):
        refresh()


class _Collector:
    """Takes finished pairs in order: counts them, runs the SPRT, moves the bar."""

    def __init__(self, result: MatchResult, bar: ProgressBar | None) -> None:
        self.result, self.bar = result, bar

    def __call__(self, pair: PairRecord) -> bool:
        """Add ``pair``; returns whether the SPRT has decided (the match may stop)."""
        result = self.result
        result._add(pair)
        if self.bar is not None:
            self.bar.update(len(pair.games))
        if result.sprt is None or not pair.complete:
            return False
        result.llr_history.append(result.sprt.llr_pentanomial(result.pentanomial))
        result.sprt_status = result.sprt.decision(result.llr)
        return result.sprt_status != "continue"


Stop = str
"""Why a run stopped before its plan: ``""`` (it did not: played out, or the SPRT decided),
``"interrupted"`` or ``"timed out"``."""


def _run_here(agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState], start: GameState,
              plans: Sequence[_PairPlan], collect: _Collector, deadline: float | None) -> Stop:
    """Play the pairs in this process (the deadline is checked between pairs)."""
    for plan in plans:
        if deadline is not None and time.monotonic() >= deadline:
            return "timed out"
        record = PairRecord(plan.index, plan.opening)
        try:
            _play_pair_into(record, agent_a, agent_b, new_game, plan, start if plan.index == 0 else None)
        except KeyboardInterrupt:
            if record.games:
                collect(record)
            return "interrupted"
        if collect(record):
            break
    return ""


def _chunks(plans: Sequence[_PairPlan], size: int) -> Iterator[Sequence[_PairPlan]]:
    for begin in range(0, len(plans), size):
        yield plans[begin:begin + size]


def _run_on(executor: Executor, payload: bytes, plans: Sequence[_PairPlan], pairs_per_task: int,
            collect: _Collector, deadline: float | None) -> Stop:
    """Play the pairs on ``executor``, a few tasks ahead of the results, taking the results in
    pair order.

    On Ctrl-C (here, or in a task) the tasks not started are cancelled and those running get
    :data:`INTERRUPT_GRACE_SECONDS` to hand back what they played; at ``deadline`` (a time on
    ``time.monotonic``) the match stops waiting. Either way every pair received is kept."""
    tasks = list(_chunks(plans, pairs_per_task))
    window = 2 * _worker_count(executor)
    pending: dict[Future[tuple[list[PairRecord], bool]], int] = {}
    ready: dict[int, list[PairRecord]] = {}
    submitted = taken = 0
    stop: Stop = ""
    try:
        while taken < len(tasks) and not stop:
            while submitted < len(tasks) and len(pending) < window:
                pending[executor.submit(_play_pairs, payload, tasks[submitted])] = submitted
                submitted += 1
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            done, _ = wait(list(pending), timeout=left, return_when=FIRST_COMPLETED)
            if not done:
                stop = "timed out"
                break
            for future in sorted(done, key=pending.__getitem__):
                records, interrupted = future.result()  # a task's error (an illegal move) is raised here
                ready[pending.pop(future)] = records
                if interrupted:
                    stop = "interrupted"
            while taken in ready and not stop:
                for pair in ready.pop(taken):
                    if collect(pair):
                        return ""
                taken += 1
    except KeyboardInterrupt:
        stop = "interrupted"
    finally:
        for future in pending:
            future.cancel()
    if stop:
        _gather(pending, ready, INTERRUPT_GRACE_SECONDS if stop == "interrupted" else 0.0)
    for task in sorted(ready):
        for pair in ready[task]:
            if collect(pair):
                return stop
    return stop


def _gather(pending: dict[Future[tuple[list[PairRecord], bool]], int], ready: dict[int, list[PairRecord]],
            grace: float) -> None:
    """Wait up to ``grace`` seconds (a second Ctrl-C ends it) for the tasks still running, and
    put the pairs they hand back, and those of tasks already done, into ``ready``."""
    running = [future for future in pending if not future.cancelled()]
    try:
        wait(running, timeout=grace)
    except KeyboardInterrupt:
        pass
    for future in running:
        if future.done() and not future.cancelled() and future.exception() is None:
            ready[pending[future]] = future.result()[0]


def _missing(result: MatchResult, plans: Sequence[_PairPlan]) -> list[int]:
    played = {pair.index: len(pair.games) for pair in result.pairs}
    return [plan.index for plan in plans if played.get(plan.index, 0) < plan.games]


def play_match(agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState], games: int = 10,
               seed: int | None = 0, *, plies: int | None = None, openings: Sequence[Sequence[Move]] | None = None,
               sprt: SPRT | None = None, executor: Executor | None = None, pairs_per_task: int | None = None,
               progress: bool | None = None, timeout: float | None = None) -> MatchResult:
    """Play a match of ``games`` games in pairs (see the module's description).

    Args:
        agent_a, agent_b: the agents; they must have different names. Every figure of the
            result is from ``agent_a``'s point of view.
        new_game: returns the starting position (a game class such as ``TicTacToe``, or
            ``functools.partial(MNKGame, 5, 5, 3)``). Called once per game.
        games: how many games to play (an SPRT may stop sooner).
        seed: the match seed: openings and agents' seeds derive from it and the pair's index.
            ``None`` draws one at random (kept in the result's ``seed``, to replay the match).
        plies: random moves per book opening; ``None``: :func:`default_plies` (the game's
            ``opening_plies``: 1 for tic-tac-toe, 2 for Connect Four and gomoku; 0 from a
            position under way).
        openings: the book itself, move sequences from ``new_game()`` used in turn (cyclically),
            instead of random ones; ``plies`` is then ignored.
        sprt: stop as soon as this test accepts a hypothesis (checked after each complete pair).
        executor: play the pairs on this ``concurrent.futures.Executor`` (a
            ``ProcessPoolExecutor``, ``distributed.Client(...).get_executor()``, even a
            ``ThreadPoolExecutor``): the agents and ``new_game`` are pickled once, and each task
            plays with its own copies. ``None`` plays here, with the agents themselves.
        pairs_per_task: pairs per task sent to the executor (default: about
            :data:`TASKS_PER_WORKER` tasks per worker).
        progress: a progress bar on standard error (a widget in a notebook); ``None``: one
            for more than :data:`AUTO_PROGRESS_GAMES` games. A match an SPRT stops ends its bar
            as finished, with the verdict.
        timeout: wall-clock seconds from the start after which the match stops waiting for the
            executor's tasks (a worker that hangs, a cluster that lost its workers): the result
            keeps the pairs received, ``timed_out`` is set and ``missing`` names the pairs not
            received. Without an executor it is checked between pairs (a game under way is
            finished first). ``None``: no limit.

    Returns:
        The result; ``interrupted`` is set (and the games already played are kept) if Ctrl-C
        (KeyboardInterrupt, from here, an agent or a worker) stopped the match.

    Raises:
        ValueError: ``games`` < 1, both agents have one name, bad ``plies``/``openings``/
            ``pairs_per_task``/``timeout``, or (with an executor) an agent or ``new_game``
            cannot be pickled.
        IllegalMoveError: an agent chose an illegal move.
    """
    started = time.monotonic()
    plan = _plan_match(agent_a, agent_b, new_game, games, seed, plies=plies, openings=openings, sprt=sprt,
                       executor=executor, pairs_per_task=pairs_per_task, timeout=timeout)
    bar = progress_bar(games, f"{agent_a.name} vs {agent_b.name}", progress)  # after the checks and the book
    try:
        result = _play_plan(plan, agent_a, agent_b, new_game, executor, bar, started)
        if bar is not None and result.sprt_status in ("H0 accepted", "H1 accepted"):
            finish_bar(bar, f"SPRT: {result.sprt_status}")
        return result
    finally:
        if bar is not None:
            bar.close()


def _check_timeout(timeout: object) -> None:
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int | float)
                                or not math.isfinite(timeout) or timeout <= 0):
        raise ValueError(f"timeout must be a positive, finite number of seconds or None, not {timeout!r}")


def run_match(agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState], games: int, seed: int | None, *,
              plies: int | None = None, openings: Sequence[Sequence[Move]] | None = None, sprt: SPRT | None = None,
              executor: Executor | None = None, pairs_per_task: int | None = None,
              bar: ProgressBar | None = None, timeout: float | None = None) -> MatchResult:
    """:func:`play_match` moving a progress bar that the caller owns (a tournament's, counting
    all its games): ``bar.update(n)`` after each pair of ``n`` games, ``None`` for no bar."""
    started = time.monotonic()
    plan = _plan_match(agent_a, agent_b, new_game, games, seed, plies=plies, openings=openings, sprt=sprt,
                       executor=executor, pairs_per_task=pairs_per_task, timeout=timeout)
    return _play_plan(plan, agent_a, agent_b, new_game, executor, bar, started)


@dataclass
class _MatchPlan:
    """What a match will play, checked and ready: its (empty) result, the pairs' plans, the
    pickled agents for an executor, the start position and the pairs a task plays."""

    result: MatchResult
    plans: list[_PairPlan]
    payload: bytes
    start: GameState
    pairs_per_task: int | None
    timeout: float | None


def _plan_match(agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState], games: int,
                seed: int | None, *, plies: int | None, openings: Sequence[Sequence[Move]] | None, sprt: SPRT | None,
                executor: Executor | None, pairs_per_task: int | None, timeout: float | None) -> _MatchPlan:
    """Check a match's arguments and build its opening book and pairs' plans (``ValueError``
    before anything is played or shown)."""
    _check_whole(games, "games (a match needs at least one game)", 1)
    _check_names(agent_a, agent_b)
    _check_timeout(timeout)
    if plies is not None:
        _check_whole(plies, "plies", 0)
    if pairs_per_task is not None:
        _check_whole(pairs_per_task, "pairs_per_task", 1)
    payload = b""
    if executor is not None:
        for side, agent in (("agent_a", agent_a), ("agent_b", agent_b)):
            check_picklable(f"{side} {agent.name!r}", agent, "build it from classes and functions defined at "
                            "module level (functools.partial instead of a lambda or a local function)")
        check_picklable(f"new_game ({new_game!r})", new_game, "pass a game class (TicTacToe) or "
                        "functools.partial(MNKGame, 5, 5, 3), not a lambda or a function defined inside another")
        payload = pickle.dumps((agent_a, agent_b, new_game))
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 63)
    start = new_game()
    if start.is_terminal():
        raise ValueError("new_game() returned a finished game: there is nothing to play")
    pairs = math.ceil(games / 2)
    if openings is not None:
        book = _given_book(start, openings, pairs)
        plies = max((len(opening) for opening in book), default=0)
    else:
        plies = default_plies(start) if plies is None else plies
        book = opening_book(start, pairs, plies, seed)
    result = MatchResult(agent_a.name, agent_b.name, seed=seed, plies=plies, planned=games, sprt=sprt,
                         sprt_status="continue" if sprt is not None else "", timeout=timeout)
    return _MatchPlan(result, _plans(seed, book, games), payload, start, pairs_per_task, timeout)


def _play_plan(plan: _MatchPlan, agent_a: AnyAgent, agent_b: AnyAgent, new_game: Callable[[], GameState],
               executor: Executor | None, bar: ProgressBar | None, started: float) -> MatchResult:
    """Play a planned match, here or on ``executor``, moving ``bar``; the timeout counts from ``started``."""
    result, plans = plan.result, plan.plans
    collect = _Collector(result, bar)
    deadline = None if plan.timeout is None else started + plan.timeout
    if executor is None:
        stop = _run_here(agent_a, agent_b, new_game, plan.start, plans, collect, deadline)
    else:
        size = plan.pairs_per_task or max(1, math.ceil(len(plans) / (TASKS_PER_WORKER * _worker_count(executor))))
        stop = _run_on(executor, plan.payload, plans, size, collect, deadline)
    result.interrupted = stop == "interrupted"
    result.timed_out = stop == "timed out"
    if stop:
        result.missing = _missing(result, plans)
    result._finish()
    return result


def _check_names(agent_a: AnyAgent, agent_b: AnyAgent) -> None:
    if agent_a.name == agent_b.name:
        raise ValueError(f"both agents are called {agent_a.name!r}; give them different names to tell them apart")


def _given_book(start: GameState, openings: Sequence[Sequence[Move]], pairs: int) -> list[tuple[Move, ...]]:
    if not openings:
        raise ValueError("openings is empty: give at least one opening (an empty one is the start itself)")
    for opening in openings:
        state = start
        try:
            for move in opening:
                state = state.play(move)
        except IllegalMoveError as error:
            raise ValueError(f"the opening {list(opening)!r} is not legal from new_game(): {error}") from error
        if state.is_terminal():
            raise ValueError(f"the opening {list(opening)!r} ends the game")
    return [tuple(openings[index % len(openings)]) for index in range(pairs)]
