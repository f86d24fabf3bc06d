"""Exercises and their test cases, and the runner that checks a learner's function.

Each exercise is declared once, in ``tictac_edu/exercises/checks/``: a name, the notebook,
graded hints, the reference solution, a list of :class:`Case` objects and the probes that
fingerprint a function (:mod:`tictac_edu.exercises.diagnosis`). The same cases serve
:func:`~tictac_edu.exercises.check` in a notebook, the pytest tests a teacher runs on a
learner's file (``tictac_edu/exercises/tests.py``) and the grading of a class.

A case is a function ``case(t)`` that gets a :class:`Context`: ``t.call(...)`` calls the
learner's function (timing it, and checking that it leaves its arguments unchanged),
``t.fail(...)`` reports a wrong answer. Whatever else goes wrong (an exception, a time-out,
too much memory) is caught by :class:`ExerciseRun`, which also decides which cases to run:
after a time-out none, after a failure not the long ones, and never more than the check's
CPU budget.

Only the learner's own code is timed, in CPU seconds: the reference figures, the diagnosis and
everything else the checker does are not, and neither is time other programs take.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import math
import numbers
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tictac_edu.exercises import diagnosis as diagnosis_module
from tictac_edu.exercises import plain
from tictac_edu.exercises.guard import (
    MEMORY_LIMIT,
    CheckTimeout,
    LearnerClock,
    captured_output,
    choose_mode,
    describe_patches,
    innermost_location,
    learner_location,
    memory_limit,
    package_patches,
    redo_patches,
    remember_package_classes,
    undo_patches,
)
from tictac_edu.exercises.mistakes import MISTAKES
from tictac_edu.exercises.report import CaseResult, FailureKind, Report

DEFAULT_TIME_LIMIT = 1.0
"""CPU seconds the learner's function may take on one test (the references take a few
milliseconds on most; the long tests set their own limits)."""

CHECK_CPU_BUDGET = 3.0
"""CPU seconds the learner's function may take over all the tests of one check, so that a
check answers within a few seconds whatever the function does."""

FINGERPRINT_CPU = 0.5
"""CPU seconds the learner's function may take to answer the probes of the diagnosis."""

CHECK_MODULES = (
    "tictac_edu.exercises.checks.nb00_welcome",
    "tictac_edu.exercises.checks.nb01_minimax",
    "tictac_edu.exercises.checks.nb02_alphabeta",
    "tictac_edu.exercises.checks.nb03_ordering_memory",
    "tictac_edu.exercises.checks.nb04_evaluation",
    "tictac_edu.exercises.checks.nb05_connect4",
    "tictac_edu.exercises.checks.nb06_gomoku",
    "tictac_edu.exercises.checks.nb07_beyond",
    "tictac_edu.exercises.checks.nb08_fast",
)
"""The modules that declare the exercises, in course order."""

remember_package_classes()


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Marks "no value given" where ``None`` is a meaningful value (a function may return None)."""


class Fail(Exception):
    """A test found a wrong answer (raised by :meth:`Context.fail`)."""

    def __init__(self, message: str, *, kind: FailureKind = "wrong answer", position: Any = None,
                 expected: Any = MISSING, got: Any = MISSING, mistake: str | None = None,
                 reproduce: str | None = None, hint: str | None = None, error: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.position = position
        self.expected = expected
        self.got = got
        self.mistake = mistake
        self.reproduce = reproduce
        self.hint = hint
        self.error = error


@dataclass
class Case:
    """One test of an exercise.

    Attributes:
        title: what it checks, in a few words (shown with the result).
        run: the test itself, ``run(t)`` with ``t`` a :class:`Context`.
        time_limit: CPU seconds the learner's function may take in this test.
        timeout_mistake: the classic mistake a time-out most likely means (else a general hint).
        mutation_mistake: the mistake to name if the function changes its arguments.
        expensive: a long test (the whole game tree, an empty board): not run once an
            earlier test has failed, since the cheap ones say what is wrong faster.
    """

    title: str
    run: Callable[[Context], None]
    time_limit: float = DEFAULT_TIME_LIMIT
    timeout_mistake: str | None = None
    mutation_mistake: str = "mutates_input"
    expensive: bool = False


@dataclass
class Exercise:
    """An exercise: a function the learner writes, with its tests, hints and reference.

    Attributes:
        name: the function's name, also the exercise's.
        notebook: the notebook it belongs to, ``"00"`` .. ``"07"``.
        summary: one line saying what the function does.
        hints: graded hints, vaguest first.
        reference_path: ``"module:function"`` of the reference solution.
        returns: what the function returns, for messages about a wrong type.
        cases: the tests, in the order they run.
    """

    name: str
    notebook: str
    summary: str
    hints: list[str]
    reference_path: str
    returns: str
    cases: list[Case] = field(default_factory=list)

    def case(self, title: str, *, time_limit: float = DEFAULT_TIME_LIMIT, timeout_mistake: str | None = None,
             mutation_mistake: str = "mutates_input", expensive: bool = False
             ) -> Callable[[Callable[[Context], None]], Callable[[Context], None]]:
        """Decorator: add ``run`` as a test case of this exercise."""

        def add(run: Callable[[Context], None]) -> Callable[[Context], None]:
            self.cases.append(Case(title, run, time_limit, timeout_mistake, mutation_mistake, expensive))
            return run

        return add

    def probes(self, make: Callable[[], Sequence[diagnosis_module.Probe]]) -> Callable[[], Sequence[Any]]:
        """Decorator: ``make()`` builds the probes that fingerprint a function for the diagnosis."""
        diagnosis_module.register_probes(self.name, make)
        return make

    @property
    def reference(self) -> Callable[..., Any]:
        """The reference solution (imported on first use)."""
        module, _, function = self.reference_path.partition(":")
        return getattr(importlib.import_module(module), function)


_EXERCISES: dict[str, Exercise] = {}


def declare(name: str, *, notebook: str, summary: str, hints: Sequence[str], reference: str,
            returns: str) -> Exercise:
    """Declare an exercise (called by the modules in ``checks/``)."""
    if name in _EXERCISES:
        raise ValueError(f"exercise {name!r} is declared twice")
    exercise = Exercise(name, notebook, summary, list(hints), reference, returns)
    _EXERCISES[name] = exercise
    return exercise


def all_exercises() -> list[Exercise]:
    """Every exercise, in course order."""
    for module in CHECK_MODULES:
        importlib.import_module(module)
    # by notebook; within a notebook (one module) in the order declared
    return sorted(_EXERCISES.values(), key=lambda exercise: exercise.notebook)


def get_exercise(name: str) -> Exercise:
    """The exercise called ``name``; a ``ValueError`` naming the choices otherwise."""
    exercises = {exercise.name: exercise for exercise in all_exercises()}
    if not isinstance(name, str) or name not in exercises:
        import difflib

        close = difflib.get_close_matches(str(name), list(exercises), n=3)
        suggestion = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise ValueError(f"There is no exercise called {name!r}.{suggestion} The exercises are: "
                         f"{', '.join(exercises)}.")
    return exercises[name]


# -- kinds of values --------------------------------------------------------------------------

def is_bool(value: Any) -> bool:
    """True or False, or numpy's booleans."""
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"))


def is_number(value: Any) -> bool:
    """A real number (int, float, fraction, numpy number) that is not a bool."""
    return isinstance(value, numbers.Real) and not is_bool(value)


def is_int(value: Any) -> bool:
    """A whole number (int, numpy integer) that is not a bool."""
    return isinstance(value, numbers.Integral) and not is_bool(value)


def type_name(value: Any) -> str:
    """``int``, ``list``, or ``numpy.int64`` for a type that is not built in."""
    if isinstance(value, plain.Foreign):
        return value.type_name
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"


# -- showing values ---------------------------------------------------------------------------

def show_value(value: Any) -> str:
    """A short, exact text for a value (``repr``, shortened if long)."""
    try:
        text = repr(value)
    except Exception as exc:  # noqa: BLE001 - a learner's object whose repr fails
        text = f"<a {type_name(value)} whose repr() raised {type(exc).__name__}>"
    return text if len(text) <= 300 else text[:297] + "..."


def show_board(board: Sequence[Any]) -> str:
    """A 3x3 board of 9 cells as text; ``.`` for an empty cell, cell numbers on the right."""
    cells = ["." if mark is None else str(mark) for mark in board]
    rows = []
    for row in range(3):
        marks = " ".join(cells[row * 3: row * 3 + 3])
        numbers_ = " ".join(str(row * 3 + col) for col in range(3))
        rows.append(f"{marks}      {numbers_}")
    return "\n".join(rows)


def _is_board(position: Any) -> bool:
    return isinstance(position, (list, tuple)) and len(position) == 9 and all(
        cell is None or isinstance(cell, str) for cell in position)


def show_position(position: Any) -> str:
    """A position as text: a 9-cell board, or a game state with whose turn it is."""
    if isinstance(position, str):
        return position
    if _is_board(position):
        return show_board(position)
    text = str(position)
    result_text = getattr(position, "result_text", None)
    if callable(result_text):
        text += f"\n({result_text()})"
    elif hasattr(position, "to_move") and hasattr(position, "is_terminal") and not position.is_terminal() \
            and str(position.to_move) not in text:
        text += f"\n({position.to_move} to move)"
    return text


def reproduce_code(position: Any) -> str | None:
    """Python code that rebuilds a position (``play_moves(TicTacToe(), [4, 0])``,
    ``ConnectFour.from_moves('4453')``), if known: every game writes its own."""
    as_code = getattr(position, "as_code", None)
    if callable(as_code):
        return str(as_code())
    if _is_board(position):
        return f"board = {show_value(list(position))}"
    return None


# -- the context a case runs in -----------------------------------------------------------------

_PRIMITIVES = (str, int, float, bool, type(None), complex, bytes)


def snapshot(value: Any) -> Any:
    """A comparable copy of the mutable containers in ``value``; other objects by identity."""
    if isinstance(value, _PRIMITIVES):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [snapshot(item) for item in value])
    if isinstance(value, dict):
        return ("dict", [(snapshot(key), snapshot(item)) for key, item in value.items()])
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, sorted(repr(item) for item in value))
    return ("object", id(value))


def _signature_text(fn: Callable[..., Any]) -> str:
    """``(state, alpha, beta)``: the parameters of a function, without annotations."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return "(...)"
    parameters = [parameter.replace(annotation=inspect.Parameter.empty) for parameter in signature.parameters.values()]
    return str(signature.replace(parameters=parameters, return_annotation=inspect.Signature.empty))


class Context:
    """What a case gets: the learner's function and helpers to call it and report failures."""

    def __init__(self, exercise: Exercise, case: Case, fn: Callable[..., Any], clock: LearnerClock,
                 run_notes: list[str] | None = None) -> None:
        self.exercise = exercise
        self.case = case
        self.fn = fn
        self.calls = 0
        self.clock = clock
        self.notes: list[str] = []
        self.run_notes = run_notes if run_notes is not None else []

    def call(self, *args: Any, position: Any = None, changes: Sequence[int] = ()) -> Any:
        """Call the learner's function with ``args`` (with the clock running) and return what
        it returns.

        Fails the test if the function cannot be called with these arguments, is a generator,
        or changes an argument (except those whose index is in ``changes``); ``position`` is
        what the failure shows (the first argument by default).
        """
        watched = [(index, arg, snapshot(arg)) for index, arg in enumerate(args)
                   if index not in changes and not isinstance(arg, _PRIMITIVES)]
        before = {index: _copy_for_display(arg) for index, arg, _ in watched}
        self.calls += 1
        converted: list[str] = []
        try:
            with self.clock.running():
                result = exact_result(self.fn(*args), args, converted)
        except TypeError as exc:
            trace = learner_trace(exc)
            at_call = trace.at_call if trace is not None else (
                exc.__traceback__ is not None and exc.__traceback__.tb_next is None)
            if at_call:
                self._wrong_parameters(exc, args, position)
            raise
        for note in [*converted, *getattr(self.fn, "last_notes", ())]:
            if note not in self.run_notes:
                self.run_notes.append(note)
        if inspect.isgenerator(result) or isinstance(result, plain.Generator):
            if inspect.isgenerator(result):
                result.close()
            self.fail(f"Your function is a generator (it contains `yield`), so calling it ran none of its code: "
                      f"{self.exercise.name}(...) only built a generator object. Use `return`, not `yield`.",
                      kind="wrong type", position=position if position is not None else _shown_arg(args),
                      expected=self.exercise.returns, got="a generator object", raw=True,
                      mistake="yield_not_return")
        for index, arg, snap in watched:
            if snapshot(arg) != snap:
                shown = position if position is not None else before[index]
                raise Fail(
                    f"Your function changed its argument number {index + 1} ({type(arg).__name__}); it "
                    "must be left as it was given. Expected: the argument as it was given; got: the "
                    "argument after your function returned.",
                    kind="mutated input", position=shown, expected=show_value(before[index]),
                    got=show_value(arg), mistake=self.case.mutation_mistake)
        return result

    def _wrong_parameters(self, exc: TypeError, args: Sequence[Any], position: Any) -> None:
        name = self.exercise.name
        theirs = _signature_text(self.exercise.reference)
        mine = _signature_text(self.fn)
        raise Fail(f"Your function cannot be called the way the exercise calls it, with {len(args)} argument"
                   f"{'' if len(args) == 1 else 's'}: it takes {mine}, and {name} must take {theirs}.",
                   kind="wrong parameters", position=position if position is not None else _shown_arg(args),
                   error=f"TypeError: {exc}",
                   hint=f"Keep the parameters of the stub in the notebook: def {name}{theirs}:")

    def inform(self, text: str) -> None:
        """Add an explanation that the report shows under this test even when it passes
        (for a test that teaches something beyond right or wrong)."""
        self.notes.append(text)

    def fail(self, message: str, *, position: Any = None, expected: Any = MISSING, got: Any = MISSING,
             mistake: str | None = None, kind: FailureKind = "wrong answer", raw: bool = False,
             reproduce: str | None = None, observed: str | None = None) -> None:
        """Report a wrong answer. ``expected``/``got`` are shown with ``repr`` unless ``raw``
        (then they must be text); leave one out to show nothing. ``mistake``: this test's own
        guess at the mistake (the diagnosis may know better). ``reproduce``: code that repeats
        the call (shown with the position), when the position alone does not say it.
        ``observed``: what this failure shows, in a sentence, for the hint when no classic
        mistake explains it."""
        raise Fail(message, kind=kind, position=position,
                   expected=expected if raw or expected is MISSING else show_value(expected),
                   got=got if raw or got is MISSING else show_value(got), mistake=mistake, reproduce=reproduce,
                   hint=observed)

    def expect_type(self, got: Any, ok: bool, *, position: Any = None, mistake: str | None = None,
                    reproduce: str | None = None) -> None:
        """Fail with a wrong-type message unless ``ok``."""
        if not ok:
            kind_of = type_name(got)
            article = "an" if kind_of[:1] in "aeiou" else "a"
            self.fail(f"{self.exercise.name} should return {self.exercise.returns}; it returned "
                      f"{article} {kind_of}, {show_value(got)}.", kind="wrong type", position=position,
                      expected=self.exercise.returns, got=got, mistake=mistake, reproduce=reproduce)


def exact_result(result: Any, args: Sequence[Any], notes: list[str] | None = None) -> Any:
    """What the learner's function returned, as data of the exact built-in types (see
    :func:`tictac_edu.exercises.plain.exact`), converted while her clock runs; one of the
    arguments she was given stays itself (the checks ask whether she returned it)."""
    if any(result is arg for arg in args if not isinstance(arg, _PRIMITIVES)):
        return result
    return plain.exact(result, notes)


def learner_trace(exc: BaseException) -> Any:
    """Where an exception raised in the learner's own process came from (``None`` for one
    raised here)."""
    from tictac_edu.exercises.plain import learner_trace as trace_of

    return trace_of(exc)


def _shown_arg(args: Sequence[Any]) -> Any:
    return args[0] if args and not callable(args[0]) else None


def _copy_for_display(value: Any) -> Any:
    """The argument as it was before the call, to show if the call changes it: containers
    copied all the way down (a list of lists, a dict of lists, a set)."""
    if isinstance(value, (list, dict, set, tuple)):
        try:
            return copy.deepcopy(value)
        except Exception:  # noqa: BLE001 - something inside cannot be copied: show it as it is
            return value
    return value


# -- running ------------------------------------------------------------------------------------

def _exception_hint(exc: BaseException, exercise: str = "") -> str:
    """A general hint for an exception from the learner's code (in exercise ``exercise``)."""
    from tictac_edu.exercises.mistakes import exception_hint, recursion_hint
    from tictac_edu.games import IllegalMoveError

    text = str(exc)
    own = exception_hint(exercise, exc)
    if own is not None:
        return own
    if isinstance(exc, RecursionError):
        return recursion_hint(exercise)
    if isinstance(exc, MemoryError):
        return ("Your function built something far too big: look for a list or dict that grows in a loop that "
                "never ends, or a copy made at every node of a search.")
    if isinstance(exc, SystemExit):
        return "Do not call sys.exit() or exit() in your function: return its answer instead."
    if isinstance(exc, ValueError) and ("empty" in text and ("max" in text or "min" in text)):
        return ("max() or min() got no values: a finished position has no legal moves. Return the score "
                "of a finished game (state.is_terminal()) before looping over the moves.")
    if isinstance(exc, IllegalMoveError):
        return "Your code played a move that is not legal in that position (read the message above)."
    if isinstance(exc, AttributeError) and "'NoneType'" in text and "append" in text:
        return ("Something that may be None was used as a list: an argument whose default is None (such as "
                "`visited`) must be tested, `if visited is not None:`, before you append to it.")
    if isinstance(exc, TypeError) and "NoneType" in text:
        return ("A None turned up where a value was needed: does every path through your function end "
                "with a `return`?")
    if isinstance(exc, TypeError) and "'tuple'" in text and "item assignment" in text:
        return ("A tuple cannot be changed: copy it into a list first, `new_board = list(board)` (that works "
                "for a list and a tuple alike), and change the list.")
    if isinstance(exc, AttributeError) and "'tuple'" in text and "copy" in text:
        return "A tuple has no .copy() method: `list(board)` copies a list or a tuple into a new list."
    if isinstance(exc, NameError):
        return ("A name is not defined: did you run the cell that defines it, or forget an import? "
                "Functions you call must be defined before the check runs.")
    if isinstance(exc, AttributeError):
        return "An object does not have that attribute: read the message, and check the names in the docstring."
    if isinstance(exc, (IndexError, KeyError)):
        return "An index or key out of range: check the cell numbers and the keys you look up."
    return "Read the error and the line it came from."


def _learner_files(fn: Callable[..., Any]) -> set[str]:
    """The file the learner's function was defined in (a notebook cell has one of its own)."""
    remote = getattr(fn, "learner_file", None)
    if isinstance(remote, str) and remote:
        return {remote}
    try:
        target = inspect.unwrap(fn) if callable(fn) else fn
    except ValueError:  # a wrapper chain that loops
        target = fn
    code = getattr(target, "__code__", None)
    if code is None and callable(target):  # an object with a __call__ method
        code = getattr(type(target).__call__, "__code__", None)
    return {code.co_filename} if code is not None else set()


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe_exception(result: CaseResult, exc: BaseException, learner_files: set[str]) -> None:
    """Fill in ``result`` for an exception raised while a test ran."""
    trace = learner_trace(exc)
    where: Any = learner_location(exc.__traceback__, learner_files)
    if trace is not None and trace.where:
        where = _Described(trace.where)
    result.status = "failed"
    result.kind = "raised"
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - a learner's exception whose str fails
        text = "(its message cannot be shown)"
    result.error = f"{type(exc).__name__}: {_short(text)}"
    if where is not None:
        result.where = where.describe()
        result.message = f"Your function raised {type(exc).__name__}."
    else:
        inner: Any = innermost_location(exc.__traceback__)
        if trace is not None:
            inner = _Described(trace.inner) if trace.inner else None
        result.message = (f"Something went wrong while using what your function returned: {type(exc).__name__}. "
                          f"Check that it returns {result_type_hint(result.exercise)}.")
        if inner is not None:
            result.where = f"(inside the checker) {inner.describe()}"
    result.hint = _exception_hint(exc, result.exercise)


@dataclass(frozen=True)
class _Described:
    text: str

    def describe(self) -> str:
        return self.text


def result_type_hint(name: str) -> str:
    """What exercise ``name`` returns (for messages)."""
    try:
        return get_exercise(name).returns
    except ValueError:
        return "the right kind of value"


def check_time_limit(time_limit: object) -> float | None:
    """``time_limit`` as seconds, or ``None`` for each test's own limit.

    Raises:
        ValueError: it is not a positive, finite number of seconds.
    """
    if time_limit is None:
        return None
    if not is_number(time_limit) or not math.isfinite(float(time_limit)) or float(time_limit) <= 0:  # type: ignore
        raise ValueError(f"time_limit must be a positive number of seconds (of CPU time per test), or None for "
                         f"each test's own limit; not {time_limit!r}")
    return float(time_limit)  # type: ignore[arg-type]


_SLOW_HINT = ("Look for a loop whose condition never changes, or a recursive call that does not get closer to the "
              "end of the game (on `state` instead of `state.play(move)`). Try the position yourself, counting "
              "the calls.")

_CAN_BE_DIAGNOSED: tuple[str, ...] = ("wrong answer", "wrong type", "mutated input", "raised", "too slow")


def observation(result: CaseResult) -> str:
    """The hint of a failure that no classic mistake explains: what was observed."""
    if result.expected is not None and result.got is not None:
        seen = f"your function gave {result.got} where the answer is {result.expected}"
    else:
        seen = "your function's answer differs from the docstring's"
    where = " on this position" if result.position else ""
    return (f"What was observed: {seen}{where}. No classic mistake gives exactly this answer, so work the "
            f"position out by hand with the docstring and follow your function on it step by step; "
            f"hint({result.exercise!r}) gives graded hints.")


class ExerciseRun:
    """The tests of one exercise run on one function, one after the other.

    :meth:`run_case` runs a test (or says why it is not run); :meth:`report` gives the report
    so far; :meth:`close` puts back what the learner's code had changed in the package's own
    classes. ``time_limit`` replaces every test's own limit (CPU seconds per test).
    """

    def __init__(self, exercise: Exercise, fn: Callable[..., Any], time_limit: float | None = None) -> None:
        self.exercise = exercise
        self.fn = fn
        self.time_limit = check_time_limit(time_limit)
        self.budget = CHECK_CPU_BUDGET if self.time_limit is None else self.time_limit * max(len(exercise.cases), 1)
        self.results: list[CaseResult | None] = [None] * len(exercise.cases)
        self.notes: list[str] = []
        self.learner_cpu = 0.0
        self.cpu = 0.0
        self.diagnosis: diagnosis_module.Diagnosis | None = None
        self._diagnosed = False
        self._failed = False
        self._timed_out = False
        self._closed = False
        self._patched_before = package_patches()
        if self._patched_before:
            undo_patches(self._patched_before)
            self.notes.append(
                f"Your code has changed the package's own {describe_patches(self._patched_before)} (an assignment "
                "such as `MNKGame.legal_moves = ...`). The check used the original while it ran; your change is "
                "still in place afterwards. Restart the kernel to undo it.")
        fn_name = getattr(fn, "__name__", "")
        if fn_name != exercise.name and fn_name in {other.name for other in all_exercises()}:
            self.notes.append(f"You passed the function {fn_name!r} to the check of {exercise.name!r}. "
                              f"Did you mean check({exercise.name!r}, {exercise.name})?")

    # -- running the tests ------------------------------------------------------------------

    def run_case(self, index: int) -> CaseResult:
        """Run test number ``index`` (or record why it is not run) and return its result."""
        case = self.exercise.cases[index]
        started = time.process_time()
        transported, remote = getattr(self.fn, "transport_cpu", 0.0), getattr(self.fn, "remote_cpu", 0.0)
        skipped = self._reason_not_to_run(case)
        if skipped:
            result = CaseResult(exercise=self.exercise.name, title=case.title, status="not run", message=skipped)
        else:
            limit = case.time_limit if self.time_limit is None else self.time_limit
            left = self.budget - self.learner_cpu
            result = self._run(case, min(limit, left), budgeted=left < limit)
            if result.status == "failed":
                self._failed = True
                if result.kind == "too slow":
                    self._timed_out = True
                if not self._diagnosed and result.kind in _CAN_BE_DIAGNOSED:
                    self._diagnose()
            self._finish(result, case, index)
        self.results[index] = result
        # the check's work and her function's: with her function in a process of its own, her CPU time
        # there, and not what passing data between the two processes took
        self.cpu += time.process_time() - started - (getattr(self.fn, "transport_cpu", 0.0) - transported) + \
            (getattr(self.fn, "remote_cpu", 0.0) - remote)
        return result

    def _reason_not_to_run(self, case: Case) -> str:
        if self._timed_out:
            return "Not run: an earlier test ran out of time. Fix that one first."
        if self.learner_cpu >= self.budget - 0.01:
            return f"Not run: your function has used up the check's CPU time ({self.budget:g} s for all the tests)."
        if self._failed and case.expensive:
            return "Not run: a long test, and an earlier test failed already. Fix that one first."
        return ""

    def _run(self, case: Case, limit: float, budgeted: bool) -> CaseResult:
        result = CaseResult(exercise=self.exercise.name, title=case.title, status="passed")
        clock = LearnerClock(limit)
        context = Context(self.exercise, case, self.fn, clock, self.notes)
        started = time.perf_counter()
        old_limit = sys.getrecursionlimit()
        printed = None
        try:
            with captured_output() as printed, memory_limit():
                clock.start()
                try:
                    case.run(context)
                finally:
                    clock.stop()
        except Fail as failure:
            result.status = "failed"
            result.kind = failure.kind
            result.message = failure.message
            if failure.position is not None:
                result.position = show_position(failure.position)
                result.reproduce = failure.reproduce or reproduce_code(failure.position)
            result.expected = None if failure.expected is MISSING else str(failure.expected)
            result.got = None if failure.got is MISSING else str(failure.got)
            result.mistake = failure.mistake
            result.hint = failure.hint
            result.error = failure.error
        except CheckTimeout:
            result.status = "failed"
            result.kind = "too slow"
            if clock.wall_timed_out:
                result.message = (f"Your function was stopped after {clock.wall:g} s of wall-clock time, although it "
                                  "had not used its CPU time: is it waiting for something (time.sleep, input(), a "
                                  "lock) instead of computing?")
            elif budgeted:
                result.message = (f"Your function was stopped: it had used up the CPU time of the whole check "
                                  f"({self.budget:g} s for all the tests). Is it doing far more work than needed, "
                                  "or is there a loop that never ends?")
            else:
                result.message = (f"Your function was stopped after {limit:g} s of CPU time on this test. Is there "
                                  "a loop or a recursion that never ends, or is the function doing far more work "
                                  "than needed?")
            result.mistake = case.timeout_mistake
        except MemoryError:
            result.status = "failed"
            result.kind = "too much memory"
            result.message = (f"Your function was stopped: it needed more than {MEMORY_LIMIT >> 30} GB of memory. "
                              "Is a list or a dict growing without end?")
            result.hint = _exception_hint(MemoryError())
        except NotImplementedError as exc:
            trace = learner_trace(exc)
            where = trace.where if trace is not None else learner_location(exc.__traceback__,
                                                                              _learner_files(self.fn))
            if where is not None or "write your code" in str(exc).lower():
                result.status = "not attempted"
            else:  # raised by something else than the learner's stub
                _describe_exception(result, exc, _learner_files(self.fn))
        except (KeyboardInterrupt, plain.LearnerProcessEnded):
            raise
        except BaseException as exc:  # noqa: BLE001 - the learner's code (or what it returned) broke something
            _describe_exception(result, exc, _learner_files(self.fn))
        else:
            result.info = "\n".join(context.notes)
        finally:
            sys.setrecursionlimit(old_limit)
        self.learner_cpu += clock.learner_seconds
        result.cpu = clock.learner_seconds
        result.seconds = time.perf_counter() - started
        if printed is not None and result.status == "failed":
            result.printed = printed.summary()
            if printed.flooded:
                result.printed_note = (f"Your function printed {printed.size:,} characters ({printed.lines:,} lines) "
                                       "while this test ran; only the start is shown. Printing slows a search down a "
                                       "lot: take the print calls out once you are done.")
        self._undo_patches_made_by_the_function()
        return result

    def _undo_patches_made_by_the_function(self) -> None:
        made = package_patches()
        if made:
            undo_patches(made)
            self.notes.append(f"Your function changed the package's own {describe_patches(made)} while it was "
                              "checked; the check put the original back.")

    # -- naming the mistake -----------------------------------------------------------------

    def _diagnose(self) -> None:
        """Fingerprint the function on the exercise's probes and compare with the buggy versions."""
        self._diagnosed = True
        questions = diagnosis_module.probes(self.exercise.name)
        if not questions:
            return
        clock = LearnerClock(min(FINGERPRINT_CPU, self.time_limit or FINGERPRINT_CPU))

        def timed(*args: Any) -> Any:
            with clock.running():
                return exact_result(self.fn(*args), args)

        answers = []
        old_limit = sys.getrecursionlimit()
        try:
            with captured_output(), memory_limit():
                clock.start()
                try:
                    for probe in questions:
                        answers.append(diagnosis_module.ask(probe, timed))
                finally:
                    clock.stop()
        except (CheckTimeout, MemoryError):
            return
        except (KeyboardInterrupt, plain.LearnerProcessEnded):
            raise
        except BaseException:  # noqa: BLE001 - sys.exit() and the like in the learner's code: no diagnosis
            return
        finally:
            sys.setrecursionlimit(old_limit)
            self._undo_patches_made_by_the_function()
        self.diagnosis = diagnosis_module.diagnose(self.exercise.name, self.exercise.reference, answers)

    def _finish(self, result: CaseResult, case: Case, index: int) -> None:
        """Name the mistake and choose the hint of a failed test.

        A mistake is named when the function answered every probe like that buggy version
        (an exact diagnosis); or when it answered the probes much like it (a partial
        diagnosis) and this test confirms it: the version fails this test exactly as the
        function did, and passed what it passed (see
        :func:`~tictac_edu.exercises.diagnosis.twins`); or from the test's own reading of the
        answer. Otherwise the hint says what was observed, not a likely bug."""
        if result.status != "failed":
            return
        found = self.diagnosis
        if found is not None and found.exact and result.kind in _CAN_BE_DIAGNOSED:
            if result.mistake != found.mistake and found.buggy.looks_like and \
                    result.kind in ("wrong answer", "wrong type"):
                result.message += f" It looks as if {found.buggy.looks_like}."
            result.mistake = found.mistake
        elif found is not None and result.kind in diagnosis_module.TWIN_KINDS:
            # a partial likeness on the probes counts only if the tests confirm it: the buggy version
            # passed what the function passed (one test at least) and fails this one exactly as it did
            history = [(done, None if earlier.status != "failed" else earlier.signature())
                       for done, earlier in enumerate(self.results) if done < index and earlier is not None
                       and earlier.status in ("passed", "failed")]
            twins = diagnosis_module.twins(self.exercise.name, [*history, (index, result.signature())],
                                           lambda fn, number: self._run_other(fn, self.exercise.cases[number]),
                                           among=[found.buggy]) if any(sign is None for _, sign in history) else []
            if twins:
                result.mistake = found.mistake
        mistake = MISTAKES.get(result.mistake or "")
        if mistake is not None:
            advice = f"Likely bug: {mistake.title}. {mistake.hint}"
            result.hint = advice if result.kind != "raised" or not result.hint else f"{advice} ({result.hint})"
        elif result.hint is None and result.kind == "too slow":
            result.hint = _SLOW_HINT
        elif result.hint is None and result.kind in ("wrong answer", "wrong type", "mutated input"):
            result.hint = observation(result)

    def _run_other(self, fn: Callable[..., Any], case: Case) -> CaseResult:
        """``case`` run on another function (a buggy version), outside the learner's time."""
        other = ExerciseRun(self.exercise, fn)
        try:
            return other._run(case, min(case.time_limit, diagnosis_module.TWIN_CPU), budgeted=False)
        finally:
            other.close()

    # -- the outcome ------------------------------------------------------------------------

    def report(self) -> Report:
        """The report of the tests run so far."""
        report = Report(self.exercise.name, [result for result in self.results if result is not None],
                        list(self.notes), diagnosis=self.diagnosis.mistake if self.diagnosis else None)
        report.cpu = self.cpu
        report.learner_cpu = self.learner_cpu
        return report

    def close(self) -> None:
        """Put back the package as the learner had it before the check (her own changes to its
        classes included)."""
        if self._closed:
            return
        self._closed = True
        self._undo_patches_made_by_the_function()
        if self._patched_before:
            redo_patches(self._patched_before)


def not_a_function_report(exercise: Exercise, fn: Any) -> Report:
    """The report for a check given something that cannot be called."""
    report = Report(exercise.name)
    report.results.append(CaseResult(
        exercise=exercise.name, title="the function itself", status="failed", kind="not a function",
        message=(f"check needs the function itself, but got {type_name(fn)} {show_value(fn)}. Pass the function "
                 f"without calling it: check({exercise.name!r}, {exercise.name})."),
        hint="Write the name of your function without parentheses."))
    return report


def run_exercise(exercise: Exercise, fn: Any, time_limit: float | None = None) -> Report:
    """Run every test of ``exercise`` on ``fn`` and return the report.

    Raises:
        ValueError: ``time_limit`` is not ``None`` or a positive number of seconds.
    """
    check_time_limit(time_limit)
    if not callable(fn):
        return not_a_function_report(exercise, fn)
    run = ExerciseRun(exercise, fn, time_limit)
    try:
        for index in range(len(exercise.cases)):
            run.run_case(index)
    finally:
        run.close()
    return run.report()


def clock_mode() -> str:
    """How a check started now would stop a function that runs too long (for messages)."""
    return choose_mode()
