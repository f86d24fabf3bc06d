"""Exercises and their test cases, and the runner that checks a learner's function.

Each exercise is declared once, in ``tictac_edu/exercises/checks/``: a name, the notebook,
graded hints, the reference solution and a list of :class:`Case` objects. The same cases
serve :func:`~tictac_edu.exercises.check` in a notebook and the pytest tests a teacher runs
on a learner's file (``tictac_edu/exercises/tests.py``).

A case is a function ``case(t)`` that gets a :class:`Context`: ``t.call(...)`` calls the
learner's function (checking that it leaves its arguments unchanged), ``t.fail(...)``
reports a wrong answer. Whatever else goes wrong (an exception, a time-out) is caught by
:func:`run_case`.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tictac_edu.exercises.guard import CheckTimeout, TimeLimit, captured_output, innermost_location, learner_location
from tictac_edu.exercises.mistakes import MISTAKES
from tictac_edu.exercises.report import CaseResult, FailureKind, Report

DEFAULT_TIME_LIMIT = 3.0
"""Seconds a test may take before the check stops the learner's function."""

CHECK_MODULES = (
    "tictac_edu.exercises.checks.nb00_welcome",
    "tictac_edu.exercises.checks.nb01_minimax",
    "tictac_edu.exercises.checks.nb02_alphabeta",
    "tictac_edu.exercises.checks.nb03_ordering_memory",
    "tictac_edu.exercises.checks.nb04_evaluation",
    "tictac_edu.exercises.checks.nb05_connect4",
)
"""The modules that declare the exercises, in course order."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Marks "no value given" where ``None`` is a meaningful value (a function may return None)."""


class Fail(Exception):
    """A test found a wrong answer (raised by :meth:`Context.fail`)."""

    def __init__(self, message: str, *, kind: FailureKind = "wrong answer", position: Any = None,
                 expected: Any = MISSING, got: Any = MISSING, mistake: str | None = None,
                 reproduce: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.position = position
        self.expected = expected
        self.got = got
        self.mistake = mistake
        self.reproduce = reproduce


@dataclass
class Case:
    """One test of an exercise.

    Attributes:
        title: what it checks, in a few words (shown with the result).
        run: the test itself, ``run(t)`` with ``t`` a :class:`Context`.
        time_limit: seconds before the learner's function is stopped.
        timeout_mistake: the classic mistake a time-out most likely means (else a general hint).
        mutation_mistake: the mistake to name if the function changes its arguments.
    """

    title: str
    run: Callable[[Context], None]
    time_limit: float = DEFAULT_TIME_LIMIT
    timeout_mistake: str | None = None
    mutation_mistake: str = "mutates_input"


@dataclass
class Exercise:
    """An exercise: a function the learner writes, with its tests, hints and reference.

    Attributes:
        name: the function's name, also the exercise's.
        notebook: the notebook it belongs to, ``"00"`` .. ``"05"``.
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
             mutation_mistake: str = "mutates_input"
             ) -> Callable[[Callable[[Context], None]], Callable[[Context], None]]:
        """Decorator: add ``run`` as a test case of this exercise."""

        def add(run: Callable[[Context], None]) -> Callable[[Context], None]:
            self.cases.append(Case(title, run, time_limit, timeout_mistake, mutation_mistake))
            return run

        return add

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


# -- showing values ---------------------------------------------------------------------------

def show_value(value: Any) -> str:
    """A short, exact text for a value (``repr``, shortened if long)."""
    text = repr(value)
    return text if len(text) <= 300 else text[:297] + "..."


def show_board(board: Sequence[Any]) -> str:
    """A 3x3 board of 9 cells as text; ``.`` for an empty cell, cell numbers on the right."""
    cells = ["." if mark is None else str(mark) for mark in board]
    rows = []
    for row in range(3):
        marks = " ".join(cells[row * 3: row * 3 + 3])
        numbers = " ".join(str(row * 3 + col) for col in range(3))
        rows.append(f"{marks}      {numbers}")
    return "\n".join(rows)


def show_position(position: Any) -> str:
    """A position as text: a 9-cell board, or a game state with whose turn it is."""
    if isinstance(position, str):
        return position
    if isinstance(position, (list, tuple)) and len(position) == 9 and all(
            cell is None or isinstance(cell, str) for cell in position):
        return show_board(position)
    text = str(position)
    result_text = getattr(position, "result_text", None)
    if callable(result_text):
        text += f"\n({result_text()})"
    return text


def reproduce_code(position: Any) -> str | None:
    """Python code that rebuilds a game state (``play_moves(TicTacToe(), [4, 0])``,
    ``ConnectFour.from_moves("4453")``), if known."""
    from tictac_edu.games import ConnectFour, MNKGame, TicTacToe, moves_from_start

    if isinstance(position, ConnectFour):
        from tictac_edu.exercises.positions import connect_four_code

        return connect_four_code(position)
    if isinstance(position, MNKGame):
        game = "TicTacToe()" if isinstance(position, TicTacToe) else \
            f"MNKGame({position.rows}, {position.columns}, {position.k})"
        moves = moves_from_start(position)
        return f"play_moves({game}, {moves})" if moves else game
    if isinstance(position, (list, tuple)) and len(position) == 9:
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


class Context:
    """What a case gets: the learner's function and helpers to call it and report failures."""

    def __init__(self, exercise: Exercise, case: Case, fn: Callable[..., Any], clock: TimeLimit | None = None) -> None:
        self.exercise = exercise
        self.case = case
        self.fn = fn
        self.calls = 0
        self.clock = clock
        self.notes: list[str] = []

    @contextmanager
    def untimed(self) -> Iterator[None]:
        """Work of the checker itself (working out which mistake was made): the time limit
        does not count it. Do not call the learner's function inside."""
        if self.clock is None:
            yield
            return
        self.clock.pause()
        try:
            yield
        finally:
            self.clock.resume()

    def call(self, *args: Any, position: Any = None, changes: Sequence[int] = ()) -> Any:
        """Call the learner's function with ``args`` and return what it returns.

        Fails the test if the function changes an argument (except those whose index is in
        ``changes``); ``position`` is what the failure shows (the first argument by default).
        """
        watched = [(index, arg, snapshot(arg)) for index, arg in enumerate(args)
                   if index not in changes and not isinstance(arg, _PRIMITIVES)]
        before = {index: _copy_for_display(arg) for index, arg, _ in watched}
        self.calls += 1
        result = self.fn(*args)
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

    def inform(self, text: str) -> None:
        """Add an explanation that the report shows under this test even when it passes
        (for a test that teaches something beyond right or wrong)."""
        self.notes.append(text)

    def fail(self, message: str, *, position: Any = None, expected: Any = MISSING, got: Any = MISSING,
             mistake: str | None = None, kind: FailureKind = "wrong answer", raw: bool = False,
             reproduce: str | None = None) -> None:
        """Report a wrong answer. ``expected``/``got`` are shown with ``repr`` unless ``raw``
        (then they must be text); leave one out to show nothing. ``reproduce``: code that
        repeats the call (shown with the position), when the position alone does not say it."""
        raise Fail(message, kind=kind, position=position,
                   expected=expected if raw or expected is MISSING else show_value(expected),
                   got=got if raw or got is MISSING else show_value(got), mistake=mistake, reproduce=reproduce)

    def expect_type(self, got: Any, ok: bool, *, position: Any = None, mistake: str | None = None,
                    reproduce: str | None = None) -> None:
        """Fail with a wrong-type message unless ``ok``."""
        if not ok:
            self.fail(f"{self.exercise.name} should return {self.exercise.returns}; it returned "
                      f"{type(got).__name__} {show_value(got)}.", kind="wrong type", position=position,
                      expected=self.exercise.returns, got=got, mistake=mistake, reproduce=reproduce)


def _copy_for_display(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def is_number(value: Any) -> bool:
    """An int or float that is not a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# -- running ------------------------------------------------------------------------------------

def _exception_hint(exc: BaseException) -> str:
    """A general hint for an exception from the learner's code."""
    from tictac_edu.games import IllegalMoveError

    text = str(exc)
    if isinstance(exc, RecursionError):
        return ("Your function called itself without end (or far too deep). Make sure every call first "
                "returns for a finished game (state.is_terminal()) or at the depth limit, and that the "
                "recursive call is on a child position (state.play(move)), never on the same position.")
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
        return "An index or key out of range: check the cell numbers (0..8) and the keys you look up."
    return "Read the error and the line it came from."


def run_case(exercise: Exercise, case: Case, fn: Callable[..., Any], time_limit: float | None = None) -> CaseResult:
    """Run one test of ``exercise`` on ``fn`` and return its result; never raises (except
    ``KeyboardInterrupt``)."""
    result = CaseResult(exercise=exercise.name, title=case.title, status="passed")
    limit = case.time_limit if time_limit is None else time_limit
    guard = TimeLimit(limit)
    context = Context(exercise, case, fn, guard)
    started = time.perf_counter()
    old_limit = sys.getrecursionlimit()
    try:
        with captured_output() as printed:
            try:
                guard.start()
                try:
                    case.run(context)
                finally:
                    guard.stop()
            finally:
                guard.stop()
    except Fail as failure:
        guard.stop()
        result.status = "failed"
        result.kind = failure.kind
        result.message = failure.message
        if failure.position is not None:
            result.position = show_position(failure.position)
            result.reproduce = failure.reproduce or reproduce_code(failure.position)
        result.expected = None if failure.expected is MISSING else str(failure.expected)
        result.got = None if failure.got is MISSING else str(failure.got)
        result.mistake = failure.mistake
    except CheckTimeout:
        guard.stop()
        result.status = "failed"
        result.kind = "too slow"
        result.message = (f"The test did not finish within {limit:g} s, so it was stopped. Is there a loop or "
                          "a recursion that never ends, or is the function doing far more work than needed?")
        result.mistake = case.timeout_mistake
    except NotImplementedError as exc:
        guard.stop()
        where = learner_location(exc.__traceback__, _learner_files(fn))
        if where is not None or "write your code" in str(exc).lower():
            result.status = "not attempted"
        else:  # raised by something else than the learner's stub
            _describe_exception(result, exc, _learner_files(fn))
    except KeyboardInterrupt:
        guard.stop()
        raise
    except (Exception, SystemExit) as exc:  # the learner's code (or what it returned) broke something
        guard.stop()
        _describe_exception(result, exc, _learner_files(fn))
    else:
        result.info = "\n".join(context.notes)
    finally:
        guard.stop()
        sys.setrecursionlimit(old_limit)
    result.printed = printed.summary() if result.status == "failed" else ""
    result.seconds = time.perf_counter() - started
    if result.status == "failed" and result.hint is None:
        mistake = MISTAKES.get(result.mistake or "")
        if mistake is not None:
            result.hint = f"Likely bug: {mistake.title}. {mistake.hint}"
        elif result.kind == "too slow" and result.message.startswith("The test"):
            result.hint = ("Look for a loop whose condition never changes, or a recursive call that does not get "
                           "closer to the end of the game (on `state` instead of `state.play(move)`). Try the "
                           "position yourself, counting the calls.")
        elif result.kind != "raised":
            result.hint = (f"Compare with the docstring, and try the position yourself. hint({exercise.name!r}) "
                           "may help.")
    return result


def _learner_files(fn: Callable[..., Any]) -> set[str]:
    """The file the learner's function was defined in (a notebook cell has one of its own)."""
    code = getattr(fn, "__code__", None)
    if code is None and callable(fn):  # an object with a __call__ method
        code = getattr(type(fn).__call__, "__code__", None)
    return {code.co_filename} if code is not None else set()


def _describe_exception(result: CaseResult, exc: BaseException, learner_files: set[str]) -> None:
    where = learner_location(exc.__traceback__, learner_files)
    result.status = "failed"
    result.kind = "raised"
    result.error = f"{type(exc).__name__}: {_short(str(exc))}"
    if where is not None:
        result.where = where.describe()
        result.message = f"Your function raised {type(exc).__name__}."
    else:
        inner = innermost_location(exc.__traceback__)
        result.message = (f"Something went wrong while using what your function returned: {type(exc).__name__}. "
                          f"Check that it returns {result_type_hint(result.exercise)}.")
        if inner is not None:
            result.where = f"(inside the checker) {inner.describe()}"
    result.hint = _exception_hint(exc)


def result_type_hint(name: str) -> str:
    """What exercise ``name`` returns (for messages)."""
    try:
        return get_exercise(name).returns
    except ValueError:
        return "the right kind of value"


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def run_exercise(exercise: Exercise, fn: Any, time_limit: float | None = None) -> Report:
    """Run every test of ``exercise`` on ``fn`` and return the report."""
    report = Report(exercise.name)
    if not callable(fn):
        shown = show_value(fn)
        report.results.append(CaseResult(
            exercise=exercise.name, title="the function itself", status="failed", kind="not a function",
            message=(f"check needs the function itself, but got {type(fn).__name__} {shown}. Pass the function "
                     f"without calling it: check({exercise.name!r}, {exercise.name})."),
            hint="Write the name of your function without parentheses."))
        return report
    fn_name = getattr(fn, "__name__", "")
    names = {other.name for other in all_exercises()}
    if fn_name != exercise.name and fn_name in names:
        report.notes.append(f"You passed the function {fn_name!r} to the check of {exercise.name!r}. "
                            f"Did you mean check({exercise.name!r}, {exercise.name})?")
    for index, case in enumerate(exercise.cases):
        result = run_case(exercise, case, fn, time_limit)
        report.results.append(result)
        if result.kind == "too slow":  # do not make the learner wait for every other test too
            for later in exercise.cases[index + 1:]:
                report.results.append(CaseResult(
                    exercise=exercise.name, title=later.title, status="failed", kind="too slow",
                    message="Not run: an earlier test ran out of time. Fix that one first."))
            break
    return report
