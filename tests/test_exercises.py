"""The exercise system: references pass, stubs are "not attempted", a learner's function can
never break the check (raising, looping, recursing, mutating, printing, returning nonsense),
the notebook helpers, and the teachers' command line."""

from __future__ import annotations

import ast
import builtins
import inspect
import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tictac_edu.exercises import (
    MISTAKES,
    Report,
    buggy,
    check,
    exercise_names,
    hint,
    reference,
    solution,
    solution_source,
    stub_source,
)
from tictac_edu.exercises.checks.nb02_alphabeta import (
    DEEP,
    DEPTH3,
    TEXTBOOK,
    TIES,
    library_tree,
    random_trees,
    tree_minimax,
)
from tictac_edu.exercises.positions import alphabeta_count, random_positions, ttt
from tictac_edu.exercises.registry import all_exercises
from tictac_edu.games import GameTree, TicTacToe
from tictac_edu.search import alphabeta as library_alphabeta

NAMES = exercise_names()
REPO = Path(__file__).resolve().parents[1]


def _from_source(source: str, name: str):
    """Define ``name`` from ``source`` in a fresh namespace, as a notebook cell would."""
    namespace: dict = {"__builtins__": builtins}
    exec(compile(source, f"<cell {name}>", "exec", dont_inherit=True), namespace)
    return namespace[name]


# -- the exercises and the references ---------------------------------------------------------

def test_at_least_ten_exercises_in_course_order():
    assert len(NAMES) >= 10
    assert NAMES[:3] == ["legal_moves", "place", "winner"]
    notebooks = [exercise.notebook for exercise in all_exercises()]
    assert notebooks == sorted(notebooks)
    assert set(notebooks) == {"00", "01", "02", "03", "04", "05", "06", "07", "08"}
    for required in ("place", "winner", "minimax", "alphabeta_tree", "alphabeta", "order_key", "probe", "store",
                     "evaluate", "is_symmetric", "check_win", "score_window", "centre_key"):
        assert required in NAMES
    assert exercise_names("00") == ["legal_moves", "place"]
    assert exercise_names("02") == exercise_names(2) == ["alphabeta_tree", "alphabeta"]
    assert exercise_names("05") == exercise_names(5) == ["check_win", "score_window", "centre_key", "tuning_loss"]
    assert exercise_names(6) == ["count_fours", "candidates", "forbidden_kind", "vcf", "proof_numbers"]
    assert exercise_names(7) == ["pair_scores", "select_child", "elo_interval", "backup", "chance_node"]
    assert exercise_names(8) == ["batch_line_evaluation"]
    assert NAMES == [name for notebook in range(9) for name in exercise_names(notebook)]   # notebook by notebook
    assert len(NAMES) >= 31
    assert exercise_names(9) == []


@pytest.mark.parametrize("name", NAMES)
def test_reference_passes_every_check(name):
    function = reference(name)
    assert function.__name__ == name
    report = check(name, function)
    assert report.passed, str(report)
    assert report.status == "passed"
    assert report.failures == []
    assert len(report.results) == len(all_exercises()[NAMES.index(name)].cases) >= 3
    assert "all" in report.headline() and "passed" in report.headline()


@pytest.mark.parametrize("name", NAMES)
def test_solution_source_runs_alone_in_a_fresh_cell(name):
    source = solution_source(name)
    tree = ast.parse(source)
    assert len(tree.body) == 1 and isinstance(tree.body[0], ast.FunctionDef) and tree.body[0].name == name
    # Only names from builtins, the function's own imports, its arguments and itself.
    function = _from_source(source, name)
    assert check(name, function).passed


@pytest.mark.parametrize("name", NAMES)
def test_stub_is_not_attempted(name):
    source = stub_source(name)
    assert 'raise NotImplementedError("Write your code here")' in source
    stub = _from_source(source, name)
    assert inspect.signature(stub) == inspect.signature(reference(name))
    assert stub.__doc__ == reference(name).__doc__ and stub.__doc__
    report = check(name, stub)
    assert report.status == "not attempted"
    assert not report.passed and report.failures == []
    assert "not attempted" in str(report) and "not attempted" in report._repr_html_()
    assert "Traceback" not in str(report)


PLACE_STUB = '''def place(board: list, cell: int, player: str) -> list:
    """Return a new board with ``player``'s mark on ``cell``; ``board`` itself is not changed.

    Args:
        board: a tic-tac-toe board, a list of 9 cells holding "X", "O" or None (row-major).
        cell: the cell to mark, 0..8; it must be empty.
        player: "X" or "O".

    Returns:
        A new list of 9 cells.
    """
    raise NotImplementedError("Write your code here")
'''

ALPHABETA_TREE_STUB = ('def alphabeta_tree(tree, alpha: float = float("-inf"), beta: float = float("inf"), '
                       'maximizing: bool = True, visited: "list | None" = None) -> float:\n') + \
    '''    """Alpha-beta in MAX/MIN form on a textbook tree given as nested lists of leaf values.

    Args:
        tree: a number (a leaf: its value for MAX) or a list of subtrees.
        alpha: the value MAX is already sure of elsewhere.
        beta: the value MIN is already sure of elsewhere.
        maximizing: True if MAX is to move at ``tree``.
        visited: a list to which every leaf value looked at is appended, left to right.

    Returns:
        The best value found, for MAX ("fail-soft"): the minimax value of ``tree`` if it lies
        strictly between alpha and beta; otherwise the best value among the children searched
        (the largest at a MAX node, the smallest at a MIN node), a bound on the same side of
        the window, never alpha or beta put in its place. Cuts off as soon as ``alpha >= beta``.
    """
    raise NotImplementedError("Write your code here")
'''


CENTRE_KEY_STUB = '''def centre_key(state: "ConnectFour", move: int) -> float:
    """A sort key for Connect Four moves: the centre column first, then outwards, left before
    right.

    The centre column lies on the most windows of four, the edge columns on the fewest, so
    alpha-beta finds good moves sooner (and cuts off more) when it tries the centre first.
    The centre column is ``state.columns // 2``. Every column gets a key of its own (of two
    columns equally far from the centre, the left one gets the smaller key), so the order
    does not depend on the order the columns are listed in::

        sorted(state.legal_moves(), key=lambda move: centre_key(state, move))

    gives ``[3, 2, 4, 1, 5, 0, 6]`` on the empty board, and
    ``alphabeta(ConnectFour(), 7, from_root_player(window_evaluation, "X"), order=centre_key)``
    visits 8,746 nodes (81,365 in the order 0..6).

    Args:
        state: a Connect Four position (only its width, ``state.columns``, matters).
        move: a column, 0-based from the left.

    Returns:
        A number; smaller means "search earlier".
    """
    raise NotImplementedError("Write your code here")
'''


@pytest.mark.parametrize(("name", "text"), [("place", PLACE_STUB), ("alphabeta_tree", ALPHABETA_TREE_STUB),
                                            ("centre_key", CENTRE_KEY_STUB)])
def test_stub_text_is_exactly_what_the_notebook_shows(name, text):
    assert stub_source(name) == text
    report = check(name, _from_source(text, name))
    assert report.status == "not attempted"


def test_connect_four_stubs_show_the_signature_and_what_she_needs():
    check_win_stub = stub_source("check_win")
    assert check_win_stub.startswith("def check_win(stones: int, rows: int = 6) -> bool:\n")
    assert "0  7 14 21 28 35 42   <- bottom row" in check_win_stub         # the layout, drawn
    assert "c * (rows + 1) + r" in check_win_stub and "sentinel" in check_win_stub
    assert check_win_stub.endswith('    """\n    raise NotImplementedError("Write your code here")\n')
    assert "pairs" not in check_win_stub                                   # the trick stays for the hints
    score_window_stub = stub_source("score_window")
    assert score_window_stub.startswith('def score_window(window: "list", player: str) -> int:\n')
    for weight in ("+100000", "+100 ", "+10 ", "+1 ", "-100000", "-5000", "-60", "-2"):
        assert weight in score_window_stub
    assert "import" not in score_window_stub
    assert "0.5" not in stub_source("centre_key")


def test_every_mistake_named_by_a_check_has_a_hint():
    checks_dir = REPO / "tictac_edu" / "exercises" / "checks"
    for path in checks_dir.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg in ("mistake", "timeout_mistake", "mutation_mistake") \
                    and isinstance(node.value, ast.Constant) and node.value.value is not None:
                assert node.value.value in MISTAKES, (path.name, node.value.value)


# -- a learner's function can never break the check -----------------------------------------------

def test_a_function_that_raises_is_reported_with_its_line():
    def winner(board):
        lines = [(0, 1, 2)]
        return board[lines[0][3]]

    report = check("winner", winner)
    first = report.failures[0]
    assert first.kind == "raised"
    assert first.error.startswith("IndexError")
    assert "return board[lines[0][3]]" in first.where and "line" in first.where
    assert "IndexError" in str(report) and "IndexError" in report._repr_html_()
    # the same failure is not repeated in full for every test
    assert str(report).count("IndexError: tuple index out of range") == 1


def test_a_wrong_type_is_reported():
    def minimax(state):
        return (0, None)

    report = check("minimax", minimax)
    assert report.failures and all(result.kind == "wrong type" for result in report.failures)
    assert "a number" in report.failures[0].expected
    assert "(0, None)" in report.failures[0].got


def test_a_function_that_loops_forever_is_stopped():
    def minimax(state):
        while True:
            try:
                while True:
                    pass
            except Exception:  # a learner's try/except must not swallow the time limit
                pass

    started = time.process_time()
    report = check("minimax", minimax, time_limit=0.3)
    assert time.process_time() - started < 3  # CPU time: the loop was stopped, whatever the load
    assert report.failures[0].kind == "too slow"
    assert "0.3 s" in report.failures[0].message
    assert len(report.results) == len(check("minimax", reference("minimax")).results)
    # the kernel (this process) still works, and so does the clock for the next check
    assert check("minimax", reference("minimax")).passed


@pytest.mark.skipif(sys.gettrace() is not None, reason="a tracer (coverage, debugger) is active: the "
                    "fallback time limit leaves it alone")
def test_the_time_limit_works_outside_the_main_thread():
    def minimax(state):
        while True:
            pass

    reports = []
    thread = threading.Thread(target=lambda: reports.append(check("minimax", minimax, time_limit=0.3)), daemon=True)
    thread.start()
    thread.join(300)  # a bound for a hang only: the limit itself counts the function's CPU time
    assert not thread.is_alive()
    assert reports[0].failures[0].kind == "too slow"


def test_endless_recursion_is_reported():
    def minimax(state):
        return minimax(state)

    report = check("minimax", minimax)
    first = report.failures[0]
    assert first.kind == "raised" and first.error.startswith("RecursionError")
    assert "return minimax(state)" in first.where
    assert "without end" in first.hint
    assert sys.getrecursionlimit() >= 1000


def test_a_function_that_changes_its_input_is_reported():
    def winner(board):
        board.sort(key=str)
        return None

    report = check("winner", winner)
    mutated = [result for result in report.failures if result.kind == "mutated input"]
    assert mutated
    assert mutated[0].mistake == "mutates_input"
    assert MISTAKES["mutates_input"].hint in str(report)


def test_printing_is_captured_and_shown_briefly(capsys):
    def legal_moves(board):
        for _ in range(10_000):
            print("thinking about", board)
        return [0]

    report = check("legal_moves", legal_moves)
    assert capsys.readouterr().out == ""
    assert "thinking about" in report.failures[0].printed
    assert len(report.failures[0].printed) < 2000


def test_check_never_changes_the_learners_function():
    def legal_moves(board):
        """Mine."""
        return [cell for cell in range(9) if board[cell] is None]

    legal_moves.note = "keep"
    before = (legal_moves.__code__, legal_moves.__defaults__, dict(legal_moves.__dict__), legal_moves.__doc__)
    check("legal_moves", legal_moves)
    assert (legal_moves.__code__, legal_moves.__defaults__, dict(legal_moves.__dict__), legal_moves.__doc__) == before


def test_bad_calls_get_clear_messages():
    with pytest.raises(ValueError, match="Did you mean 'winner'"):
        check("winer", reference("winner"))
    report = check("winner", None)
    assert report.status == "failed" and "without calling it" in report.failures[0].message
    note = check("winner", reference("legal_moves")).notes
    assert note and "legal_moves" in note[0]


def test_a_partly_written_function_is_failed_not_not_attempted():
    def minimax(state):
        if state.is_terminal():
            return state.utility(state.to_move)
        raise NotImplementedError("the recursion is still to do")

    report = check("minimax", minimax)
    assert report.status == "failed"
    assert any(result.status == "passed" for result in report.results)


# -- the report ------------------------------------------------------------------------------------

def test_report_renderings():
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]

    def winner(board):
        for a, b, c in lines:
            if board[a] is not None and board[a] == board[b] == board[c]:
                return board[a]
        return None

    report = check("winner", winner)
    assert isinstance(report, Report)
    html = report._repr_html_()
    text = str(report)
    assert "anti-diagonal 2, 4, 6" in html and "anti-diagonal 2, 4, 6" in text
    assert "O O X" in text and "O O X" in html                     # the position
    assert "expected: 'X'" in text and "got:      None" in text
    assert "<script" not in html
    printed = []

    class Printer:
        def text(self, value):
            printed.append(value)

    report._repr_pretty_(Printer(), False)
    assert printed == [text]
    assert "failed" in repr(report)


def test_html_escapes_what_the_learner_returns():
    def winner(board):
        return "<b>X</b>"

    html = check("winner", winner)._repr_html_()
    assert "<b>X</b>" not in html and "&lt;b&gt;X&lt;/b&gt;" in html


# -- hints and solutions ---------------------------------------------------------------------------

def test_hints_are_graded():
    from tictac_edu.exercises import api

    api._next_hint.pop("winner", None)
    first, second = hint("winner"), hint("winner")
    assert first.title.startswith("Hint 1 of") and second.title.startswith("Hint 2 of")
    assert "anti-diagonal" in str(hint("winner", 3))
    total = len(all_exercises()[NAMES.index("winner")].hints)
    for _ in range(total + 2):
        last = hint("winner")
    assert f"Hint {total} of {total}" in str(last) and "solution('winner')" in str(last)
    assert str(hint("winner", "all")).count("\n\n") >= total - 1
    assert "<code>" in hint("legal_moves", 3)._repr_html_()
    with pytest.raises(ValueError):
        hint("winner", 0)
    for name in NAMES:
        assert len(all_exercises()[NAMES.index(name)].hints) >= 3


def test_solution_shows_the_reference():
    shown = solution("alphabeta")
    assert "def alphabeta(" in str(shown)
    assert "alphabeta" in shown._repr_html_()
    assert solution_source("alphabeta") in str(shown)


# -- the figures behind the diagnoses ----------------------------------------------------------------

def test_the_buggy_alphabetas_reproduce_the_reference_figures():
    empty = TicTacToe()
    assert reference("alphabeta")(empty) == alphabeta_count(empty) == (0, 18297)
    assert buggy.alphabeta_strict(empty)[1] == 146_120
    assert buggy.alphabeta_fresh_root(empty)[1] == 30_710
    for state in random_positions(5, 5, 1, 4):
        for window in ((-1, 0), (0, 1), (float("-inf"), float("inf"))):
            assert reference("alphabeta")(state, *window) == alphabeta_count(state, *window)


def test_reference_place_figures():
    place = reference("place")
    board = [None] * 9
    new = place(board, 4, "X")
    assert new == [None, None, None, None, "X", None, None, None, None] and board == [None] * 9 and new is not board
    assert place(("X", None, None, None, "O", None, None, None, None), 5, "O") == \
        ["X", None, None, None, "O", "O", None, None, None]


def test_alphabeta_tree_agrees_with_the_library():
    alphabeta_tree = reference("alphabeta_tree")
    seen = []
    assert alphabeta_tree(TEXTBOOK, visited=seen) == 3 and seen == [3, 12, 8, 2, 14, 5, 2]
    seen = []
    assert alphabeta_tree([[3, 5], [3, 1]], visited=seen) == 3 and seen == [3, 5, 3]
    assert alphabeta_tree(TEXTBOOK) == 3 and alphabeta_tree(7) == 7
    for tree in [TEXTBOOK, DEPTH3, DEEP, *TIES, *random_trees(31, 60)]:
        result = library_alphabeta(GameTree(tree), trace=True)
        entered = [event.state.value for event in result.trace if event.kind == "enter" and event.state.is_terminal()]
        seen = []
        assert alphabeta_tree(tree, visited=seen) == result.value == tree_minimax(_freeze(tree))
        assert seen == entered
        frozen = _freeze(tree)
        assert library_tree(frozen) == (result.value, tuple(entered))
        for maximizing in (True, False):
            exact = tree_minimax(frozen, maximizing)
            for alpha, beta in ((float("-inf"), float("inf")), (exact - 2, exact + 2), (exact + 1, exact + 3),
                                (exact - 3, exact - 1)):
                seen = []
                value = alphabeta_tree(tree, alpha, beta, maximizing, seen)
                assert (value, tuple(seen)) == library_tree(frozen, alpha, beta, maximizing)


def _freeze(tree):
    return tuple(_freeze(child) for child in tree) if isinstance(tree, list) else tree


def test_reference_count_nodes_figures():
    count_nodes = reference("count_nodes")
    assert count_nodes([None] * 9, "X") == 549_946
    minimax = reference("minimax")
    assert minimax(ttt(0, 3, 1, 4)) == 1


def test_check_win_agrees_with_the_game_on_every_size():
    from tictac_edu.exercises.checks.nb05_connect4 import (
        SIZES,
        _probe_boards,
        four_by_cells,
        lines,
        spaced_lines,
        wrapped_lines,
    )
    from tictac_edu.exercises.positions import random_games, random_stones, stones_from
    from tictac_edu.games.connect4 import has_four

    check_win = reference("check_win")
    for columns, rows in SIZES:
        rng = random.Random(columns * 10 + rows)
        for stones in [random_stones(rng, columns, rows, density) for density in (0.2, 0.4, 0.6) for _ in range(40)]:
            assert check_win(stones, rows) == has_four(stones, rows + 1) == four_by_cells(stones, columns, rows)
        for direction in ("vertical", "horizontal", "diagonal up-right", "diagonal down-right"):
            for cells in lines(columns, rows, direction):
                assert check_win(stones_from(cells, rows), rows)
            for cells in lines(columns, rows, direction, 3):
                assert not check_win(stones_from(cells, rows), rows)
        for cells in wrapped_lines(columns, rows) + spaced_lines(columns, rows):
            assert not check_win(stones_from(cells, rows), rows)
            assert len({c * (rows + 1) + r for c, r in cells}) == 4 and all(r < rows for _, r in cells)
    assert len(lines(7, 6, "vertical")) + len(lines(7, 6, "horizontal")) + 2 * len(lines(7, 6, "diagonal up-right")) \
        == 69
    for state in random_games(1, 30, 7, 42, finished=True) + random_games(2, 30, 1, 30):
        for player in state.players:
            assert check_win(state.stones(player), state.rows) == (state.winner == player)
    # every buggy version answers differently from the reference on some probe board
    for entry in buggy.versions("check_win"):
        assert entry.mistake in MISTAKES
        assert any(entry.function(stones, rows) != check_win(stones, rows) for stones, rows in _probe_boards())


def test_score_window_uses_the_package_weights():
    from tictac_edu.evaluation import connect4 as weights
    from tictac_edu.exercises.checks.nb05_connect4 import ALL_WINDOWS, OPPONENT_WEIGHTS, OWN_WEIGHTS, window_score

    # the design documents' weights, in the checker and in the package
    assert OWN_WEIGHTS == (0, 1, 10, 100, 100_000) == weights.OWN_WINDOW_SCORES
    assert OPPONENT_WEIGHTS == (0, -2, -60, -5_000, -100_000) == weights.OPPONENT_WINDOW_SCORES
    score_window = reference("score_window")
    assert len(ALL_WINDOWS) == 81
    for window in ALL_WINDOWS:
        for player in "XO":
            other = "O" if player == "X" else "X"
            mine, theirs = window.count(player), window.count(other)
            assert score_window(list(window), player) == window_score(window, player) == \
                weights.score_window(mine, theirs)
    assert score_window(["X", "X", "X", None], "X") == 100 and score_window(["X", "X", "X", None], "O") == -5000
    for entry in buggy.versions("score_window"):
        assert entry.mistake in MISTAKES
        assert any(entry.function(list(w), p) != score_window(list(w), p) for w in ALL_WINDOWS for p in "XO")


def test_the_symmetry_case_explains_the_asymmetry_when_it_passes():
    report = check("score_window", reference("score_window"))
    assert report.passed
    text, html = str(report), report._repr_html_()
    for shown in (text, html):
        assert "+100" in shown and "-5000" in shown and "symmetric" in shown
        assert "from_root_player" in shown
    informed = [result for result in report.results if result.info]
    assert len(informed) == 1 and informed[0].title.startswith("the symmetry test")
    # other reports show no such note
    assert all(not result.info for result in check("check_win", reference("check_win")).results)


def test_centre_key_figures():
    from tictac_edu.evaluation import from_root_player, window_evaluation
    from tictac_edu.exercises.checks.nb05_connect4 import centre_first_nodes, search_nodes
    from tictac_edu.games import ConnectFour
    from tictac_edu.games.connect4 import centre_first_columns

    centre_key = reference("centre_key")
    empty = ConnectFour()
    assert sorted(range(7), key=lambda move: centre_key(empty, move)) == [3, 2, 4, 1, 5, 0, 6] == \
        list(centre_first_columns(7))
    assert sorted(reversed(range(7)), key=lambda move: centre_key(empty, move)) == [3, 2, 4, 1, 5, 0, 6]
    for columns in (5, 6, 8, 9):
        state = ConnectFour(columns, 6)
        assert sorted(range(columns), key=lambda move: centre_key(state, move)) == list(centre_first_columns(columns))
    # figures.md: alpha-beta to depth 7 from the empty board, scored from the root player's side
    evaluate = from_root_player(window_evaluation, "X")
    assert library_alphabeta(empty, 7, evaluate).nodes == 81_365
    assert library_alphabeta(empty, 7, evaluate, order=centre_key).nodes == centre_first_nodes("", 7) == 8_746
    # right before left: the mirror image of the empty board gives the same count, not so elsewhere
    right_first = [3, 4, 2, 5, 1, 6, 0]
    assert search_nodes(empty, 7, right_first) == 8_746
    assert search_nodes(ConnectFour.from_moves("4453"), 6, right_first) != centre_first_nodes("4453", 6)
    assert search_nodes(ConnectFour.from_moves("32751571231557"), 6, right_first) != \
        centre_first_nodes("32751571231557", 6)
    assert search_nodes(empty, 7, [0, 6, 1, 5, 2, 4, 3], budget=20_000) is None     # stopped at the budget


# -- the teachers' route: pytest on a learner's file -------------------------------------------------

LEARNER_FILE = '''
def legal_moves(board):
    return [cell for cell in range(9) if board[cell] is None]


def winner(board):
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]
    for a, b, c in lines:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(state):
    raise NotImplementedError("Write your code here")
'''


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_command_line_on_a_learners_file(tmp_path):
    learner = tmp_path / "alice.py"
    learner.write_text(LEARNER_FILE)
    result = _run("-m", "tictac_edu.exercises", str(learner), "-k", "legal_moves or winner or minimax",
                  cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "anti-diagonal 2, 4, 6" in output                               # the hint
    assert "winner-11-x-wins-on-the-anti-diagonal" in output
    assert "legal_moves" not in " ".join(line for line in output.splitlines() if line.startswith("FAILED"))
    assert "minimax not attempted" in output
    summary = output.strip().splitlines()[-1]
    assert "4 failed" in summary and "passed" in summary and "skipped" in summary
    # the expensive test of winner is not run once cheaper ones failed; the summary per exercise follows
    assert "every reachable position" not in " ".join(line for line in output.splitlines() if line.startswith("FAILED"))
    assert "per exercise" in output and "winner failed: missing_anti_diagonal" in output


def test_pytest_on_the_tests_file_with_a_correct_learner(tmp_path):
    learner = tmp_path / "bob.py"
    learner.write_text(solution_source("legal_moves") + "\n\n" + solution_source("canonical_key"))
    tests = REPO / "tictac_edu" / "exercises" / "tests.py"
    result = _run("-m", "pytest", str(tests), "--learner", str(learner), "-q", "-p", "no:cacheprovider",
                  cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "failed" not in output.splitlines()[-1]


def test_a_notebook_with_tagged_exercise_cells(tmp_path):
    def cell(source: str, tags: list[str] | None = None) -> dict:
        return {"cell_type": "code", "metadata": {"tags": tags or []}, "source": source, "outputs": [],
                "execution_count": None}

    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        cell("import math\nfrom tictac_edu.exercises import check"),
        cell(solution_source("winner"), ["exercise:winner"]),
        cell("check('winner', winner)\nraise SystemExit('cells that run code are not run')"),
    ]}
    path = tmp_path / "carol.ipynb"
    path.write_text(json.dumps(notebook))
    result = _run("-m", "tictac_edu.exercises", str(path), "-q", "-k", "winner", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "passed" in output.splitlines()[-1]


def test_command_line_usage_and_list():
    assert _run("-m", "tictac_edu.exercises", "--list", cwd=REPO).stdout.count("\n") >= len(NAMES)
    assert _run("-m", "tictac_edu.exercises", "missing.py", cwd=REPO).returncode == 2


def test_the_clock_counts_only_the_learners_cpu_time():
    from tictac_edu.exercises.guard import CheckTimeout, LearnerClock

    clock = LearnerClock(0.3)
    clock.start()
    try:
        deadline = time.process_time() + 0.5
        while time.process_time() < deadline:  # the checker's own work does not count
            pass
        with clock.running():
            time.sleep(0.5)                     # waiting is not CPU time
        assert clock.used < 0.1
    finally:
        clock.stop()
    clock = LearnerClock(0.2)
    with pytest.raises(CheckTimeout):
        clock.start()
        try:
            with clock.running():
                while True:
                    pass
        finally:
            clock.stop()
    assert 0.19 < clock.used < 1


def test_strict_checks_raise_for_the_notebooks_ci(monkeypatch):
    from tictac_edu.exercises import CheckFailed

    monkeypatch.setenv("TICTAC_EDU_STRICT_CHECKS", "1")
    assert check("legal_moves", reference("legal_moves")).passed
    with pytest.raises(CheckFailed, match="legal_moves"):
        check("legal_moves", lambda board: [])
    with pytest.raises(CheckFailed, match="not attempted"):
        check("legal_moves", _from_source(stub_source("legal_moves"), "legal_moves"))
    monkeypatch.setenv("TICTAC_EDU_STRICT_CHECKS", "0")
    assert check("legal_moves", lambda board: []).status == "failed"


def test_a_function_that_exits_does_not_stop_the_check():
    def legal_moves(board):
        sys.exit("bye")

    report = check("legal_moves", legal_moves)
    assert report.failures[0].kind == "raised" and report.failures[0].error == "SystemExit: bye"


# -- what the learner reads: the display shows the truth ----------------------------------------------

def test_an_argument_the_function_changed_is_shown_as_it_was_before_the_call():
    def forbidden_kind(black, white, point, size=15):        # the new stone goes into the caller's set
        black.add(point)
        return None

    report = check("forbidden_kind", forbidden_kind)
    mutated = [result for result in report.failures if result.kind == "mutated input"]
    assert mutated, str(report)
    first = mutated[0]
    assert "(9, 7)" not in first.expected and "(9, 7)" in first.got     # J8 = (9, 7), the point of the first test

    def alphabeta_tree(tree, alpha=float("-inf"), beta=float("inf"), maximizing=True, visited=None):
        if isinstance(tree, list) and tree and isinstance(tree[0], list):
            tree[0].clear()                                   # changes a list INSIDE the tree
        return 0

    report = check("alphabeta_tree", alphabeta_tree)
    mutated = [result for result in report.failures if result.kind == "mutated input"]
    assert mutated and "[3, 12, 8]" in mutated[0].expected, str(report)


def test_a_wrong_point_list_shows_the_points():
    def candidates(state, radius=2):
        found = set()
        for x, y in state.stones("Black") + state.stones("White"):
            for dx in range(-radius, radius):                     # one step short on one side
                for dy in range(-radius, radius + 1):
                    point = (x + dx, y + dy)
                    if 0 <= point[0] < state.size and 0 <= point[1] < state.size and state.stone(point) is None:
                        found.add(point)
        return sorted(found) or [(state.size // 2, state.size // 2)]

    failure = check("candidates", candidates).failures[0]
    assert failure.expected.startswith("24 points: ") and "J10" in failure.expected
    assert failure.got.startswith("19 points: ") and "J10" not in failure.got


def test_a_count_is_said_with_its_number():
    def count_fours(line):
        counts = {"five": line.count("XXXXX"), "open four": 0, "four": 0}
        for start in range(len(line) - 4):
            window = line[start:start + 5]
            if window.count("X") == 4 and "O" not in window:
                counts["four"] += 1                               # one four per window
        return counts

    failure = check("count_fours", count_fours).failures[0]
    assert "counts 0 open fours (not 1), 2 fours (not 0)" in failure.message      # the counts, not "not one"
    assert "'XXXXX.' (a five and no four): 1 five, 0 open fours, 1 four" in failure.message

    failure = check("legal_moves", lambda board: [cell for cell in range(8) if board[cell] is None]).failures[0]
    assert "Cell 8" in failure.message and failure.mistake is None and failure.hint.startswith("What was observed")


def test_a_recursion_error_speaks_of_the_exercises_own_recursion():
    def alphabeta_tree(tree, alpha=float("-inf"), beta=float("inf"), maximizing=True, visited=None):
        if not isinstance(tree, list):
            return tree
        return max(alphabeta_tree(tree, alpha, beta, not maximizing, visited) for _ in tree)   # tree, not child

    failure = next(result for result in check("alphabeta_tree", alphabeta_tree).failures if result.kind == "raised")
    assert failure.error.startswith("RecursionError") and "CHILD" in failure.hint
    assert "state.is_terminal" not in failure.hint

    def forbidden_kind(black, white, point, size=15):
        return forbidden_kind(black, white, point, size)

    failure = check("forbidden_kind", forbidden_kind).failures[0]
    assert failure.error.startswith("RecursionError") and "`after`" in failure.hint


def test_following_a_search_down_names_the_position_it_gets_wrong():
    def minimax(state):                                       # a finished game scored for the other player
        if state.is_terminal():
            return -state.utility(state.to_move)
        return max(-minimax(state.play(move)) for move in state.legal_moves())

    failure = check("minimax", minimax).failures[0]
    assert "a finished game" in failure.message and failure.mistake == "wrong_side"

    def count_nodes(board, player):                           # forgets the diagonal 0, 4, 8 only
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (2, 4, 6)]
        if any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in lines):
            return 1
        other = "O" if player == "X" else "X"
        nodes = 1
        for cell in range(9):
            if board[cell] is None:
                board[cell] = player
                nodes += count_nodes(board, other)
                board[cell] = None
        return nodes

    failure = check("count_nodes", count_nodes).failures[0]
    assert "the diagonal 0, 4, 8" in failure.message and "ONE node" in failure.message


def test_every_exercise_lists_its_contract_and_each_dimension_names_existing_tests():
    from tictac_edu.exercises.checks import CONTRACTS

    for exercise in all_exercises():
        dimensions = CONTRACTS.get(exercise.name)
        assert dimensions and len(dimensions) >= 3, f"{exercise.name} lists no contract"
        titles = [case.title for case in exercise.cases]
        for dimension in dimensions:
            assert dimension.cases, (exercise.name, dimension.what)
            for prefix in dimension.cases:
                assert any(title.startswith(prefix) for title in titles), (exercise.name, prefix)
        kinds = {dimension.kind for dimension in dimensions}
        assert kinds & {"numbers", "shapes", "directions", "order"}, exercise.name


@pytest.mark.slow
def test_every_reference_passes_on_a_busy_machine():
    """The checks count the learner's CPU time only: with two CPU-bound processes competing for
    the two cores, every reference still passes every test."""
    processes = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        for name in NAMES:
            report = check(name, reference(name))
            assert report.passed, str(report)
    finally:
        for process in processes:
            process.kill()
            process.wait(10)
