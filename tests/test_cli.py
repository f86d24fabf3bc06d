"""The command line, run as a learner would run it: a real process, scripted standard input."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

COMMAND = [sys.executable, "-m", "tictac_edu"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_count_prints_the_figures() -> None:
    done = run("count", "tictactoe")
    assert done.returncode == 0, done.stderr
    for figure in ("549,946", "255,168", "131,184", "77,904", "46,080", "5,478", "765",
                   "1, 9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872"):
        assert figure in done.stdout


def test_bad_moves_get_a_message_and_end_of_input_ends_quietly() -> None:
    done = run("play", "tictactoe", stdin="4\nhello\n4\n9\n1 1\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout
    assert "The AI plays 0" in out  # the perfect AI answers the centre with a corner
    assert "'hello' is not a move" in out
    assert "Illegal move 4: cell 4 (row 1, column 1) is already taken by X." in out
    assert "Illegal move 9: off the board" in out
    assert "Illegal move (1, 1)" in out
    assert out.rstrip().endswith("End of input: goodbye.")


def test_a_whole_game_against_the_perfect_ai_ends_in_a_result() -> None:
    # X plays 4, 2, 3, 7, 8 if they are free; whatever O does, the game ends.
    done = run("play", "tictactoe", stdin="\n".join(["4", "2", "6", "1", "3", "5", "7", "8"]) + "\n")
    assert done.returncode == 0
    assert "Game over, " in done.stdout
    assert "you win" not in done.stdout  # nobody beats the perfect AI


def test_playing_o_and_quitting() -> None:
    done = run("play", "tictactoe", "--side", "O", "--difficulty", "easy", "--seed", "1", stdin="q\n")
    assert done.returncode == 0
    assert "You play O" in done.stdout and "The AI plays" in done.stdout and "Goodbye." in done.stdout


def test_a_difficulty_the_game_lacks_is_refused_cleanly() -> None:
    done = run("play", "mnk", "--difficulty", "perfect")
    assert done.returncode == 2
    assert "'perfect' is offered only" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["count", "--help"]])
def test_help_explains_the_commands(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 0
    assert "usage: python -m tictac_edu" in done.stdout


def test_ctrl_c_ends_without_a_traceback() -> None:
    process = subprocess.Popen([*COMMAND, "play", "tictactoe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    seen = ""
    while "Your move" not in seen and time.monotonic() < deadline:
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert "Interrupted: goodbye." in out and "Traceback" not in err
