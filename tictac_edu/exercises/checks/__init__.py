"""The tests of the exercises, one module per notebook (see :mod:`tictac_edu.exercises.registry`).

Each module also lists, as data, what each exercise's contract (its docstring) admits: its
*dimensions* (the kinds of number it must take, the board shapes, both directions of each
rule, the combinations a rule orders, inputs that repeat, the cost the notebook states), each
with the tests that cover it. :func:`contract` records them; the project's tests check that
every dimension names tests that exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DimensionKind = Literal["numbers", "shapes", "directions", "order", "repeats", "cost", "inputs", "outputs"]
"""The kinds of contract dimension: the kinds of number allowed; board shapes and sizes; both
directions of a policy (a bound inside, at and beyond the window...); combinations a rule
orders; inputs that repeat in real use (and state kept between calls); a cost the notebook
states, counted; other inputs the contract admits; what must come back (type, order, the
arguments left unchanged)."""


@dataclass(frozen=True)
class Dimension:
    """One dimension of an exercise's contract.

    Attributes:
        kind: which kind of dimension (see :data:`DimensionKind`).
        what: what the contract admits along it, in a sentence.
        cases: the titles of the tests that cover it (each the start of a test's title).
    """

    kind: DimensionKind
    what: str
    cases: tuple[str, ...]


CONTRACTS: dict[str, tuple[Dimension, ...]] = {}
"""Every exercise's contract dimensions, by exercise name."""


def dimension(kind: DimensionKind, what: str, *cases: str) -> Dimension:
    """A contract dimension covered by the tests whose titles start with ``cases``."""
    return Dimension(kind, what, cases)


def contract(exercise: str, *dimensions: Dimension) -> tuple[Dimension, ...]:
    """Record the contract dimensions of ``exercise``."""
    if exercise in CONTRACTS:
        raise ValueError(f"the contract of {exercise!r} is given twice")
    CONTRACTS[exercise] = tuple(dimensions)
    return CONTRACTS[exercise]
