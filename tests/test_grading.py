"""Grading a class: each student in a process of her own, in parallel, with a table, CSV and
JSON; whatever a learner's file does, the rest of the class is graded, and only the functions
she wrote are graded."""

from __future__ import annotations

import csv
import inspect
import json
import re
import resource
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from tictac_edu.exercises import buggy, exercise_names, solution_source, stub_source
from tictac_edu.exercises.grading import Limits, Submission, find_submissions, grade_class, grade_submission
from tictac_edu.exercises.mistakes import MISTAKES
from tictac_edu.exercises.registry import get_exercise

REPO = Path(__file__).resolve().parents[1]
FEW = ["legal_moves", "winner"]
QUICK = Limits(load_cpu_seconds=1.0, cpu_seconds=60, wall_seconds=900)
"""Short CPU limits (what the tests judge by); a wall-clock limit no busy machine reaches (no
learner file here sleeps: each loop is stopped by its CPU limit)."""


def _buggy_source(function, name: str) -> str:
    """A buggy version's source, renamed to the exercise's name (as a learner would write it)."""
    source = inspect.getsource(function)
    source = re.sub(r"^@buggy\(.*\)\n", "", source, flags=re.M)
    return f"LINES = {buggy.LINES!r}\n\n\n" + source.replace(function.__name__, name)


def _notebook(cells: list) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells})


def _cell(source, tags=None) -> dict:
    return {"cell_type": "code", "metadata": {"tags": tags or []}, "source": source, "outputs": [],
            "execution_count": None}


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tictac_edu.exercises", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def _children_cpu() -> float:
    """CPU seconds of this process's finished children and theirs (the command's worker included)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _statuses(student) -> dict[str, str]:
    return {grade.exercise: grade.status for grade in student.grades}


# -- a class: the command line, the table, CSV and JSON --------------------------------------------

def test_grading_a_class_from_the_command_line(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ref.py").write_text("\n\n".join(solution_source(name) for name in exercise_names()))
    (folder / "stubs.py").write_text("\n\n".join(stub_source(name) for name in exercise_names()))
    (folder / "empty.py").write_text("")
    (folder / "mistakes.py").write_text(_buggy_source(buggy.legal_moves_taken_cells, "legal_moves") + "\n\n"
                                        + _buggy_source(buggy.winner_aliased_grid, "winner"))
    shutil.copy(REPO / "notebooks" / "04_evaluation_and_depth.ipynb", folder / "untouched_04.ipynb")
    result = _run("grade", str(folder), "--jobs", "2", "--csv", "grades.csv", "--json", "grades.json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    table = result.stdout
    total = len(exercise_names())
    for student, score in (("ref", total), ("stubs", 0), ("empty", 0), ("mistakes", 0), ("untouched_04", 0)):
        row = next(line for line in table.splitlines() if line.startswith(student + " "))
        assert row.endswith(f"{score}/{total}"), row
    assert "mistakes: legal_moves failed: empty_is_none" in table
    assert "mistakes: winner failed: aliasing" in table
    assert "Per exercise (of 5 students)" in table
    summary = next(line for line in table.splitlines() if line.startswith("legal_moves "))
    assert summary.split()[1:5] == ["1", "1", "3", "0"] and "empty_is_none (1)" in summary

    with open(tmp_path / "grades.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 5 * total
    assert set(rows[0]) >= {"student", "exercise", "status", "mistakes", "hint", "cpu_seconds"}
    by_key = {(row["student"], row["exercise"]): row for row in rows}
    assert by_key[("mistakes", "winner")]["status"] == "failed"
    assert by_key[("mistakes", "winner")]["mistakes"].split(";")[0] == "aliasing"
    # the hint she was shown, in words (the mistake's id is the first of `mistakes`)
    assert by_key[("mistakes", "winner")]["hint"].startswith(f"Likely bug: {MISTAKES['aliasing'].title}.")
    assert MISTAKES["aliasing"].hint in by_key[("mistakes", "winner")]["hint"]
    assert by_key[("ref", "winner")]["hint"] == ""
    assert {row["status"] for row in rows if row["student"] == "untouched_04"} == {"not attempted"}
    assert {row["status"] for row in rows if row["student"] == "ref"} == {"passed"}
    assert all(float(row["cpu_seconds"]) < 5 for row in rows)

    data = json.loads((tmp_path / "grades.json").read_text())
    assert data["exercises"] == exercise_names()
    assert len(data["records"]) == 5 * total
    scores = {student["student"]: student["score"] for student in data["students"]}
    assert scores == {"empty": 0, "mistakes": 0, "ref": total, "stubs": 0, "untouched_04": 0}
    record = next(row for row in data["records"] if (row["student"], row["exercise"]) == ("mistakes", "winner"))
    assert record["hint"] == by_key[("mistakes", "winner")]["hint"] and record["mistakes"][0] == "aliasing"
    winner = next(row for row in data["summary"] if row["exercise"] == "winner")
    assert winner["passed"] == 1 and winner["failed"] == 1 and winner["mistakes"] == {"aliasing": 1}


def test_the_exit_status_says_whether_grading_worked(tmp_path):
    assert _run("grade", "missing_folder", cwd=tmp_path).returncode == 2
    (tmp_path / "nothing").mkdir()
    assert _run("grade", "nothing", cwd=tmp_path).returncode == 2
    (tmp_path / "alice.py").write_text(solution_source("legal_moves"))
    assert _run("grade", "alice.py", "--jobs", "0", cwd=tmp_path).returncode == 2
    assert _run("grade", "alice.py", "--csv", "no/such/folder/grades.csv", cwd=tmp_path).returncode == 2
    assert _run("grade", "alice.py", "--exercise", "nonsense", cwd=tmp_path).returncode == 2
    failing = _run("grade", "alice.py", "--exercise", "legal_moves", "--exercise", "winner", cwd=tmp_path)
    assert failing.returncode == 0                      # grades are not the command's exit status
    assert "1/2" in failing.stdout


# -- whatever a learner's file does ------------------------------------------------------------------

MISBEHAVING = {
    "loops.py": "def winner(board):\n    return None\nwhile True:\n    pass\n",
    "exits.py": "import sys\n" + solution_source("winner") + "\nsys.exit(0)\n",
    "base.py": "raise BaseException('at import')\n",
    "writes.py": "open({marker!r}, 'w').write('written')\n",
    "deletes.py": "import os\nos.remove({victim!r})\n",
    "floods.py": "import os, sys\nsys.stdout.write('o' * 10_000_000)\nsys.stderr.write('e' * 10_000_000)\n"
                 "os.write(1, b'x' * 5_000_000)\n" + solution_source("legal_moves"),
    "crashes.py": "def winner(board):\n    import ctypes\n    return ctypes.string_at(0)\n\n\n"
                  + solution_source("legal_moves"),
    "ends.py": "def winner(board):\n    import os\n    os._exit(3)\n\n\n" + solution_source("legal_moves"),
    "good.py": solution_source("legal_moves") + "\n\n" + solution_source("winner"),
}


def test_a_misbehaving_file_is_reported_and_the_rest_of_the_class_is_graded(tmp_path):
    marker, victim = tmp_path / "marker.txt", tmp_path / "victim.txt"
    victim.write_text("keep me")
    folder = tmp_path / "class"
    folder.mkdir()
    for name, source in MISBEHAVING.items():
        (folder / name).write_text(source.format(marker=str(marker), victim=str(victim)))
    (folder / "null_source.ipynb").write_text(_notebook([
        {"cell_type": "code", "metadata": {}, "source": None},
        _cell(solution_source("legal_moves"), ["exercise:legal_moves"])]))
    (folder / "a_list.ipynb").write_text(json.dumps([1, 2, 3]))
    (folder / "looping_cell.ipynb").write_text(_notebook([
        _cell(solution_source("legal_moves"), ["exercise:legal_moves"]),
        _cell("def winner(board):\n    return None\nwhile True:\n    pass\n", ["exercise:winner"])]))
    grades = grade_class([folder], jobs=2, exercises=FEW, limits=QUICK)
    students = {student.student: student for student in grades.students}
    assert set(students) == {path.split(".")[0] for path in [*MISBEHAVING, "null_source.ipynb", "a_list.ipynb",
                                                              "looping_cell.ipynb"]}
    assert _statuses(students["good"]) == {"legal_moves": "passed", "winner": "passed"}
    assert students["good"].score == 2
    loops = students["loops"]
    assert loops.grades[0].status == "error" and "did not finish" in loops.grades[0].message
    assert _statuses(students["exits"])["winner"] == "passed"      # defined before the exit: graded
    assert any("sys.exit()" in note for note in students["exits"].notes)
    assert set(_statuses(students["base"]).values()) == {"error"}
    assert not marker.exists() and victim.read_text() == "keep me"
    assert "PermissionError" in " ".join(students["writes"].notes)
    assert "PermissionError" in " ".join(students["deletes"].notes)
    assert _statuses(students["floods"])["legal_moves"] == "passed"
    crashes = _statuses(students["crashes"])
    assert crashes == {"legal_moves": "passed", "winner": "error"}
    assert "crashed" in students["crashes"].grades[1].message
    assert _statuses(students["ends"]) == {"legal_moves": "passed", "winner": "error"}
    assert _statuses(students["null_source"]) == {"legal_moves": "passed", "winner": "not attempted"}
    assert set(_statuses(students["a_list"]).values()) == {"error"}
    looping = students["looping_cell"]                             # what the cell defined is graded
    assert _statuses(looping) == {"legal_moves": "passed", "winner": "failed"}
    assert any("[cell 2] did not finish" in note for note in looping.notes)
    table = grades.table()
    for name in students:
        assert name in table
    assert len(table) < 20_000                                      # no flood reaches the table


def test_any_executor_grades_the_same(tmp_path):
    (tmp_path / "alice.py").write_text(solution_source("legal_moves"))
    (tmp_path / "bob.py").write_text(_buggy_source(buggy.legal_moves_stops_at_win, "legal_moves"))
    paths = [tmp_path / "alice.py", tmp_path / "bob.py"]
    expected = None
    for executor in (ThreadPoolExecutor(2), ProcessPoolExecutor(2)):
        with executor:
            grades = grade_class(paths, executor=executor, exercises=["legal_moves"], limits=QUICK)
        found = [(student.student, student.grades[0].status, student.grades[0].mistakes[:1])
                 for student in grades.students]
        assert found == [("alice", "passed", []), ("bob", "failed", ["stops_at_win"])]
        expected = expected or found
        assert found == expected


def test_a_folder_per_student_grades_her_files_together(tmp_path):
    carol = tmp_path / "class" / "carol"
    carol.mkdir(parents=True)
    (carol / "00.py").write_text(solution_source("legal_moves"))
    (carol / "01.ipynb").write_text(_notebook([_cell("import math"),
                                               _cell(solution_source("winner"), ["exercise:winner"])]))
    (tmp_path / "class" / "dave.py").write_text(solution_source("winner"))
    submissions = find_submissions([tmp_path / "class"])
    assert [submission.student for submission in submissions] == ["carol", "dave"]
    grades = grade_class(submissions, exercises=FEW, limits=QUICK)
    assert [student.score for student in grades.students] == [2, 1]


def test_grading_one_student_from_python(tmp_path):
    path = tmp_path / "erin.py"
    path.write_text("def winner(board):\n"
                    "    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]\n"
                    "    for a, b, c in lines:\n"
                    "        if board[a] is not None and board[a] == board[b] == board[c]:\n"
                    "            return board[a]\n")
    grade = grade_submission(path, ["winner"], QUICK)
    assert grade.student == "erin" and grade.grades[0].status == "failed"
    assert grade.grades[0].mistakes[0] == "missing_anti_diagonal"
    assert grade.cpu_seconds < 10
    assert grade_submission(Submission("erin", (str(path),)), ["legal_moves"], QUICK).grades[0].status == \
        "not attempted"


# -- the single-file command (pytest) --------------------------------------------------------------

def test_an_untouched_course_notebook_is_not_attempted(tmp_path):
    notebook = tmp_path / "04.ipynb"
    shutil.copy(REPO / "notebooks" / "04_evaluation_and_depth.ipynb", notebook)
    result = _run(str(notebook), "-q", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert " failed" not in output.splitlines()[-1], output[-3000:]
    assert "per exercise" in output


def test_a_file_that_exits_at_import_is_reported_once(tmp_path):
    learner = tmp_path / "exits.py"
    learner.write_text("import sys\n" + solution_source("winner") + "\nsys.exit(0)\n")
    result = _run(str(learner), "-q", "-k", "winner or legal_moves", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert len(output) < 30_000
    assert output.count("sys.exit()") <= 2
    assert "winner" in output and "per exercise" in output


def test_after_a_time_out_the_other_tests_are_not_waited_for(tmp_path):
    learner = tmp_path / "slow.py"
    learner.write_text("def minimax(state):\n    while True:\n        pass\n")
    before = _children_cpu()
    result = _run(str(learner), "-q", "-k", "minimax and not fast", cwd=tmp_path)
    cpu = _children_cpu() - before
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "1 failed, 14 skipped" in output.splitlines()[-1]
    assert "stopped after 1 s of CPU time" in output                # the one test that ran was stopped
    assert output.count("an earlier test ran out of time") == 1      # pytest's "SKIPPED [11] ...: Not run"
    assert "SKIPPED [11]" in output
    # Each of the 11 others would have cost its own second of CPU had it been waited for: the
    # command's CPU time (its worker's included, whatever the load) stays below that.
    assert cpu < 1 + 11, f"{cpu:.1f} s of CPU"


def test_a_flood_at_import_does_not_flood_the_teachers_terminal(tmp_path):
    learner = tmp_path / "floods.py"
    learner.write_text("import os, sys\nsys.stderr.write('e' * 10_000_000)\nprint('o' * 10_000_000)\n"
                       "os.write(2, b'x' * 10_000_000)\n" + solution_source("legal_moves"))
    result = _run(str(learner), "-q", "-k", "legal_moves", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-2000:]
    assert len(output) < 1_200_000
    assert "printed 20,000,001 characters" in output or "characters while it was loaded" in output


BUGGY_ALPHABETA = "from tictac_edu.exercises import buggy\n\n\ndef alphabeta(*args):\n" \
                  "    return buggy.alphabeta_strict(*args)\n"


@pytest.mark.slow
def test_a_selection_that_runs_some_tests_of_an_exercise_is_partial_not_passed(tmp_path):
    learner = tmp_path / "bob.py"
    learner.write_text(BUGGY_ALPHABETA)
    result = _run(str(learner), "-q", "-k", "winner or minimax", cwd=tmp_path)
    output = result.stdout + result.stderr
    total = len(get_exercise("alphabeta").cases)
    row = next(line for line in output.splitlines() if line.startswith("bob "))
    assert row.split()[5] == "p" and row.endswith("0/9"), row      # 5th exercise of the 9 selected: alphabeta
    assert f"bob: alphabeta partial: only 1 of its {total} tests was selected (1 passed, 0 did not)" in output
    assert "p = partial" in output
    summary = next(line for line in output.splitlines() if line.startswith("alphabeta "))
    assert summary.split()[1:6] == ["0", "0", "0", "0", "1"], summary     # not counted as passed
    assert "Per exercise (of 1 student)" in output


@pytest.mark.slow
def test_the_exercise_option_runs_every_test_of_one_exercise(tmp_path):
    learner = tmp_path / "bob.py"
    learner.write_text(BUGGY_ALPHABETA)
    result = _run(str(learner), "-q", "--exercise", "alphabeta", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "bob: alphabeta failed: strict_cutoff" in output
    summary = [line for line in output.split("Per exercise (of 1 student)")[1].splitlines()[2:] if line.strip()]
    assert summary[0].split()[:5] == ["alphabeta", "0", "1", "0", "0"], summary
    assert "partial" not in output and not summary[1].startswith(("winner", "minimax"))
    refused = _run(str(learner), "--exercise", "alphabetaa", cwd=tmp_path)
    assert refused.returncode != 0 and "There is no exercise called 'alphabetaa'" in refused.stdout + refused.stderr


# -- the teacher's command: files that end the process, bad options, odd paths ------------------------

@pytest.mark.slow
def test_a_file_that_ends_the_process_is_reported_with_a_failing_status(tmp_path):
    at_import = tmp_path / "ends_at_import.py"
    at_import.write_text("import os\n" + solution_source("winner") + "\nos._exit(0)\n")
    result = _run(at_import.name, "-q", "--exercise", "winner", cwd=tmp_path)
    assert result.returncode == 2, result.stdout[-2000:]
    assert "ends_at_import.py did not load: while it was loaded, the Python interpreter exited (code 0)" in \
        result.stdout
    in_a_test = tmp_path / "ends_in_a_test.py"
    in_a_test.write_text("def winner(board):\n    import os\n    os._exit(0)\n")
    result = _run(in_a_test.name, "-q", "--exercise", "winner", cwd=tmp_path)
    assert result.returncode == 1, result.stdout[-2000:]
    assert "The tests of ends_in_a_test.py did not finish: the Python interpreter exited (code 0)" in result.stdout


@pytest.mark.parametrize(("option", "value", "says"), [
    ("--memory-limit", "10", "10 MB is too little: give at least 256 MB"),
    ("--memory-limit", "inf", "'inf': give a finite number of MB"),
    ("--cpu-limit", "nan", "'nan': give a finite number of seconds"),
    ("--cpu-limit", "0.5", "0.5 seconds is too little"),
    ("--wall-limit", "-1", "-1 seconds is too little"),
    ("--cpu-limit", "lots", "'lots' is not a number of seconds"),
])
def test_a_bad_limit_is_refused_by_name(tmp_path, option, value, says):
    (tmp_path / "alice.py").write_text(solution_source("winner"))
    result = _run("grade", "alice.py", option, value, cwd=tmp_path)
    assert result.returncode == 2
    assert f"argument {option}: {says}" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_limits_refuse_what_is_not_a_finite_positive_number():
    for bad in ({"cpu_seconds": float("nan")}, {"memory_bytes": 0}, {"wall_seconds": float("inf")},
                {"load_cpu_seconds": -1.0}, {"file_bytes": True}):
        with pytest.raises(ValueError, match=f"Limits.{next(iter(bad))} must be a finite positive number"):
            Limits(**bad)
    assert Limits(wall_seconds=None).wall == 4 * 300 + 60


def _odd_class(tmp_path: Path) -> Path:
    """A class folder with links, a dangling link, a newline in a name and a link out of it."""
    folder = tmp_path / "class"
    folder.mkdir()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "mallory.py").write_text(solution_source("winner"))
    (tmp_path / "shared.py").write_text(solution_source("winner"))
    (folder / "ann.py").symlink_to(tmp_path / "shared.py")
    (folder / "ben.py").symlink_to(tmp_path / "shared.py")
    (folder / "gone.py").symlink_to(tmp_path / "nowhere.py")
    (folder / "new\nline.py").write_text(solution_source("winner"))
    (folder / "notes.txt").write_text("not a submission")
    (folder / "outside").symlink_to(outside)
    carol = folder / "carol"
    carol.mkdir()
    (carol / "mine.py").write_text(solution_source("legal_moves"))
    (carol / "borrowed.py").symlink_to(outside / "mallory.py")
    return folder


def test_students_are_named_by_the_paths_given_and_what_is_skipped_is_said(tmp_path):
    folder = _odd_class(tmp_path)
    skipped = []
    found = find_submissions([folder, folder / "ann.py"], skipped)
    assert [submission.student for submission in found] == ["ann", "ben", "carol", "new\nline"]
    assert found[0].files == (str(folder / "ann.py"),)           # the link, as given, not where it leads
    assert found[2].files == (str(folder / "carol" / "mine.py"),)
    assert f"given 2 times ({folder / 'ann.py'}, {folder / 'ann.py'}): graded once" in found[0].notes
    assert any(note.startswith("the same file as ben (both lead to") for note in found[0].notes)
    assert any(note.startswith("the same file as ann") for note in found[1].notes)
    reasons = {Path(item.path).name: item.reason for item in skipped}
    assert reasons == {
        "borrowed.py": f"a symbolic link to {outside_file(tmp_path)}, outside {folder / 'carol'}",
        "gone.py": f"a symbolic link to {tmp_path / 'nowhere.py'}, which does not exist",
        "notes.txt": "neither a .py file nor an .ipynb notebook",
        "outside": f"a symbolic link to {(tmp_path / 'elsewhere').resolve()}, outside {folder}",
    }

    grades = grade_class([folder, folder / "ann.py"], exercises=["winner"], limits=QUICK)
    assert [(student.student, student.score) for student in grades.students] == \
        [("ann", 1), ("ben", 1), ("carol", 0), ("new\nline", 1)]
    table = grades.table()
    assert "new\\nline " in table and "new\nline" not in table    # escaped: the table keeps its lines
    rows = [line for line in table.splitlines() if line.endswith(("1/1", "0/1"))]
    assert len(rows) == 4
    assert "Not graded (4)" in table and "gone.py: a symbolic link to" in table
    assert "mallory" not in " ".join(student.student for student in grades.students)
    data = grades.to_json()
    assert {Path(item["path"]).name for item in data["skipped"]} == set(reasons)
    assert any(note.startswith("given 2 times") for note in data["students"][0]["notes"])
    with open(tmp_path / "grades.csv", "w") as handle:
        handle.write(grades.csv_text())
    with open(tmp_path / "grades.csv", newline="") as handle:
        assert [row["student"] for row in csv.DictReader(handle)] == ["ann", "ben", "carol", "new\nline"]


def outside_file(tmp_path: Path) -> Path:
    return (tmp_path / "elsewhere" / "mallory.py").resolve()


def test_students_of_one_name_are_told_apart_by_the_folders_given(tmp_path):
    for folder in ("a/x", "b/x", "c"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "alice.py").write_text("")
    found = find_submissions([tmp_path / "a" / "x", tmp_path / "b" / "x" / "alice.py", tmp_path / "c"])
    assert [submission.student for submission in found] == ["a/x/alice", "b/x/alice", "c/alice"]
    assert find_submissions([tmp_path / "c" / "alice.py"])[0].student == "alice"


@pytest.mark.slow
def test_the_command_line_names_what_it_did_not_grade(tmp_path):
    folder = _odd_class(tmp_path)
    result = _run("grade", str(folder), "--exercise", "winner", "--json", "grades.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Not graded (4)" in result.stdout and "notes.txt: neither a .py file" in result.stdout
    assert "graded new\\nline: 1/1" in result.stderr
    assert len(json.loads((tmp_path / "grades.json").read_text())["skipped"]) == 4
    gone = tmp_path / "gone.py"
    gone.symlink_to(tmp_path / "nowhere.py")
    refused = _run("grade", str(gone), cwd=tmp_path)
    assert refused.returncode == 2 and "is a symbolic link to" in refused.stderr and "which does not exist" in \
        refused.stderr


# -- a class on a Dask cluster -------------------------------------------------------------------------

def _without_times(data):
    """``data`` (JSON-ready) without the CPU and wall-clock seconds, which differ run to run."""
    if isinstance(data, dict):
        return {key: _without_times(value) for key, value in data.items() if not key.endswith("_seconds")}
    if isinstance(data, list):
        return [_without_times(value) for value in data]
    return data


def _csv_without_times(text: str) -> list[dict[str, str]]:
    return [{key: value for key, value in row.items() if not key.endswith("_seconds")}
            for row in csv.DictReader(text.splitlines(keepends=True))]


def _small_class(folder: Path, *, loops: bool = True) -> list[Path]:
    """Five students (a correct one, a buggy one, one who ends the process, an empty file, a
    loop at import); without ``loops``, the last left out."""
    folder.mkdir()
    files = {"ann.py": solution_source("legal_moves") + "\n\n" + solution_source("winner"),
             "bob.py": _buggy_source(buggy.legal_moves_stops_at_win, "legal_moves"),
             "cy.py": "def winner(board):\n    import os\n    os._exit(3)\n",
             "dee.py": "",
             "eve.py": "while True:\n    pass\n"}
    if not loops:
        del files["eve.py"]
    for name, source in files.items():
        (folder / name).write_text(source)
    return [folder / name for name in files]


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.mark.slow
def test_a_dask_cluster_grades_as_a_process_pool_does(tmp_path, dask_cluster):
    paths = _small_class(tmp_path / "class")
    with ProcessPoolExecutor(2) as pool:
        on_pool = grade_class(paths, executor=pool, exercises=FEW, limits=QUICK)
    seen = []
    on_dask = grade_class(paths, executor=dask_cluster.get_executor(pure=False), exercises=FEW, limits=QUICK,
                          progress=lambda student, done, total: seen.append((student.student, done, total)))
    assert [(student.student, student.score) for student in on_dask.students] == \
        [("ann", 2), ("bob", 0), ("cy", 0), ("dee", 0), ("eve", 0)]
    assert _statuses(on_dask.students[2]) == {"legal_moves": "not attempted", "winner": "error"}
    assert _csv_without_times(on_dask.csv_text()) == _csv_without_times(on_pool.csv_text())
    assert _without_times(on_dask.to_json()) == _without_times(on_pool.to_json())
    assert sorted(name for name, _, _ in seen) == ["ann", "bob", "cy", "dee", "eve"]
    assert [(done, total) for _, done, total in seen] == [(number, 5) for number in range(1, 6)]
    workers = {worker["host"] for worker in dask_cluster.scheduler_info()["workers"].values()}
    assert len(dask_cluster.scheduler_info()["workers"]) == 2 and workers


@pytest.mark.slow
def test_the_command_line_grades_on_a_dask_cluster(tmp_path, dask_cluster):
    paths = _small_class(tmp_path / "class", loops=False)   # the default limits give a loop 10 s of CPU
    address = dask_cluster.scheduler.address
    result = _run("grade", "class", "--exercise", "legal_moves", "--exercise", "winner", "--dask", address,
                  "--csv", "dask.csv", "--json", "dask.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert sorted(line.split(":")[0] for line in result.stderr.splitlines() if line.startswith("graded ")) == \
        [f"graded {path.stem}" for path in paths]
    local = grade_class(paths, jobs=2, exercises=FEW, limits=Limits())
    assert _csv_without_times((tmp_path / "dask.csv").read_text()) == _csv_without_times(local.csv_text())
    assert _without_times(json.loads((tmp_path / "dask.json").read_text()))["records"] == \
        _without_times(local.to_json())["records"]
    for wrong, says in (("nowhere", "give a scheduler's address, tcp://HOST:PORT, or 'local'"),):
        refused = _run("grade", "class", "--dask", wrong, cwd=tmp_path)
        assert refused.returncode == 2 and says in refused.stderr


@pytest.mark.slow
def test_progress_comes_as_students_finish_and_the_grades_in_the_order_given(tmp_path):
    slow, fast = tmp_path / "slow.py", tmp_path / "fast.py"
    slow.write_text("import time\nstarted = time.process_time()\nwhile time.process_time() - started < 3:\n"
                    "    pass\n" + solution_source("winner"))
    fast.write_text(solution_source("winner"))
    seen = []
    grades = grade_class([slow, fast], jobs=2, exercises=["winner"],
                         limits=Limits(load_cpu_seconds=10, cpu_seconds=60, wall_seconds=900),
                         progress=lambda student, done, total: seen.append((student.student, done, total)))
    assert seen == [("fast", 1, 2), ("slow", 2, 2)]          # the slow one's 3 s of CPU at loading came last
    assert [student.student for student in grades.students] == ["slow", "fast"]
    assert [student.score for student in grades.students] == [1, 1]


@pytest.mark.slow
def test_the_executors_benchmark_runs_and_finds_the_same_grades(capsys):
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmark_grading_executors",
                                                  REPO / "benchmarks" / "grading_executors.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--copies", "3", "--exercise", "winner", "--executors", "one", "pool"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("one process", "ProcessPoolExecutor"))]
    assert len(rows) == 2 and all(row.endswith("yes") for row in rows), out
