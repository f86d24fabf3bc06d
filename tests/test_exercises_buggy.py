"""Deliberately buggy solutions (all in :mod:`tictac_edu.exercises.buggy`), one per classic
mistake: each must fail its check with its own mistake named on the FIRST failure the learner
reads, within a few seconds of CPU time, and with that mistake's hint in the report; a function
whose mistake is not confidently known is told what was observed, not a likely bug."""

from __future__ import annotations

import sys
import time
from html import escape

import pytest

from tictac_edu.exercises import MISTAKES, check, exercise_names
from tictac_edu.exercises.buggy import BUGGY, versions
from tictac_edu.exercises.diagnosis import fingerprints, probes
from tictac_edu.exercises.registry import get_exercise

CHECK_CPU = 5.0
"""CPU seconds a check may take for any function (what the course promises)."""


@pytest.mark.parametrize("entry", BUGGY, ids=[f"{entry.exercise}-{entry.name}-{entry.mistake}" for entry in BUGGY])
def test_buggy_version_fails_with_its_mistake_first(entry):
    started = time.process_time()
    report = check(entry.exercise, entry.function)
    cpu = time.process_time() - started
    assert report.status == "failed"
    assert not report.passed
    assert report.mistakes and report.mistakes[0] == entry.mistake, \
        f"{entry.mistake} is not first in {report.mistakes}\n{report}"
    assert report.diagnosis == entry.mistake
    first = report.failures[0]                      # the first failure shown: its hint names the mistake
    assert first.mistake == entry.mistake, f"the first failure names {first.mistake}\n{report}"
    assert first.hint.startswith(f"Likely bug: {MISTAKES[entry.mistake].title}."), first.hint
    hint = MISTAKES[entry.mistake].hint
    assert hint in str(report)
    assert escape(hint) in report._repr_html_()
    # the general hint only where nothing more precise is known: never for a known mistake
    assert "Compare with the docstring" not in str(report)
    assert cpu < CHECK_CPU, f"the check took {cpu:.1f} s of CPU"


def test_every_known_gap_has_its_buggy_version():
    named = {(entry.exercise, entry.mistake) for entry in BUGGY}
    for gap in [("legal_moves", "stops_at_win"), ("minimax_fast_wins", "fixed_game_length"),
                ("evaluate", "cell_index"), ("is_symmetric", "compare_abs"), ("is_symmetric", "errors_cancel"),
                ("alphabeta_tree", "fail_hard"), ("probe", "depth_equal"), ("depth_limited", "depth_off_by_one"),
                ("minimax", "best_starts_at_zero"), ("order_key", "centre_first"),
                ("alphabeta", "cutoff_before_update"),
                ("alphabeta_tree", "cutoff_before_update"), ("alphabeta", "window_wrong_level"),
                ("evaluate", "aliasing"), ("store", "yield_not_return"), ("is_symmetric", "fixed_players")]:
        assert gap in named, gap


def test_at_least_100_buggy_versions_covering_the_classic_mistakes():
    assert len(BUGGY) >= 100
    assert {entry.exercise for entry in BUGGY} == set(exercise_names())     # every exercise has some
    covered = {entry.mistake for entry in BUGGY}
    classic = {"not_restored", "missing_diagonal", "missing_anti_diagonal", "aliasing", "wrong_side",
               "window_not_passed", "window_wrong_level", "inner_break", "no_faster_wins", "cache_ignores_window",
               "one_side_only", "counted_twice"}
    assert classic <= covered
    assert all(mistake in MISTAKES for mistake in covered)
    assert len({entry.name for entry in BUGGY}) == len(BUGGY)


@pytest.mark.parametrize("exercise", sorted({entry.exercise for entry in BUGGY}))
def test_the_probes_tell_the_mistakes_apart(exercise):
    """Two buggy versions with different mistakes never answer every probe alike, and each
    answers some probe unlike the reference: the fingerprints name the mistakes."""
    assert probes(exercise), f"{exercise} declares no probes"
    known = fingerprints(exercise, get_exercise(exercise).reference)
    seen: dict[tuple, str] = {}
    for entry, answers in known.buggy:
        assert answers != known.reference, f"{entry.name} answers every probe like the reference"
        assert ("too slow",) not in answers, f"{entry.name} is too slow on a probe"
        if answers in seen:
            assert seen[answers] == entry.mistake, f"{entry.name} answers like a version of {seen[answers]}"
        seen[answers] = entry.mistake


def test_the_reference_answers_its_own_probes_quickly():
    for exercise in {entry.exercise for entry in BUGGY}:
        started = time.process_time()
        fingerprints.cache_clear()
        fingerprints(exercise, get_exercise(exercise).reference)
        assert time.process_time() - started < 3, exercise


def test_the_connect_four_mistakes_are_named_as_the_notebook_names_them():
    check_win_mistakes = {entry.mistake for entry in versions("check_win")}
    assert {"missing_diagonal_up", "missing_diagonal_down", "missing_horizontal", "missing_vertical"} <= \
        check_win_mistakes
    assert "a missing diagonal" in MISTAKES["missing_diagonal_up"].title
    assert "a missing anti-diagonal" in MISTAKES["missing_diagonal_down"].title
    assert "shift rows + 2" in MISTAKES["missing_diagonal_up"].hint
    assert {"one_side_only", "window_counted_twice", "window_player", "mixed_window", "opponent_weights"} <= \
        {entry.mistake for entry in versions("score_window")}
    assert {"right_before_left", "centre_last", "sort_direction", "tie_order"} <= \
        {entry.mistake for entry in versions("centre_key")}


def test_a_function_with_an_unknown_mistake_is_told_what_was_observed():
    def winner(board):
        return "X" if board[4] == "X" else None      # nothing like a classic mistake

    report = check("winner", winner)
    assert report.status == "failed"
    assert report.diagnosis is None
    for result in report.failures:
        assert result.hint
        if result.mistake is None:                   # no likely bug named without a reason: what was seen
            assert not result.hint.startswith("Likely bug")
            assert "Compare with the docstring" not in result.hint
    first = report.failures[0]
    assert first.mistake is None and "X has three in a row on the top row" in first.message
    assert "no win at all" in first.message          # it says what the function sees: no win on any line


def test_a_likeness_on_the_probes_is_named_only_when_the_failing_test_confirms_it():
    """A mutant of the reference (a line of three that is not a line) is not the aliasing bug,
    though one test fails alike for both: the first failure must not name aliasing."""
    def winner(board):
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 7), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
        for a, b, c in lines:
            if board[a] is not None and board[a] == board[b] == board[c]:
                return board[a]
        return None

    report = check("winner", winner)
    assert report.failures and all(result.mistake != "aliasing" for result in report.failures), str(report)


def test_a_function_with_two_mistakes_gets_a_likely_one():
    def minimax(state):                              # no negation AND best starts at 0
        if state.is_terminal():
            return state.utility(state.to_move)
        best = 0
        for move in state.legal_moves():
            best = max(best, minimax(state.play(move)))
        return best

    report = check("minimax", minimax)
    assert report.status == "failed"
    assert report.mistakes and report.mistakes[0] in {"wrong_side", "best_starts_at_zero"}


def test_a_sample_of_mutants_of_the_references_is_caught_and_pointed_at():
    """A fast sample of benchmarks/mutants.py (the whole run is in benchmarks/README.md): slips
    written by mutating the reference solutions are caught, and the first failure points at them."""
    import importlib.util
    import io
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "mutants.py"
    spec = importlib.util.spec_from_file_location("benchmark_mutants", path)
    assert spec is not None and spec.loader is not None
    mutants = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mutants          # its dataclasses look their module up there
    spec.loader.exec_module(mutants)
    out = io.StringIO()
    results = mutants.run(["legal_moves", "probe", "select_child", "score_window"], sample=4, seed=3, cpu=2.0,
                          show=True, out=out)
    checked = [verdict for verdicts in results.values() for verdict in verdicts if not verdict.equivalent]
    assert len(checked) >= 10, out.getvalue()
    assert all(verdict.caught for verdict in checked), out.getvalue()
    assert sum(verdict.pointed for verdict in checked) >= 0.75 * len(checked), out.getvalue()
