"""The grader's side of a learner's process: the checks run here, her functions there.

:class:`LearnerProcess` starts :mod:`tictac_edu.exercises.host` (in the sandbox of
:mod:`tictac_edu.exercises.sandbox` where it can), has it load her files, and hands out a
:class:`RemoteFunction` per exercise she wrote: an ordinary callable for the checks, which
sends the arguments to her process, waits (never longer than a wall-clock bound), and returns
what her function returned as plain data of the exact built-in types. Her CPU time is charged
to the check's clock (:class:`~tictac_edu.exercises.guard.LearnerClock`), what she printed
goes to the check's captured output, the arguments she changed are changed here too, and her
exceptions are raised again here with the line of her code they came from. If her process
ends during a call, :class:`~tictac_edu.exercises.plain.LearnerProcessEnded` says how, and
the next call starts a fresh process.
"""

from __future__ import annotations

import inspect
import io
import json
import os
import pickle
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tictac_edu.exercises import plain, sandbox
from tictac_edu.exercises.host import HEADER, MAX_FRAME, MirrorArg, write_frame
from tictac_edu.exercises.plain import RemoteTrace

CALL_WALL_SLACK = 15.0
"""Seconds the grader waits for an answer beyond the wall-clock bound her own process keeps."""

LOAD_WALL = 120.0
"""Wall-clock seconds her files may take to load, at most."""


class LearnerException(Exception):
    """An exception of a type of her own (or one the grader does not rebuild), raised again
    in the grader's process under its own name."""


def rebuild_exception(info: Mapping[str, Any]) -> BaseException:
    """Her exception, described by her process, as an exception of the grader's: the same
    built-in type (or the games' own), else a :class:`LearnerException` of her type's name."""
    import builtins
    import importlib

    name = str(info.get("type", "Exception"))[:100]
    module = str(info.get("module", ""))
    message = str(info.get("message", ""))[:2000]
    args = info.get("args")
    kind: Any = None
    if module == "builtins":
        kind = getattr(builtins, name, None)
    elif module == "tictac_edu.games" or module.startswith("tictac_edu.games."):
        try:
            kind = getattr(importlib.import_module(module), name, None)
        except ImportError:
            kind = None
    exc: BaseException | None = None
    if isinstance(kind, type) and issubclass(kind, BaseException) and \
            not issubclass(kind, (KeyboardInterrupt, GeneratorExit)):
        try:
            exc = kind(*args) if isinstance(args, list) else kind(message)
        except Exception:  # noqa: BLE001 - a type whose constructor wants more
            exc = None
    if exc is None:
        label = name if name.isidentifier() else "LearnerException"
        exc = type(label, (LearnerException,), {"__module__": "builtins" if module == "builtins" else "learner"})(
            message)
    exc.learner_trace = RemoteTrace(info.get("where"), info.get("inner"), bool(info.get("at_call")))  # type: ignore
    return exc


def _callable_argument(value: Any) -> bool:
    """Whether a value the checks pass must be called back in the grader's process (a closure,
    a recording object, a method) rather than copied into hers (a function of the package)."""
    if isinstance(value, type) or not callable(value):
        return False
    if inspect.isbuiltin(value):
        return False
    if inspect.isfunction(value):
        module = getattr(value, "__module__", "") or ""
        return not (module.startswith("tictac_edu.") and value.__qualname__ == value.__name__ and
                    not module.startswith(("tictac_edu.exercises.solutions", "tictac_edu.exercises.buggy")))
    return True


_NEVER_CALLED = frozenset({type(None), bool, int, float, complex, str, bytes, tuple, list, dict, set, frozenset})


class _Pickler(pickle.Pickler):
    def __init__(self, file: Any, callbacks: list[Callable[..., Any]]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.callbacks = callbacks

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) in _NEVER_CALLED:
            return None
        if _callable_argument(obj):
            self.callbacks.append(obj)
            return ("callback", len(self.callbacks) - 1)
        return None


def _pickled(message: Any, callbacks: list[Callable[..., Any]]) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, callbacks).dump(message)
    return buffer.getvalue()


def _mutable_plain(value: Any, depth: int = 0) -> bool | None:
    """True for plain data with a list, dict or set in it (she may change it); False for plain
    data that cannot change; None for anything else."""
    kind = type(value)
    if kind in (type(None), bool, int, float, complex, str, bytes) or plain.package_enum(kind):
        return False
    if depth > 40:
        return None
    if kind in (list, dict, set):
        items = list(value.items()) if kind is dict else list(value)
        parts = [part for item in items for part in (item if kind is dict else (item,))]
        return None if any(_mutable_plain(part, depth + 1) is None for part in parts) else True
    if kind in (tuple, frozenset):
        found = [_mutable_plain(item, depth + 1) for item in value]
        return None if None in found else any(found)
    return None


_ABSENT = object()


def _immutable_plain(value: Any, depth: int = 0) -> bool:
    kind = type(value)
    if kind in (type(None), bool, int, float, complex, str, bytes) or plain.package_enum(kind):
        return True
    if kind in (tuple, frozenset) and depth < 20:
        return all(_immutable_plain(item, depth + 1) for item in value)
    return False


def write_back(original: Any, new: Any) -> Any:
    """Make ``original`` (plain data) hold what ``new`` holds, keeping the identity of the
    containers that are still of the same kind; returns what to use in its place."""
    if type(original) is not type(new):
        return new
    if type(original) is list:
        if len(original) == len(new):
            for index, item in enumerate(new):
                original[index] = write_back(original[index], item)
        else:
            original[:] = new
        return original
    if type(original) is dict:
        for key in [key for key in original if key not in new]:
            del original[key]
        for key, item in new.items():
            original[key] = write_back(original[key], item) if key in original else item
        return original
    if type(original) is set:
        original.clear()
        original.update(new)
        return original
    if type(original) is tuple and len(original) == len(new):
        kept = [write_back(old, item) for old, item in zip(original, new, strict=True)]
        return original if all(item is old for item, old in zip(kept, original, strict=True)) else tuple(kept)
    if type(original) in (type(None), bool, int, float, complex, str, bytes) and original == new and \
            type(original) is type(new):
        return original
    return new


class LearnerProcess:
    """A learner's files, loaded in a process of their own, and calls of her functions.

    Args:
        files: her files.
        exercises: the exercises whose functions are wanted.
        limits: the limits of her process (``cpu_seconds``, ``memory_bytes``, ``file_bytes``,
            ``load_cpu_seconds``), as in :class:`~tictac_edu.exercises.grading.Limits`.
        sandboxed: run it in bubblewrap (``None``: where it is available).
    """

    def __init__(self, files: Sequence[str], exercises: Sequence[str], limits: Mapping[str, Any],
                 sandboxed: bool | None = None) -> None:
        self.files = [str(file) for file in files]
        self.exercises = list(exercises)
        self.limits = dict(limits)
        self.sandboxed = sandbox.sandbox_available() if sandboxed is None else sandboxed
        self.process: subprocess.Popen | None = None
        self.loaded: dict[str, Any] | None = None
        self.starts = 0
        self._workdir: str | None = None
        self._requests = self._replies = -1
        self.returncode: int | None = None
        self.timed_out = False
        self.output = ""
        self._mirrors: dict[int, tuple[dict, int, dict]] = {}
        self._mirror_count = 0
        self._mirrors_used = False
        self._forget: list[int] = []

    # -- the process ------------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """Start her process and load her files; what loading found (see
        :meth:`tictac_edu.exercises.host.Host.load`).

        Raises:
            LearnerProcessEnded: her process ended (or took too long) while it loaded them.
        """
        from tictac_edu.exercises.grading import _child_environment, allowed_folders, sandbox_environment

        self.close()
        self.starts += 1
        self._mirrors, self._forget = {}, []
        self.returncode, self.timed_out, self.output = None, False, ""
        self._workdir = tempfile.mkdtemp(prefix="tictac_edu_learner_")
        scratch = os.path.join(self._workdir, "scratch")
        os.mkdir(scratch)
        requests_read, requests_write = os.pipe()
        replies_read, replies_write = os.pipe()
        job = {"files": self.files, "limits": self.limits, "requests": requests_read, "replies": replies_write,
               "sandboxed": self.sandboxed, "allowed": [scratch, *allowed_folders()]}
        command = [sys.executable, "-s", "-m", "tictac_edu.exercises.host", json.dumps(job)]
        env = _child_environment(scratch)
        if self.sandboxed:
            env = sandbox_environment(scratch)
            command = sandbox.bwrap_argv(command, [sandbox.PACKAGE_DIR, *self.files], scratch, env=env)
        with open(os.path.join(self._workdir, "output"), "wb") as output:
            self.process = subprocess.Popen(command, cwd=scratch, env=env, stdin=subprocess.DEVNULL, stdout=output,
                                            stderr=subprocess.STDOUT, pass_fds=(requests_read, replies_write),
                                            close_fds=True, start_new_session=True)
        os.close(requests_read)
        os.close(replies_write)
        self._requests, self._replies = requests_write, replies_read
        load_wall = min(LOAD_WALL, 10 * float(self.limits.get("load_cpu_seconds", 10.0)) + 30)
        self._send({"op": "load", "exercises": self.exercises,
                    "load_cpu_seconds": float(self.limits.get("load_cpu_seconds", 10.0))}, [])
        reply = self._receive(time.monotonic() + load_wall)
        if reply.get("op") != "loaded":
            self._ended("her process did not say what it loaded")
        self.loaded = reply
        return reply

    def close(self) -> None:
        """End her process (if it runs) and clean up."""
        if self.process is not None and self.process.poll() is None and self._requests >= 0:
            try:  # ask first: then bubblewrap waits for it, and its CPU time is counted
                write_frame(self._requests, _pickled({"op": "exit"}, []))
                self.process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        for fd in (self._requests, self._replies):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._requests = self._replies = -1
        if self.process is not None:
            if self.process.poll() is None:
                self._kill()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
            self.returncode = self._code(self.process.returncode)
            self.process = None
        if self._workdir is not None:
            try:
                with open(os.path.join(self._workdir, "output"), "rb") as output:
                    output.seek(max(os.path.getsize(output.name) - 4000, 0))
                    self.output = output.read().decode("utf-8", "replace")
            except OSError:
                pass
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None

    def _code(self, code: int | None) -> int | None:
        if self.sandboxed and code is not None and code > 128:
            return -(code - 128)  # bubblewrap reports a signal as 128 + its number
        return code

    def _kill(self) -> None:
        assert self.process is not None
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            self.process.kill()

    def how(self) -> str:
        """How her process ended, in words (with the line of her code, if it crashed)."""
        from tictac_edu.exercises.grading import Limits, _crash_detail, _ended, _Run

        known = {key: value for key, value in self.limits.items() if key in Limits.__dataclass_fields__}
        run = _Run([], self.returncode, 0.0, 0.0, self.output, self.timed_out, self.sandboxed)
        return _ended(run, Limits(**known)) + _crash_detail(run)

    def _ended(self, why: str = "") -> Any:
        if self.process is not None and self.process.poll() is None:
            if why:
                self.timed_out = why == "timeout"
            else:  # its end of the pipe closed: it is ending on its own
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    pass
        self.close()
        if why and why != "timeout":
            raise plain.LearnerProcessEnded(f"{why} (her code wrote on the grader's channel?), and it was stopped")
        raise plain.LearnerProcessEnded(self.how())

    # -- frames -----------------------------------------------------------------------------

    def _send(self, message: Any, callbacks: list[Callable[..., Any]]) -> None:
        try:
            write_frame(self._requests, _pickled(message, callbacks))
        except (BrokenPipeError, OSError):
            self._ended()

    def _read(self, size: int, deadline: float) -> bytes:
        parts = []
        while size:
            left = deadline - time.monotonic()
            if left <= 0:
                self._ended("timeout")
            ready, _, _ = select.select([self._replies], [], [], min(left, 1.0))
            if not ready:
                continue
            chunk = os.read(self._replies, min(size, 1 << 20))
            if not chunk:
                self._ended()
            parts.append(chunk)
            size -= len(chunk)
        return b"".join(parts)

    def _receive(self, deadline: float) -> dict[str, Any]:
        (size,) = HEADER.unpack(self._read(HEADER.size, deadline))
        if size > MAX_FRAME:
            self._ended("her process sent more than the grader reads")
        try:
            message = json.loads(self._read(size, deadline).decode("utf-8"))
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self._ended("her process sent something that is not an answer")
        return message  # type: ignore[return-value]

    # -- calls ------------------------------------------------------------------------------

    def functions(self) -> dict[str, RemoteFunction]:
        """Her functions, by exercise (those her files define)."""
        loaded = self.loaded if self.loaded is not None else self.start()
        return {name: RemoteFunction(self, name, info) for name, info in loaded["exercises"].items()
                if "missing" not in info}

    def call(self, exercise: str, args: Sequence[Any], *, limit: float, wall: float) -> dict[str, Any]:
        """Call her function of ``exercise`` with ``args`` within ``limit`` CPU seconds and
        ``wall`` wall-clock seconds; her process's answer (see :meth:`Host.call`), with
        ``value`` decoded.

        Raises:
            LearnerProcessEnded: her process ended, or did not answer in time.
        """
        if self.process is None:
            self.start()
        sent = list(args)
        mirrored: dict[int, int] = {}
        for index, arg in enumerate(args):
            mirror = self._mirror(arg)
            if mirror is not None:
                sent[index] = mirror
                mirrored[index] = mirror.number
        watch = [index for index, arg in enumerate(args) if index not in mirrored and _mutable_plain(arg)]
        callbacks: list[Callable[..., Any]] = []
        forget, self._forget = self._forget, []
        self._send({"op": "call", "exercise": exercise, "args": tuple(sent), "limit": limit, "wall": wall,
                    "watch": watch, "forget": forget}, callbacks)
        deadline = time.monotonic() + wall + CALL_WALL_SLACK
        while True:
            reply = self._receive(deadline)
            if reply.get("op") == "callback":
                self._answer_callback(reply, callbacks)
                continue
            if reply.get("op") != "answer":
                self._ended("her process sent something that is not an answer")
            if "raised" not in reply and "timeout" not in reply:
                self._mirrored_back(args, mirrored, reply.get("mirrors") or {})
            else:
                for index in mirrored:  # what she did to them is not known: send them whole next time
                    self._drop(args[index])
            return reply

    # -- dicts that live on in her process (a transposition table filled call after call) --------

    def _mirror(self, arg: Any) -> MirrorArg | None:
        """A dict of immutable plain entries, as the changes since her process last saw it."""
        if type(arg) is not dict:
            return None
        known = self._mirrors.get(id(arg))
        if known is not None and known[0] is arg:
            _, number, snapshot = known
            changed = {key: value for key, value in arg.items() if snapshot.get(key, _ABSENT) is not value}
            removed = [key for key in snapshot if key not in arg] if len(snapshot) + sum(
                key not in snapshot for key in changed) != len(arg) else []
            if not all(_immutable_plain(key) and _immutable_plain(value) for key, value in changed.items()):
                self._drop(arg)
                return None
            self._mirrors[id(arg)] = (arg, number, dict(arg))
            return MirrorArg(number, changed, removed, False)
        if not all(_immutable_plain(key) and _immutable_plain(value) for key, value in arg.items()):
            return None
        self._mirror_count += 1
        self._mirrors[id(arg)] = (arg, self._mirror_count, dict(arg))
        self._mirrors_used = True
        while len(self._mirrors) > 32:
            oldest = next(iter(self._mirrors))
            self._forget.append(self._mirrors.pop(oldest)[1])
        return MirrorArg(self._mirror_count, dict(arg), [], True)

    def _drop(self, arg: Any) -> None:
        known = self._mirrors.pop(id(arg), None)
        if known is not None:
            self._forget.append(known[1])

    def _mirrored_back(self, args: Sequence[Any], mirrored: dict[int, int], changes: Mapping[str, Any]) -> None:
        for index, number in mirrored.items():
            arg = args[index]
            change = changes.get(str(number))
            known = self._mirrors.get(id(arg))
            if not isinstance(change, dict) or known is None or known[0] is not arg:
                self._drop(arg)
                continue
            try:
                updates = plain.from_json(change.get("set"))
                removed = plain.from_json(change.get("del"))
            except ValueError:
                self._drop(arg)
                continue
            snapshot = known[2]
            if type(updates) is dict:
                arg.update(updates)
                snapshot.update(updates)
            if type(removed) is list:
                for key in removed:
                    arg.pop(key, None)
                    snapshot.pop(key, None)

    def _answer_callback(self, request: dict[str, Any], callbacks: list[Callable[..., Any]]) -> None:
        try:
            number = int(request["id"])
            function = callbacks[number]
            args = plain.from_json(request["args"])
            if type(args) is not tuple:
                raise ValueError("not the arguments of a call")
            answer: dict[str, Any] = {"value": function(*args)}
        except Exception as exc:  # noqa: BLE001 - the check's function refused her arguments: tell her code
            answer = {"raised": (type(exc).__name__, str(exc)[:500])}
        self._send(answer, callbacks)


class RemoteFunction:
    """One of her functions, called in her process; for the checks, an ordinary function."""

    def __init__(self, process: LearnerProcess, exercise: str, info: Mapping[str, Any]) -> None:
        self.process = process
        self.exercise = exercise
        self.__name__ = str(info.get("name", exercise))
        self.__qualname__ = self.__name__
        self.learner_file = str(info.get("file", ""))
        self.last_notes: list[str] = []
        self.transport_cpu = 0.0
        """CPU seconds this process spent passing data to and from hers (not the checks' work)."""
        self.remote_cpu = 0.0
        """CPU seconds her function took in her process."""
        parameters = info.get("parameters")
        if parameters is not None:
            try:
                self.__signature__ = inspect.Signature([
                    inspect.Parameter(str(name), inspect._ParameterKind(int(kind)),
                                      default=inspect.Parameter.empty if default is None else _Shown(str(default)))
                    for name, kind, default in parameters])
            except (ValueError, TypeError):
                pass

    def __repr__(self) -> str:
        return f"<function {self.__name__} (in the learner's process)>"

    def __call__(self, *args: Any) -> Any:
        from tictac_edu.exercises.guard import CheckTimeout, running_clock
        from tictac_edu.exercises.registry import DEFAULT_TIME_LIMIT

        clock = running_clock()
        limit = clock.left() if clock is not None else DEFAULT_TIME_LIMIT
        if limit <= 0:
            if clock is not None:
                clock.timed_out = True
            raise CheckTimeout(limit)
        started, waited = time.process_time(), time.monotonic()
        her = [0.0, 0.0]
        try:
            return self._answer(args, limit, clock, her)
        finally:
            own = time.process_time() - started
            self.transport_cpu += own
            self.remote_cpu += her[0]
            if clock is not None:  # her time, not the grader's own (waiting, answering her callbacks, reading)
                clock.charge(her[0] - own, her[1] - (time.monotonic() - waited))

    def _answer(self, args: tuple[Any, ...], limit: float, clock: Any, her: list[float]) -> Any:
        from tictac_edu.exercises.guard import BoundedOutput, CheckTimeout

        waited = time.monotonic()
        reply = self.process.call(self.exercise, args, limit=limit, wall=max(clock.wall_left() if clock else
                                                                             10 * limit + 10, 1.0))
        her[0] = min(max(float(reply.get("cpu", 0.0)), 0.0), limit * 2 + 1)
        her[1] = min(max(float(reply.get("wall_used", 0.0)), 0.0), time.monotonic() - waited)
        self.last_notes = [str(note)[:400] for note in reply.get("notes", [])][:5]
        text = reply.get("printed")
        if isinstance(text, str) and text:
            sys.stdout.write(text[:4000])
            size = reply.get("printed_size")
            if isinstance(sys.stdout, BoundedOutput) and isinstance(size, int) and size > len(text):
                sys.stdout.size += size - len(text)
                sys.stdout.lines += max(int(reply.get("printed_lines", 0)) - text.count("\n"), 0)
        if reply.get("timeout"):
            if clock is not None:
                clock.timed_out = True
                clock.wall_timed_out = bool(reply.get("wall"))
            raise CheckTimeout(limit)
        if reply.get("memory"):
            raise MemoryError()
        if "too_big" in reply:
            raise plain.TooBig(str(reply["too_big"])[:300])
        if "raised" in reply:
            raise rebuild_exception(reply["raised"])
        for key, after in (reply.get("after") or {}).items():
            index = int(key)
            if 0 <= index < len(args):
                try:
                    write_back(args[index], plain.from_json(after))
                except (ValueError, TypeError, KeyError):
                    pass
        same = reply.get("same")
        if isinstance(same, int) and 0 <= same < len(args):
            return args[same]
        try:
            return plain.from_json(reply.get("value"))
        except Exception as exc:  # noqa: BLE001 - what her process sent cannot be read back
            raise plain.TooBig(f"her answer could not be read back ({exc})") from None


class _Shown:
    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


@dataclass
class RemoteWork:
    """What loading a learner's file in her own process found (as
    :class:`~tictac_edu.exercises.learner.LearnerWork` does in this one).

    Attributes:
        path: the file.
        functions: her functions, by exercise, each called in her process.
        errors: what went wrong while loading, one sentence each.
        complete: whether all of her code ran to its end.
        exercise_errors: for a notebook, the error of each exercise's own tagged cell.
        failed: why the file could not be read at all, or ``""``.
        process: her process.
    """

    path: str
    functions: dict[str, RemoteFunction]
    errors: list[str]
    complete: bool
    exercise_errors: dict[str, str]
    failed: str
    process: LearnerProcess


LEARNER_JOB_ENV = "TICTAC_EDU_LEARNER_JOB"
"""JSON with the limits of the learner's process and whether it is sandboxed (set by the
single-file command for the exercise tests)."""


def open_learner(path: str, exercises: Sequence[str], limits: Mapping[str, Any] | None = None,
                 sandboxed: bool | None = None) -> RemoteWork:
    """Load a learner's file in a process of its own and return her functions.

    Raises:
        LearnerProcessEnded: her process ended while it loaded the file.
    """
    from dataclasses import asdict

    from tictac_edu.exercises.grading import Limits

    given = json.loads(os.environ.get(LEARNER_JOB_ENV, "{}") or "{}")
    limits = dict(limits if limits is not None else given.get("limits") or asdict(Limits()))
    if sandboxed is None and "sandboxed" in given:
        sandboxed = bool(given["sandboxed"])
    process = LearnerProcess([os.path.abspath(path)], exercises, limits, sandboxed)
    loaded = process.start()
    failed = str(loaded["failed"][0]) if loaded.get("failed") else ""
    return RemoteWork(os.path.abspath(path), process.functions(), list(loaded.get("errors", [])),
                      bool(loaded.get("complete", True)), dict(loaded.get("exercise_errors", {})), failed, process)
