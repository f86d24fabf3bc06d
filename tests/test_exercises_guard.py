"""What protects a check from the learner's function and the learner from the check: CPU-time
limits that count only her code (in every way a clock can stop it), memory, printing, the
package's own classes, wrong parameters, generators, numpy numbers, bad arguments, and files."""

from __future__ import annotations

import builtins
import os
import signal
import sys
import threading
import time

import pytest

from tictac_edu.exercises import check, exercise_names, hint, reference, solution, solution_source
from tictac_edu.exercises.guard import FORCE_MODE_ENV, CheckTimeout, LearnerClock, choose_mode
from tictac_edu.games import MNKGame, TicTacToe

NAMES = exercise_names()
FALLBACK_NAMES = ["minimax", "alphabeta", "store", "probe", "count_nodes", "centre_key"]
"""References that once failed with the fallback clock, and the two longest checks."""


def _loop_forever(*args):
    total = 0
    while True:
        total += 1
        total -= 1


# -- the time limit ------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [0, -1, "5", float("nan"), float("inf"), True, [3]])
def test_a_bad_time_limit_is_a_clear_error(bad):
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        check("legal_moves", reference("legal_moves"), time_limit=bad)


def test_a_time_limit_is_per_test_cpu_time():
    report = check("minimax", _loop_forever, time_limit=0.2)
    assert report.failures[0].kind == "too slow"
    assert "0.2 s of CPU time" in report.failures[0].message
    assert report.learner_cpu < 1.0
    assert all(result.status == "not run" for result in report.results[1:])


def test_a_time_out_leaves_nothing_behind():
    slow = check("alphabeta", _loop_forever)
    assert slow.failures[0].kind == "too slow"
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGPROF) in (signal.SIG_DFL, None, signal.SIG_IGN)
    assert check("alphabeta", reference("alphabeta")).passed       # the reference, right after
    started = time.process_time()
    instant = check("alphabeta", lambda state, alpha=-1, beta=1: (0, 1))
    assert all(result.kind != "too slow" for result in instant.failures)
    assert time.process_time() - started < 5


def test_the_checkers_own_work_never_counts():
    """The reference figures of a check are computed while the learner's clock is stopped: with
    a limit far below them, a correct function still passes."""
    from tictac_edu.exercises import positions

    positions.solved.cache_clear()
    positions.tree_size.cache_clear()
    report = check("alphabeta", reference("alphabeta"), time_limit=0.5)
    assert report.passed, str(report)
    assert report.cpu > report.learner_cpu


@pytest.mark.parametrize("mode", ["watchdog", "trace"])
def test_the_fallback_clocks_pass_the_references(mode, monkeypatch):
    monkeypatch.setenv(FORCE_MODE_ENV, mode)
    assert choose_mode() == mode
    for name in FALLBACK_NAMES:
        report = check(name, reference(name))
        assert report.passed, f"{mode}: {report}"


@pytest.mark.parametrize("mode", ["signal", "watchdog", "trace"])
def test_every_clock_stops_a_loop(mode, monkeypatch):
    monkeypatch.setenv(FORCE_MODE_ENV, mode)
    started = time.process_time()
    report = check("minimax", _loop_forever, time_limit=0.2)
    assert report.failures[0].kind == "too slow"
    assert time.process_time() - started < 15  # CPU time: the loop was stopped, whatever the load


def test_without_setitimer_every_reference_passes(monkeypatch):
    monkeypatch.delattr(signal, "setitimer")
    assert choose_mode() == "watchdog"
    for name in NAMES:
        report = check(name, reference(name))
        assert report.passed, str(report)


def test_in_a_worker_thread_every_reference_passes_and_a_loop_is_stopped():
    reports = {}

    def work():
        for name in FALLBACK_NAMES:
            reports[name] = check(name, reference(name))
        reports["loop"] = check("minimax", _loop_forever, time_limit=0.2)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(120)
    assert not thread.is_alive()
    assert all(reports[name].passed for name in FALLBACK_NAMES), [str(reports[name]) for name in FALLBACK_NAMES]
    assert reports["loop"].failures[0].kind == "too slow"


def test_a_clock_that_swallows_nothing_after_it_stops():
    clock = LearnerClock(0.05, mode="watchdog")
    clock.start()
    with pytest.raises(CheckTimeout):
        with clock.running():
            _loop_forever()
    clock.stop()
    deadline = time.process_time() + 0.3
    while time.process_time() < deadline:  # no stray time-out arrives later
        pass


# -- memory and printing -------------------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="the memory limit needs Linux")
def test_a_function_that_takes_too_much_memory_is_stopped():
    def winner(board):
        return "x" * (3 << 30)

    report = check("winner", winner)
    first = report.failures[0]
    assert first.kind == "too much memory"
    assert "memory" in first.message
    assert check("winner", reference("winner")).passed


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_a_flood_of_printing_is_cut_and_named(stream, capfd):
    def legal_moves(board):
        getattr(sys, stream).write("x" * 10_000_000)
        return []

    report = check("legal_moves", legal_moves)
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    first = report.failures[0]
    assert len(first.printed) < 2000
    assert "10,000,000 characters" in first.printed_note
    assert len(str(report)) < 20_000


# -- what the learner's function is ----------------------------------------------------------------

def test_wrong_parameters_get_one_plain_sentence():
    def minimax(state, depth):
        return 0

    report = check("minimax", minimax)
    first = report.failures[0]
    assert first.kind == "wrong parameters"
    assert first.message == ("Your function cannot be called the way the exercise calls it, with 1 argument: it "
                             "takes (state, depth), and minimax must take (state).")
    assert "Something went wrong" not in str(report)
    assert "def minimax(state):" in first.hint


def test_a_generator_gets_one_plain_sentence():
    def store(table, key, depth, value, alpha, beta):
        from tictac_edu.search import Bound

        yield
        table[key] = (depth, value, Bound.EXACT)

    report = check("store", store)
    assert report.mistakes[0] == "yield_not_return"
    assert "generator" in report.failures[0].message and "Nothing was stored" not in str(report)


def test_numpy_numbers_and_booleans_are_numbers_and_booleans():
    numpy = pytest.importorskip("numpy")
    count_nodes, check_win, minimax = reference("count_nodes"), reference("check_win"), reference("minimax")
    alphabeta, is_symmetric = reference("alphabeta"), reference("is_symmetric")
    wrapped = {
        "count_nodes": lambda board, player: numpy.int64(count_nodes(board, player)),
        "check_win": lambda stones, rows=6: numpy.bool_(check_win(stones, rows)),
        "minimax": lambda state: numpy.float64(minimax(state)),
        "alphabeta": lambda state, alpha=-numpy.inf, beta=numpy.inf: (
            numpy.float64(alphabeta(state, alpha, beta)[0]), numpy.int64(alphabeta(state, alpha, beta)[1])),
        "is_symmetric": lambda evaluate, positions: numpy.bool_(is_symmetric(evaluate, positions)),
    }
    for name, function in wrapped.items():
        function.__name__ = name
        report = check(name, function)
        assert report.passed, str(report)
    wrong = check("winner", lambda board: numpy.bool_(True))
    assert "numpy.bool" in wrong.failures[0].message and "it returned a bool" not in wrong.failures[0].message


def test_a_patched_package_class_breaks_no_check():
    original = MNKGame.legal_moves
    try:
        MNKGame.legal_moves = lambda self: []                 # the learner's notebook did this
        report = check("minimax", reference("minimax"))
        assert report.passed, str(report)
        assert any("MNKGame.legal_moves" in note for note in report.notes)
        assert MNKGame.legal_moves is not original             # her change is still hers
    finally:
        MNKGame.legal_moves = original

    def minimax(state):                                       # a function that patches while checked
        TicTacToe.is_terminal = lambda self: True
        return reference("minimax")(state)

    try:
        check("minimax", minimax)
        assert "is_terminal" not in vars(TicTacToe)            # undone
        assert check("minimax", reference("minimax")).passed
    finally:
        if "is_terminal" in vars(TicTacToe):
            del TicTacToe.is_terminal


def test_pickling_a_search_result_is_not_taken_for_a_patch():
    """``copyreg`` caches ``__slotnames__`` on a class with ``__slots__`` the first time one of its
    objects is pickled (a match on a process pool does it): Python's own cache, not the learner's
    change, so no check may report it."""
    import pickle

    from tictac_edu.search import SearchResult, alphabeta

    if "__slotnames__" in vars(SearchResult):      # as in a fresh kernel: never pickled yet
        delattr(SearchResult, "__slotnames__")
    pickle.dumps(alphabeta(TicTacToe().play(4), 2, lambda state, player: 0))
    assert "__slotnames__" in vars(SearchResult)
    from tictac_edu.games.base import GameState

    GameState.__annotations__                      # noqa: B018 - reading it stores an empty dict
    report = check("minimax", reference("minimax"))
    assert report.passed and not report.notes, str(report)


# -- nothing the learner wrote is lost -----------------------------------------------------------

_WRITES: list[str] = []
_WATCHING = [False]


def _watch_writes(event, args):
    if _WATCHING[0] and event == "open" and len(args) >= 2:
        path, mode = args[0], args[1]
        if isinstance(mode, str) and any(char in mode for char in "wax+") and not isinstance(path, int):
            _WRITES.append(str(path))


sys.addaudithook(_watch_writes)


def test_check_hint_and_solution_write_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _WRITES.clear()
    _WATCHING[0] = True
    try:
        for name in ("winner", "alphabeta", "store"):
            check(name, reference(name))
            hint(name)
            solution(name)
            check(name, _loop_forever, time_limit=0.1)
    finally:
        _WATCHING[0] = False
    assert _WRITES == []
    assert list(tmp_path.iterdir()) == []


def test_solution_shows_without_replacing_the_learners_function():
    namespace: dict = {"__builtins__": builtins}
    exec("from tictac_edu.exercises import solution\n"
         "def legal_moves(board):\n    return 'mine'\n", namespace)
    mine = namespace["legal_moves"]
    exec("shown = solution('legal_moves')", namespace)
    assert namespace["legal_moves"] is mine
    assert solution_source("legal_moves") in str(namespace["shown"])
    exec("shown = solution('legal_moves', define=True)", namespace)
    assert namespace["legal_moves"] is not mine
    assert namespace["legal_moves"]([None] * 9) == list(range(9))
    assert "replaced" in str(namespace["shown"])
