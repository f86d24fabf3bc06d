"""``python -m tictac_edu solve connect4``, run as a user runs it: real processes, real pipes.

The positions are small (end and middle game, solved in milliseconds) so that every test takes
about a second; the hard ones ("4", the empty board) only ever run under a short --timeout.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tictac_edu.cli import TIMED_OUT_STATUS
from tictac_edu.solvers import Solver

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "tictac_edu", "solve", "connect4"]
END_GAME = "2252576253462244111563365343671351441"  # Test_L3_R1, line 1: score -1
MIDDLE_GAME = "13227167421566572721"  # Test_L2_R1, line 2: score -9
HARD = "4"  # one move in: hours of search


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=ROOT)


def read_set(test_data: Path, name: str, count: int) -> list[str]:
    path = test_data / "connect4" / name
    return path.read_text().splitlines()[:count]


def test_lines_are_solved_and_bad_ones_reported(test_data: Path) -> None:
    good = [line.split() for line in read_set(test_data, "Test_L3_R1", 5)]
    lines = [good[0][0], "44x", good[1][0], "", "4444444", "12121212", *(moves for moves, _ in good[2:])]
    done = run(stdin="\n".join(lines) + "\n")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{moves} {score}" for moves, score in good]
    assert done.stderr.splitlines() == [
        "line 2: bad move string '44x': character 3 ('x') is not a column number 1..7",
        "line 5: bad move string '4444444': character 7 ('4'): column 4 is full",
        "line 6: bad move string '12121212': character 8 ('2') comes after the end of the game "
        "(X wins after 7 moves)",
    ]


def test_arguments_weak_and_analyze() -> None:
    done = run(END_GAME, "--weak")
    assert done.returncode == 0 and done.stdout == f"{END_GAME} -1\n" and done.stderr == ""
    done = run("--analyze", END_GAME, MIDDLE_GAME)
    assert done.returncode == 0
    expected = [" ".join([moves, *("-" if s is None else str(s) for s in Solver().analyze(moves))])
                for moves in (END_GAME, MIDDLE_GAME)]
    assert done.stdout.splitlines() == expected
    assert expected[0] == f"{END_GAME} - - - - - -1 -2"
    done = run(END_GAME, "9")
    assert done.returncode == 1 and "argument 2: bad move string '9'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_benchmark_sets_own_lines_are_solved_and_checked(test_data: Path) -> None:
    lines = read_set(test_data, "Test_L3_R1", 20) + read_set(test_data, "Test_L2_R1", 10)
    done = run(stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == lines and done.stderr == ""
    # A wrong score is reported with its line; the computed score is printed all the same.
    done = run(stdin=f"{END_GAME} -1\n{END_GAME} 3\n{MIDDLE_GAME} -9\n")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{END_GAME} -1", f"{END_GAME} -1", f"{MIDDLE_GAME} -9"]
    assert done.stderr.splitlines() == [f"line 2: {END_GAME}: the score is -1, but the line says 3"]
    # --weak compares the sign; one argument may carry a score too.
    assert run("--weak", f"{END_GAME} -1").returncode == 0
    done = run("--weak", f"{MIDDLE_GAME} 4")
    assert done.returncode == 1 and "the weak score is -1, but the line says 4" in done.stderr
    # --analyze compares the best column's score.
    assert run("--analyze", f"{END_GAME} -1").returncode == 0
    done = run(stdin=f"{END_GAME} -1 extra\n{END_GAME} x\n")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("is not MOVES or MOVES SCORE") == 2


def test_the_empty_board_is_refused_without_a_timeout() -> None:
    done = run("")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("argument 1: the empty board ('') is far too hard")
    assert "--timeout" in done.stderr and "Traceback" not in done.stderr
    done = run("", "--timeout", "0.3")
    assert done.returncode == TIMED_OUT_STATUS and done.stdout == " timeout\n"


def test_a_position_that_runs_out_of_time_is_named_and_the_next_is_solved() -> None:
    done = run("--timeout", "0.5", HARD, END_GAME)
    assert done.returncode == TIMED_OUT_STATUS == 124  # its own status: 1 is for bad input
    assert done.stdout.splitlines() == [f"{HARD} timeout", f"{END_GAME} -1"]
    assert "1 position not solved within --timeout 0.5 s" in done.stderr
    done = run("--timeout", "0.5", HARD, "9")  # a bad line as well: bad input wins
    assert done.returncode == 1 and done.stdout == f"{HARD} timeout\n"
    help_text = " ".join(run("--help").stdout.split())
    assert re.search(r"seconds of wall-\s?clock time and print 'MOVES timeout' \(exit status 124", help_text)
    assert re.search(r"124 if every line was good but some position ran out of time", help_text)
    done = run("--timeout", "0", END_GAME)
    assert done.returncode == 2 and "--timeout must be a positive number of seconds" in done.stderr


def test_progress_is_shown_once_a_position_takes_long() -> None:
    done = run("--progress", "0", "--timeout", "1.5", HARD)
    progress = [line for line in done.stderr.splitlines() if "nodes so far" in line]
    assert progress and re.fullmatch(r"argument 1 \(4\): \d+ s, [\d,]+ nodes so far \(Ctrl-C stops\)", progress[0])
    assert run(END_GAME).stderr == ""  # a quick position shows none (the default: after 3 s)


def test_a_closed_pipe_ends_quietly(test_data: Path) -> None:
    lines = "\n".join(read_set(test_data, "Test_L2_R1", 200)) + "\n"
    process = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    process.stdin.write(lines)
    process.stdin.close()
    assert process.stdout.readline().strip()
    process.stdout.close()  # the reader goes away after one line, as `head -1` does
    status = process.wait(timeout=120)
    error = process.stderr.read()
    process.stderr.close()
    assert status in (0, 141) and error == ""


@pytest.mark.skipif(shutil.which("head") is None or shutil.which("sh") is None, reason="needs sh and head")
def test_piped_into_head(test_data: Path, tmp_path: Path) -> None:
    source = tmp_path / "lines.txt"
    source.write_text("\n".join(read_set(test_data, "Test_L2_R1", 200)) + "\n")
    command = f"{shlex.join(COMMAND)} < {shlex.quote(str(source))} | head -1"
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert len(done.stdout.splitlines()) == 1 and done.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line_on_stderr_and_a_failure() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*COMMAND, END_GAME, MIDDLE_GAME], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120, cwd=ROOT)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["error: cannot write the results to standard output: No space left on device"]


def test_ctrl_c_prints_interrupted_and_exits_130() -> None:
    process = subprocess.Popen([*COMMAND, "--progress", "0", HARD], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT)
    assert process.stderr is not None
    assert "nodes so far" in process.stderr.readline()  # the solver is at work
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert out == "" and err == "Interrupted.\n"


def readme_examples() -> list[str]:
    """The README's `solve connect4` commands (the "Command line" section)."""
    text = (ROOT / "README.md").read_text()
    commands = [line.split("   #")[0].strip() for line in text.splitlines()
                if "tictac_edu solve connect4" in line and not line.startswith("`")]
    return [command for command in commands if command]


def test_the_readme_examples_answer(test_data: Path) -> None:
    # Each answers within a few seconds (measured, not asserted: the machine may be busy); here
    # they only must not hang, and must print what they promise.
    examples = readme_examples()
    assert examples
    for example in examples:
        command = example.replace("python -m tictac_edu", f"{shlex.quote(sys.executable)} -m tictac_edu")
        done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert done.stdout.strip(), command
        assert "Traceback" not in done.stderr, command
        assert done.returncode == (TIMED_OUT_STATUS if "--timeout" in command else 0), (command, done.stderr)


def test_both_engines_print_the_same_scores() -> None:
    compiled = run(END_GAME, MIDDLE_GAME)
    pure = run("--engine", "python", END_GAME, MIDDLE_GAME)
    assert compiled.returncode == pure.returncode == 0
    assert compiled.stdout == pure.stdout == f"{END_GAME} -1\n{MIDDLE_GAME} -9\n"
    done = run("--engine", "cython", END_GAME)
    assert done.returncode == 2 and "invalid choice: 'cython'" in done.stderr
