"""Transposition tables: remember what a search learnt about a position.

Alpha-beta rarely learns a position's exact value: a node that fails low only learns an
*upper* bound, a node that is cut off only a *lower* bound. A table that forgets this
(storing every value as exact) returns wrong answers. Each entry therefore carries a
:class:`Bound` flag, and the depth it was searched to.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

from tictac_edu.games.base import Move

DEFAULT_TABLE_SIZE = 1 << 20
"""Default number of slots: about a million entries."""


class Bound(Enum):
    """What a stored value says about the true value ``v`` of the position."""

    EXACT = "exact"  # v == value
    LOWER = "lower"  # v >= value (the search failed high: a cut-off)
    UPPER = "upper"  # v <= value (the search failed low: no move reached alpha)


@dataclass(slots=True)
class TableEntry:
    """One remembered search result; ``value`` is from the point of view of the player to move."""

    key: Hashable
    depth: float
    value: float
    bound: Bound
    move: Move | None


class TranspositionTable:
    """A bounded table of :class:`TableEntry`, indexed by position key.

    The table has ``size`` slots; a position goes to slot ``hash(key) % size`` and a new
    entry replaces whatever was there ("always replace"). Keys must hash the same in every
    run (ints and tuples of ints do; strings do not), so node counts are reproducible.

    >>> table = TranspositionTable(size=16)
    >>> table.store(42, depth=3, value=1, bound=Bound.LOWER, move=4)
    >>> table.probe(42)
    TableEntry(key=42, depth=3, value=1, bound=<Bound.LOWER: 'lower'>, move=4)
    >>> table.probe(7) is None
    True
    """

    def __init__(self, size: int = DEFAULT_TABLE_SIZE) -> None:
        if not isinstance(size, int) or size < 1:
            raise ValueError(f"a transposition table needs at least one slot, not {size!r}")
        self.size = size
        self._slots: list[TableEntry | None] = [None] * size
        self.stores = 0
        self.replaced = 0
        self.hits = 0

    def probe(self, key: Hashable) -> TableEntry | None:
        """The entry for ``key``, or ``None`` if the table does not hold it."""
        entry = self._slots[hash(key) % self.size]
        if entry is not None and entry.key == key:
            self.hits += 1
            return entry
        return None

    def store(self, key: Hashable, depth: float, value: float, bound: Bound, move: Move | None) -> None:
        """Remember that ``key`` searched to ``depth`` gave ``value`` (a ``bound``) and ``move``."""
        slot = hash(key) % self.size
        old = self._slots[slot]
        if old is not None and old.key != key:
            self.replaced += 1
        self._slots[slot] = TableEntry(key, depth, value, bound, move)
        self.stores += 1

    def clear(self) -> None:
        """Forget everything."""
        self._slots = [None] * self.size
        self.stores = self.replaced = self.hits = 0

    def __len__(self) -> int:
        return sum(entry is not None for entry in self._slots)
