"""The learner's side of grading: the process, in the sandbox, that runs her code and nothing
else.

The checks never run here. The grader's process (:mod:`tictac_edu.exercises.remote`) starts
``python -m tictac_edu.exercises.host JOB`` (in bubblewrap where it can, see
:mod:`tictac_edu.exercises.sandbox`), which limits itself, loads her files and then answers
requests on a pipe: "call your ``winner`` with these arguments, within this much CPU time".
It calls her function under the limits, turns what it returned into plain data inside those
same limits (:func:`tictac_edu.exercises.plain.exact`), and writes that data back as JSON with
the CPU time, what she printed, and the arguments she was allowed to change. A function the
checks pass to hers (an evaluation that counts its calls, say) is called back in the grader's
process. Her process holds no secret, no result file and no reference solution (they are not
in its sandbox); what it writes on its pipe is only ever taken for her function's answers.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import pickle
import struct
import sys
from collections.abc import Callable
from typing import Any

HEADER = struct.Struct("=I")
MAX_FRAME = 64 << 20


def write_frame(fd: int, data: bytes) -> None:
    """Write one frame (its length, then ``data``) to ``fd``."""
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from ``fd``, or ``None`` if it ends first."""
    parts = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        parts.append(chunk)
        size -= len(chunk)
    return b"".join(parts)


def read_frame(fd: int) -> bytes | None:
    """One frame from ``fd``, or ``None`` at its end (or if it is not a frame)."""
    header = read_exactly(fd, HEADER.size)
    if header is None:
        return None
    (size,) = HEADER.unpack(header)
    if size > MAX_FRAME:
        return None
    return read_exactly(fd, size)


class _Channel:
    def __init__(self, requests: int, replies: int) -> None:
        self.requests = requests
        self.replies = replies

    def send(self, message: dict[str, Any]) -> None:
        write_frame(self.replies, json.dumps(message, separators=(",", ":")).encode("utf-8"))

    def receive(self) -> Any:
        frame = read_frame(self.requests)
        if frame is None:
            os._exit(0)  # the grader has gone
        return _Unpickler(io.BytesIO(frame), self).load()


class MirrorArg:
    """A dict of the checks that her process keeps from call to call: sent whole once
    (``full``), then only what changed (``changed`` entries, ``removed`` keys)."""

    def __init__(self, number: int, changed: dict[Any, Any], removed: list[Any], full: bool) -> None:
        self.number = number
        self.changed = changed
        self.removed = removed
        self.full = full


class _Callback:
    """A function of the checks given to hers: calling it asks the grader's process."""

    def __init__(self, channel: _Channel, number: int) -> None:
        self.channel = channel
        self.number = number

    def __call__(self, *args: Any) -> Any:
        from tictac_edu.exercises import plain

        self.channel.send({"op": "callback", "id": self.number, "args": plain.to_json(plain.exact(args))})
        answer = self.channel.receive()
        if "raised" in answer:
            name, message = answer["raised"]
            kind = getattr(builtins, name, None)
            if isinstance(kind, type) and issubclass(kind, Exception):
                raise kind(message)
            raise RuntimeError(f"{name}: {message}")
        return answer["value"]


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: Any, channel: _Channel) -> None:
        super().__init__(file)
        self.channel = channel

    def persistent_load(self, pid: Any) -> Any:
        kind, number = pid
        if kind != "callback":
            raise pickle.UnpicklingError(f"unknown reference {kind!r}")
        return _Callback(self.channel, int(number))


class _BlockSolutions:
    """Where the sandbox does not hide the reference solutions, refuse to import them."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name == "tictac_edu.exercises.solutions" or name.startswith("tictac_edu.exercises.solutions."):
            raise ModuleNotFoundError(f"No module named {name!r} (the reference solutions are not available while "
                                      "a learner's work is graded)")
        return None


def _safe_args(exc: BaseException) -> list[Any] | None:
    """An exception's arguments if they are plain scalars (safe to show), else ``None``."""
    args = getattr(exc, "args", ())
    if type(args) is tuple and all(type(arg) in (str, int, float, bool, type(None)) for arg in args):
        return [arg if type(arg) is not str else arg[:2000] for arg in args]
    return None


def _message(exc: BaseException) -> str:
    """``str(exc)`` where that runs no code of hers, else a placeholder."""
    owner = next((kind for kind in type(exc).__mro__ if "__str__" in vars(kind)), object)
    if owner.__module__ == "builtins" and _safe_args(exc) is not None:
        return str(exc)[:2000]
    return "(its message cannot be shown)"


def describe_exception(exc: BaseException, files: set[str]) -> dict[str, Any]:
    """What the grader needs to know of an exception of her code: its type, message, where in
    her code it came from, and whether it came from the call itself (wrong parameters)."""
    from tictac_edu.exercises.guard import innermost_location, learner_location

    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__ and tb.tb_next is not None and \
            tb.tb_next.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    at_call = tb is not None and tb.tb_frame.f_code.co_filename == __file__ and tb.tb_next is None
    where = learner_location(tb, files)
    inner = innermost_location(tb)
    kind = type(exc)
    return {"type": kind.__name__[:100], "module": str(getattr(kind, "__module__", ""))[:100],
            "args": _safe_args(exc), "message": _message(exc), "where": where.describe() if where else None,
            "inner": inner.describe() if inner and inner.filename != __file__ else None, "at_call": at_call}


def _parameters(fn: Callable[..., Any]) -> list[list[Any]] | None:
    import inspect

    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    shown = []
    for parameter in signature.parameters.values():
        default = None
        if parameter.default is not inspect.Parameter.empty:
            value = parameter.default
            default = repr(value)[:60] if type(value) in (int, float, str, bool, type(None)) else "..."
        shown.append([parameter.name, int(parameter.kind), default])
    return shown


class Host:
    """Her files, loaded once, and her functions, called on request."""

    def __init__(self, job: dict[str, Any], channel: _Channel) -> None:
        self.job = job
        self.channel = channel
        self.functions: dict[str, Callable[..., Any]] = {}
        self.mirrors: dict[int, dict[Any, Any]] = {}

    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        from tictac_edu.exercises import sandbox
        from tictac_edu.exercises.learner import LearnerFileError, load_work

        works, errors, failed = [], [], []
        for path in self.job["files"]:
            try:
                with sandbox.guarded():
                    work = load_work(path, time_limit=float(request.get("load_cpu_seconds", 10.0)))
            except LearnerFileError as exc:
                errors.append(str(exc))
                failed.append(str(exc))
                continue
            works.append(work)
            errors += work.errors
        picked: dict[str, Any] = {}
        for name in request["exercises"]:
            found = [(work, work.functions[name]) for work in works if name in work.functions]
            if found:
                tagged = [item for item in found if name in item[0].tagged]
                work, function = (tagged or found)[-1]
                self.functions[name] = function
                picked[name] = {"file": str(work.path), "name": str(getattr(function, "__name__", name))[:100],
                                "parameters": _parameters(function)}
            else:
                picked[name] = {"missing": _missing(works, failed, name)}
        return {"op": "loaded", "errors": [str(error)[:1000] for error in errors], "exercises": picked,
                "failed": [str(error)[:1000] for error in failed],
                "tagged": sorted({name for work in works for name in work.tagged}),
                "exercise_errors": {name: text for work in works for name, text in work.exercise_errors.items()},
                "complete": all(work.complete for work in works), "printed": "".join(
                    work.printed for work in works)[:2000]}

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        from tictac_edu.exercises import plain, sandbox
        from tictac_edu.exercises.guard import CheckTimeout, LearnerClock, captured_output

        function = self.functions[request["exercise"]]
        for number in request.get("forget", ()):
            self.mirrors.pop(number, None)
        args = tuple(self._mirrored(arg) if isinstance(arg, MirrorArg) else arg for arg in request["args"])
        mirrors = {arg.number: (index, dict(args[index])) for index, arg in enumerate(request["args"])
                   if isinstance(arg, MirrorArg)}
        watch = [index for index in request.get("watch", ()) if 0 <= index < len(args)]
        clock = LearnerClock(max(float(request["limit"]), 0.001), wall=float(request["wall"]))
        notes: list[str] = []
        reply: dict[str, Any] = {}
        printed = None
        try:
            with sandbox.guarded(), captured_output() as printed:  # (memory: the process's own hard limit)
                clock.start()
                try:
                    with clock.running():
                        result = function(*args)
                        same = next((index for index, arg in enumerate(args) if result is arg and
                                     not isinstance(arg, (int, float, str, bool, type(None)))), None)
                        value = plain.exact(result, notes) if same is None else None
                finally:
                    clock.stop()
            after = {index: plain.exact(args[index]) for index in watch}  # the checks' own data, changed by her
            reply = {"value": plain.to_json(value) if same is None else None, "same": same,
                     "after": {str(index): plain.to_json(item) for index, item in after.items()},
                     "mirrors": {str(number): self._changes(args[index], before)
                                 for number, (index, before) in mirrors.items()}}
        except CheckTimeout:
            reply = {"timeout": True, "wall": clock.wall_timed_out}
        except MemoryError:
            reply = {"memory": True}
        except plain.TooBig as exc:
            reply = {"too_big": str(exc)}
        except BaseException as exc:  # noqa: BLE001 - her exception, described for the checks
            files = {code.co_filename} if (code := getattr(function, "__code__", None)) is not None else set()
            try:
                reply = {"raised": describe_exception(exc, files)}
            except BaseException:  # noqa: BLE001
                reply = {"raised": {"type": "Exception", "module": "builtins", "args": None,
                                    "message": "(it cannot be described)", "where": None, "inner": None,
                                    "at_call": False}}
        reply.update(op="answer", cpu=clock.learner_seconds, wall_used=clock.wall_used, notes=notes[:5])
        if printed is not None and printed.size:
            reply.update(printed="".join(printed.kept), printed_size=printed.size, printed_lines=printed.lines)
        return reply


    def _mirrored(self, arg: MirrorArg) -> dict[Any, Any]:
        if arg.full or arg.number not in self.mirrors:
            self.mirrors[arg.number] = dict(arg.changed)
        else:
            table = self.mirrors[arg.number]
            table.update(arg.changed)
            for key in arg.removed:
                table.pop(key, None)
        return self.mirrors[arg.number]

    @staticmethod
    def _changes(table: Any, before: dict[Any, Any]) -> dict[str, Any]:
        from tictac_edu.exercises import plain

        if type(table) is not dict:
            return {}
        changed = {key: value for key, value in dict.items(table) if before.get(key, _ABSENT) is not value}
        added = sum(key not in before for key in changed)
        removed = [key for key in before if key not in table] if len(before) + added != len(table) else []
        return {"set": plain.to_json(plain.exact(changed)), "del": plain.to_json(plain.exact(removed))}


_ABSENT = object()


def _missing(works: list[Any], failed_files: list[str], name: str) -> list[str]:
    """(status, message) for an exercise the learner's files do not define."""
    for work in works:
        if name in work.exercise_errors:
            return ["error", str(work.exercise_errors[name])[:240]]
    if failed_files:
        return ["error", f"not found: {failed_files[0]}"[:240]]
    for work in works:
        if not work.complete:
            return ["error", f"not found: {work.path.name} did not load completely ({'; '.join(work.errors)[:200]})"]
    return ["not attempted", ""]


def main(argv: list[str] | None = None) -> None:
    """The entry point: limit the process, load her files, answer calls until told to stop."""
    args = list(sys.argv[1:] if argv is None else argv)
    job = json.loads(args[0])
    from tictac_edu.exercises import sandbox

    limits = job.get("limits", {})
    sandbox.apply_limits(limits.get("cpu_seconds"), limits.get("memory_bytes"), limits.get("file_bytes"),
                         sandbox.OPEN_FILES, sandbox.PROCESSES if job.get("sandboxed") else None)
    from tictac_edu.exercises.guard import BoundedOutput
    from tictac_edu.exercises.learner import load_work  # noqa: F401 - the package's code, before hers

    sys.meta_path.insert(0, _BlockSolutions)  # type: ignore[arg-type]
    sys.stdout = BoundedOutput(0)  # type: ignore[assignment]  # her printing between calls goes nowhere
    sys.stderr = BoundedOutput(0)  # type: ignore[assignment]
    channel = _Channel(int(job["requests"]), int(job["replies"]))
    sandbox.install(list(job.get("allowed", [])))
    sandbox.forbid_new_processes()
    host = Host(job, channel)
    code = 0
    try:
        while True:
            request = channel.receive()
            if request.get("op") == "load":
                channel.send(host.load(request))
            elif request.get("op") == "call":
                channel.send(host.call(request))
            else:
                break
    except BaseException:  # noqa: BLE001 - say what broke, then end
        import traceback

        traceback.print_exc(file=sys.__stderr__)
        code = 1
    finally:
        try:
            sys.__stderr__.flush()  # type: ignore[union-attr]
        except (OSError, ValueError, AttributeError):
            pass
        os._exit(code)


if __name__ == "__main__":
    from tictac_edu.exercises import host as _host  # the module itself, whose classes the grader pickles

    _host.main()
