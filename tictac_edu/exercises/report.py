"""What a check returns: one :class:`CaseResult` per test and a :class:`Report` that shows
them, as HTML in Jupyter and as text in a terminal or in pytest."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

Status = Literal["passed", "failed", "not attempted", "not run"]

FailureKind = Literal["wrong answer", "wrong type", "raised", "too slow", "too much memory", "mutated input",
                      "wrong parameters", "not a function", ""]


@dataclass
class CaseResult:
    """The outcome of one test of an exercise.

    Attributes:
        exercise: the exercise's name.
        title: what the test checks, in a few words.
        status: ``"passed"``, ``"failed"``, ``"not attempted"`` (the function is still the
            stub) or ``"not run"`` (skipped: an earlier test failed or ran out of time).
        kind: for a failure, what went wrong: ``"wrong answer"``, ``"wrong type"``,
            ``"raised"`` (an exception), ``"too slow"``, ``"too much memory"``,
            ``"mutated input"``, ``"wrong parameters"``, ``"not a function"``.
        message: the failure in plain language.
        position: the position (a text board) the test used, if any.
        expected: what a correct function gives, as text.
        got: what the function gave, as text.
        mistake: the id of the classic mistake this failure most likely comes from
            (see :data:`~tictac_edu.exercises.mistakes.MISTAKES`), or ``None``.
        hint: the hint for that mistake (or a general one).
        error: the exception, ``"TypeError: ..."``, if the function raised.
        where: the line of the learner's code the exception came from.
        reproduce: Python code that rebuilds the position, to try it yourself.
        printed: what the function printed while the test ran (shortened).
        printed_note: a sentence about printing far too much, if it did.
        seconds: how long the test took (wall-clock).
        cpu: the CPU time the learner's function took in it.
        info: for a passed test that teaches something, an explanation shown under it.
    """

    exercise: str
    title: str
    status: Status
    kind: FailureKind = ""
    message: str = ""
    position: str | None = None
    expected: str | None = None
    got: str | None = None
    mistake: str | None = None
    hint: str | None = None
    error: str | None = None
    where: str | None = None
    reproduce: str | None = None
    printed: str = ""
    printed_note: str = ""
    seconds: float = 0.0
    cpu: float = 0.0
    info: str = ""

    @property
    def passed(self) -> bool:
        """Whether the test passed."""
        return self.status == "passed"

    def signature(self) -> tuple:
        """What makes two failures "the same" (an identical exception from the same line)."""
        if self.kind in ("raised", "not a function", "wrong parameters"):
            return (self.kind, self.error, self.where)
        if self.kind == "too slow":
            return (self.kind, self.message)
        return (self.kind, self.message, self.position, self.expected, self.got)

    def text(self, repeated: bool = False, hint_shown: bool = False) -> str:
        """The result as plain text (several lines for a failure). ``repeated``: the same failure
        was shown already, so only say so; ``hint_shown``: the same hint was shown already."""
        if self.status == "passed":
            return "\n".join([f"  ok      {self.title}"] + ["          " + line for line in self.info.splitlines()])
        if self.status == "not attempted":
            return f"  -       {self.title} (not attempted)"
        if self.status == "not run":
            return f"  -       {self.title} ({self.message or 'not run'})"
        if repeated:
            return f"  FAILED  {self.title}: the same failure as above"
        lines = [f"  FAILED  {self.title}"]
        if self.message:
            lines += ["          " + line for line in self.message.splitlines()]
        if self.position:
            lines.append("          position:")
            lines += ["              " + line for line in self.position.splitlines()]
        if self.reproduce:
            lines.append(f"          to try it: {self.reproduce}")
        if self.expected is not None:
            lines.append(f"          expected: {self.expected}")
        if self.got is not None:
            lines.append(f"          got:      {self.got}")
        if self.error:
            lines.append(f"          error:    {self.error}")
        if self.where:
            lines.append(f"          at:       {self.where}")
        if self.printed:
            lines.append("          your function printed:")
            lines += ["              " + _cut(line) for line in self.printed.splitlines()[:12]]
        if self.printed_note:
            lines.append("          " + self.printed_note)
        if self.hint:
            lines.append("          hint:     " + ("the same hint as above" if hint_shown else self.hint))
        return "\n".join(lines)


def _cut(line: str, limit: int = 160) -> str:
    return line if len(line) <= limit else line[: limit - 3] + "..."


_STYLE = {
    "passed": ("#1e7b34", "#eaf6ec", "&#10004;"),
    "failed": ("#b3261e", "#fdecea", "&#10008;"),
    "not attempted": ("#555555", "#f3f3f3", "&#9998;"),
    "not run": ("#555555", "#f3f3f3", "&#8212;"),
}


@dataclass
class Report:
    """The results of checking one exercise.

    Shows itself when it is the last value of a notebook cell (HTML) or printed (text).

    Attributes:
        name: the exercise.
        results: one :class:`CaseResult` per test, in order.
        notes: remarks about the check as a whole (shown above the results).
        diagnosis: the mistake the function's behaviour points to as a whole, if one does
            (see :mod:`tictac_edu.exercises.diagnosis`); it comes first in :attr:`mistakes`.
        cpu: the CPU time the check took, the checker's own work included.
        learner_cpu: the CPU time the learner's function took.
    """

    name: str
    results: list[CaseResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    diagnosis: str | None = None
    cpu: float = 0.0
    learner_cpu: float = 0.0

    @property
    def failures(self) -> list[CaseResult]:
        """The tests that failed."""
        return [result for result in self.results if result.status == "failed"]

    @property
    def passed(self) -> bool:
        """Whether every test passed."""
        return bool(self.results) and all(result.status == "passed" for result in self.results)

    @property
    def status(self) -> Status:
        """``"passed"``, ``"failed"``, or ``"not attempted"`` (the function is still a stub)."""
        if self.results and all(result.status == "not attempted" for result in self.results):
            return "not attempted"
        return "passed" if self.passed else "failed"

    @property
    def mistakes(self) -> list[str]:
        """The ids of the classic mistakes the failures point to: the diagnosis first, then the
        others, most frequent first."""
        counts: dict[str, int] = {}
        for result in self.failures:
            if result.mistake:
                counts[result.mistake] = counts.get(result.mistake, 0) + 1
        ordered = sorted(counts, key=lambda mistake: -counts[mistake])
        if self.diagnosis in counts:
            ordered.remove(self.diagnosis)
            ordered.insert(0, self.diagnosis)
        return ordered

    def _shown(self) -> list[tuple[CaseResult, bool, bool]]:
        """Each result with (repeated failure?, hint already shown?)."""
        signatures: set[tuple] = set()
        hints: set[str] = set()
        shown = []
        for result in self.results:
            repeated = hint_shown = False
            if result.status == "failed":
                repeated = result.signature() in signatures
                hint_shown = bool(result.hint) and result.hint in hints
                signatures.add(result.signature())
                if result.hint:
                    hints.add(result.hint)
            shown.append((result, repeated, hint_shown))
        return shown

    def headline(self) -> str:
        """One line: the verdict."""
        total = len(self.results)
        if self.status == "passed":
            return f"{self.name}: all {total} tests passed. Well done!"
        if self.status == "not attempted":
            return (f"{self.name}: not attempted yet. The function still raises NotImplementedError: replace "
                    f"that line with your code, run the cell, then run this check again. "
                    f"hint({self.name!r}) gives a first hint.")
        failed = len(self.failures)
        not_run = sum(result.status == "not run" for result in self.results)
        skipped = f" ({not_run} not run)" if not_run else ""
        return f"{self.name}: {failed} of {total} tests failed{skipped}."

    def __str__(self) -> str:
        lines = [self.headline()]
        lines += [f"  note: {note}" for note in self.notes]
        if self.status != "not attempted":
            lines += [result.text(repeated, hint_shown) for result, repeated, hint_shown in self._shown()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Report {self.name}: {self.status}, {len(self.failures)} of {len(self.results)} failed>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        colour, background, mark = _STYLE[self.status]
        parts = [f'<div style="border-left:4px solid {colour};background:{background};padding:6px 10px;'
                 'margin:4px 0;font-family:sans-serif;font-size:14px;line-height:1.4">',
                 f'<div style="font-weight:bold;color:{colour}">{mark} {escape(self.headline())}</div>']
        for note in self.notes:
            parts.append(f'<div style="margin:4px 0;color:#7a4f00">{escape(note)}</div>')
        if self.status != "not attempted":
            passed = [result for result in self.results if result.status == "passed"]
            if passed and self.failures:
                items = "".join(f"<li>{escape(result.title)}{_info_html(result)}</li>" for result in passed)
                parts.append(f'<details style="margin:4px 0"><summary style="color:#1e7b34">&#10004; '
                             f'{len(passed)} passed</summary><ul style="margin:2px 0">{items}</ul></details>')
            elif passed:
                items = "".join(f"<li>&#10004; {escape(result.title)}{_info_html(result)}</li>" for result in passed)
                parts.append(f'<ul style="margin:2px 0;list-style:none;padding-left:8px;color:#1e7b34">{items}</ul>')
            for result, repeated, hint_shown in self._shown():
                if result.status == "failed" and repeated:
                    parts.append(f'<div style="color:#b3261e;margin:2px 0">&#10008; {escape(result.title)}: '
                                 "the same failure as above</div>")
                elif result.status == "failed":
                    parts.append(_failure_html(result, hint_shown))
                elif result.status == "not attempted":
                    parts.append(f'<div style="color:#555">&#9998; {escape(result.title)}: not attempted</div>')
                elif result.status == "not run":
                    parts.append(f'<div style="color:#555">&#8212; {escape(result.title)}: '
                                 f'{escape(result.message or "not run")}</div>')
        parts.append("</div>")
        return "".join(parts)


def _info_html(result: CaseResult) -> str:
    """The explanation under a passed test, if it has one."""
    if not result.info:
        return ""
    return (f'<pre style="margin:2px 0 6px 1.2em;font-size:13px;line-height:1.25;color:#333;white-space:pre-wrap">'
            f"{escape(result.info)}</pre>")


def _failure_html(result: CaseResult, hint_shown: bool = False) -> str:
    rows = []

    def row(label: str, value: str | None, pre: bool = False) -> None:
        if value is None or value == "":
            return
        body = (f'<pre style="margin:0;font-size:13px;line-height:1.2">{escape(value)}</pre>' if pre
                else f"<code>{escape(value)}</code>")
        rows.append(f'<tr><td style="vertical-align:top;padding-right:8px;color:#555">{label}</td><td>{body}</td></tr>')

    row("position", result.position, pre=True)
    row("to try it", result.reproduce)
    row("expected", result.expected)
    row("got", result.got)
    row("error", result.error)
    row("at", result.where)
    row("printed", "\n".join(_cut(line) for line in result.printed.splitlines()[:12]), pre=True)
    parts = ['<div style="margin:8px 0 4px 0;padding:4px 8px;background:#fff;border:1px solid #e6b8b4">',
             f'<div style="font-weight:bold;color:#b3261e">&#10008; {escape(result.title)}</div>']
    if result.message:
        parts.append(f'<div style="white-space:pre-wrap">{escape(result.message)}</div>')
    if result.printed_note:
        parts.append(f'<div style="color:#7a4f00">{escape(result.printed_note)}</div>')
    if rows:
        parts.append(f'<table style="margin:4px 0;border:none">{"".join(rows)}</table>')
    if result.hint and hint_shown:
        parts.append('<div style="color:#7a4f00;margin-top:2px">Hint: the same as above.</div>')
    elif result.hint:
        parts.append(f'<div style="background:#fff8e1;padding:4px 6px;margin-top:4px"><b>Hint:</b> '
                     f'{escape(result.hint)}</div>')
    parts.append("</div>")
    return "".join(parts)
