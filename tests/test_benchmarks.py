"""Smoke tests of the benchmark scripts: each runs with its smallest options and prints its
table. Nothing here times anything or asserts a speed (speed is measured in benchmarks/,
never asserted); a peer that is not installed is skipped by the script itself."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """Import ``benchmarks/NAME.py`` as a module (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_tictactoe_search(capsys: pytest.CaptureFixture[str]) -> None:
    load("tictactoe_search").main(["--repeat", "1", "--min-seconds", "0", "--searches", "plain", "alphabeta"])
    out = capsys.readouterr().out
    assert "alpha-beta, the plain AlphaBeta class" in out
    assert "18,297" in out
    assert "DIFFERS" not in out  # a peer that ran counted the same nodes


def test_playouts(capsys: pytest.CaptureFixture[str]) -> None:
    load("playouts").main(["--seconds", "0.01", "--repeat", "1", "--games", "tictactoe", "gomoku-9"])
    out = capsys.readouterr().out
    assert "state.random_playout(rng)" in out and "Gomoku, 9 x 9" in out
    assert "plain protocol" in out


def test_ordering_memory(capsys: pytest.CaptureFixture[str]) -> None:
    load("ordering_memory").main(["--mnk-depth", "2", "--connect4-depth", "2", "--openings", "1"])
    out = capsys.readouterr().out
    assert "Connect Four: nodes per depth" in out
    assert "DIFF" not in out  # values agree across methods; the check loop matches iterative_deepening


def test_null_windows_and_proofs(capsys: pytest.CaptureFixture[str]) -> None:
    load("null_windows_and_proofs").main(["--mnk-depths", "2", "--connect4-depths", "2", "--pn-boards", "3x3",
                                          "--pn-nodes", "20000"])
    out = capsys.readouterr().out
    assert "MTD(f), no table" in out and "Connect Four 3 columns x 3 rows" in out
    assert "DIFFERS" not in out


def test_agents_time(capsys: pytest.CaptureFixture[str]) -> None:
    load("agents_time").main(["--positions", "2", "--games", "tictactoe", "connect4", "--levels", "easy", "perfect"])
    out = capsys.readouterr().out
    assert "Tic-tac-toe" in out and "perfect" in out
    assert "Connect Four" in out
    load("agents_time").main(["--positions", "1", "--games", "connect4", "--levels", "hard", "--gaps"])
    out = capsys.readouterr().out
    assert "longest CPU between two clock readings" in out and "worst wall" in out


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("tictactoe_search", "playouts", "ordering_memory", "agents_time"):
        with pytest.raises(SystemExit) as stop:
            load(name).main(["--help"])
        assert stop.value.code == 0
        assert "usage:" in capsys.readouterr().out


def test_levels(capsys: pytest.CaptureFixture[str]) -> None:
    load("levels").main(["--games", "tictactoe", "--matches", "4"])
    out = capsys.readouterr().out
    assert "Tic-tac-toe (easy, medium, hard, perfect)" in out
    assert "medium above easy" in out and "perfect above hard" in out


def test_expectimax(capsys: pytest.CaptureFixture[str]) -> None:
    load("expectimax").main(["--games", "4", "--perfect-games", "2", "--connect4-games", "2", "--easy-games", "2",
                             "--depths", "2"])
    out = capsys.readouterr().out
    assert "expectimax vs uniform" in out and "alpha-beta d2" in out and "against the easy level" in out


def test_connect4_fast(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PONS_SOLVER_DIR", raising=False)
    load("connect4_fast").main(["--lines", "2", "--skip-compile", "--skip-4453", "--skip-expert"])
    out = capsys.readouterr().out
    assert "Pons' solver: skipping (PONS_SOLVER_DIR is not set" in out
    assert "Test_L2_R2  numba" in out and "Test_L2_R2  python" in out
    assert "WRONG" not in out
