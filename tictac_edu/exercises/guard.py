"""Running a learner's code safely: a time limit that never kills the kernel, captured
printing, and finding the line of *her* code where an exception came from.

The time limit uses ``SIGALRM`` (``signal.setitimer``) when the check runs on the main thread
of a platform that has it (Linux and macOS, Jupyter kernels, pytest); elsewhere (a worker
thread, Windows) a trace function checks the clock instead, which is slower but portable. In
both cases :class:`CheckTimeout` is raised *inside* the running code and caught by the check;
it derives from ``BaseException`` so that an ``except Exception:`` in the learner's code
cannot swallow it.
"""

from __future__ import annotations

import io
import linecache
import os
import signal
import sys
import sysconfig
import threading
import time
import traceback
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType, TracebackType
from typing import Any

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SYSTEM_DIRS = tuple(
    os.path.abspath(path) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if (path := sysconfig.get_paths().get(key))
)


class CheckTimeout(BaseException):
    """Raised inside the learner's code when a test's time limit has passed."""


class TimeLimit:
    """A time limit for the code run between :meth:`start` and :meth:`stop`.

    ``seconds=None`` means no limit. :meth:`stop` is safe to call more than once.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.active = False
        self.paused = False
        self._remaining = 0.0
        self._paused_at = 0.0
        self._mode = ""
        self._old_handler: Any = None
        self._old_timer: tuple[float, float] = (0.0, 0.0)
        self._started = 0.0
        self._old_trace: Any = None
        self._deadline = 0.0

    def start(self) -> None:
        """Start the clock."""
        if self.seconds is None or self.seconds <= 0:
            return
        self._deadline = time.monotonic() + self.seconds
        self.active = True
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self._mode = "signal"
            self._old_handler = signal.signal(signal.SIGALRM, self._on_alarm)
            # Fire again every 0.2 s in case the learner's code swallows the first one.
            self._old_timer = signal.setitimer(signal.ITIMER_REAL, self.seconds, 0.2)
            self._started = time.monotonic()
        elif sys.gettrace() is None:
            self._mode = "trace"
            self._old_trace = None
            sys.settrace(self._on_trace)
        else:  # a debugger or coverage tool is tracing this thread: leave it alone, no limit
            self._mode = ""

    def stop(self) -> None:
        """Stop the clock and restore what :meth:`start` changed."""
        self.active = False
        if self._mode == "signal":
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, self._old_handler if self._old_handler is not None else signal.SIG_DFL)
            old_delay, old_interval = self._old_timer
            if old_delay > 0:  # someone else's timer was running: give it back what is left of it
                left = old_delay - (time.monotonic() - self._started)
                signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), old_interval)
        elif self._mode == "trace":
            sys.settrace(self._old_trace)
        self._mode = ""

    def pause(self) -> None:
        """Stop the clock for a while (for the checker's own work); see :meth:`resume`."""
        if not self.active or self.paused:
            return
        self.paused = True
        self._paused_at = time.monotonic()
        if self._mode == "signal":
            self._remaining, _ = signal.setitimer(signal.ITIMER_REAL, 0, 0)

    def resume(self) -> None:
        """Restart the clock with the time that was left when it was paused."""
        if not self.active or not self.paused:
            return
        self._deadline += time.monotonic() - self._paused_at
        self.paused = False
        if self._mode == "signal":
            signal.setitimer(signal.ITIMER_REAL, max(self._remaining, 0.001), 0.2)

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if self.active and not self.paused:
            raise CheckTimeout(self.seconds)

    def _on_trace(self, frame: FrameType, event: str, arg: object) -> Any:
        if self.active and not self.paused and time.monotonic() > self._deadline:
            raise CheckTimeout(self.seconds)
        return self._on_trace


class BoundedOutput(io.TextIOBase):
    """A text stream that keeps only the first ``limit`` characters written to it."""

    def __init__(self, limit: int = 1500) -> None:
        self.limit = limit
        self.kept: list[str] = []
        self.size = 0
        self.lines = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.size < self.limit:
            self.kept.append(text[: self.limit - self.size])
        self.size += len(text)
        self.lines += text.count("\n")
        return len(text)

    def summary(self) -> str:
        """What was printed, shortened, or ``""``."""
        if not self.size:
            return ""
        text = "".join(self.kept)
        if self.size > self.limit:
            text += f"\n... ({self.size:,} characters, {self.lines:,} lines printed in all)"
        return text


@contextmanager
def captured_output() -> Iterator[BoundedOutput]:
    """Send ``print`` output to a :class:`BoundedOutput` for the duration."""
    sink = BoundedOutput()
    old = sys.stdout
    sys.stdout = sink  # type: ignore[assignment]
    try:
        yield sink
    finally:
        sys.stdout = old


@dataclass
class Location:
    """A line of code: file, line number, the function it is in and its text."""

    filename: str
    lineno: int
    function: str
    line: str

    def describe(self) -> str:
        """``line 5, in winner: return board[a]``."""
        text = f"line {self.lineno}, in {self.function}"
        return f"{text}: {self.line.strip()}" if self.line.strip() else text


def is_learner_file(filename: str, learner_files: Collection[str] = ()) -> bool:
    """Whether code from ``filename`` is the learner's (not this package, not Python's own);
    ``learner_files`` are known to be hers (where her function was defined)."""
    if filename in learner_files:
        return True
    if filename.startswith("<frozen") or filename in ("<string>", "<stdin>"):
        return False
    path = os.path.abspath(filename)
    if path.startswith(_PACKAGE_DIR + os.sep):
        return False
    return not path.startswith(_SYSTEM_DIRS)


def learner_location(tb: TracebackType | None, learner_files: Collection[str] = ()) -> Location | None:
    """The innermost frame of the learner's code in a traceback, if any."""
    found = None
    for frame_summary in traceback.extract_tb(tb):
        if is_learner_file(frame_summary.filename, learner_files):
            found = frame_summary
    if found is None:
        return None
    line = found.line or linecache.getline(found.filename, found.lineno or 0)
    return Location(found.filename, found.lineno or 0, found.name, line or "")


def innermost_location(tb: TracebackType | None) -> Location | None:
    """The innermost frame of a traceback."""
    frames = traceback.extract_tb(tb)
    if not frames:
        return None
    last = frames[-1]
    return Location(last.filename, last.lineno or 0, last.name, last.line or "")
