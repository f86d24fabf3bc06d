"""Naming the mistake behind a wrong answer, by comparing the learner's function with the
deliberately buggy versions of :mod:`tictac_edu.exercises.buggy`.

Each exercise asks a few small questions, its *probes* (a position to value, a board to
check, a window to score): cheap enough to put to every buggy version once, and to the
learner's function once a test has failed. Her answers make a *fingerprint*. When it is
exactly the fingerprint of one buggy version, her function behaves like that mistake on
every probe, and the check names it (first, and on every failing test). Otherwise the buggy
version that explains her answers best is the likely mistake: she repeats more than half of
its wrong answers, and it accounts for at least half of hers. It is named for the failing
tests that have no guess of their own.

The buggy versions' fingerprints are worked out once per process, outside the learner's
time limit.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tictac_edu.exercises.buggy import Buggy, versions

Probe = Callable[[Callable[..., Any]], Any]
"""A question put to a function: ``probe(fn)`` calls ``fn`` and returns what it observed."""

_SCALARS = (str, int, float, complex, bytes, type(None))


def fresh(value: Any) -> Any:
    """A copy of the lists, dicts and sets in ``value`` (other objects are shared: positions
    are immutable), so that every function is asked with its own arguments."""
    if isinstance(value, list):
        return [fresh(item) for item in value]
    if isinstance(value, tuple):
        return tuple(fresh(item) for item in value)
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    if isinstance(value, set):
        return {fresh(item) for item in value}
    return value


def normalize(value: Any) -> Any:
    """A comparable form of what a function returned: numpy numbers become Python numbers,
    containers keep their kind (a list is not a tuple, True is not 1)."""
    if isinstance(value, bool):
        return ("bool", value)
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        item = value.item()
        return normalize(item) if not isinstance(item, type(value)) else ("numpy", repr(value))
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, list):
        return ("list", tuple(normalize(item) for item in value))
    if isinstance(value, tuple):
        return ("tuple", tuple(normalize(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((repr(key), normalize(item)) for key, item in value.items()), key=repr)))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted(repr(item) for item in value)))
    from tictac_edu.exercises.plain import Foreign, Generator

    if inspect.isgenerator(value) or isinstance(value, Generator):
        return ("generator",)
    if isinstance(value, Foreign):
        return ("object", value.type_name)
    return value


def observe_call(fn: Callable[..., Any], args: Sequence[Any]) -> Any:
    """Call ``fn`` with fresh copies of ``args``; what it returned, and what became of the
    arguments it could change (their contents, and whether it returned one of them)."""
    copies = [fresh(arg) for arg in args]
    result = fn(*copies)
    mutable = [copy for copy in copies if isinstance(copy, (list, dict, set))]
    return (normalize(result), tuple(normalize(copy) for copy in mutable), tuple(result is copy for copy in mutable))


def call(*args: Any) -> Probe:
    """The probe that calls the function with ``args``."""
    return lambda fn: observe_call(fn, args)


def ask(probe: Probe, fn: Callable[..., Any]) -> Any:
    """``probe(fn)``, or what went wrong: an exception is an answer too."""
    try:
        return probe(fn)
    except RecursionError:
        return ("raised", "RecursionError")
    except Exception as exc:  # noqa: BLE001 - every exception is part of the fingerprint
        return ("raised", type(exc).__name__)


@dataclass(frozen=True)
class Diagnosis:
    """The mistake a learner's function most likely makes.

    Attributes:
        buggy: the buggy version it behaves like.
        exact: it answered every probe exactly like that version.
    """

    buggy: Buggy

    exact: bool

    @property
    def mistake(self) -> str:
        """The mistake's id."""
        return self.buggy.mistake


@dataclass(frozen=True)
class Fingerprints:
    """The answers of the reference and of every buggy version of one exercise to its probes."""

    reference: tuple[Any, ...]
    buggy: tuple[tuple[Buggy, tuple[Any, ...]], ...]


_PROBES: dict[str, Callable[[], Sequence[Probe]]] = {}


def register_probes(exercise: str, probes: Callable[[], Sequence[Probe]]) -> None:
    """Declare the probes of ``exercise`` (built on first use)."""
    _PROBES[exercise] = probes


@cache
def probes(exercise: str) -> tuple[Probe, ...]:
    """The probes of an exercise (none if it declares none)."""
    make = _PROBES.get(exercise)
    return tuple(make()) if make is not None else ()


SAFETY_CPU = 5.0
"""CPU seconds the buggy versions of one exercise may take to answer its probes (they take a
few milliseconds: this only guards against a probe too big for some version)."""


def _answers(fn: Callable[..., Any], questions: Sequence[Probe]) -> tuple[Any, ...]:
    from tictac_edu.exercises.guard import CheckTimeout, LearnerClock

    clock = LearnerClock(SAFETY_CPU)
    answers: list[Any] = []
    clock.start()
    try:
        for probe in questions:
            with clock.running():
                answers.append(ask(probe, fn))
    except CheckTimeout:
        answers += [("too slow",)] * (len(questions) - len(answers))
    finally:
        clock.stop()
    return tuple(answers)


@cache
def fingerprints(exercise: str, reference: Callable[..., Any]) -> Fingerprints:
    """The reference's and the buggy versions' answers to the probes of ``exercise``."""
    questions = probes(exercise)
    return Fingerprints(_answers(reference, questions),
                        tuple((entry, _answers(entry.function, questions)) for entry in versions(exercise)))


def diagnose(exercise: str, reference: Callable[..., Any], answers: Sequence[Any]) -> Diagnosis | None:
    """The buggy version whose answers ``answers`` (the learner's, to the same probes)
    match exactly, or else repeat most of its wrong answers; ``None`` if none does."""
    known = fingerprints(exercise, reference)
    answers = tuple(answers)
    if not answers or answers == known.reference:
        return None
    for entry, theirs in known.buggy:
        if theirs == answers:
            return Diagnosis(entry, exact=True)
    learner_wrong = sum(answer != known.reference[index] for index, answer in enumerate(answers))
    best: tuple[int, Buggy] | None = None
    for entry, theirs in known.buggy:
        wrong = [index for index, answer in enumerate(theirs) if answer != known.reference[index]]
        hits = sum(answers[index] == theirs[index] for index in wrong)
        misses = len(wrong) - hits
        unexplained = learner_wrong - hits
        # most of the version's own wrong answers, and at least half of the learner's
        score = hits - misses
        if hits and score > 0 and hits >= unexplained and (best is None or score > best[0]):
            best = (score, entry)
    return Diagnosis(best[1], exact=False) if best is not None else None


# -- the failing test itself: which buggy versions fail it in the same way? -------------------------

TWIN_KINDS = ("wrong answer", "wrong type", "mutated input")
"""Failures a buggy version can share exactly (an exception or a time-out is too common a
sign to name a mistake by)."""

TWIN_CPU = 1.0
"""CPU seconds a buggy version may take on one test when it is compared with the learner's."""

_TWIN_SIGNATURES: dict[tuple[str, str, int], tuple | None] = {}


def twins(exercise: str, outcomes: Sequence[tuple[int, tuple | None]],
          run_case: Callable[[Callable[..., Any], int], Any], among: Sequence[Buggy] | None = None) -> list[Buggy]:
    """The buggy versions of ``exercise`` whose outcome on each test run so far is the
    learner's: ``outcomes`` holds (test number, signature of its failure, or ``None`` for a
    pass), the failing test last; ``run_case(fn, number)`` runs a test on another function and
    returns its :class:`~tictac_edu.exercises.report.CaseResult`. Such a version passes what
    she passed and fails what she failed, with the same message, position, expected and
    returned value. ``among``: the versions to compare (all by default). Each version's outcome
    on each test is worked out once per process."""
    found = []
    for entry in versions(exercise) if among is None else among:
        for number, signature in outcomes:
            key = (exercise, entry.name, number)
            if key not in _TWIN_SIGNATURES:
                result = run_case(entry.function, number)
                _TWIN_SIGNATURES[key] = result.signature() if result.status == "failed" else None
            if _TWIN_SIGNATURES[key] != signature:
                break
        else:
            found.append(entry)
    return found
