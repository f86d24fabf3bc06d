"""What the teacher's process puts around a learner's code when it grades her file: the limits
of the process that runs it, and a guard that keeps her code from touching the teacher's files.

A learner's file is never run in the teacher's own process: :mod:`tictac_edu.exercises.grading`
starts a separate Python process per student (:mod:`tictac_edu.exercises.worker`), which calls
:func:`apply_limits` and :func:`install` before it loads her file. Inside it, while
:func:`guarded` is on (loading her file, running her functions), her code cannot:

* write, create, rename or delete a file outside the process's own scratch folder;
* start another program or process (``subprocess``, ``os.system``, ``os.fork``, ...);
* send a signal to another process (the grader, say), or open a network connection.

Each is refused with a ``PermissionError`` that names what was refused, which the check then
reports like any other exception. This is a guard against accidents and curiosity (a notebook
that saves a file, a ``shutil.rmtree`` in the wrong place), built on Python's audit hooks; it is
not a security boundary against code written to break out.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND | getattr(os, "O_TMPFILE", 0)
_PATH_EVENTS = {
    "os.remove": (0,), "os.rmdir": (0,), "os.mkdir": (0,), "os.rename": (0, 1), "os.chmod": (0,),
    "os.chown": (0,), "os.link": (0, 1), "os.symlink": (1,), "os.truncate": (0,), "os.utime": (0,),
    "os.chflags": (0,), "os.lchflags": (0,), "os.setxattr": (0,), "os.removexattr": (0,), "shutil.rmtree": (0,),
    "shutil.move": (0, 1), "sqlite3.connect": (0,), "os.mkfifo": (0,), "os.mknod": (0,),
}
"""Audit events that change the file system, with the positions of their path arguments."""
_PROCESS_EVENTS = {"subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
                   "os.forkpty", "pty.spawn", "os.startfile"}
_NETWORK_EVENTS = {"socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg"}


class _State:
    installed = False
    active = False
    busy = False
    allowed: tuple[str, ...] = ()


_state = _State()


def _real(path: Any) -> str | None:
    if isinstance(path, int):
        return None  # a file descriptor: already open
    try:
        return os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None


def _allowed(path: Any) -> bool:
    real = _real(path)
    if real is None:
        return True
    if real in ("/dev/null", ":memory:") or (isinstance(path, str) and path in ("", ":memory:")):
        return True
    return any(real == folder or real.startswith(folder + os.sep) for folder in _state.allowed)


def _refuse(what: str) -> None:
    raise PermissionError(f"The grader does not let a learner's code {what}.")


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not _state.active or _state.busy:
        return
    _state.busy = True
    try:
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writing = (isinstance(mode, str) and any(char in mode for char in "wax+")) or \
                (mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS)
            if writing and not _allowed(path):
                _refuse(f"write to the file {os.fsdecode(path) if not isinstance(path, int) else path}")
        elif event in _PATH_EVENTS:
            for index in _PATH_EVENTS[event]:
                if index < len(args) and not _allowed(args[index]):
                    _refuse(f"change the file system ({event} on {args[index]!r})")
        elif event in _PROCESS_EVENTS:
            _refuse(f"start another program or process ({event})")
        elif event in ("os.kill", "os.killpg"):
            if args and args[0] not in (os.getpid(), 0):
                _refuse(f"send a signal to another process ({event})")
        elif event in _NETWORK_EVENTS:
            _refuse(f"use the network ({event})")
    finally:
        _state.busy = False


def install(allowed_folders: list[str]) -> None:
    """Install the guard (once per process; it cannot be removed) and let it allow writing
    under ``allowed_folders`` only. It is off until :func:`guarded` turns it on."""
    _state.allowed = tuple(os.path.realpath(folder) for folder in allowed_folders)
    if not _state.installed:
        sys.addaudithook(_hook)
        _state.installed = True


def installed() -> bool:
    """Whether this process runs learners' code under the guard."""
    return _state.installed


@contextmanager
def guarded() -> Iterator[None]:
    """Turn the guard on for the code inside (if it is installed; otherwise do nothing)."""
    old = _state.active
    _state.active = _state.installed
    try:
        yield
    finally:
        _state.active = old


def apply_limits(cpu_seconds: float | None, memory_bytes: int | None, file_bytes: int | None) -> None:
    """Limit this process (where the system allows it): ``cpu_seconds`` of CPU time (the
    system ends it a little after), ``memory_bytes`` of address space, files of at most
    ``file_bytes`` (writing more fails instead of filling the disk), and no core dumps."""
    try:
        import resource
    except ImportError:  # Windows: the wall-clock limit of the grader still applies
        return

    def limit(which: int, soft: int) -> None:
        _, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        try:
            resource.setrlimit(which, (soft, hard))
        except (ValueError, OSError):
            pass

    if cpu_seconds:
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        soft = int(cpu_seconds) + 1
        wanted_hard = soft + 5 if hard == resource.RLIM_INFINITY else min(hard, soft + 5)
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (min(soft, wanted_hard), wanted_hard))
        except (ValueError, OSError):
            pass
    if memory_bytes:
        limit(resource.RLIMIT_AS, int(memory_bytes))
    if file_bytes:
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        limit(resource.RLIMIT_FSIZE, int(file_bytes))
    limit(resource.RLIMIT_CORE, 0)
