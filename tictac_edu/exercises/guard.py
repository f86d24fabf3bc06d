"""Running a learner's code safely: a CPU-time limit that counts only her code and never kills
the kernel, a memory limit, captured printing, the package's own classes kept as they were,
and finding the line of *her* code where an exception came from.

The time limit (:class:`LearnerClock`) counts the CPU time spent *inside* the learner's
function and nothing else: the checker starts the clock when it calls her function and stops
it when the function returns, so the reference figures, the diagnosis of a mistake and other
programs running on the machine never count against her. How it stops a function that runs
too long depends on where the check runs:

* ``"signal"`` (the main thread on Linux and macOS: Jupyter kernels, pytest, the grader):
  ``signal.setitimer(ITIMER_PROF)``, a timer of the process's CPU time;
* ``"watchdog"`` (another thread, where signals cannot be used, on Linux and macOS): a
  watchdog thread reads the CPU clock of the checking thread and raises the time-out in it;
* ``"trace"`` (a last resort, where neither is possible): a trace function reads the thread's
  CPU clock in the learner's code. Tracing slows the code down, so the limits are
  :data:`TRACE_SLOWDOWN` times longer; and a loop that never calls anything and has only one
  line (``while True: pass``) gives the trace function no chance to run.

In every mode :class:`CheckTimeout` is raised *inside* the running code and caught by the
check; it derives from ``BaseException`` so that an ``except Exception:`` in the learner's code
cannot swallow it.
"""

from __future__ import annotations

import ctypes
import io
import linecache
import math
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
from typing import Any, Literal

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SYSTEM_DIRS = tuple(
    os.path.abspath(path) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if (path := sysconfig.get_paths().get(key))
)

ClockMode = Literal["signal", "watchdog", "trace", "none"]

TRACE_SLOWDOWN = 8.0
"""How much longer the limits are when the clock has to trace the learner's code (tracing
makes Python code several times slower, and the learner must not pay for it)."""

FORCE_MODE_ENV = "TICTAC_EDU_CLOCK"
"""Set to ``watchdog`` or ``trace`` to force that way of stopping a function (for tests)."""


class CheckTimeout(BaseException):
    """Raised inside the learner's code when her CPU time for a test has run out."""


def _available_modes() -> list[ClockMode]:
    modes: list[ClockMode] = []
    if hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF") and \
            threading.current_thread() is threading.main_thread():
        modes.append("signal")
    if hasattr(ctypes, "pythonapi") and _thread_cpu_reader(threading.get_ident(), threading.get_native_id()):
        modes.append("watchdog")
    modes.append("trace")
    return modes


def choose_mode() -> ClockMode:
    """The way a clock started now, on this thread, stops the learner's code."""
    modes = _available_modes()
    forced = os.environ.get(FORCE_MODE_ENV, "")
    if forced in modes:
        return forced  # type: ignore[return-value]
    return modes[0]


def wall_bound(cpu_limit: float) -> float:
    """The wall-clock seconds a learner's code may take for ``cpu_limit`` CPU seconds: far
    more than any honest need on a busy machine, so that only code that waits (``time.sleep``,
    ``input()``) meets it."""
    return 10 * cpu_limit + 10


_RUNNING: list[LearnerClock] = []


def running_clock() -> LearnerClock | None:
    """The clock running now around the learner's code, if any (her function called in a
    process of its own charges her time to it)."""
    return _RUNNING[-1] if _RUNNING else None


class LearnerClock:
    """A limit on the CPU time of the learner's code, counted only while it runs.

    :meth:`start` prepares the clock, :meth:`running` (a context manager) runs it around each
    call of the learner's function, :meth:`stop` puts everything back; ``used`` is the CPU
    time her code has taken so far. :class:`CheckTimeout` is raised in her code once ``used``
    passes ``limit`` seconds.

    Her code is also stopped once it has run ``wall`` seconds of wall-clock time while the
    clock ran (a function that sleeps uses no CPU): ``wall_timed_out`` then says so.

    Args:
        limit: seconds of CPU time, a positive finite number.
        mode: how to stop her code (see the module's documentation); chosen for the current
            thread if ``None``.
        wall: seconds of wall-clock time (:func:`wall_bound` of ``limit`` by default).
    """

    def __init__(self, limit: float, mode: ClockMode | None = None, *, wall: float | None = None) -> None:
        if not (isinstance(limit, int | float) and not isinstance(limit, bool) and math.isfinite(limit) and limit > 0):
            raise ValueError(f"a time limit is a positive number of seconds, not {limit!r}")
        self.mode: ClockMode = mode or choose_mode()
        self.slowdown = TRACE_SLOWDOWN if self.mode == "trace" else 1.0
        self.limit = float(limit) * self.slowdown
        self.wall = float(wall) if wall is not None else wall_bound(float(limit) * self.slowdown)
        self.used = 0.0
        self.wall_used = 0.0
        self.timed_out = False
        self.wall_timed_out = False
        self._wall_started = 0.0
        self._old_alarm: Any = None
        self._old_real: tuple[float, float] = (0.0, 0.0)
        self._depth = 0
        self._running = False
        self._started_at = 0.0
        self._active = False
        self._lock = threading.Lock()
        self._thread_id = 0
        self._old_handler: Any = None
        self._old_timer: tuple[float, float] = (0.0, 0.0)
        self._old_timer_at = 0.0
        self._old_trace: Any = None
        self._events = 0
        self._learner_codes: dict[Any, bool] = {}
        self._watchdog: threading.Thread | None = None
        self._thread_cpu: Any = None

    # -- the lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        """Get ready to time the learner's code on the current thread."""
        self._active = True
        self._thread_id = threading.get_ident()
        if self.mode == "signal":
            self._old_handler = signal.signal(signal.SIGPROF, self._on_signal)
            self._old_timer = signal.setitimer(signal.ITIMER_PROF, 0, 0)
            self._old_timer_at = time.process_time()
            self._old_alarm = signal.signal(signal.SIGALRM, self._on_alarm)
            self._old_real = signal.setitimer(signal.ITIMER_REAL, 0, 0)
        elif self.mode == "watchdog":
            reader = _thread_cpu_reader(self._thread_id, threading.get_native_id())
            assert reader is not None
            self._thread_cpu = reader
            self._watchdog = threading.Thread(target=self._watch, name="tictac_edu check watchdog", daemon=True)
            self._watchdog.start()

    def stop(self) -> None:
        """Stop timing and put back what :meth:`start` changed; safe to call twice."""
        if not self._active:
            return
        if self._running:
            self._running = False
            self._pause()
        self._depth = 0
        self._active = False
        if self.mode == "signal":
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            signal.signal(signal.SIGPROF, self._old_handler if self._old_handler is not None else signal.SIG_DFL)
            old_delay, old_interval = self._old_timer
            if old_delay > 0:  # someone else's CPU timer was running: give it back what is left of it
                left = old_delay - (time.process_time() - self._old_timer_at)
                signal.setitimer(signal.ITIMER_PROF, max(left, 0.001), old_interval)
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, self._old_alarm if self._old_alarm is not None else signal.SIG_DFL)
            if self._old_real[0] > 0:
                signal.setitimer(signal.ITIMER_REAL, max(self._old_real[0] - self.wall_used, 0.001),
                                 self._old_real[1])
        elif self.mode == "watchdog" and self._watchdog is not None:
            self._watchdog.join()
            self._watchdog = None
            try:  # a time-out sent just as her function returned is raised here, at the latest
                for _ in range(3):
                    _absorb()
            except CheckTimeout:
                self.timed_out = True

    @contextmanager
    def running(self) -> Iterator[None]:
        """Run the clock for the code inside (the learner's function); calls may nest."""
        if not self._active or self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._resume()
        self._depth = 1
        self._running = True
        _RUNNING.append(self)
        try:
            yield
        finally:
            self._running = False
            self._depth = 0
            if self in _RUNNING:
                _RUNNING.remove(self)
            self._pause()

    def charge(self, seconds: float, wall: float = 0.0) -> None:
        """Count ``seconds`` of the learner's CPU time and ``wall`` seconds of her wall-clock
        time spent elsewhere (in her own process); a negative time takes back the grader's own
        work (and waiting), counted while the clock ran."""
        with self._lock:  # (below zero for a moment: the grader's own time is added when the clock pauses)
            self.used += float(seconds) * self.slowdown
            self.wall_used += float(wall)

    def left(self) -> float:
        """CPU seconds her code may still take, now (the clock may be running)."""
        with self._lock:
            running = self._now() - self._started_at if self._running and self._started_at else 0.0
            return max(self.limit - self.used - running, 0.0) / self.slowdown

    def wall_left(self) -> float:
        """Wall-clock seconds her code may still take, now."""
        running = time.monotonic() - self._wall_started if self._running and self._wall_started else 0.0
        return max(self.wall - self.wall_used - running, 0.0)

    @property
    def remaining(self) -> float:
        """CPU seconds left, as far as the clock knows between calls."""
        return max(self.limit - self.used, 0.0)

    @property
    def learner_seconds(self) -> float:
        """The learner's CPU time, without the slowdown of tracing."""
        return max(self.used, 0.0) / self.slowdown

    # -- resuming and pausing --------------------------------------------------------------

    def _now(self) -> float:
        return time.process_time() if self.mode == "signal" else time.thread_time()

    def _resume(self) -> None:
        left = self.limit - self.used
        if left <= 0:
            self.timed_out = True
            raise CheckTimeout(self.limit)
        wall_left = self.wall - self.wall_used
        if wall_left <= 0:
            self.timed_out = self.wall_timed_out = True
            raise CheckTimeout(self.limit)
        with self._lock:
            self._started_at = self._now()
            self._wall_started = time.monotonic()
        if self.mode == "signal":
            signal.setitimer(signal.ITIMER_PROF, max(left, 0.001), 0.05)
            signal.setitimer(signal.ITIMER_REAL, max(wall_left, 0.001), 0.25)
        elif self.mode == "trace":
            self._old_trace = sys.gettrace()
            if self._old_trace is None:
                sys.settrace(self._on_call)

    def _pause(self) -> None:
        with self._lock:  # after this, the watchdog sends nothing more
            self._running = False
        if self.mode == "signal":
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
        elif self.mode == "trace" and self._old_trace is None:
            sys.settrace(None)
        with self._lock:
            self.used += self._now() - self._started_at
            self._started_at = 0.0
            self.wall_used += time.monotonic() - self._wall_started
            self._wall_started = 0.0

    def _over(self) -> bool:
        if self._running and self.wall_used + time.monotonic() - self._wall_started > self.wall:
            self.wall_timed_out = True
            return True
        return self._running and self.used + self._now() - self._started_at > self.limit

    # -- the three ways to stop the learner's code ------------------------------------------

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if not self._running:
            return
        left = self.limit - (self.used + self._now() - self._started_at)
        if left > 0.002:  # the timer's count is coarser than process_time(): wait for the rest
            signal.setitimer(signal.ITIMER_PROF, left, 0.05)
            return
        self.timed_out = True
        raise CheckTimeout(self.limit)

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if not self._running:
            return
        if self.wall_used + time.monotonic() - self._wall_started < self.wall - 0.002:
            return
        self.timed_out = self.wall_timed_out = True
        raise CheckTimeout(self.limit)

    def _watch(self) -> None:
        last_sent = 0.0
        while self._active:
            time.sleep(0.005)
            with self._lock:
                if not self._running:
                    continue
                used = self.used + self._thread_cpu() - self._started_at
                if self.wall_used + time.monotonic() - self._wall_started > self.wall:
                    self.wall_timed_out = True
                    used = self.limit + 1
                if used > self.limit and time.monotonic() - last_sent > 0.05:
                    self.timed_out = True
                    _set_async_exception(self._thread_id, CheckTimeout)
                    last_sent = time.monotonic()

    def _on_call(self, frame: FrameType, event: str, arg: object) -> Any:
        code = frame.f_code
        mine = self._learner_codes.get(code)
        if mine is None:
            mine = self._learner_codes[code] = is_learner_file(code.co_filename)
        self._tick()
        return self._on_line if mine else None

    def _on_line(self, frame: FrameType, event: str, arg: object) -> Any:
        self._tick()
        return self._on_line

    def _tick(self) -> None:
        self._events += 1
        if self._events & 255 == 0 and self._over():
            self.timed_out = True
            raise CheckTimeout(self.limit)


def _thread_cpu_reader(thread_id: int, native_id: int) -> Any:
    """A function that reads the CPU time of a thread (seconds) from any other thread, or
    ``None`` where the system offers none."""
    if hasattr(time, "pthread_getcpuclockid"):
        try:
            clock_id = time.pthread_getcpuclockid(thread_id)
        except OSError:
            return None
        return lambda: time.clock_gettime(clock_id)
    if sys.platform == "win32":  # pragma: no cover - Windows
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenThread(0x0040, False, native_id)  # THREAD_QUERY_LIMITED_INFORMATION
        if not handle:
            return None
        times = [ctypes.c_ulonglong() for _ in range(4)]

        def read() -> float:
            kernel32.GetThreadTimes(handle, *(ctypes.byref(value) for value in times))
            return (times[2].value + times[3].value) / 1e7  # kernel + user time, in 100 ns

        return read
    return None


def _set_async_exception(thread_id: int, exception: type[BaseException]) -> None:
    """Raise ``exception`` in another thread at its next bytecode. (Never cancel one with
    NULL: on Python 3.11 that leaves the interpreter's "pending" flag set for good, and a
    traced function then never starts.)"""
    set_async = ctypes.pythonapi.PyThreadState_SetAsyncExc
    set_async.argtypes = (ctypes.c_ulong, ctypes.py_object)
    set_async.restype = ctypes.c_int
    set_async(ctypes.c_ulong(thread_id), ctypes.py_object(exception))


def _absorb() -> None:
    """A function call: a point where a pending asynchronous exception is raised."""


# -- memory ---------------------------------------------------------------------------------

MEMORY_LIMIT = 1 << 30
"""Bytes of memory a learner's function may take on top of what the process already uses."""


def _address_space() -> int | None:
    """The process's current virtual memory size in bytes, where the system says it."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError, IndexError):
        return None


@contextmanager
def memory_limit(extra: int = MEMORY_LIMIT) -> Iterator[None]:
    """Limit the memory the code inside may take to ``extra`` bytes more than now: beyond, a
    ``MemoryError`` is raised in it. Only on the main thread of a system with ``resource``
    and ``/proc`` (Linux); elsewhere it does nothing."""
    try:
        import resource
    except ImportError:  # Windows
        yield
        return
    current = _address_space()
    if current is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    old_soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = current + extra
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if old_soft != resource.RLIM_INFINITY and old_soft <= wanted:
        yield  # already limited at least as tightly (the grader's process)
        return
    try:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (old_soft, hard))


# -- printing -------------------------------------------------------------------------------

class BoundedOutput(io.TextIOBase):
    """A text stream that keeps only the first ``limit`` characters written to it, and counts
    the rest."""

    def __init__(self, limit: int = 1500) -> None:
        self.limit = limit
        self.kept: list[str] = []
        self.size = 0
        self.lines = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.size < self.limit:
            self.kept.append(text[: self.limit - self.size])
        self.size += len(text)
        self.lines += text.count("\n")
        return len(text)

    def flush(self) -> None:
        pass

    @property
    def flooded(self) -> bool:
        """Whether more was written than is kept."""
        return self.size > self.limit

    def summary(self) -> str:
        """What was printed, shortened, or ``""``."""
        if not self.size:
            return ""
        text = "".join(self.kept)
        if self.flooded:
            text += f"\n... ({self.size:,} characters, {self.lines:,} lines printed in all)"
        return text


@contextmanager
def captured_output(limit: int = 1500) -> Iterator[BoundedOutput]:
    """Send what is written to ``sys.stdout`` and ``sys.stderr`` to one :class:`BoundedOutput`
    for the duration, and put both streams back afterwards, even if the code replaced them."""
    sink = BoundedOutput(limit)
    old_out, old_err = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink  # type: ignore[assignment]
    try:
        yield sink
    finally:
        sys.stdout, sys.stderr = old_out, old_err


# -- the package's own classes ----------------------------------------------------------------

_PROTECTED_PACKAGES = ("tictac_edu.games", "tictac_edu.search", "tictac_edu.evaluation", "tictac_edu.solvers")
_pristine: dict[type, dict[str, Any]] = {}


def _package_classes() -> list[type]:
    classes = []
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(_PROTECTED_PACKAGES):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name:
                classes.append(value)
    return classes


def remember_package_classes() -> None:
    """Record the package's classes as they are now (done once, when the exercises are
    imported, before any of the learner's code has run)."""
    import tictac_edu.evaluation  # noqa: F401 - the classes the checks rely on
    import tictac_edu.games  # noqa: F401
    import tictac_edu.search  # noqa: F401

    for cls in _package_classes():
        _pristine.setdefault(cls, dict(vars(cls)))


Patch = tuple[type, str, Any]
"""A change to a class: the class, the attribute, and the value it had been given (or
:data:`_ABSENT` where an attribute was deleted)."""

_ABSENT: Any = object()


PYTHON_CACHES = frozenset({"__slotnames__", "__annotations__", "__abstractmethods__", "_abc_impl"})
"""Attributes Python itself adds to a class as it goes: ``copyreg`` caches ``__slotnames__`` the
first time an object with ``__slots__`` is pickled (for a process pool, say), and reading
``__annotations__`` of a class that has none stores an empty dict. Never a patch."""


def package_patches() -> list[Patch]:
    """The package's classes' attributes that are no longer what they were (leaving out the
    caches Python keeps on classes, :data:`PYTHON_CACHES`)."""
    found = []
    for cls, original in _pristine.items():
        current = vars(cls)
        for name, value in current.items():
            if name in PYTHON_CACHES:
                continue
            if original.get(name, _ABSENT) is not value:
                found.append((cls, name, value))
        for name in original:
            if name not in current and name not in PYTHON_CACHES:
                found.append((cls, name, _ABSENT))
    return found


def undo_patches(patches: list[Patch]) -> None:
    """Give the patched attributes their original values back."""
    for cls, name, _ in patches:
        original = _pristine[cls].get(name, _ABSENT)
        if original is _ABSENT:
            delattr(cls, name)
        else:
            setattr(cls, name, original)


def redo_patches(patches: list[Patch]) -> None:
    """Put the learner's changes back (what :func:`undo_patches` undid)."""
    for cls, name, value in patches:
        if value is _ABSENT:
            if name in vars(cls):
                delattr(cls, name)
        else:
            setattr(cls, name, value)


def describe_patches(patches: list[Patch]) -> str:
    """``MNKGame.legal_moves, TicTacToe.__str__``."""
    return ", ".join(f"{cls.__name__}.{name}" for cls, name, _ in patches)


# -- where an exception came from ---------------------------------------------------------------

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
