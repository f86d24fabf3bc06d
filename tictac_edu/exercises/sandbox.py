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

The boundary is the operating system's: where bubblewrap (``bwrap``, Linux namespaces) works,
the process that runs her code is started inside :func:`bwrap_argv`'s sandbox: a read-only view
of Python and the package (without its reference solutions), her own files only, a private
scratch folder, no network, a new PID namespace (no other process can be seen or signalled), no
descriptor but the one channel, hard as well as soft limits (:func:`apply_limits`), and no new
programs or processes (:func:`forbid_new_processes`). :func:`sandbox_available` says whether it
works here; where it does not (macOS, Windows, a container that forbids namespaces), grading
falls back to the guard and says that isolation is then best effort (:data:`BEST_EFFORT`).
"""

from __future__ import annotations

import ctypes
import functools
import os
import platform
import shutil
import signal
import site
import struct
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
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


def apply_limits(cpu_seconds: float | None, memory_bytes: int | None, file_bytes: int | None,
                 open_files: int | None = None, processes: int | None = None) -> None:
    """Limit this process, soft and hard limits both (so that her code cannot lift them again),
    where the system allows it: ``cpu_seconds`` of CPU time (the system ends it a little
    after), ``memory_bytes`` of address space, files of at most ``file_bytes`` (writing more
    fails instead of filling the disk), ``open_files`` descriptors, ``processes`` processes
    and threads of the user, and no core dumps."""
    try:
        import resource
    except ImportError:  # Windows: the wall-clock limit of the grader still applies
        return

    def limit(which: int, value: int, hard_value: int | None = None) -> None:
        _, hard = resource.getrlimit(which)
        wanted_hard = value if hard_value is None else hard_value
        if hard != resource.RLIM_INFINITY:
            wanted_hard = min(wanted_hard, hard)
        try:
            resource.setrlimit(which, (min(value, wanted_hard), wanted_hard))
        except (ValueError, OSError):
            pass

    if cpu_seconds:
        soft = int(cpu_seconds) + 1
        limit(resource.RLIMIT_CPU, soft, soft + 5)  # SIGXCPU at the soft limit, SIGKILL at the hard one
    if memory_bytes:
        limit(resource.RLIMIT_AS, int(memory_bytes))
    if file_bytes:
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        limit(resource.RLIMIT_FSIZE, int(file_bytes))
    if open_files:
        limit(resource.RLIMIT_NOFILE, int(open_files))
    if processes and hasattr(resource, "RLIMIT_NPROC"):
        limit(resource.RLIMIT_NPROC, int(processes))
    limit(resource.RLIMIT_CORE, 0)


# -- the operating system's sandbox -----------------------------------------------------------

SANDBOX_ENV = "TICTAC_EDU_SANDBOX"
"""Set to ``off`` to grade without bubblewrap, with the guard alone (to test the fallback)."""

BEST_EFFORT = ("isolation is best effort: bubblewrap (Linux namespaces) is not available here, so the "
               "learners' code ran under the in-process guard and limits only, which code written to break "
               "out can get around")
"""What grading says when it had to fall back to the guard."""

OPEN_FILES = 256
"""Descriptors the learner's process may have open."""

PROCESSES = 64
"""Processes and threads the learner's process may have (where the system counts them per
sandbox; new processes are refused by :func:`forbid_new_processes` in any case)."""

_SYSTEM_LIBRARIES = ("/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin")
_SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime")
PACKAGE_DIR = str(Path(__file__).resolve().parents[1])
"""The package's folder (``.../tictac_edu``), shown to the learner's process read-only."""
HIDDEN = (os.path.join(PACKAGE_DIR, "exercises", "solutions"),)
"""Folders of the package her process never sees: the reference solutions."""


def bwrap_path() -> str | None:
    """Where the ``bwrap`` program is, or ``None``."""
    return shutil.which("bwrap") or ("/usr/bin/bwrap" if os.access("/usr/bin/bwrap", os.X_OK) else None)


def python_folders() -> list[str]:
    """The folders Python needs to run, read-only: its prefixes and site-packages."""
    folders = {os.path.realpath(path) for path in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    for path in [*site.getsitepackages(), site.getusersitepackages()]:
        if os.path.isdir(path):
            folders.add(os.path.realpath(path))
    return _outermost(folders)


def _outermost(paths: Iterable[str]) -> list[str]:
    ordered = sorted(set(paths))
    kept: list[str] = []
    for path in ordered:
        if not any(path == other or path.startswith(other.rstrip(os.sep) + os.sep) for other in kept):
            kept.append(path)
    return kept


def bwrap_argv(command: Sequence[str], readable: Iterable[str], scratch: str, *,
               env: dict[str, str] | None = None, hidden: Iterable[str] = HIDDEN) -> list[str]:
    """The command line that runs ``command`` in the sandbox.

    Args:
        command: the program and its arguments (the Python interpreter, say).
        readable: files and folders her process may read (her own files, the package); each
            appears read-only at the path given (a symbolic link shows what it leads to). Python
            and the system's libraries are added.
        scratch: the path of her private scratch folder, an empty in-memory file system that is
            also the working folder.
        env: the whole environment of the process (nothing else is inherited).
        hidden: folders under ``readable`` that appear empty (the reference solutions).

    The process shares nothing with the grader: new user, PID, network, IPC, UTS and cgroup
    namespaces (no network at all), a new session, and it dies with its parent.
    """
    bwrap = bwrap_path() or "bwrap"
    argv = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--as-pid-1", "--clearenv"]
    for folder in _SYSTEM_LIBRARIES:
        if os.path.islink(folder):
            argv += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            argv += ["--ro-bind", folder, folder]
    for path in _SYSTEM_FILES:
        if os.path.isfile(path):
            argv += ["--ro-bind", path, path]
    argv += ["--tmpfs", "/tmp"]
    shown = {path: path for path in python_folders()}
    for item in readable:  # at the path given (a link's own path), showing what it leads to
        shown.setdefault(os.path.abspath(item), os.path.realpath(item))
    for path in _outermost(shown):
        argv += ["--ro-bind", shown[path], path]
    for path in hidden:
        if os.path.isdir(path):
            argv += ["--tmpfs", path, "--remount-ro", path]
    argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", scratch, "--chdir", scratch]
    for key, value in (env or {}).items():
        argv += ["--setenv", key, value]
    return [*argv, "--", *command]


@functools.lru_cache(maxsize=1)
def _bwrap_works() -> bool:
    if bwrap_path() is None or not sys.platform.startswith("linux"):
        return False
    probe = bwrap_argv([sys.executable, "-S", "-c", "import os; os.getpid()"], [], "/tmp/scratch")
    try:
        done = subprocess.run(probe, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def sandbox_available() -> bool:
    """Whether learners' code runs in the operating system's sandbox here: bubblewrap is
    installed and can create namespaces, and the environment variable
    :data:`SANDBOX_ENV` is not ``off``."""
    if os.environ.get(SANDBOX_ENV, "").lower() in ("off", "0", "no", "false"):
        return False
    return _bwrap_works()


# -- no new programs or processes (seccomp) -----------------------------------------------------

_SECCOMP_TABLES = {
    # machine: (audit arch, {syscall: errno}, clone, x32 bit)
    "x86_64": (0xC000003E, {57: 1, 58: 1, 59: 1, 322: 1, 101: 1, 310: 1, 311: 1, 435: 38}, 56, True),
    "aarch64": (0xC00000B7, {221: 1, 281: 1, 117: 1, 270: 1, 271: 1, 435: 38}, 220, False),
}
"""Per machine: fork, vfork, execve, execveat, ptrace, process_vm_readv/writev refused (EPERM),
clone3 answered "not implemented" (so that threads fall back to clone), clone only for threads."""


def _seccomp_program() -> bytes | None:
    table = _SECCOMP_TABLES.get(platform.machine())
    if table is None:
        return None
    arch, refused, clone, x32 = table
    ld, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    allow, errno_base = 0x7FFF0000, 0x00050000
    code: list[tuple[int, int, int, int]] = [(ld, 0, 0, 4)]  # the architecture
    body: list[tuple[int, int, int, int]] = [(ld, 0, 0, 0)]  # the system call's number
    if x32:
        body.append((jge, 0, 1, 0x40000000))
        body.append((ret, 0, 0, errno_base | 1))
    for number, errno in refused.items():
        body.append((jeq, 0, 1, number))
        body.append((ret, 0, 0, errno_base | errno))
    body.append((jeq, 0, 3, clone))
    body.append((ld, 0, 0, 16))  # clone's flags (low 32 bits of the first argument)
    body.append((jset, 1, 0, 0x00010000))  # CLONE_THREAD: a thread is allowed
    body.append((ret, 0, 0, errno_base | 1))
    body.append((ret, 0, 0, allow))
    code.append((jeq, 1, 0, arch))
    code.append((ret, 0, 0, errno_base | 1))  # another architecture's system calls: refused
    code += body
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in code)


def forbid_new_processes() -> bool:
    """From now on, this process (and its threads) cannot start a program or another process,
    nor trace or read the memory of one: ``fork``, ``execve``, ``clone`` (other than for a
    thread), ``ptrace`` fail with ``PermissionError``. Linux only (seccomp); True if it holds."""
    if not sys.platform.startswith("linux"):
        return False
    program = _seccomp_program()
    if program is None:
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        count = len(program) // 8
        buffer = ctypes.create_string_buffer(program, len(program))

        class _Program(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

        fprog = _Program(count, ctypes.cast(buffer, ctypes.c_void_p))
        libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
        if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
            return False
        return bool(libc.prctl(22, 2, ctypes.cast(ctypes.pointer(fprog), ctypes.c_void_p).value or 0, 0, 0) == 0)
    except (OSError, AttributeError, ValueError):
        return False
