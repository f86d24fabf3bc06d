"""The learner-facing functions: check, hint, solution, and what the notebooks' CI needs."""

from __future__ import annotations

import ast
import inspect
import os
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from tictac_edu.exercises.registry import all_exercises, check_time_limit, get_exercise, run_exercise
from tictac_edu.exercises.report import Report

STUB_BODY = 'raise NotImplementedError("Write your code here")'

STRICT_ENV = "TICTAC_EDU_STRICT_CHECKS"
"""With this environment variable set to ``1``, a check that does not pass raises
:class:`CheckFailed` (the notebooks' CI sets it when it runs them with the solutions in)."""


class CheckFailed(AssertionError):
    """A check did not pass while ``TICTAC_EDU_STRICT_CHECKS=1``."""


def check(name: str, fn: Callable[..., Any], *, time_limit: float | None = None) -> Report:
    """Run the tests of exercise ``name`` on the function ``fn`` and return the report.

    The report shows itself when it is the last value of a notebook cell (as HTML), or
    with ``print(report)``. Each failing test shows the position, what was expected, what came
    back, and a hint naming the likely bug. ``fn`` is never changed, nothing is written to a
    file, and nothing ``fn`` does (raising, looping forever, taking all the memory, changing
    its input, printing without end, returning nonsense) stops the kernel.

    Only the CPU time of ``fn`` itself counts against its limits, never the checker's own
    work or other programs running on the machine.

    Args:
        name: the exercise, such as ``"winner"`` (see :func:`exercise_names`).
        fn: the function to check (pass the function itself: ``check("winner", winner)``).
        time_limit: CPU seconds allowed per test, instead of each test's own limit (1-3 s,
            and 3 s for the whole check); a positive number.

    Returns:
        A :class:`~tictac_edu.exercises.report.Report`: ``.passed``, ``.status``
        (``"passed"``, ``"failed"`` or ``"not attempted"``), ``.failures``, ``.results``,
        ``.mistakes`` (the likely mistakes, the most likely first).

    Raises:
        ValueError: there is no exercise called ``name``, or ``time_limit`` is not a
            positive number of seconds.
        CheckFailed: only when the environment variable ``TICTAC_EDU_STRICT_CHECKS`` is ``1``
            (the notebooks' CI, with the solutions injected) and the check did not pass.
    """
    exercise = get_exercise(name)
    check_time_limit(time_limit)
    report = run_exercise(exercise, fn, time_limit)
    if os.environ.get(STRICT_ENV) == "1" and report.status != "passed":
        raise CheckFailed(f"{STRICT_ENV}=1 and the check of {name!r} did not pass:\n{report}")
    return report


def exercise_names(notebook: str | int | None = None) -> list[str]:
    """The names of the exercises in course order, or only those of one notebook.

    >>> exercise_names("02")
    ['alphabeta_tree', 'alphabeta']
    """
    exercises = all_exercises()
    if notebook is None:
        return [exercise.name for exercise in exercises]
    wanted = f"{int(notebook):02d}" if isinstance(notebook, int) or str(notebook).isdigit() else str(notebook)
    return [exercise.name for exercise in exercises if exercise.notebook == wanted]


def reference(name: str) -> Callable[..., Any]:
    """The reference solution of exercise ``name``: a plain function called ``name``."""
    return get_exercise(name).reference


def solution_source(name: str) -> str:
    """The source code of the reference solution, ready to paste into a notebook cell."""
    return textwrap.dedent(inspect.getsource(reference(name))).rstrip() + "\n"


def stub_source(name: str) -> str:
    """The stub a notebook shows for exercise ``name``: the signature and docstring of the
    reference, and ``raise NotImplementedError("Write your code here")``."""
    source = solution_source(name)
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    first = function.body[0]
    has_docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
        isinstance(first.value.value, str)
    lines = source.splitlines()
    if has_docstring:
        keep = lines[: first.end_lineno]
        indent = " " * first.col_offset
    else:
        keep = lines[: first.lineno - 1]
        indent = " " * first.col_offset
    return "\n".join(keep + [indent + STUB_BODY]) + "\n"


@dataclass
class Note:
    """A short text shown in a notebook (HTML) or a terminal: a hint or a message."""

    title: str
    body: str

    def __str__(self) -> str:
        return f"{self.title}\n{self.body}" if self.body else self.title

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        body = _inline_code(escape(self.body)).replace("\n", "<br>")
        return (f'<div style="border-left:4px solid #c99a00;background:#fff8e1;padding:6px 10px;margin:4px 0;'
                f'font-family:sans-serif;font-size:14px"><b>{escape(self.title)}</b><br>{body}</div>')


def _inline_code(text: str) -> str:
    parts = text.split("`")
    return "".join(f"<code>{part}</code>" if index % 2 else part for index, part in enumerate(parts))


_next_hint: dict[str, int] = {}


def hint(name: str, level: int | str | None = None) -> Note:
    """A hint for exercise ``name``; the hints go from a nudge to nearly the answer.

    Args:
        name: the exercise.
        level: ``None`` (the default) gives the next hint each time you call it (1, then 2,
            ...; after the last it stays on the last); a number gives that hint; ``"all"``
            gives every hint at once.

    Returns:
        The hint, which shows itself in a notebook.
    """
    exercise = get_exercise(name)
    hints = exercise.hints
    total = len(hints)
    if level == "all":
        body = "\n\n".join(f"{number}. {text}" for number, text in enumerate(hints, 1))
        return Note(f"All {total} hints for {name}", body)
    if level is None:
        number = min(_next_hint.get(name, 0) + 1, total)
    elif isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= total:
        number = level
    else:
        raise ValueError(f"level must be None (the next hint), a number from 1 to {total}, or 'all'; not {level!r}")
    _next_hint[name] = max(_next_hint.get(name, 0), number)
    more = (f"\n\n(Next: hint({name!r}) again for hint {number + 1}.)" if number < total
            else f"\n\n(That was the last hint. solution({name!r}) shows a complete solution.)")
    return Note(f"Hint {number} of {total} for {name}", hints[number - 1] + more)


@dataclass
class Source:
    """Python source code that shows itself highlighted in a notebook and as text elsewhere."""

    title: str
    code: str

    def __str__(self) -> str:
        return f"# {self.title}\n{self.code}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        try:
            from pygments import highlight
            from pygments.formatters import HtmlFormatter
            from pygments.lexers import PythonLexer

            code = highlight(self.code, PythonLexer(), HtmlFormatter(noclasses=True, nowrap=False))
        except ImportError:  # pygments comes with Jupyter; plain text otherwise
            code = f"<pre>{escape(self.code)}</pre>"
        return (f'<div style="font-family:sans-serif;font-size:14px;margin:4px 0"><b>{escape(self.title)}</b>'
                f"{code}</div>")


def solution(name: str, *, define: bool = False) -> Source:
    """The reference solution of exercise ``name``, to read (shows itself in a notebook).

    Try :func:`hint` first: the solution gives the whole answer away. Showing it changes
    nothing: your own function, your cells and your files stay as they are.

    Args:
        name: the exercise.
        define: also define the solution under the name ``name`` in the notebook (the caller's
            global namespace), replacing your function of that name: only if you ask.
    """
    source = solution_source(name)
    if define:
        frame = inspect.currentframe()
        caller = frame.f_back if frame is not None else None
        if caller is None:
            raise RuntimeError("solution(define=True) needs to be called from a notebook cell or a module")
        exec(compile(source, f"<solution of {name}>", "exec"), caller.f_globals)
        return Source(f"A solution for {name} (now defined as {name}; your own version is replaced)", source)
    return Source(f"A solution for {name}", source)
