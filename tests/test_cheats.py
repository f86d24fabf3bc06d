"""Checks that trust no learner object and no learner channel: a file that cheats scores 0 on
what it did not solve, beside honest students whose grades do not change; and in a notebook,
``check()`` is not hung by what the function returns nor by a function that sleeps."""

from __future__ import annotations

import time

import pytest

from tictac_edu.exercises import check, reference, solution_source
from tictac_edu.exercises.grading import Limits, grade_class
from tictac_edu.exercises.registry import get_exercise, run_exercise

CHOSEN = ["legal_moves", "winner", "count_nodes", "count_fours", "elo_interval"]
LIMITS = Limits(load_cpu_seconds=5.0, cpu_seconds=120, wall_seconds=300)

WRONG = '''
def legal_moves(board):
    return []


def winner(board):
    return None
'''

CHEATS = {
    "fake_records": WRONG + '''
import json, os
for fd in range(3, 64):
    for exercise in ("legal_moves", "winner", "count_nodes", "count_fours", "elo_interval"):
        record = {"type": "result", "student": "fake_records", "exercise": exercise, "notebook": "00",
                  "status": "passed", "tests_passed": 9, "tests_total": 9}
        for line in (json.dumps(record), json.dumps({"record": json.dumps(record), "mac": "0" * 64})):
            try:
                os.write(fd, (line + "\\n").encode())
            except OSError:
                pass
''',
    "run_case": WRONG + '''
from tictac_edu.exercises import registry
from tictac_edu.exercises.report import CaseResult, Report


def passed(self, index):
    result = CaseResult(exercise=self.exercise.name, title=self.exercise.cases[index].title, status="passed")
    self.results[index] = result
    return result


registry.ExerciseRun.run_case = passed
registry.run_exercise = lambda exercise, fn, time_limit=None: Report(exercise.name, [])
''',
    "no_op_fail": WRONG + '''
from tictac_edu.exercises import registry
registry.Context.fail = lambda *args, **kwargs: None
registry.Context.expect_type = lambda *args, **kwargs: None
''',
    "stack": '''
import inspect


def _answer(name, *args):
    for frame in inspect.stack():
        for key in ("expected", "want", "right"):
            if key in frame.frame.f_locals:
                return frame.frame.f_locals[key]
    from tictac_edu.exercises import reference
    return reference(name)(*args)


def legal_moves(board):
    return _answer("legal_moves", board)


def winner(board):
    return _answer("winner", board)
''',
    "reference": '''
from tictac_edu.exercises import reference


def legal_moves(board):
    return reference("legal_moves")(board)


def winner(board):
    return reference("winner")(board)


def count_nodes(board, player):
    return reference("count_nodes")(board, player)
''',
    "always_equal": '''
class Yes:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0


class AnInt(Yes, int):
    pass


class AString(Yes, str):
    pass


class AList(Yes, list):
    pass


class ATuple(Yes, tuple):
    pass


class ADict(Yes, dict):
    pass


def legal_moves(board):
    return AList()


def winner(board):
    return AString("?")


def count_nodes(board, player):
    return AnInt(-1)


def count_fours(line):
    return ADict()


def elo_interval(wins, draws, losses, z=1.96):
    return ATuple()
''',
}


@pytest.mark.slow
def test_every_cheat_scores_nothing_beside_honest_students(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "honest.py").write_text("\n\n".join(solution_source(name) for name in CHOSEN))
    (folder / "partly.py").write_text(solution_source("legal_moves") + "\n\ndef winner(board):\n    return 'X'\n")
    for name, source in CHEATS.items():
        (folder / f"{name}.py").write_text(source)
    grades = grade_class([folder], jobs=2, exercises=CHOSEN, limits=LIMITS)
    students = {student.student: student for student in grades.students}

    honest = students["honest"]
    assert honest.score == len(CHOSEN), honest
    for grade in honest.grades:  # the same tests pass as in a check in this process
        in_process = run_exercise(get_exercise(grade.exercise), reference(grade.exercise))
        assert grade.tests_passed == sum(result.status == "passed" for result in in_process.results)
    partly = students["partly"]
    assert [grade.status for grade in partly.grades[:2]] == ["passed", "failed"] and partly.score == 1

    for name in CHEATS:
        student = students[name]
        assert student.score == 0, (name, [(grade.exercise, grade.status, grade.message) for grade in student.grades])
    for grade in students["fake_records"].grades:  # what it wrote was taken for nothing but a broken channel
        assert grade.status in ("failed", "not attempted", "error")
        assert grade.status != "error" or "grader's channel" in grade.message, grade
    assert {grade.exercise: grade.status for grade in students["run_case"].grades}["winner"] == "failed"
    assert {grade.exercise: grade.status for grade in students["no_op_fail"].grades}["winner"] == "failed"
    for name in ("stack", "reference"):
        winner = next(grade for grade in students[name].grades if grade.exercise == "winner")
        assert winner.status == "failed" and "No module named" in winner.message, winner
    cheat = students["always_equal"]
    assert [grade.status for grade in cheat.grades] == ["failed"] * len(CHOSEN)
    notes = " ".join(cheat.notes)
    for base in ("int", "str", "list", "tuple", "dict"):
        assert f"a subclass of {base}" in notes, notes


class _Hostile:
    """What a function returns whose comparisons, iteration and text never end."""

    def __eq__(self, other):
        while True:
            pass

    def __hash__(self):
        return 0

    def __iter__(self):
        while True:
            yield 1

    def __repr__(self):
        while True:
            pass

    __str__ = __repr__
    __len__ = lambda self: 9  # noqa: E731


class _LoopingList(list):
    def __iter__(self):
        while True:
            yield 1

    def __eq__(self, other):
        while True:
            pass

    __hash__ = None  # type: ignore[assignment]


def test_a_returned_object_cannot_hang_check():
    report = check("legal_moves", lambda board: _Hostile(), time_limit=0.3)
    assert report.failures and report.failures[0].kind == "wrong type"
    assert "_Hostile" in report.failures[0].message
    report = check("winner", lambda board: _Hostile(), time_limit=0.3)
    assert not report.passed
    listed = check("legal_moves", lambda board: _LoopingList(reference("legal_moves")(board)), time_limit=0.3)
    assert listed.passed  # compared as the plain list it holds
    assert any("a subclass of list" in note for note in listed.notes)


def test_always_equal_subclasses_do_not_pass_check():
    class Yes(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    report = check("count_nodes", lambda board, player: Yes(-1))
    assert not report.passed
    assert any("a subclass of int" in note for note in report.notes)


@pytest.mark.slow
def test_a_function_that_sleeps_is_stopped_by_the_wall_clock():
    started = time.process_time()
    report = check("legal_moves", lambda board: time.sleep(1000), time_limit=0.1)
    assert report.failures[0].kind == "too slow"
    assert "wall-clock time" in report.failures[0].message
    assert all(result.status == "not run" for result in report.results[1:])
    assert time.process_time() - started < 60
