"""Transposition tables: remember what a search learnt about a position.

Alpha-beta rarely learns a position's exact value: a node that fails low only learns an
*upper* bound, a node that is cut off only a *lower* bound. A table that forgets this
(storing every value as exact) returns wrong answers. Each entry therefore carries a
:class:`Bound` flag, the depth it was searched to, and whether its outcome is *proven*: a
value found at a depth limit is a heuristic estimate, and a later search that takes it from the
table must not report it as a game-theoretic result.

A table serves one game and one way of scoring: the first search that uses it claims it for
its game and options, and a search of another game (or of the same game scored another way)
is refused with a clear error instead of reading values that mean something else.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

from tictac_edu.games.base import Move
from tictac_edu.search.common import proven_outcome

DEFAULT_TABLE_SIZE = 1 << 20
"""Default number of slots: about a million entries."""


class Bound(Enum):
    """What a stored value says about the true value ``v`` of the position."""

    EXACT = "exact"  # v == value
    LOWER = "lower"  # v >= value (the search failed high: a cut-off)
    UPPER = "upper"  # v <= value (the search failed low: no move reached alpha)


@dataclass(slots=True)
class TableEntry:
    """One remembered search result; ``value`` is from the point of view of the player to move.

    ``low`` and ``high`` are what the search *proved* about the true value, whatever the
    depth (``low <= true value <= high``): a value found at a depth limit proves nothing
    (``-inf, inf``), a finished game proves its own value. A later search that reads the entry
    takes these bounds, never the estimate, as proof.
    """

    key: Hashable
    depth: float
    value: float
    bound: Bound
    move: Move | None
    low: float = -math.inf
    high: float = math.inf

    @property
    def proven(self) -> bool:
        """Whether the proven bounds settle the outcome (win, draw or loss for the player to move)."""
        return proven_outcome(self.low, self.high)


class TranspositionTable:
    """A bounded table of :class:`TableEntry`, indexed by position key.

    The table has ``size`` slots; a position goes to slot ``hash(key) % size`` and a new
    entry replaces whatever was there ("always replace"). Keys must hash the same in every
    run (ints and tuples of ints do; strings do not), so node counts are reproducible.

    >>> table = TranspositionTable(size=16)
    >>> table.store(42, depth=3, value=1, bound=Bound.LOWER, move=4)
    >>> table.probe(42)
    TableEntry(key=42, depth=3, value=1, bound=<Bound.LOWER: 'lower'>, move=4, low=-inf, high=inf)
    >>> table.probe(7) is None
    True
    """

    def __init__(self, size: int = DEFAULT_TABLE_SIZE) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ValueError(f"a transposition table needs a whole number of slots >= 1, not {size!r}")
        self.size = size
        self.owner: Hashable | None = None
        self._slots: list[TableEntry | None] = [None] * size
        self.stores = 0
        self.replaced = 0
        self.hits = 0

    def claim(self, owner: Hashable, described: str) -> None:
        """Reserve the table for one game and scoring (``owner``); searches call this first.

        Args:
            owner: what the values depend on: the game, its options, the evaluation, ...
            described: the same in words, for the error message.

        Raises:
            ValueError: the table already holds entries of another owner.
        """
        if self.owner is None or self.stores == 0:
            self.owner, self._described = owner, described
        elif self.owner != owner:
            raise ValueError(f"this transposition table holds values of {self._described}; a search of "
                             f"{described} would read them as its own. Use a new TranspositionTable (or clear() "
                             "this one).")

    def probe(self, key: Hashable) -> TableEntry | None:
        """The entry for ``key``, or ``None`` if the table does not hold it."""
        entry = self._slots[hash(key) % self.size]
        if entry is not None and entry.key == key:
            self.hits += 1
            return entry
        return None

    def store(self, key: Hashable, depth: float, value: float, bound: Bound, move: Move | None,
              low: float = -math.inf, high: float = math.inf) -> None:
        """Remember that ``key`` searched to ``depth`` gave ``value`` (a ``bound``) and ``move``,
        and proved ``low <= true value <= high``."""
        slot = hash(key) % self.size
        old = self._slots[slot]
        if old is not None and old.key != key:
            self.replaced += 1
        self._slots[slot] = TableEntry(key, depth, value, bound, move, low, high)
        self.stores += 1

    def clear(self) -> None:
        """Forget everything."""
        self._slots = [None] * self.size
        self.stores = self.replaced = self.hits = 0
        self.owner = None

    def __len__(self) -> int:
        return sum(entry is not None for entry in self._slots)
