"""The command line, run as a learner would run it: a real process, scripted standard input."""

from __future__ import annotations

import os
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


# -- play: every board game, bad input, the AI's words ---------------------------------------------

TICTACTOE_HELP = "type a cell number 0-8 as shown on the board"
CONNECT4_HELP = "type a column number 1-7 as printed under the board"


def assert_quiet(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr


def test_bad_moves_get_a_message_and_end_of_input_ends_quietly() -> None:
    done = run("play", "tictactoe", stdin="4\nhello\n\u00b2\n4\n9\n1 1\n\n")
    assert done.returncode == 0
    assert_quiet(done)
    out = done.stdout
    assert "Tic-tac-toe. You play X; the AI (perfect) plays O." in out
    assert "The AI (perfect) plays 0 for O (proven: a draw with best play on both sides; " in out  # a corner
    assert f"'hello' is not a move: {TICTACTOE_HELP}" in out
    assert f"'\u00b2' is not a move: {TICTACTOE_HELP}" in out  # not "invalid literal for int()"
    assert "invalid literal" not in out
    assert "Cell 4 is taken by X: choose an empty cell." in out
    assert f"'1 1' is not a move: {TICTACTOE_HELP}" in out  # cells are typed as the board numbers them
    assert "Illegal move 9: off the board" in out
    assert "'' is not a move" in out
    assert out.count("O . .") == 1  # the board after the AI's reply is drawn once, not after each refused move
    assert out.rstrip().endswith("End of input: goodbye.")


def test_input_that_is_not_text_is_a_bad_move() -> None:
    done = subprocess.run([*COMMAND, "play", "tictactoe"], input=b"\xff\xfe\n", capture_output=True, timeout=120)
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr and b"is not a move" in done.stdout


def test_a_whole_game_against_the_perfect_ai_ends_in_a_result() -> None:
    # X plays 4, 2, 3, 7, 8 if they are free; whatever O does, the game ends.
    done = run("play", "tictactoe", stdin="\n".join(["4", "2", "6", "1", "3", "5", "7", "8"]) + "\n")
    assert done.returncode == 0
    assert "Game over: " in done.stdout
    assert "you win" not in done.stdout  # nobody beats the perfect AI


def test_playing_o_and_quitting() -> None:
    done = run("play", "tictactoe", "--side", "O", "--difficulty", "easy", "--seed", "1", stdin="q\n")
    assert done.returncode == 0
    assert "You play O" in done.stdout and "The AI (easy) plays" in done.stdout and "Goodbye." in done.stdout


def test_connect_four_in_the_terminal() -> None:
    done = run("play", "connect4", "--difficulty", "easy", "--seed", "3",
               stdin="4\n0\n8\nx\n\u00b2\n 4 \nq\n")
    assert done.returncode == 0
    assert_quiet(done)
    out = done.stdout
    assert "Connect Four. You play X; the AI (easy) plays O. Type a column number 1-7 as printed under the board" in out
    assert "1 2 3 4 5 6 7" in out  # the column numbers under the board
    assert "There is no column 0: type a column number 1-7" in out
    assert "There is no column 8: type a column number 1-7" in out
    assert f"'x' is not a move: {CONNECT4_HELP}" in out
    assert f"'\u00b2' is not a move: {CONNECT4_HELP}" in out
    assert out.count("The AI (easy) plays column ") == 2
    assert out.rstrip().endswith("Goodbye.")


def test_a_full_connect_four_column_is_refused() -> None:
    done = run("play", "connect4", "--side", "both", stdin="4\n" * 7)
    assert done.returncode == 0
    assert "Two players take turns at this keyboard." in done.stdout
    assert "Column 4 is full: choose another column." in done.stdout
    assert "X to move (a column 1-7): " in done.stdout and "O to move (a column 1-7): " in done.stdout


def test_bigger_m_n_k_boards() -> None:
    done = run("play", "mnk", "--rows", "4", "--columns", "4", "--k", "3", stdin="5\n5\n16\nq\n")
    assert done.returncode == 0
    out = done.stdout
    assert "4x4, three in a row. You play X; the AI (hard) plays O." in out
    assert "Your move (X, a cell 0-15): " in out
    assert "Cell 5 is taken by X" in out and "Illegal move 16: off the board" in out


GOMOKU_HELP = "type a point such as H8: a column letter A-O and a row number 1-15"


def test_gomoku_in_the_terminal_with_h8_and_bad_input() -> None:
    done = run("play", "gomoku", "--difficulty", "easy", "--seed", "2",
               stdin="h8\nZ99\nh\n8h\nH8\n\n(7, 7)\n\u00b2\n")
    assert done.returncode == 0
    assert_quiet(done)
    out = done.stdout
    assert f"Gomoku. You play Black; the AI (easy) plays White. {GOMOKU_HELP[0].upper()}{GOMOKU_HELP[1:]}, or q to " \
           "quit." in out
    assert "   A B C D E F G H I J K L M N O" in out and "15 . . ." in out
    assert " 8 . . . . . . . X" in out  # H8: Black's stone (X on the text board)
    assert out.count("The AI (easy) plays ") == 1 and " for White (" in out
    for words in ("'Z99' is off the board: the columns are A-O and the rows 1-15.",
                  f"'h' is not a point: {GOMOKU_HELP}", f"'8h' is not a point: {GOMOKU_HELP}",
                  "Illegal move H8: the point is taken by Black.", f"'' is not a point: {GOMOKU_HELP}",
                  f"'(7, 7)' is not a point: {GOMOKU_HELP}", f"'\u00b2' is not a point: {GOMOKU_HELP}"):
        assert out.count(words) == 1, words
    assert out.count("   A B C D E F G H I J K L M N O") == 2  # the board once before and once after the reply
    assert out.rstrip().endswith("End of input: goodbye.")


def test_renju_in_the_terminal_names_the_forbidden_points() -> None:
    # Black H8, I8, J7, J6; White A15, B15, C15, D15: J8 would be a double-three for Black
    done = run("play", "gomoku", "--rule", "renju", "--side", "both",
               stdin="h8\na15\ni8\nb15\nj7\nc15\nj6\nd15\nj8\nk8\nq\n")
    assert done.returncode == 0
    assert_quiet(done)
    out = done.stdout
    assert out.startswith("Renju. Two players take turns at this keyboard.")
    assert out.count("Forbidden for Black (renju): J8 double-three.") == 1
    assert "Illegal move J8: forbidden for Black under renju (double-three)." in out
    assert "White to move (a point A-O 1-15, such as H8): " in out and out.rstrip().endswith("Goodbye.")  # K8 played


def test_gomoku_sizes_and_rules() -> None:
    done = run("play", "gomoku", "--size", "9", "--side", "none", "--difficulty", "easy", "--seed", "5")
    assert done.returncode == 0
    assert_quiet(done)
    assert "Gomoku, 9 x 9. The AI (easy) plays both sides." in done.stdout
    assert "   A B C D E F G H I   (X Black, O White)\n" in done.stdout and "Game over: " in done.stdout
    for args, words in ((["--size", "30"], "error: a gomoku board is 5 to 26 points wide, not 30"),
                        (["--size", "4"], "error: a gomoku board is 5 to 26 points wide, not 4"),
                        (["--rule", "bogus"], "error: unknown rule 'bogus'; the rules are: freestyle, standard, renju"),
                        (["--rows", "9"], "error: the game 'gomoku' takes no option 'rows'; its options: size, rule")):
        refused = run("play", "gomoku", *args)
        assert refused.returncode == 2, args
        assert refused.stderr.startswith(words) and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert run("play", "connect4", "--rule", "renju").stderr.startswith("error: the game 'connect4' takes no option "
                                                                        "'rule'")


def test_the_ai_says_proven_only_when_it_is() -> None:
    estimate = run("play", "connect4", "--difficulty", "medium", "--seed", "1", stdin="4\n")  # a searched move
    assert "The AI (medium) plays column " in estimate.stdout
    assert "an estimate: " in estimate.stdout and "not proven" in estimate.stdout
    assert "proven win" not in estimate.stdout and "proven loss" not in estimate.stdout
    assert "proven draw" not in estimate.stdout
    fallback = run("play", "connect4", stdin="4\n")  # expert, at the start: the solver cannot finish in time
    assert "The AI (expert) plays column " in fallback.stdout
    assert "an estimate: " in fallback.stdout and ", not proven; " in fallback.stdout
    exact = run("play", "tictactoe", "--side", "O", stdin="")
    assert "The AI (perfect) plays 4 for X (proven: a draw with best play on both sides; " in exact.stdout


def test_the_random_moves_of_the_easy_level_say_so() -> None:
    done = run("play", "mnk", "--side", "none", "--difficulty", "easy", "--seed", "4")
    assert done.returncode == 0
    out = done.stdout
    assert "5x5, three in a row. The AI (easy) plays both sides." in out and "Game over: " in out
    assert "(a random move: easy plays 30% of its moves at random)." in out
    assert "nodes, depth 1" in out  # and the searched ones show their figures


def test_options_that_do_not_fit_are_refused_in_one_line() -> None:
    for args, words in ((["mnk", "--difficulty", "perfect"],
                         "error: difficulty 'perfect' is not offered for 5x5, three in a row; choose one of 'easy'"),
                        (["mnk", "--rows", "1000000", "--columns", "1000000"],
                         "error: a 1000000x1000000 board has 1,000,000,000,000 cells; the course plays on boards "
                         "of at most 40,000 cells"),
                        (["connect4", "--difficulty", "perfect"], "error: difficulty 'perfect' is not offered for "
                                                                  "Connect Four; choose one of 'easy', 'medium', "
                                                                  "'hard', 'expert'"),
                        (["tictactoe", "--k", "4"], "error: the game 'tictactoe' takes no option 'k'")):
        done = run("play", *args)
        assert done.returncode == 2, args
        assert done.stderr.startswith(words) and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stdout == ""


def test_help_says_which_levels_are_time_limited() -> None:
    out = run("play", "--help").stdout
    assert "connect4: easy, medium, hard (0.9 s a move), expert (0.9 s a move)" in out
    assert "tictactoe: easy, medium, hard, perfect" in out
    assert "mnk --rows 15 --columns 15 --k 5: easy (0.5 s a move)" in out
    assert "{connect4,gomoku,mnk,tictactoe}" in out
    assert "gomoku: easy" in out and "--rule RULE" in out and "--size N" in out
    words = " ".join(out.split())
    assert "tictactoe: easy, medium, hard, perfect; beside them: mcts (5,000 playouts a move), mcts-solver (5,000 " \
           "playouts a move)" in words
    assert "connect4: easy, medium, hard (0.9 s a move), expert (0.9 s a move); beside them: mcts (0.9 s a move)" \
           in words


def test_the_monte_carlo_levels_can_be_played() -> None:
    done = run("play", "tictactoe", "--difficulty", "mcts", "--seed", "1", stdin="4\nq\n")
    assert done.returncode == 0, done.stderr
    assert "the AI (mcts) plays O" in done.stdout and "The AI (mcts) plays " in done.stdout


def test_a_finished_game_says_who_won_once() -> None:
    done = run("play", "tictactoe", "--side", "both", stdin="0\n3\n1\n4\n2\n")
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith("Game over: X wins.")
    lost = run("play", "tictactoe", "--side", "O", stdin="1\n2\n3\n5\n")  # the perfect AI (X) wins
    assert "Game over: the AI wins (X)." in lost.stdout


def test_a_very_long_line_is_not_echoed_back() -> None:
    junk = "x" * 200_000
    done = run("play", "gomoku", "--difficulty", "easy", stdin=f"{junk}\nq\n")
    assert done.returncode == 0
    assert "'xxxxxxxxxxxxxxxxxxxx'… (200,000 characters) is not a move: type a point such as H8" in done.stdout
    assert len(done.stdout) < 5_000


# -- Ctrl-C and closed pipes ---------------------------------------------------------------------------


def start(*args: str) -> subprocess.Popen[bytes]:
    """The command in a session of its own (so that SIGINT reaches it whatever pytest's own
    process group does); ``main`` restores the default SIGINT handler itself."""
    return subprocess.Popen([*COMMAND, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def read_until(process: subprocess.Popen[bytes], text: bytes) -> bytes:
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    seen = b""
    while text not in seen and time.monotonic() < deadline:
        byte = process.stdout.read(1)
        if not byte:
            break
        seen += byte
    assert text in seen, seen
    return seen


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "gomoku"])
def test_ctrl_c_at_the_prompt_ends_without_a_traceback(game: str) -> None:
    process = start("play", game)
    read_until(process, b"Your move")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert b"Interrupted: goodbye." in out and b"Traceback" not in err


def test_ctrl_c_while_the_ai_thinks_ends_without_a_traceback() -> None:
    process = start("play", "mnk", "--rows", "15", "--columns", "15", "--k", "5", "--side", "O")
    read_until(process, b"You play O")  # started and greeted: the AI (X, hard) now thinks for a second
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert b"Interrupted: goodbye." in out and b"Traceback" not in err


def test_ctrl_c_during_count_says_interrupted() -> None:
    process = start("count", "tictactoe")
    read_until(process, b"game tree")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode().strip() == "Interrupted." and b"549,946" not in out


def test_count_into_a_closed_pipe_ends_quietly() -> None:
    process = start("count", "tictactoe")  # as in: count tictactoe | head -1
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=120) == 141
    assert process.stderr is not None and process.stderr.read() == b""


def test_play_into_a_closed_pipe_ends_quietly() -> None:
    process = start("play", "tictactoe")  # as in: play tictactoe | head -c 10
    assert process.stdout is not None and process.stdin is not None
    process.stdout.read(10)
    process.stdout.close()
    try:
        process.stdin.write(b"4\n")
        process.stdin.close()
    except BrokenPipeError:
        pass  # it has gone already
    assert process.wait(timeout=120) == 141
    assert process.stderr is not None and process.stderr.read() == b""


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["count", "--help"]])
def test_help_explains_the_commands(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 0
    assert "usage: python -m tictac_edu" in done.stdout


# -- output that cannot be written, options the arena refuses -------------------------------------------

FULL_DISK = "/dev/full"
"""Linux's device on which every write fails with ENOSPC, as on a full disk."""


@pytest.mark.skipif(not os.path.exists(FULL_DISK), reason=f"{FULL_DISK} is a Linux device")
@pytest.mark.parametrize(("args", "stdin"), [
    (["count", "tictactoe"], ""),
    (["play", "tictactoe"], "4\nq\n"),
    (["match", "tictactoe", "easy", "perfect", "--games", "2"], ""),
    (["--help"], ""),
    (["play", "--help"], ""),
])
def test_a_full_disk_is_one_line_of_error(args: list[str], stdin: str) -> None:
    with open(FULL_DISK, "w") as full:
        done = subprocess.run([*COMMAND, *args], input=stdin, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"


@pytest.mark.parametrize("plies", ["9", "100"])
def test_more_opening_plies_than_the_game_allows_is_an_error_line(plies: str) -> None:
    done = run("match", "tictactoe", "easy", "perfect", "--games", "2", "--plies", plies)
    assert done.returncode == 2
    assert_quiet(done)
    assert done.stderr.strip().splitlines()[-1].startswith("error: no opening of "), done.stderr


def test_a_short_match_shows_its_progress_too() -> None:
    done = run("match", "tictactoe", "easy", "perfect", "--games", "4")
    assert done.returncode == 0, done.stderr
    assert "4/4" in done.stderr and "easy vs perfect" in done.stderr  # the bar, on standard error
    assert "Score of easy vs perfect" in done.stdout and "4/4" not in done.stdout


def test_apps_serve_voila_with_the_course_template() -> None:
    from tictac_edu.cli import JUPYTER_DATA, VOILA_TEMPLATE, voila_command

    command, env = voila_command("notebooks/apps", ["--no-browser"])
    assert command[1:] == ["-m", "voila", f"--template={VOILA_TEMPLATE}", "--no-browser", "notebooks/apps"]
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(JUPYTER_DATA)
    template = JUPYTER_DATA / "voila" / "templates" / VOILA_TEMPLATE
    pages = [(template / name).read_text(encoding="utf-8") for name in ("index.html.j2", "page.html")]
    assert not any("https://" in page for page in pages)  # no CDN: the icons are served from the template
    assert (template / "static" / "fontawesome" / "css" / "all.min.css").exists()
    missing = run("apps", "no/such/folder")
    assert missing.returncode == 2 and missing.stderr.startswith("error: 'no/such/folder' does not exist")
