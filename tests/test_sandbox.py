"""The operating system's sandbox around a learner's code: every way out a hostile file once
found is refused while her file is graded (``grade`` and the single-file command), and where
bubblewrap cannot run, grading says that isolation is best effort.

Each hostile file tries its escapes when it is loaded and reports what it got by raising it
from ``legal_moves`` (``ok`` = it worked, ``no`` = refused); what the escapes aimed at
outside (the teacher's files, a process the grader did not start) is checked directly."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tictac_edu.exercises import sandbox, solution_source
from tictac_edu.exercises.grading import Limits, grade_class

pytestmark = pytest.mark.skipif(not sandbox.sandbox_available(), reason="bubblewrap cannot run here")

FEW = ["legal_moves", "winner"]
LIMITS = Limits(load_cpu_seconds=5.0, cpu_seconds=60, wall_seconds=120, memory_bytes=3 << 29)
PRECIOUS = "the teacher's grades\n"

REPORT = '''
OUT = []


def attempt(name, action):
    try:
        action()
        OUT.append(name + ":ok")
    except BaseException as exc:  # noqa
        OUT.append(name + ":no")


def legal_moves(board):
    raise RuntimeError(" ".join(OUT))
'''

PROCESSES = '''
import ctypes, os, resource, signal, _posixsubprocess
MARK = {mark!r}
VICTIM = {victim}


def fork_exec():
    pid = _posixsubprocess.fork_exec(["/bin/sh", "-c", "touch " + MARK], [b"/bin/sh"], True, (), None, None,
                                     -1, -1, -1, -1, -1, -1, -1, -1, False, False, None, None, None, -1, None,
                                     False)
    os.waitpid(pid, 0)
    assert os.path.exists(MARK)


def system():
    assert ctypes.CDLL(None).system(("touch " + MARK).encode()) == 0


def kill():
    os.kill(VICTIM, signal.SIGKILL)


def ctypes_kill():
    assert ctypes.CDLL(None, use_errno=True).kill(VICTIM, 9) == 0


def pidfd():
    signal.pidfd_send_signal(os.pidfd_open(VICTIM), signal.SIGKILL)


def memory():
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    except ValueError:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    block = bytearray(5 << 29)
    block[-1] = 1


for name, action in [("fork_exec", fork_exec), ("system", system), ("kill", kill), ("ctypes_kill", ctypes_kill),
                     ("pidfd", pidfd), ("memory", memory)]:
    attempt(name, action)
'''

FILES = '''
import ctypes, os, sqlite3, threading, time
TEACHER = {teacher!r}
GRADES = os.path.join(TEACHER, "grades.csv")


def dir_fd_write():
    folder = os.open(TEACHER, os.O_RDONLY)
    handle = os.open("grades.csv", os.O_WRONLY | os.O_TRUNC, dir_fd=folder)
    os.write(handle, b"hacked")


def dir_fd_unlink():
    os.unlink("keep.txt", dir_fd=os.open(TEACHER, os.O_RDONLY))


def dir_fd_rename():
    folder = os.open(TEACHER, os.O_RDONLY)
    os.rename("move_me.txt", "moved.txt", src_dir_fd=folder, dst_dir_fd=folder)


def sqlite_uri():
    sqlite3.connect("file:" + os.path.join(TEACHER, "stolen.db") + "?mode=rwc", uri=True).execute(
        "create table t (x)")


def busy_flag():
    from tictac_edu.exercises import sandbox
    sandbox._state.busy = True
    with open(GRADES, "w") as handle:
        handle.write("hacked")


def ctypes_write():
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.open(GRADES.encode(), os.O_WRONLY | os.O_TRUNC)
    assert fd >= 0 and libc.write(fd, b"hacked", 6) == 6


def later():
    for _ in range(200):
        try:
            with open(os.path.join(TEACHER, "thread.txt"), "w") as handle:
                handle.write("written while the checks ran")
        except OSError:
            pass
        time.sleep(0.01)


threading.Thread(target=later, daemon=True).start()
for name, action in [("dir_fd_write", dir_fd_write), ("dir_fd_unlink", dir_fd_unlink),
                     ("dir_fd_rename", dir_fd_rename), ("sqlite_uri", sqlite_uri), ("busy_flag", busy_flag),
                     ("ctypes_write", ctypes_write)]:
    attempt(name, action)
'''

READING = '''
import os
CLASSMATE = {classmate!r}


def classmate():
    with open(CLASSMATE) as handle:
        exec(handle.read(), {{}})


def hostname():
    with open("/etc/hostname") as handle:
        handle.read()


def listing():
    assert os.path.basename(CLASSMATE) in os.listdir(os.path.dirname(CLASSMATE))


def parent():
    os.kill(os.getppid(), 0)
    assert os.getppid() != 0


for name, action in [("classmate", classmate), ("hostname", hostname), ("listing", listing), ("parent", parent)]:
    attempt(name, action)
'''


def _outcomes(student) -> dict[str, str]:
    grade = next(grade for grade in student.grades if grade.exercise == "legal_moves")
    assert "RuntimeError" in grade.message, grade
    words = grade.message.split("RuntimeError: ", 1)[1].split()
    return dict(word.split(":", 1) for word in words if ":" in word)


@pytest.fixture
def hostile_class(tmp_path):
    """A class of three hostile files and an honest student, the teacher's files beside it and a
    process the grader did not start."""
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    (teacher / "grades.csv").write_text(PRECIOUS)
    (teacher / "keep.txt").write_text("keep")
    (teacher / "move_me.txt").write_text("stay")
    folder = tmp_path / "class"
    folder.mkdir()
    honest = folder / "honest.py"
    honest.write_text("\n\n".join(solution_source(name) for name in FEW))
    victim = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    mark = tmp_path / "started_a_program"
    (folder / "processes.py").write_text(REPORT + textwrap.dedent(PROCESSES.format(mark=str(mark), victim=victim.pid)))
    (folder / "files.py").write_text(REPORT + textwrap.dedent(FILES.format(teacher=str(teacher))))
    (folder / "reading.py").write_text(REPORT + textwrap.dedent(READING.format(classmate=str(honest))))
    try:
        yield folder, teacher, victim, mark
    finally:
        victim.kill()
        victim.wait()


@pytest.mark.slow
def test_every_escape_is_refused_in_the_sandbox(hostile_class):
    folder, teacher, victim, mark = hostile_class
    grades = grade_class([folder], jobs=2, exercises=FEW, limits=LIMITS)
    students = {student.student: student for student in grades.students}
    assert students["honest"].score == 2
    time.sleep(0.3)  # the background thread, had it got out, would have written by now
    assert not mark.exists()
    assert victim.poll() is None
    assert (teacher / "grades.csv").read_text() == PRECIOUS
    assert sorted(path.name for path in teacher.iterdir()) == ["grades.csv", "keep.txt", "move_me.txt"]
    processes = _outcomes(students["processes"])
    assert processes == dict.fromkeys(["fork_exec", "system", "kill", "ctypes_kill", "pidfd", "memory"], "no")
    files = _outcomes(students["files"])
    assert files == dict.fromkeys(["dir_fd_write", "dir_fd_unlink", "dir_fd_rename", "sqlite_uri", "busy_flag",
                                   "ctypes_write"], "no")
    reading = _outcomes(students["reading"])
    assert reading == dict.fromkeys(["classmate", "hostname", "listing", "parent"], "no")
    for student in grades.students:
        assert not any("best effort" in note for note in student.notes)
        assert student.score == (2 if student.student == "honest" else 0), student


def test_the_sandbox_shows_only_what_it_is_given(tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("mine")
    (tmp_path / "other.txt").write_text("other")
    scratch = str(tmp_path / "scratch")
    code = ("import os, sys; print(open(sys.argv[1]).read(), os.path.exists(sys.argv[2]), os.getcwd(), os.getpid(), "
            "sorted(os.listdir('/proc/self/fd')), os.path.exists('/etc/hostname'), "
            "os.path.isdir(sys.argv[3]))")
    solutions = os.path.join(sandbox.PACKAGE_DIR, "exercises", "solutions")
    argv = sandbox.bwrap_argv([sys.executable, "-S", "-c", code, str(mine), str(tmp_path / "other.txt"),
                               solutions], [str(mine), sandbox.PACKAGE_DIR], scratch)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["mine", "False", scratch, "1", "['0',", "'1',", "'2',", "'3']", "False", "True"]
    show = f"import os; print(os.listdir({solutions!r}))"
    listed = subprocess.run(sandbox.bwrap_argv([sys.executable, "-S", "-c", show], [sandbox.PACKAGE_DIR], scratch),
                            capture_output=True, text=True, timeout=60, check=True)
    assert listed.stdout.strip() == "[]"


def test_no_new_process_once_forbidden():
    code = ("import os, subprocess, threading, sys; from tictac_edu.exercises import sandbox\n"
            "assert sandbox.forbid_new_processes()\n"
            "thread = threading.Thread(target=print, args=('thread',)); thread.start(); thread.join()\n"
            "for attempt in (os.fork, lambda: subprocess.run(['true'])):\n"
            "    try:\n        attempt(); print('started')\n"
            "    except PermissionError:\n        print('refused')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(Path(sandbox.PACKAGE_DIR).parent)))
    assert done.stdout.split() == ["thread", "refused", "refused"], done.stderr


@pytest.mark.slow
def test_without_the_sandbox_grading_says_isolation_is_best_effort(tmp_path, monkeypatch):
    monkeypatch.setenv(sandbox.SANDBOX_ENV, "off")
    assert not sandbox.sandbox_available()
    learner = tmp_path / "alice.py"
    learner.write_text(solution_source("legal_moves"))
    cheat = tmp_path / "cheat.py"  # the reference solutions are kept from her process all the same
    cheat.write_text("from tictac_edu.exercises import reference\n\n\n"
                     "def legal_moves(board):\n    return reference('legal_moves')(board)\n")
    grades = grade_class([learner, cheat], exercises=["legal_moves"], limits=LIMITS)
    assert [student.score for student in grades.students] == [1, 0]
    assert "No module named" in grades.students[1].grades[0].message
    assert any("isolation is best effort" in note for note in grades.students[0].notes)
    single = subprocess.run([sys.executable, "-m", "tictac_edu.exercises", str(learner), "-k", "legal_moves"],
                            capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert "isolation is best effort" in single.stdout, single.stdout[-2000:]
