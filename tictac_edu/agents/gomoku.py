"""The threat-first gomoku player: proven wins by threat search first, alpha-beta otherwise.

Each move, within its time limit:

1. make five if it can; block the opponent's five if it must;
2. follow the proof of a win it found earlier, while the opponent's replies stay inside it;
   else look for its own victory by continuous fours (VCF), then by continuous threats (VCT):
   a win found there is *proven*, and ``last_result.proven`` says so. The agent keeps the
   proof (every position of it with this player to move, and the move that wins there), so it
   never loses the thread of a won attack when a fresh search would not find the continuation;
3. look for the opponent's VCF, then its VCT (as if this player passed): if the opponent has
   one, only moves after which it has none are searched (when some were found in time);
4. otherwise, iterative-deepening alpha-beta over the candidate moves
   (:class:`~tictac_edu.evaluation.gomoku.CandidateMoves`) with the pattern evaluation and a
   transposition table on Zobrist keys, for the time that is left. Its values are estimates.

Not a perfect player: gomoku is far too big to solve move by move in Python.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from tictac_edu.agents.decision import AgentBase, Budget, Decision
from tictac_edu.agents.search import check_can_move
from tictac_edu.evaluation.common import WIN_SCORE
from tictac_edu.evaluation.gomoku import CandidateMoves, pattern_evaluation
from tictac_edu.games.base import GameState, Move
from tictac_edu.games.gomoku import BLACK, WHITE, Gomoku, Point
from tictac_edu.search import SearchResult, TranspositionTable, iterative_deepening
from tictac_edu.search.common import Clock, Evaluation
from tictac_edu.search.ordering import MoveOrder
from tictac_edu.solvers.threats import ThreatResult, find_vcf, find_vct, must_block, win_in_one

DEFAULT_TIME_LIMIT = 1.0
"""Seconds per move."""
VCF_SHARE = 0.15
"""The part of the time limit for the agent's own VCF."""
VCT_SHARE = 0.25
"""The part of the time limit for the agent's own VCT."""
DEFENCE_SHARE = 0.2
"""The part of the time limit for finding the opponent's VCF and the moves that stop it."""
DEFENCE_CANDIDATES = 12
"""How many of the best candidate moves are checked against the opponent's VCF."""
SEARCH_MOVES = 15
"""The most candidate moves the alpha-beta search tries at a node."""
SAFETY = 0.9
"""The agent aims to finish this part of the time limit after it started."""
NODES_PER_SECOND = 20_000
"""The threat searches' node budget per second of their time (the deadline stops them first)."""


class RootMoves(MoveOrder):
    """An order that searches only ``allowed`` at the root and ``inner`` everywhere else."""

    def __init__(self, inner: MoveOrder, allowed: list[Point]) -> None:
        self.inner = inner
        self.allowed = allowed

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        if ply == 0:
            ordered = self.inner.order(state, moves, ply)
            kept = [move for move in ordered if move in self.allowed]
            return kept + [move for move in self.allowed if move not in kept and move in moves] or ordered
        return self.inner.order(state, moves, ply)

    def record_cutoff(self, state: GameState, move: Move, ply: int, depth: float) -> None:
        self.inner.record_cutoff(state, move, ply, depth)

    def reset(self) -> None:
        self.inner.reset()


class ThreatAgent(AgentBase):
    """Threat search first, then iterative-deepening alpha-beta; a move within ``time_limit``.

    ``last_result`` is the :class:`~tictac_edu.search.SearchResult` of the last move:
    ``proven=True`` when threat search proved the win (its ``pv`` is the winning line), an
    estimate otherwise. ``last_source`` says which step chose the move: ``"five"``,
    ``"block"``, ``"proof"`` (the kept proof of an earlier move), ``"vcf"``, ``"vct"``,
    ``"defence"`` or ``"search"``. ``proof`` is the last win it proved (kept between moves).

    Args:
        time_limit: seconds per move, for the whole move (a positive, finite number).
        name: shown on boards and in match tables.
        evaluate: the search's evaluation.
        search_moves: the most candidate moves the search tries at a node.
        use_vct: look for wins by threes too, not only by fours.
        clock: the clock for the time limit (tests give a fake one).
        seed: kept for a uniform interface (matches reseed every agent); the agent makes no
            random choices.

    Raises:
        ValueError: ``time_limit`` is not a positive, finite number of seconds.
    """

    def __init__(self, time_limit: float = DEFAULT_TIME_LIMIT, name: str = "threats", *,
                 evaluate: Evaluation = pattern_evaluation, search_moves: int | None = SEARCH_MOVES,
                 use_vct: bool = True, clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        if not isinstance(time_limit, int | float) or isinstance(time_limit, bool) or not time_limit > 0 \
                or not math.isfinite(time_limit):
            raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
        self.time_limit: float = float(time_limit)
        self.name = name
        self.evaluate = evaluate
        self.search_moves = search_moves
        self.use_vct = use_vct
        self.clock: Clock = clock
        self.rng = random.Random(seed)
        self.last_result: SearchResult | None = None
        self.last_source: str | None = None
        self.proof: ThreatResult | None = None

    def reseed(self, seed: int | None) -> None:
        """Nothing to reseed in effect: the agent plays deterministically (given the clock)."""
        self.rng = random.Random(seed)

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The move to play, the result behind it and the step that chose it (``source``); see
        the module docstring for how it is chosen. A budget's deadline holds the whole move to
        the time left when that is less than the agent's ``time_limit``.

        Raises:
            TypeError: ``state`` is not a gomoku position.
            ValueError: the game is over.
        """
        if not isinstance(state, Gomoku):
            raise TypeError(f"{self.name} plays gomoku only, not {type(state).__name__}")
        check_can_move(state)
        held = self.held_to(state, budget)
        if held is not None:
            self.last_result, self.last_source = held.search, held.source
            return held
        began, started = time.perf_counter(), self.clock()
        deadline = started + self.time_limit * SAFETY
        move, source, result = self._decide(state, started, deadline)
        result.elapsed = time.perf_counter() - began
        self.last_result, self.last_source = result, source
        return Decision(move, result, source)

    def _budget(self, share: float) -> int:
        return max(200, int(self.time_limit * share * NODES_PER_SECOND))

    def _decide(self, state: Gomoku, started: float, deadline: float) -> tuple[Point, str, SearchResult]:
        player = state.to_move
        legal = state.legal_moves()
        five = win_in_one(state)
        if five is not None:
            return five, "five", SearchResult(value=WIN_SCORE - state.ply - 1, move=five, pv=[five], nodes=1,
                                              player=player, depth=1)
        blocks = [point for point in must_block(state) if point in legal]
        if blocks:
            result = SearchResult(value=None, move=blocks[0], pv=[blocks[0]], nodes=1, player=player, depth=1,
                                  proven=False)
            return blocks[0], "block", result
        kept = self.proof.follow(state) if self.proof is not None else None
        if kept is not None and kept[0] in legal:
            move, moves = kept
            plies = state.ply + 2 * moves + 1  # the five comes at the latest then
            return move, "proof", SearchResult(value=WIN_SCORE - plies, move=move, pv=[move], nodes=0, player=player,
                                               depth=None, completed=True, proven=True)
        if state.ply == 0:
            centre = (state.size // 2, state.size // 2)
            return centre, "search", SearchResult(value=None, move=centre, pv=[centre], nodes=0, player=player,
                                                  proven=False)
        nodes = 0
        finders = [("vcf", find_vcf, VCF_SHARE)] + ([("vct", find_vct, VCT_SHARE)] if self.use_vct else [])
        for kind, finder, share in finders:
            found = finder(state, max_nodes=self._budget(share),
                           deadline=min(deadline, self.clock() + self.time_limit * share), clock=self.clock)
            nodes += found.nodes
            if found.kind is not None and found.move in legal:
                self.proof = found
                result = found.search_result(state)
                result.nodes = nodes
                return found.move, kind, result
        order: MoveOrder = CandidateMoves(self.search_moves)
        source = "search"
        safe = self._defences(state, order, deadline)
        if safe is not None:
            order, source = RootMoves(order, safe), "defence"
        remaining = deadline - self.clock()
        if remaining <= 0:
            move = (safe or order.order(state, legal, 0))[0]
            return move, source, SearchResult(value=None, move=move, pv=[move], nodes=nodes, player=player,
                                              proven=False)
        result = iterative_deepening(state, self.evaluate, time_limit=remaining, clock=self.clock, order=order,
                                     table=TranspositionTable(1 << 16))
        result.nodes += nodes
        result.proven = False  # the search looked at candidate moves only: an estimate
        assert result.move is not None
        return result.move, source, result

    def _defences(self, state: Gomoku, order: MoveOrder, deadline: float) -> list[Point] | None:
        """If the opponent has a VCF, or else a VCT (were this player to pass), the candidate
        moves after which it has none (the points of its winning line first, then the best
        candidates, as many as time allows); ``None`` when it has none, or nothing stops it."""
        opponent = WHITE if state.to_move == BLACK else BLACK
        share_end = min(deadline, self.clock() + self.time_limit * DEFENCE_SHARE)
        finders = [find_vcf] + ([find_vct] if self.use_vct else [])
        for finder in finders:
            threat = finder(state, attacker=opponent, max_nodes=self._budget(DEFENCE_SHARE / 4), deadline=share_end,
                            clock=self.clock)
            if threat.kind is not None:
                break
        else:
            return None
        candidates = order.order(state, state.legal_moves(), 0)[:DEFENCE_CANDIDATES]
        line = [point for point in threat.line[:4] if point in state.legal_moves()]
        candidates = line + [point for point in candidates if point not in line]
        safe = []
        for point in candidates:
            if self.clock() >= share_end:
                break
            after = state.play(point)
            if after.is_terminal():
                return [point]
            answers = (finder(after, max_nodes=self._budget(DEFENCE_SHARE / 20), deadline=share_end, clock=self.clock)
                       for finder in finders)
            if all(answer.kind is None for answer in answers):
                safe.append(point)
        return safe or None

    def __repr__(self) -> str:
        return f"ThreatAgent(name={self.name!r}, time_limit={self.time_limit})"
