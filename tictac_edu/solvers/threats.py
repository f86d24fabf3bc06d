"""Threat search for gomoku and renju: wins proved by forcing moves alone.

A *four* threatens five next move: the defender must answer at its one five point. An *open
three* threatens an open four (two five points, which no single stone stops): the defender
must answer on one of a few points, or with a four of its own. Playing only such threats, the
attacker keeps the initiative, and the defender's answers are few enough to try them all:

* **win in one**: the attacker has a five point (:func:`win_in_one`);
* **block in one**: the opponent has one; the player to move must take it (:func:`must_block`);
* **VCF**, victory by continuous fours (:func:`find_vcf`): every attacking move is a four, so
  every reply is forced; the attacker wins when a move makes two five points (an open four, a
  double four) or the defender's only block is forbidden to it (renju's Black);
* **VCT**, victory by continuous threats (:func:`find_vct`): threes too. After a three the
  defender may play any point that stops the open four it threatens (the points that make it,
  and their five points) or any four of its own, and the attacker must win against all of them.

The search is an AND-OR tree with the attacker's threats at OR nodes and every defence at AND
nodes; a counter-four of the defender is answered by the attacker's block, which must itself
be a threat for the attack to go on. It deepens one attacking move at a time, so it finds a
shortest win first, and it stops at a node budget and a deadline. A win it returns is proven:
it holds against every defence, under the position's rule (the attacker never plays a
forbidden point; a defending Black whose only block is forbidden loses).

Under renju one more defence exists against a black three. A white stone can make Black's
winning point forbidden: it cannot give Black a four, an overline or a new straight four, but
it can turn a *fake* three through that point real (a three whose straight-four points are all
forbidden), by lifting the ban on one of those points, and a point that makes two real threes
is a double-three. So against a black three the search also tries every white stone that makes
one of Black's winning points forbidden (found among the few empty points that decide whether
such a straight-four point is forbidden: :meth:`ThreatSearch._forbidding_moves`). Without them
a renju "proof" could be refuted by a quiet white move.

>>> state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")   # J8 makes two open threes
>>> find_vcf(state).kind is None
True
>>> result = find_vct(state)
>>> result.kind, result.names()
('vct', 'J8 J11 G8 F8 K8')
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from tictac_edu.evaluation.common import WIN_SCORE
from tictac_edu.evaluation.gomoku import (
    BLACK_STONE,
    DIRECTIONS,
    EMPTY,
    WALL,
    WHITE_STONE,
    WINDOW_MASK,
    WINDOW_REACH,
    Shape,
    exact_five,
    line_codes,
    line_places,
    padded_lines,
    window_cells,
    window_shape,
)
from tictac_edu.games.base import Player
from tictac_edu.games.gomoku import (
    BLACK,
    DEFAULT_SIZE,
    WHITE,
    Gomoku,
    Point,
    _cells_deciding,
    _could_be_forbidden,
    _fake_three_points,
    _forbidden_kind,
    point_name,
)
from tictac_edu.search.common import BudgetExhausted
from tictac_edu.search.result import SearchResult

ThreatKind = Literal["five", "vcf", "vct"]
"""How a win was found: a five at once, continuous fours, continuous threats."""

DEFAULT_MAX_NODES = 20_000
"""The node budget of one threat search."""
DEFAULT_VCF_DEPTH: int | None = None
"""The most attacking moves a VCF search tries: ``None`` bounds it by the board alone (half its
empty points: each four and its reply fill two). A VCF is cheap, every reply being forced, and a
ladder of fours runs long (one of 73 fours is known), so no fixed depth such as 12 is right."""
DEFAULT_VCT_DEPTH = 6
"""The most attacking moves a VCT search tries: threes branch widely."""
RELEVANT_REACH = 4
"""After the first threat, the attacker plays only on the lines through its earlier threats,
within this many points of them (the standard *dependency* restriction: it never makes a proof
wrong, it only leaves some wins unfound)."""
VCF_THREAT_DEPTH = 4
"""The most fours of the VCF a quiet move must threaten to count as a threat in a VCT."""
VCF_THREAT_MOVES = 2
"""Quiet moves that threaten a VCF are tried as the first and second attacking moves of a VCT
only (deeper, their VCF searches would eat the budget that finds the usual wins)."""
CLOCK_EVERY = 1
"""The deadline is read once every this many nodes (every node: a VCT node can take milliseconds)."""


@dataclass
class ThreatResult:
    """What a threat search found.

    Attributes:
        kind: ``"five"``, ``"vcf"`` or ``"vct"`` when it proved a win for ``attacker``; ``None``
            when it found none (within ``max_depth``, the budget and the deadline).
        attacker: the player whose win was looked for.
        line: the main line of the win: the attacker's move, the defender's reply, and so on,
            ending with the attacker's five (or with its four when the defender's only block is
            forbidden to it). Empty when no win was found.
        nodes: the nodes visited (one per position looked at).
        completed: ``False`` if the budget or the deadline stopped the search; with no win
            found, the search then says nothing about deeper wins.
        depth: the most attacking moves the finished part of the search tried.
        elapsed: wall-clock seconds spent.
        size: the board's width, for the points' names.
        proof: the attacker's proven wins the search met, by position (a key of the stones):
            the move that wins there and the most attacking moves it needs. Every position the
            win can reach with the attacker to move, whatever the defender answers within the
            defences searched, is among them: :meth:`follow` plays the win to its end.
        rule: the rule of the position searched (a proof holds under that rule only).
    """

    kind: ThreatKind | None
    attacker: Player
    line: list[Point] = field(default_factory=list)
    nodes: int = 0
    completed: bool = True
    depth: int = 0
    elapsed: float = 0.0
    size: int = DEFAULT_SIZE
    proof: dict[int, tuple[Point, int]] = field(default_factory=dict, repr=False)
    rule: str = "freestyle"

    @property
    def move(self) -> Point | None:
        """The attacker's first move of the win, or ``None``."""
        return self.line[0] if self.line else None

    @property
    def proven(self) -> bool:
        """Whether a win was proved (every defence was tried)."""
        return self.kind is not None

    def follow(self, state: Gomoku) -> tuple[Point, int] | None:
        """The attacker's proven move in ``state`` and the most attacking moves still needed
        (after it, the five at the latest ``2 * moves`` plies later), if ``state`` is a
        position of this win with the attacker to move; ``None`` otherwise (the defender
        answered outside the proof, or it is another game): then search afresh.

        A fresh threat search after the defender's reply can miss the continuation (its budget,
        its deadline, or its first move's wider region); the kept proof cannot.

        >>> state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")
        >>> proof = find_vct(state)
        >>> after = state.play(proof.move).play("j11")   # White blocks one end of the column
        >>> point_name(proof.follow(after)[0])         # the row's open four, as the proof says
        'G8'
        """
        if not isinstance(state, Gomoku) or state.size != self.size or state.rule != self.rule \
                or self.kind is None or state.to_move != self.attacker or state.is_terminal():
            return None
        return self.proof.get(_position_key(state))

    def names(self) -> str:
        """The line as point names on the board searched: ``"G8 K8"``."""
        return " ".join(point_name(point, self.size) for point in self.line)

    def search_result(self, state: Gomoku) -> SearchResult:
        """The win as a proven :class:`~tictac_edu.search.SearchResult` for the player to move in
        ``state`` (the attacker): ``value`` ``WIN_SCORE`` less the plies to the five, from that
        player's point of view.

        Raises:
            ValueError: no win was found, or the attacker is not to move.
        """
        if self.kind is None or self.attacker != state.to_move:
            raise ValueError("search_result() needs a proven win of the player to move")
        plies = state.ply + len(self.line)
        return SearchResult(value=WIN_SCORE - plies, move=self.move, pv=list(self.line), nodes=self.nodes,
                            player=state.to_move, depth=None, completed=True, proven=True, elapsed=self.elapsed)


class ThreatSearchStopped(BudgetExhausted):
    """Inside a threat search: the node budget or the deadline ran out (the search catches it
    and answers "no win found", ``completed=False``)."""


_Stopped = ThreatSearchStopped  # the name it had


@cache
def _keys(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    rng = random.Random(f"threats-{size}")
    cells = size * size
    return ((0,) * (cells + 1), tuple(rng.getrandbits(64) for _ in range(cells + 1)),
            tuple(rng.getrandbits(64) for _ in range(cells + 1)))


@cache
def _near(size: int, reach: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells within ``reach`` along its four lines."""
    table = []
    for index in range(size * size):
        x, y = index % size, index // size
        cells = []
        for dx, dy in DIRECTIONS:
            for step in (*range(-reach, 0), *range(1, reach + 1)):
                cx, cy = x + step * dx, y + step * dy
                if 0 <= cx < size and 0 <= cy < size:
                    cells.append(cy * size + cx)
        table.append(tuple(cells))
    return tuple(table)


@cache
def _lines_near(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, per direction, the cells within four points of it along that line."""
    table = []
    for index in range(size * size):
        x, y = index % size, index // size
        rows = []
        for dx, dy in DIRECTIONS:
            rows.append(tuple((y + step * dy) * size + x + step * dx for step in (*range(-4, 0), *range(1, 5))
                              if 0 <= x + step * dx < size and 0 <= y + step * dy < size))
        table.append(tuple(rows))
    return tuple(table)


@cache
def _around(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells within two steps in any direction."""
    table = []
    for index in range(size * size):
        x, y = index % size, index // size
        table.append(tuple((y + dy) * size + x + dx for dy in range(-2, 3) for dx in range(-2, 3)
                           if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size))
    return tuple(table)


_SHAPES: list[dict[int, Shape]] = [{} for _ in range(6)]
"""Shapes by window code, per colour and exactness."""


@cache
def _position_key(state: Gomoku) -> int:
    """The key :class:`ThreatSearch` gives the stones of ``state``."""
    keys, key = _keys(state.size), 0
    for index, cell in enumerate(state._cells):
        if cell:
            key ^= keys[cell][index]
    return key


_places = line_places
_padded_lines = padded_lines
_line_codes = line_codes
_window_cells = window_cells
"""The board as line codes, shared with the candidate scores (:mod:`tictac_edu.evaluation.gomoku`)."""


class ThreatSearch:
    """One threat search on a private board (the position given is never changed).

    Args:
        state: the position.
        attacker: whose win to look for; by default the player to move. Another player means
            "if the player to move passed": what the opponent threatens.
        max_nodes: the node budget.
        deadline: a time on ``clock`` to stop at, or ``None``.
        clock: the clock (tests give a fake one).
        vcf_threats: in a VCT, try also the quiet moves that threaten a VCF (no four, no three).
    """

    def __init__(self, state: Gomoku, attacker: Player | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                 deadline: float | None = None, clock: Callable[[], float] = time.monotonic, *,
                 vcf_threats: bool = True) -> None:
        if not isinstance(state, Gomoku):
            raise TypeError(f"threat search reads gomoku positions, not {type(state).__name__}")
        attacker = state.to_move if attacker is None else attacker
        if attacker not in (BLACK, WHITE):
            raise ValueError(f"{attacker!r} is not a player of gomoku; the players are Black and White")
        _check_budget(max_nodes, deadline)
        self.state = state
        self.size = state.size
        self.cells: list[int] = [*state._cells, WALL]  # index -1 (off the board) reads WALL
        self.attacker = BLACK_STONE if attacker == BLACK else WHITE_STONE
        self.defender = WHITE_STONE if self.attacker == BLACK_STONE else BLACK_STONE
        black_exact, white_exact = exact_five(state.rule)
        self.exact = {BLACK_STONE: black_exact, WHITE_STONE: white_exact}
        self.renju = state.rule == "renju"
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.clock = clock
        self.nodes = 0
        self.codes = _line_codes(self.size, state._cells)
        self.steps = tuple(dy * self.size + dx for dx, dy in DIRECTIONS)
        self.stones: dict[int, list[int]] = {
            colour: [index for index, cell in enumerate(state._cells) if cell == colour]
            for colour in (BLACK_STONE, WHITE_STONE)}
        self.fives: dict[int, set[int]] = {colour: self._scan_fives(colour) for colour in (BLACK_STONE, WHITE_STONE)}
        self.key = 0
        keys = _keys(self.size)
        for index, cell in enumerate(state._cells):
            if cell:
                self.key ^= keys[cell][index]
        self.failed: dict[tuple[int, bool], int] = {}
        self.proven: dict[int, tuple[int, int]] = {}
        """The attacker's proven wins by position key: the winning move, and the fewest
        attacking moves a win found there needed (kept the smallest, so following them ends)."""
        self.limited = False
        self.vcf_threats = vcf_threats

    # -- the board ---------------------------------------------------------------------------

    def shapes(self, index: int, colour: int) -> list[Shape]:
        """The shape of a ``colour`` stone at ``index`` along each direction (read from the
        lines' codes: two bits per point, so a point's 11-point window is one shift and mask)."""
        codes, known = self.codes, _SHAPES[colour + 2 * self.exact[colour]]
        found = []
        for line, shift in _places(self.size)[index]:
            window = (codes[line] >> shift) & WINDOW_MASK
            shape = known.get(window)
            if shape is None:
                shape = known[window] = window_shape(_window_cells(window), colour, self.exact[colour])
            found.append(shape)
        return found

    def _five_points_of(self, index: int, shapes: list[Shape]) -> set[int]:
        return {index + offset * step for shape, step in zip(shapes, self.steps, strict=True)
                for offset in shape.five_points}

    def _makes_five(self, index: int, colour: int) -> bool:
        return any(shape.five for shape in self.shapes(index, colour))

    def _scan_fives(self, colour: int) -> set[int]:
        cells, around = self.cells, _around(self.size)
        seen: set[int] = set()
        for index in self.stones[colour]:
            seen.update(neighbour for neighbour in around[index] if cells[neighbour] == EMPTY)
        return {index for index in seen if self._makes_five(index, colour)}

    def place(self, index: int, colour: int) -> tuple[set[int], set[int]]:
        """Put a stone down; returns what :meth:`remove` needs to restore the five points."""
        saved = (self.fives[BLACK_STONE], self.fives[WHITE_STONE])
        other = WHITE_STONE if colour == BLACK_STONE else BLACK_STONE
        shapes = self.shapes(index, colour)
        self.cells[index] = colour
        for line, shift in _places(self.size)[index]:
            self.codes[line] += colour << (shift + 2 * WINDOW_REACH)
        self.stones[colour].append(index)
        self.key ^= _keys(self.size)[colour][index]
        mine = self.fives[colour] - {index}
        if self.exact[colour]:
            mine = {point for point in mine if self._makes_five(point, colour)}  # an overline may spoil one
        self.fives[colour] = mine | self._five_points_of(index, shapes)
        self.fives[other] = self.fives[other] - {index}
        return saved

    def remove(self, index: int, saved: tuple[set[int], set[int]]) -> None:
        """Take back the stone :meth:`place` put on ``index``."""
        colour = self.cells[index]
        self.key ^= _keys(self.size)[colour][index]
        self.cells[index] = EMPTY
        for line, shift in _places(self.size)[index]:
            self.codes[line] -= colour << (shift + 2 * WINDOW_REACH)
        self.stones[colour].pop()
        self.fives[BLACK_STONE], self.fives[WHITE_STONE] = saved

    def forbidden(self, index: int, colour: int) -> bool:
        """Whether ``index`` is forbidden to ``colour`` (only Black, only under renju)."""
        if not self.renju or colour != BLACK_STONE:
            return False
        x, y = index % self.size, index // self.size
        board = self.cells[:-1]
        return _could_be_forbidden(board, self.size, x, y) and _forbidden_kind(board, self.size, x, y) is not None

    def point(self, index: int) -> Point:
        return index % self.size, index // self.size

    # -- threats -----------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise ThreatSearchStopped
        if self.deadline is not None and self.nodes % CLOCK_EVERY == 0 and self.clock() >= self.deadline:
            raise ThreatSearchStopped

    def _threat_moves(self, region: Iterable[int], threes: bool, depth: int) -> list[int]:
        """The attacker's moves in ``region`` that can still win within ``depth`` attacking
        moves: with one left, those making two five points; with more, every four (those making
        two five points first) and, with ``threes``, the open threes. Never a forbidden point."""
        attacker, cells = self.attacker, self.cells
        deep = depth >= 2
        fours: list[tuple[int, int]] = []
        three_moves: list[int] = []
        for index in region:
            if cells[index] != EMPTY:
                continue
            shapes = self.shapes(index, attacker)
            made = sum(len(shape.five_points) for shape in shapes)
            if made >= 2 or (made and deep):
                fours.append((-made, index))
            elif made:
                self.limited = True  # a four that could win with more depth
            elif threes and any(shape.open_threes for shape in shapes):
                if deep:
                    three_moves.append(index)
                else:
                    self.limited = True
        fours.sort()
        moves = [index for _, index in fours] + three_moves
        if self.renju and attacker == BLACK_STONE:
            moves = [index for index in moves if not self.forbidden(index, attacker)]
        return moves

    def _region(self, played: tuple[int, ...]) -> Iterable[int]:
        if not played:
            around = _around(self.size)
            region: set[int] = set()
            for index in self.stones[self.attacker]:
                region.update(around[index])
            return sorted(region)
        near = _near(self.size, RELEVANT_REACH)
        found: set[int] = set()
        for index in played:
            found.update(near[index])
        return sorted(found)

    def _winning_points(self, colour: int, last: int | None) -> set[int]:
        """The points where ``colour`` would make two five points at once, and may play: on the
        lines through ``last`` (within four points of it), or anywhere for ``None``. A winning
        point made by ``last`` lies there; one that was there before would have won at once, so
        missing it never makes a proof wrong (the position is won either way)."""
        cells = self.cells
        found = set()
        if last is None:
            around = _around(self.size)
            region: set[int] = set()
            for index in self.stones[colour]:
                region.update(around[index])
        else:
            region = set(_near(self.size, RELEVANT_REACH)[last])
        for index in region:
            if cells[index] == EMPTY and len(self._five_points_of(index, self.shapes(index, colour))) >= 2 \
                    and not self.forbidden(index, colour):
                found.add(index)
        return found

    def _fours_of(self, colour: int) -> set[int]:
        """Every point where ``colour`` makes a four (or five)."""
        cells, around = self.cells, _around(self.size)
        near: set[int] = set()
        for index in self.stones[colour]:
            near.update(around[index])
        return {index for index in near if cells[index] == EMPTY
                and any(shape.five_points or shape.five for shape in self.shapes(index, colour))}

    def _defences(self, last: int | None) -> list[int]:
        """The defender's answers to the three ``last`` (``None``: to every three of the
        attacker, after it had to block a four): the attacker's winning points, their
        five points, and every four of the defender's own; never a point forbidden to the
        defender (``[-1]`` when every answer is)."""
        attacker, defender = self.attacker, self.defender
        winning = self._winning_points(attacker, last)
        if not winning:
            return []
        answers = set(winning)
        for index in winning:
            answers |= self._five_points_of(index, self.shapes(index, attacker))
        answers |= self._fours_of(defender)
        if self.renju and attacker == BLACK_STONE:
            answers |= self._forbidding_moves(winning, answers)
        ordered = sorted(answers, key=lambda index: (index not in winning, index))
        return [index for index in ordered if not self.forbidden(index, defender)] or [-1]

    def _forbidding_moves(self, winning: set[int], answers: set[int]) -> set[int]:
        """Under renju, against a black three: the other points where a white stone makes one
        of Black's ``winning`` points forbidden, so that Black may not play it.

        A white stone gives Black no four, no overline and no new straight four; it can only
        make a *fake* three through a winning point real, by lifting the ban on one of that
        three's straight-four points (blocking one of its fours, say). So only the empty cells
        that the check of such a point reads can do it, and each of them is tried."""
        size, board = self.size, self.cells[:-1]
        found: set[int] = set()
        for point in winning:
            x, y = point % size, point // size
            fake = _fake_three_points(board, size, x, y)
            if not fake:
                continue
            board[point] = BLACK_STONE  # the straight-four points are forbidden with Black's stone on the point
            deciding: set[int] = set()
            for straight in fake:
                deciding |= _cells_deciding(board, size, straight % size, straight // size, 1)
            board[point] = EMPTY
            for cell in sorted(deciding - answers - found - {point}):
                board[cell] = WHITE_STONE
                if _forbidden_kind(board, size, x, y) is not None:
                    found.add(cell)
                board[cell] = EMPTY
        return found

    def attack(self, depth: int, threes: bool, played: tuple[int, ...] = ()) -> list[int] | None:
        """An OR node: the attacker to move. The winning line from here, or ``None``."""
        self._tick()
        attacker, defender = self.attacker, self.defender
        if self.fives[attacker]:
            self._prove(min(self.fives[attacker]), 0)
            return [min(self.fives[attacker])]
        theirs = self.fives[defender]
        if len(theirs) >= 2:
            return None
        if theirs:
            (block,) = theirs
            if depth <= 0 or self.forbidden(block, attacker):
                self.limited = self.limited or depth <= 0
                return None
            moves = [block]
        else:
            if depth <= 0:
                self.limited = True
                return None
            key = (self.key, threes)
            if self.failed.get(key, -1) >= depth:
                self.limited = True  # the failure remembered may have been cut short by its depth
                return None
            moves = self._threat_moves(self._region(played), threes, depth)
        for move in moves:
            saved = self.place(move, attacker)
            try:
                line = self.defend(depth - 1, threes, (*played, move), forced=bool(theirs))
            finally:
                self.remove(move, saved)
            if line is not None:
                self._prove(move, depth)
                return [move, *line]
        if not theirs and threes and self.vcf_threats and depth >= 2 and len(played) < VCF_THREAT_MOVES:
            tried = set(moves)
            for move in self._quiet_moves(self._region(played), tried):
                line = self._vcf_threat(move, depth, played)
                if line is not None:
                    self._prove(move, depth)
                    return line
        if not theirs:
            self.failed[(self.key, threes)] = depth
        return None

    def _quiet_moves(self, region: Iterable[int], tried: set[int]) -> list[int]:
        """The attacker's moves in ``region`` (not in ``tried``, never forbidden) after which it
        has at least two fours on the lines through the move: the candidates to threaten a VCF.
        (A new four point lies on a line through the move with two more of the attacker's
        stones within four points, so only such lines are looked at.)"""
        attacker, cells, lines = self.attacker, self.cells, _lines_near(self.size)
        found: list[tuple[int, int]] = []
        for index in region:
            if cells[index] != EMPTY or index in tried:
                continue
            busy = [line for line in lines[index] if sum(1 for point in line if cells[point] == attacker) >= 2]
            if not busy or self.forbidden(index, attacker):
                continue
            saved = self.place(index, attacker)
            try:
                fours = sum(1 for line in busy for point in line if cells[point] == EMPTY
                            and any(shape.five_points for shape in self.shapes(point, attacker)))
            finally:
                self.remove(index, saved)
            if fours >= 2:
                found.append((-fours, index))
        found.sort()
        return [index for _, index in found]

    def _vcf_threat(self, move: int, depth: int, played: tuple[int, ...]) -> list[int] | None:
        """An OR node's quiet ``move``: if the attacker then has a VCF (were the defender to pass),
        the defender must answer at a point that can spoil it (:meth:`_spoilers`), and the
        attack must win against each of them; any other answer leaves the VCF standing."""
        attacker, defender = self.attacker, self.defender
        saved = self.place(move, attacker)
        try:
            threat = self.attack(min(depth - 1, VCF_THREAT_DEPTH), False)  # the defender passes
            if threat is None:
                return None
            answers = [index for index in sorted(self._spoilers(threat))
                       if self.cells[index] == EMPTY and not self.forbidden(index, defender)]
            main: list[int] | None = None
            for reply in answers:
                held = self.place(reply, defender)
                try:
                    line = self.attack(depth - 1, True, (*played, move))
                finally:
                    self.remove(reply, held)
                if line is None:
                    return None
                if main is None:
                    main = [reply, *line]
            if main is None:
                return None  # every answer is forbidden to Black: a win, but no line to show for it
            return [move, *main]
        finally:
            self.remove(move, saved)

    def _spoilers(self, threat: list[int]) -> set[int]:
        """Every empty point where a defender's stone could spoil the VCF ``threat`` (the line
        from here, the attacker to move): its points; the defender's fours; the points that
        with one of its blocks could make the defender a four (its block would then threaten
        five); under renju the cells deciding whether an attacking black move is forbidden, or
        whether the black defender's last block is (a stone elsewhere changes neither); and the
        five points the line ends with."""
        attacker, defender, cells, size = self.attacker, self.defender, self.cells, self.size
        found = set(threat) | self._fours_of(defender)
        blocks = threat[1::2]
        theirs = set(blocks) | set(self.stones[defender])
        for block in blocks:
            x, y = block % size, block // size
            for dx, dy in DIRECTIONS:
                for start in range(-4, 1):
                    window = [(x + (start + step) * dx, y + (start + step) * dy) for step in range(5)]
                    if not all(0 <= wx < size and 0 <= wy < size for wx, wy in window):
                        continue
                    points = [wy * size + wx for wx, wy in window]
                    if any(cells[point] == attacker for point in points):
                        continue
                    if sum(point in theirs for point in points) + 1 >= 4:
                        found.update(point for point in points if cells[point] == EMPTY)
        placed: list[tuple[int, tuple[set[int], set[int]]]] = []
        try:
            for number, point in enumerate(threat):
                colour = attacker if number % 2 == 0 else defender
                if self.renju and colour == BLACK_STONE and number % 2 == 0:
                    found |= _cells_deciding(self.cells[:-1], size, point % size, point // size)
                placed.append((point, self.place(point, colour)))
            ending = set(self.fives[attacker])  # after a four whose block is forbidden: that block
            found |= ending
            if self.renju and defender == BLACK_STONE:
                for point in ending:
                    found |= _cells_deciding(self.cells[:-1], size, point % size, point // size)
        finally:
            for point, saved in reversed(placed):
                self.remove(point, saved)
        return {point for point in found if cells[point] == EMPTY}

    def _prove(self, move: int, depth: int) -> None:
        """Remember that ``move`` wins here within ``depth`` attacking moves."""
        known = self.proven.get(self.key)
        if known is None or depth < known[1]:
            self.proven[self.key] = (move, depth)

    def _proof(self) -> dict[int, tuple[Point, int]]:
        return {key: (self.point(move), depth) for key, (move, depth) in self.proven.items()}

    def defend(self, depth: int, threes: bool, played: tuple[int, ...], forced: bool = False) -> list[int] | None:
        """An AND node: the defender to move after the attacker's move (``forced``: a block of
        the defender's four). The winning line from here against the defender's best reply, or
        ``None`` if some reply holds."""
        self._tick()
        attacker, defender = self.attacker, self.defender
        mine = self.fives[attacker]
        if self.fives[defender]:
            return None  # the defender makes five
        if len(mine) >= 2:
            first, second = sorted(mine)[:2]
            return [first, second]
        if mine:
            (block,) = mine
            if self.forbidden(block, defender):
                return []  # Black may not block: White makes five next move
            replies = [block]
        elif threes:
            replies = self._defences(None if forced else played[-1])
            if not replies:
                return None  # the move made no threat
            if replies == [-1]:
                return []  # every defence is forbidden to Black
        else:
            return None
        main: list[int] | None = None
        for reply in replies:
            saved = self.place(reply, defender)
            try:
                line = self.attack(depth, threes, played)
            finally:
                self.remove(reply, saved)
            if line is None:
                return None
            if main is None:
                main = [reply, *line]
        return main

    def run(self, threes: bool, max_depth: int) -> ThreatResult:
        """Deepen one attacking move at a time up to ``max_depth``; the first win found."""
        started = time.perf_counter()
        attacker = BLACK if self.attacker == BLACK_STONE else WHITE
        finished = 0
        kind: ThreatKind = "vct" if threes else "vcf"
        immediate = bool(self.fives[self.attacker])
        try:
            for depth in range(1, max_depth + 1):
                self.limited = False
                line = self.attack(depth, threes)
                if line is not None:
                    points = [self.point(index) for index in line]
                    found: ThreatKind = "five" if immediate else kind
                    return ThreatResult(found, attacker, points, self.nodes, True, depth, time.perf_counter() - started,
                                        self.size, self._proof(), self.state.rule)
                finished = depth
                if not self.limited:
                    break  # no line reached the depth limit: deeper searches find nothing more
        except ThreatSearchStopped:
            return ThreatResult(None, attacker, [], self.nodes, False, finished, time.perf_counter() - started,
                                self.size, rule=self.state.rule)
        return ThreatResult(None, attacker, [], self.nodes, True, finished, time.perf_counter() - started, self.size,
                            rule=self.state.rule)


def _check_budget(max_nodes: object, deadline: object) -> None:
    """Raise ``ValueError`` unless ``max_nodes`` is a whole number >= 1 and ``deadline`` is
    ``None`` or a finite time on the clock."""
    if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or max_nodes < 1:
        raise ValueError(f"max_nodes is a whole number >= 1, not {max_nodes!r}")
    if deadline is not None and (not isinstance(deadline, int | float) or isinstance(deadline, bool)
                                 or not math.isfinite(deadline)):
        raise ValueError(f"deadline is a time on the clock (a finite number of seconds) or None, not {deadline!r}")


def _check_game(state: object) -> Gomoku:
    if not isinstance(state, Gomoku):
        raise TypeError(f"threat search reads gomoku positions, not {type(state).__name__}")
    return state


def win_in_one(state: Gomoku) -> Point | None:
    """A point where the player to move makes five at once (the first row by row), or ``None``.

    >>> point_name(win_in_one(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 b1")))
    'G8'
    """
    _check_game(state)
    if state.is_terminal():
        return None
    search = ThreatSearch(state)
    fives = search.fives[search.attacker]
    return search.point(min(fives)) if fives else None


def must_block(state: Gomoku) -> list[Point]:
    """The opponent's five points, row by row: where the player to move must play (when it cannot
    make five itself). Two or more mean the opponent wins whatever is played.

    >>> [point_name(p) for p in must_block(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8"))]
    ['G8', 'L8']
    """
    _check_game(state)
    if state.is_terminal():
        return []
    search = ThreatSearch(state)
    return [search.point(index) for index in sorted(search.fives[search.defender])]


def find_vcf(state: Gomoku, *, attacker: Player | None = None, max_depth: int | None = DEFAULT_VCF_DEPTH,
             max_nodes: int = DEFAULT_MAX_NODES, deadline: float | None = None,
             clock: Callable[[], float] = time.monotonic) -> ThreatResult:
    """A victory by continuous fours for ``attacker`` (by default the player to move), shortest
    first; see :class:`ThreatResult`.

    Args:
        state: the position; never changed.
        attacker: whose win to look for; the opponent of the player to move asks what that
            opponent threatens if the player to move passed.
        max_depth: the most attacking moves; ``None`` (the default for a VCF): half the empty
            points, as many as the board can hold.
        max_nodes, deadline, clock: when to stop.

    Raises:
        TypeError: ``state`` is not a gomoku position.
        ValueError: a bad attacker, depth or budget.
    """
    return _find(state, attacker, max_depth, max_nodes, deadline, clock, threes=False)


def find_vct(state: Gomoku, *, attacker: Player | None = None, max_depth: int = DEFAULT_VCT_DEPTH,
             max_nodes: int = DEFAULT_MAX_NODES, deadline: float | None = None,
             clock: Callable[[], float] = time.monotonic, vcf_threats: bool = True) -> ThreatResult:
    """A victory by continuous threats for ``attacker``, shortest first: fours, open threes and
    (with ``vcf_threats``) the quiet moves after which the attacker would have a VCF, answered
    by every defender's point that could spoil it; arguments as for :func:`find_vcf`.

    >>> state = Gomoku.from_moves("h8 a1 i9 o1 j10 a15 h10 o15")   # an open three on the diagonal
    >>> find_vct(state).names()   # K11 makes an open four: a VCF, the shortest threat win
    'K11 L12 G7'
    """
    return _find(state, attacker, max_depth, max_nodes, deadline, clock, threes=True, vcf_threats=vcf_threats)


def board_depth(state: Gomoku) -> int:
    """The most attacking moves a threat win can have on ``state``'s board: half its empty
    points (at least one)."""
    return max(1, sum(1 for cell in _check_game(state)._cells if cell == EMPTY) // 2)


def _find(state: Gomoku, attacker: Player | None, max_depth: int | None, max_nodes: int, deadline: float | None,
          clock: Callable[[], float], threes: bool, vcf_threats: bool = True) -> ThreatResult:
    _check_game(state)
    if max_depth is None:
        max_depth = board_depth(state)
    if not isinstance(max_depth, int) or isinstance(max_depth, bool) or max_depth < 1:
        raise ValueError(f"max_depth is a whole number >= 1, not {max_depth!r}")
    search = ThreatSearch(state, attacker, max_nodes, deadline, clock, vcf_threats=vcf_threats)
    if state.is_terminal():
        return ThreatResult(None, BLACK if search.attacker == BLACK_STONE else WHITE, size=state.size)
    return search.run(threes, max_depth)


def threat_search(state: Gomoku, *, vct: bool = True, max_nodes: int = DEFAULT_MAX_NODES,
                  deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> SearchResult | None:
    """A proven win for the player to move by threats alone: a five, else a VCF, else (with
    ``vct``) a VCT, each within ``max_nodes`` nodes and the deadline.

    Returns:
        A :class:`~tictac_edu.search.SearchResult` with ``proven=True`` and the winning line as
        its ``pv`` (``value`` from the player to move's point of view), or ``None`` when no win
        was found (which proves nothing).

    Raises:
        TypeError: ``state`` is not a gomoku position.
        ValueError: ``max_nodes`` is not a whole number >= 1, or ``deadline`` is not ``None`` or
            a finite number.
    """
    _check_game(state)
    _check_budget(max_nodes, deadline)
    if state.is_terminal():
        return None
    nodes = 0
    for finder in (find_vcf, find_vct) if vct else (find_vcf,):
        result = finder(state, max_nodes=max(1, max_nodes - nodes), deadline=deadline, clock=clock)
        nodes += result.nodes
        if result.kind is not None:
            found = result.search_result(state)
            found.nodes = nodes
            return found
        if nodes >= max_nodes or (deadline is not None and clock() >= deadline):
            break
    return None


__all__ = ["DEFAULT_MAX_NODES", "ThreatResult", "ThreatSearch", "board_depth", "find_vcf", "find_vct", "must_block",
           "threat_search", "win_in_one"]
