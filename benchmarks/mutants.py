"""Mutation testing of the exercise checks: do they catch a slip, and does the first line
they show point at it?

Every reference solution is mutated one slip at a time, with ``ast``: an operator swapped
(``+``/``-``, ``<``/``<=``, ``and``/``or``, ``max``/``min``, ...), a number off by one, a branch
dropped (an ``if`` without its body or without its ``else``, a ``break``, a filter of a
comprehension), a condition negated, two arguments of a call swapped. A mutant that answers
exactly like the reference on a brute-force oracle (hundreds to thousands of inputs per
exercise, far more than the checks use) is *equivalent* and left out. Each remaining mutant
is then checked as a learner's function would be (``check(name, mutant)``), and the script
reports per exercise:

* **caught**: the check did not pass;
* **pointed**: the first failure the learner reads points at the slip: it names a classic
  mistake of the mutated line's concept (the table ``CONCEPTS`` below says which mistakes
  belong to which line of each reference), or the exception it reports was raised on the
  mutated line, or its observation names the line's concept (the table's keywords).

    python benchmarks/mutants.py                      # every exercise (several minutes of CPU)
    python benchmarks/mutants.py winner alphabeta     # some exercises
    python benchmarks/mutants.py --sample 5 --seed 1  # 5 mutants per exercise
    python benchmarks/mutants.py --show               # also list the mutants missed or not pointed

Times are CPU seconds; a mutant gets at most ``--cpu`` seconds on the oracle.
"""

from __future__ import annotations

import argparse
import ast
import copy
import linecache
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tictac_edu.exercises import check, exercise_names, solution_source  # noqa: E402
from tictac_edu.exercises.registry import get_exercise  # noqa: E402

# -- writing mutants ------------------------------------------------------------------------------

SWAPPED_OPERATORS: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub,), ast.Sub: (ast.Add,), ast.Mult: (ast.Div, ast.Add), ast.Div: (ast.Mult, ast.FloorDiv),
    ast.FloorDiv: (ast.Div, ast.Mod), ast.Mod: (ast.FloorDiv,), ast.Pow: (ast.Mult,),
    ast.BitAnd: (ast.BitOr,), ast.BitOr: (ast.BitAnd,), ast.RShift: (ast.LShift,), ast.LShift: (ast.RShift,),
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,), ast.And: (ast.Or,), ast.Or: (ast.And,),
}
"""Each operator and what a slip turns it into."""

DROPPABLE_CALLS = ("list", "set", "sorted", "tuple", "abs", "frozenset", "bool")
"""Calls a slip may leave out (``list(board)`` becoming ``board``: no copy)."""
SWAPPED_NAMES = {"max": "min", "min": "max", "True": "False", "False": "True"}
NOT_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.RShift, ast.LShift)

_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
           ast.BitAnd: "&", ast.BitOr: "|", ast.RShift: ">>", ast.LShift: "<<", ast.Lt: "<", ast.LtE: "<=",
           ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is", ast.IsNot: "is not",
           ast.In: "in", ast.NotIn: "not in", ast.And: "and", ast.Or: "or"}


@dataclass
class Mutant:
    """One slip in a reference solution.

    Attributes:
        exercise: the exercise.
        number: its number among the exercise's mutants.
        kind: ``"operator"``, ``"constant"``, ``"branch"`` or ``"arguments"``.
        line: the mutated line, 1-based in the reference's source.
        text: that line of the reference.
        change: what was changed, in a few words.
        tree: the mutated module (one function).
    """

    exercise: str
    number: int
    kind: str
    line: int
    text: str
    change: str
    tree: ast.Module = field(repr=False)

    @property
    def filename(self) -> str:
        return f"<mutant {self.exercise} {self.number}>"

    def function(self) -> Callable[..., Any]:
        """The mutant, defined in a namespace of its own, as a notebook cell would define it;
        its tracebacks show the reference's lines."""
        source = solution_source(self.exercise)
        linecache.cache[self.filename] = (len(source), None, source.splitlines(keepends=True), self.filename)
        namespace: dict[str, Any] = {"__name__": "__mutant__"}
        exec(compile(self.tree, self.filename, "exec"), namespace)
        return namespace[self.exercise]


def _docstring_nodes(function: ast.FunctionDef) -> set[int]:
    first = function.body[0] if function.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return {id(first), id(first.value)}
    return set()


def _sites(function: ast.FunctionDef) -> Iterator[tuple[ast.AST, str, str, Callable[[ast.AST], ast.AST | None]]]:
    """Every slip one node allows: (node, kind, change, rewrite); ``rewrite`` returns the
    replacement of (a copy of) the node, or ``None`` to drop a statement."""
    skip = _docstring_nodes(function)
    annotations = {id(sub) for arg in ast.walk(function.args) for sub in ast.walk(arg)
                   if isinstance(arg, ast.arg) and arg.annotation is not None and sub is not arg}
    if function.returns is not None:
        annotations |= {id(sub) for sub in ast.walk(function.returns)}
    for node in ast.walk(function):
        if id(node) in skip or id(node) in annotations:
            continue
        if isinstance(node, ast.BinOp | ast.AugAssign):
            for new in SWAPPED_OPERATORS.get(type(node.op), ()):
                yield node, "operator", f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}", \
                    lambda n, new=new: _with(n, op=new())
            if isinstance(node, ast.BinOp) and isinstance(node.op, NOT_COMMUTATIVE):
                yield node, "arguments", f"the operands of {_SYMBOL[type(node.op)]} swapped", \
                    lambda n: _with(n, left=n.right, right=n.left)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            for new in SWAPPED_OPERATORS.get(type(node.ops[0]), ()):
                yield node, "operator", f"{_SYMBOL[type(node.ops[0])]} -> {_SYMBOL[new]}", \
                    lambda n, new=new: _with(n, ops=[new()])
        elif isinstance(node, ast.BoolOp):
            new = SWAPPED_OPERATORS[type(node.op)][0]
            yield node, "operator", f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}", lambda n, new=new: _with(n, op=new())
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
            yield node, "operator", f"`{'not' if isinstance(node.op, ast.Not) else '-'}` dropped", lambda n: n.operand
        elif isinstance(node, ast.Constant) and not isinstance(node.value, bool) and \
                isinstance(node.value, int | float):
            for delta in (1, -1):
                value = node.value + delta
                yield node, "constant", f"{node.value!r} -> {value!r}", \
                    lambda n, value=value: ast.copy_location(ast.Constant(value), n)
        elif isinstance(node, ast.Name) and node.id in SWAPPED_NAMES and isinstance(node.ctx, ast.Load):
            new_name = SWAPPED_NAMES[node.id]
            yield node, "operator", f"{node.id} -> {new_name}", \
                lambda n, new_name=new_name: ast.copy_location(ast.Name(new_name, ast.Load()), n)
        elif isinstance(node, ast.If):
            yield node, "branch", "the if dropped (its body never runs)", lambda n: (n.orelse or None)
            if node.orelse:
                yield node, "branch", "the else dropped", lambda n: _with(n, orelse=[])
            yield node, "branch", "the condition negated", \
                lambda n: _with(n, test=ast.copy_location(ast.UnaryOp(ast.Not(), n.test), n.test))
        elif isinstance(node, ast.IfExp):
            yield node, "branch", "the two sides of `x if c else y` swapped", \
                lambda n: _with(n, body=n.orelse, orelse=n.body)
        elif isinstance(node, ast.Break | ast.Continue):
            yield node, "branch", f"the {type(node).__name__.lower()} dropped", lambda n: None
        elif isinstance(node, ast.comprehension) and node.ifs:
            yield node, "branch", "the comprehension's filter dropped", lambda n: _with(n, ifs=[])
        elif isinstance(node, ast.Call) and len(node.args) >= 2 and not any(isinstance(a, ast.Starred)
                                                                          for a in node.args):
            yield node, "arguments", "the first two arguments swapped", \
                lambda n: _with(n, args=[n.args[1], n.args[0], *n.args[2:]])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in DROPPABLE_CALLS \
                and len(node.args) == 1 and not node.keywords:
            yield node, "branch", f"the call {node.func.id}(...) dropped", lambda n: n.args[0]
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.Expr) and node is not function.body[-1]:
            yield node, "branch", "the statement dropped", lambda n: None
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) >= 2:
            yield node, "arguments", "the returned pair swapped", lambda n: _with(n, value=_with(
                n.value, elts=[n.value.elts[1], n.value.elts[0], *n.value.elts[2:]]))


def _with(node: ast.AST, **fields: Any) -> ast.AST:
    new = copy.copy(node)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


class _Replace(ast.NodeTransformer):
    def __init__(self, target: int, rewrite: Callable[[ast.AST], ast.AST | list | None]) -> None:
        self.target = target
        self.rewrite = rewrite
        self.index = -1

    def visit(self, node: ast.AST) -> Any:
        self.index += 1
        if self.index == self.target:
            new = self.rewrite(node)
            if new is None:
                return ast.Pass() if isinstance(node, ast.stmt) else None
            return new
        return self.generic_visit(node)


def _walk_index(tree: ast.AST, node: ast.AST) -> int:
    """The position of ``node`` in the order the transformer visits nodes (pre-order)."""
    order: list[ast.AST] = []

    def visit(current: ast.AST) -> None:
        order.append(current)
        for child in ast.iter_child_nodes(current):
            visit(child)

    visit(tree)
    return next(index for index, item in enumerate(order) if item is node)


def mutants_of(exercise: str) -> list[Mutant]:
    """Every single-slip mutant of the reference of ``exercise`` (in a fixed order)."""
    source = solution_source(exercise)
    lines = source.splitlines()
    found = []
    reference = ast.parse(source)
    function = reference.body[0]
    assert isinstance(function, ast.FunctionDef)
    for node, kind, change, rewrite in _sites(function):
        target = _walk_index(reference, node)
        tree = _Replace(target, rewrite).visit(copy.deepcopy(reference))
        _fill_empty_bodies(tree)
        ast.fix_missing_locations(tree)
        line = getattr(node, "lineno", None) or getattr(getattr(node, "iter", None), "lineno", function.lineno)
        found.append(Mutant(exercise, len(found), kind, line, lines[line - 1].strip(), change, tree))
    return found


def _fill_empty_bodies(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and name == "body" and not body:
                body.append(ast.Pass())
        if isinstance(node, ast.If | ast.For | ast.While) and isinstance(node.body, list):
            node.body = [stmt for stmt in node.body if stmt is not None] or [ast.Pass()]


# -- the brute-force oracle: is a mutant equivalent? ------------------------------------------------

Probe = Callable[[Callable[..., Any]], Any]


def _same(a: Any, b: Any) -> bool:
    """Equal answers, floats within 1e-9 (relative) and a list never equal to a tuple."""
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, int | float) or \
                not isinstance(b, int | float):
            return False
        return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (math.isnan(a) and math.isnan(b))
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and type(a) is type(b) if isinstance(a, bool) or isinstance(b, bool) else bool(a == b)


def _ttt_positions(min_ply: int = 0, max_ply: int = 9, finished: bool | None = None) -> list:
    from tictac_edu.exercises.positions import all_tictactoe_positions

    return [state for state in all_tictactoe_positions() if min_ply <= state.ply <= max_ply
            and (finished is None or state.is_terminal() == finished)]


def _sample(items: Sequence[Any], count: int, seed: int) -> list[Any]:
    items = list(items)
    return items if len(items) <= count else random.Random(seed).sample(items, count)


def _random_tree(rng: random.Random, depth: int, floats: bool) -> Any:
    if depth == 0 or rng.random() < 0.15:
        value = rng.randint(-9, 9)
        return value + rng.choice((0, 0.5)) if floats else value
    return [_random_tree(rng, depth - 1, floats) for _ in range(rng.randint(1, 3))]


def _oracle(exercise: str) -> list[Probe]:  # noqa: C901 - one branch per exercise, each short
    """The inputs a mutant is compared with the reference on: every case the contract admits
    that is cheap to enumerate, random samples of the rest."""
    from tictac_edu.evaluation import line_evaluation
    from tictac_edu.exercises.checks import nb04_evaluation as nb04
    from tictac_edu.exercises.checks import nb07_beyond as nb07
    from tictac_edu.exercises.diagnosis import call
    from tictac_edu.exercises.positions import random_positions, random_renju_positions, random_stones
    from tictac_edu.games import ConnectFour, GameTree, Gomoku, MNKGame
    from tictac_edu.games.gomoku import BLACK, WHITE
    from tictac_edu.search import Bound

    inf = math.inf
    rng = random.Random(17)
    if exercise == "legal_moves":
        return [call(list(state.board)) for state in _ttt_positions()] + \
            [call(tuple(state.board)) for state in _ttt_positions()[::50]]
    if exercise == "place":
        probes = []
        for state in _sample(_ttt_positions(0, 8, False), 300, 1):
            for cell in state.legal_moves():
                probes.append(call(list(state.board), cell, state.to_move))
                probes.append(call(tuple(state.board), cell, "O" if state.to_move == "X" else "X"))
        return probes
    if exercise in ("winner", "canonical_key"):
        boards = [list(state.board) for state in _ttt_positions()]
        if exercise == "winner":
            return [call(board) for board in boards] + [call(tuple(board)) for board in boards[::40]]
        boards += [tuple(board) for board in boards[::7]]

        def partition(fn: Callable[..., Any]) -> tuple:
            first: dict = {}
            return tuple(first.setdefault(fn(board), index) for index, board in enumerate(boards))

        return [partition]
    if exercise == "count_nodes":
        states = _sample(_ttt_positions(5, 9), 400, 2) + _sample(_ttt_positions(2, 3), 6, 3)
        return [call(list(state.board), state.to_move) for state in states]
    if exercise in ("minimax", "minimax_fast_wins", "alphabeta", "depth_limited"):
        states = _sample(_ttt_positions(3, 9), 300, 4) + [
            GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), GameTree([[[1, -2], [3, 4]], [[-5, 6], [7, -8]]]),
            GameTree([[[1, -2], [3, 4]], [[-5, 6], [7, -8]]]).play(1), GameTree([5]), GameTree([[2.5, -1], [0]])]
        states += random_positions(5, 20, 9, 13, lambda: MNKGame(4, 4, 3)) + \
            random_positions(6, 20, 8, 12, lambda: MNKGame(3, 5, 3))
        if exercise == "alphabeta":
            windows = [(-inf, inf), (-1, 0), (0, 1), (-0.5, 0.5), (-1, 1), (0, inf), (-inf, 0), (0, 0)]
            return [call(state, *window) for state in states[::2] for window in windows]
        if exercise == "depth_limited":
            def by_key(state: Any, player: Any) -> float:
                return (hash((state.key(), player)) % 13) - 6

            return [call(state, depth, evaluation) for state in states[::3] for depth in (0, 1, 2, 3)
                    for evaluation in (line_evaluation, nb04.centre_control, nb04.utility, by_key)
                    if not (isinstance(state, GameTree) and evaluation in (line_evaluation, nb04.centre_control))]
        return [call(state) for state in states]
    if exercise == "alphabeta_tree":
        probes = []
        for index in range(300):
            tree = _random_tree(rng, rng.randint(1, 4), floats=index % 3 == 0)
            for maximizing in (True, False):
                for window in ((-inf, inf), (-2, 2), (0, 3), (-3, -1), (1, 1), (-inf, 0), (0.5, inf)):
                    probes.append(call(tree, *window, maximizing, []))
        return probes + [call([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), call(7)]
    if exercise == "order_key":
        return [lambda fn, state=state: tuple(sorted(state.legal_moves(), key=lambda move: fn(state, move)))
                for state in _ttt_positions(0, 8, False)]
    if exercise == "store":
        probes = []
        for depth in (0, 1, 3, inf):
            for value in (-inf, -2, -1, -0.5, 0, 0.5, 1, 2, inf):
                for alpha, beta in ((-inf, inf), (0, 1), (-1, 0), (-1, 1), (0.5, 2), (-inf, 0), (0, inf)):
                    for old in ({}, {7: (5, 1, Bound.LOWER)}, {7: (0, 3, Bound.EXACT), 8: (1, 1, Bound.UPPER)}):
                        probes.append(call(dict(old), 7, depth, value, alpha, beta))
        return probes
    if exercise == "probe":
        probes = []
        for entry_depth in (0, 1, 2, 3, inf):
            for value in (-inf, -1, 0, 0.5, 1, 2, inf):
                for bound in Bound:
                    for depth in (0, 1, 2, 3):
                        for alpha, beta in ((-inf, inf), (0, 1), (-1, 0), (0, 2), (1, 1), (-inf, 0), (0, inf)):
                            table = {5: (entry_depth, value, bound), 6: (9, 9, Bound.EXACT)}
                            probes.append(call(table, 5, depth, alpha, beta))
        return probes + [call({}, 5, 1, -inf, inf), call({6: (9, 9, Bound.EXACT)}, 5, 0, 0, 1)]
    if exercise == "evaluate":
        shapes = ((3, 3, 3), (4, 4, 3), (5, 5, 3), (5, 5, 4), (4, 5, 3), (5, 4, 3), (3, 6, 4), (6, 3, 3), (2, 7, 2))
        states = []
        for index, (rows, columns, k) in enumerate(shapes):
            def new(rows: int = rows, columns: int = columns, k: int = k) -> MNKGame:
                return MNKGame(rows, columns, k)

            states += random_positions(40 + index, 25, 0, rows * columns - 1, new)
            states += random_positions(60 + index, 8, k, rows * columns, new, finished=True)
        return [call(state, player) for state in states for player in ("X", "O")]
    if exercise == "is_symmetric":
        five = random_positions(51, 30, 1, 12, lambda: MNKGame(5, 5, 3))
        leaves = nb04._textbook_leaves()
        evaluations = [line_evaluation, nb04.favours_x, nb04.ignores_player, nb04.cancelling,
                       lambda state, player: 0, lambda state, player: -line_evaluation(state, player)]
        lists = [five[:1], five[:2], five[:7], five, [], five[::-1]]
        probes = [call(evaluation, positions) for evaluation in evaluations for positions in lists]
        for at in (0, 3, 6):
            bad_ply = five[at].ply
            lopsided = nb04._lopsided_on(lambda ply, bad_ply=bad_ply: ply == bad_ply)
            probes += [call(lopsided, five[:7]), call(lopsided, five[at:at + 1])]
        return probes + [call(nb04.utility, leaves), call(nb04.favours_max, leaves), call(nb04.utility, [])]
    if exercise == "check_win":
        from tictac_edu.exercises.checks.nb05_connect4 import DIRECTION_STEPS, lines
        probes = []
        for columns, rows in ((7, 6), (6, 5), (8, 7), (5, 4), (4, 4), (9, 8), (7, 3), (3, 9)):
            from tictac_edu.exercises.positions import stones_from
            for direction in DIRECTION_STEPS:
                for length in (4, 3):
                    probes += [call(stones_from(cells, rows), rows)
                               for cells in lines(columns, rows, direction, length)]
            probes += [call(random_stones(rng, columns, rows, density), rows) for density in (0.2, 0.4, 0.6)
                       for _ in range(40)]
        return probes + [call(0b1111), call(0)]
    if exercise == "score_window":
        import itertools
        windows = list(itertools.product(("X", "O", None), repeat=4))
        return [call(list(window), player) for window in windows for player in "XO"] + \
            [call(window, player) for window in windows[::5] for player in "XO"]
    if exercise == "centre_key":
        probes = []
        for columns in range(1, 12):
            state = ConnectFour(columns, 4)
            for listed in (list(range(columns)), list(range(columns))[::-1], rng.sample(range(columns), columns)):
                probes.append(lambda fn, state=state, listed=listed: tuple(
                    sorted(listed, key=lambda move: fn(state, move))))
        for moves in ("444444", "4", "3333335555552", "11111177777"):
            state = ConnectFour.from_moves(moves)
            probes.append(lambda fn, state=state: tuple(sorted(state.legal_moves(), key=lambda m: fn(state, m))))
        return probes
    if exercise == "count_fours":
        import itertools
        lines_ = ["".join(cells) for length in range(0, 9) for cells in itertools.product(".XO", repeat=length)]
        lines_ += ["".join(rng.choice("XXX..O") for _ in range(rng.randint(9, 15))) for _ in range(1500)]
        return [call(line) for line in lines_]
    if exercise == "candidates":
        def call(*args: Any) -> Probe:   # the points in any order, in a list or a set: the contract admits both
            def probe(fn: Callable[..., Any]) -> Any:
                result = fn(*args)
                if isinstance(result, list | set | frozenset):
                    return "points", tuple(sorted(map(repr, result)))
                return "other", repr(result)
            return probe

        probes = []
        for size in (5, 6, 7, 9, 15):
            probes.append(call(Gomoku(size)))
            for _ in range(12):
                state = Gomoku(size)
                for _ in range(rng.randint(1, min(40, size * size // 3))):
                    if state.is_terminal():
                        break
                    state = state.play(rng.choice(state.legal_moves()))
                probes += [call(state), call(state, 1), call(state, 3), call(state, 0)]
        for moves in ("a1", "o15", "a15 o1", "h8"):
            probes.append(call(Gomoku.from_moves(moves)))
        return probes
    if exercise == "forbidden_kind":
        probes = []
        from tictac_edu.exercises.checks.nb06_gomoku import COMPOSED, _composed_position
        from tictac_edu.games.gomoku import parse_point
        for _, black_names, white_names, name, _ in COMPOSED:
            black, white = _composed_position(black_names, white_names)
            probes.append(call(black, white, parse_point(name)))
        for state in random_renju_positions(5, seed=171):
            black, white = set(state.stones(BLACK)), set(state.stones(WHITE))
            points = state.legal_moves() + sorted(state.forbidden_points())
            probes += [call(black, white, point) for point in points]
        for state in random_renju_positions(3, seed=172):   # the same stones on a 9 x 9 corner
            black = {point for point in state.stones(BLACK) if point[0] < 9 and point[1] < 9}
            white = {point for point in state.stones(WHITE) if point[0] < 9 and point[1] < 9}
            probes += [call(black, white, (x, y), 9) for x in range(9) for y in range(9)
                       if (x, y) not in black | white]
        return probes
    if exercise == "pair_scores":
        probes = []
        for _ in range(300):
            openings = [rng.choice("abcde") for _ in range(rng.randint(1, 6))]
            table = {(opening, side): rng.choice(["A", "B", None]) for opening in "abcde" for side in (True, False)}

            def probe(fn: Callable[..., Any], table: dict = table, openings: list = openings) -> tuple:
                recorder = nb07.Recorder(table)
                result = fn(recorder, list(openings))
                return result, tuple(sorted(map(repr, recorder.calls)))

            probes.append(probe)
        return probes
    if exercise == "select_child":
        probes = []
        for _ in range(1500):
            children = []
            for _ in range(rng.randint(1, 6)):
                visits = rng.choice([0, 1, 1, 2, 3, 5, 8, 20, 100])
                children.append((rng.randint(0, 2 * visits) / 2, visits))
            parent = max(1, sum(visits for _, visits in children)) + rng.randint(0, 2)
            exploration = rng.choice([None, 0.0, 0.3, 1.0, 2.0, 5.0])
            probes.append(call(children, parent) if exploration is None else call(children, parent, exploration))
        return probes
    extra = EXTRA_ORACLES.get(exercise)
    if extra is None:
        raise ValueError(f"no oracle for {exercise!r}")
    return extra()


EXTRA_ORACLES: dict[str, Callable[[], list[Probe]]] = {}
"""Oracles of exercises declared after this table was written (filled below)."""


def _answers(fn: Callable[..., Any], probes: Sequence[Probe], cpu: float) -> list[Any] | str:
    """What ``fn`` answers to every probe; ``"too slow"`` past ``cpu`` seconds of CPU."""
    from tictac_edu.exercises.diagnosis import ask
    from tictac_edu.exercises.guard import CheckTimeout, LearnerClock, captured_output

    clock = LearnerClock(cpu)
    answers = []
    clock.start()
    try:
        with captured_output():
            for probe in probes:
                with clock.running():
                    answers.append(ask(probe, fn))
    except CheckTimeout:
        return "too slow"
    finally:
        clock.stop()
    return answers


def equivalent(reference: list[Any], answers: list[Any] | str) -> bool:
    """Whether a mutant's answers are the reference's, on every probe."""
    return not isinstance(answers, str) and len(answers) == len(reference) and \
        all(_same(a, b) for a, b in zip(reference, answers, strict=True))


# -- does the first line point at the slip? ---------------------------------------------------------

Concept = tuple[str, frozenset[str], tuple[str, ...]]
"""A line of a reference (a piece of its text), the classic mistakes that name it, and words
of an observation that name it."""


def concept(text: str, mistakes: str = "", keywords: str = "") -> Concept:
    return text, frozenset(mistakes.split()), tuple(word for word in keywords.split("|") if word)


CONCEPTS: dict[str, list[Concept]] = {}
"""Per exercise: which mistakes and words point at which line of the reference (filled below)."""


@dataclass
class Verdict:
    """What became of one mutant."""

    mutant: Mutant
    equivalent: bool = False
    caught: bool = False
    pointed: bool = False
    how: str = ""
    first: str = ""
    cpu: float = 0.0


def _concepts_of(mutant: Mutant) -> list[Concept]:
    return [entry for entry in CONCEPTS.get(mutant.exercise, []) if entry[0] in mutant.text]


def judge(mutant: Mutant, report: Any) -> tuple[bool, str, str]:
    """Whether the report's first failure points at the mutant's slip, how, and that failure
    in one line."""
    first = report.failures[0]
    summary = f"[{first.kind}] {first.title}: {' '.join(first.message.split())[:200]}" + (
        f" | mistake {first.mistake}" if first.mistake else "") + (f" | at {first.where}" if first.where else "")
    if first.where and f"line {mutant.line}," in first.where:
        return True, "raised on the mutated line", summary
    defined = _assigned_names(mutant.text)
    if first.kind == "raised" and first.error and any(f"'{name}'" in first.error for name in defined) and \
            first.error.split(":")[0] in ("NameError", "UnboundLocalError"):
        return True, "the error names what the mutated line defines", summary
    text = " ".join(filter(None, [first.message, first.hint or "", first.error or ""])).lower()
    for _, mistakes, keywords in _concepts_of(mutant):
        if first.mistake in mistakes:
            return True, f"names {first.mistake}", summary
        for word in keywords:
            if word.lower() in text:
                return True, f"says {word!r}", summary
    return False, "", summary


def _assigned_names(text: str) -> list[str]:
    """The names a line of code assigns (``a, b = ...`` gives a and b), if it parses alone."""
    try:
        tree = ast.parse(text.strip().rstrip(":") + ("\n    pass" if text.strip().endswith(":") else ""))
    except SyntaxError:
        return []
    return [node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)]


def run_mutant(mutant: Mutant, reference_answers: list[Any], probes: Sequence[Probe], cpu: float) -> Verdict:
    verdict = Verdict(mutant)
    started = time.process_time()
    try:
        function = mutant.function()
    except SyntaxError:
        verdict.equivalent = True   # not a program: no learner writes it
        return verdict
    answers = _answers(function, probes, cpu)
    if equivalent(reference_answers, answers):
        verdict.equivalent = True
        verdict.cpu = time.process_time() - started
        return verdict
    report = check(mutant.exercise, function)
    verdict.caught = report.status != "passed"
    if verdict.caught:
        verdict.pointed, verdict.how, verdict.first = judge(mutant, report)
    verdict.cpu = time.process_time() - started
    return verdict


def run(exercises: Sequence[str], sample: int | None, seed: int, cpu: float, show: bool,
        out: Any = sys.stdout) -> dict[str, list[Verdict]]:
    """Mutate, filter, check and judge; print one row per exercise (and the misses with ``show``)."""
    results: dict[str, list[Verdict]] = {}
    print(f"{'exercise':<18} {'mutants':>7} {'equiv.':>6} {'checked':>7} {'caught':>7} {'pointed':>8} {'CPU s':>7}",
          file=out)
    totals = [0, 0, 0, 0, 0]
    for name in exercises:
        get_exercise(name)
        mutants = mutants_of(name)
        if sample is not None and len(mutants) > sample:
            mutants = random.Random(f"{seed}-{name}").sample(mutants, sample)
        started = time.process_time()
        probes = _oracle(name)
        reference = _answers(get_exercise(name).reference, probes, 10 * cpu)
        assert not isinstance(reference, str), f"the reference of {name} is too slow on its oracle"
        verdicts = [run_mutant(mutant, reference, probes, cpu) for mutant in mutants]
        results[name] = verdicts
        checked = [v for v in verdicts if not v.equivalent]
        caught = [v for v in checked if v.caught]
        pointed = [v for v in caught if v.pointed]
        row = [len(mutants), len(mutants) - len(checked), len(checked), len(caught), len(pointed)]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(f"{name:<18} {row[0]:>7} {row[1]:>6} {row[2]:>7} {_share(row[3], row[2]):>7} "
              f"{_share(row[4], row[3]):>8} {time.process_time() - started:>7.1f}", file=out, flush=True)
        if show:
            for verdict in checked:
                if not verdict.caught or not verdict.pointed:
                    m = verdict.mutant
                    state = "MISSED " if not verdict.caught else "UNPOINTED"
                    print(f"    {state} #{m.number} line {m.line} [{m.change}] {m.text}", file=out)
                    if verdict.first:
                        print(f"        first: {verdict.first}", file=out)
    print(f"{'all':<18} {totals[0]:>7} {totals[1]:>6} {totals[2]:>7} {_share(totals[3], totals[2]):>7} "
          f"{_share(totals[4], totals[3]):>8}", file=out)
    return results


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main(argv: Sequence[str] | None = None) -> dict[str, list[Verdict]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("exercises", nargs="*", help="exercises to mutate (default: all)")
    parser.add_argument("--sample", type=int, default=None, help="at most this many mutants per exercise")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    parser.add_argument("--cpu", type=float, default=5.0, help="CPU seconds a mutant may take on the oracle")
    parser.add_argument("--show", action="store_true", help="list the mutants missed or not pointed at")
    args = parser.parse_args(argv)
    exercises = args.exercises or exercise_names()
    return run(exercises, args.sample, args.seed, args.cpu, args.show)


# -- the concepts of each reference's lines -----------------------------------------------------------
# A piece of a line's text, the mistakes that name that line, and words of an observation that
# name it. A mutant's first failure points at its slip when it names one of these mistakes or
# says one of these words (the first entry whose text is in the mutated line counts, and the
# later ones too: a line can hold two concepts).

CONCEPTS.update({
    "legal_moves": [
        concept("if board[cell] is None", "empty_is_none set_order", "not the empty cells|missing|taken|0 to 8"),
        concept("range(9)", "empty_is_none", "0 to 8|missing"),
    ],
    "place": [
        concept("new_board = list(board)", "changed_given_board", "new_board|changed the board|copy"),
        concept("new_board[cell] = player", "row_major wrong_mark", "no mark was placed|nothing was written"),
        concept("return new_board", "no_return", "return"),
    ],
})


CONCEPTS.update({
    "winner": [
        concept("(0, 1, 2), (3, 4, 5), (6, 7, 8)", "missing_row", "taken for a win|cell numbers"),
        concept("(0, 3, 6), (1, 4, 7), (2, 5, 8)", "missing_column", "taken for a win|cell numbers"),
        concept("(0, 4, 8), (2, 4, 6)", "missing_diagonal missing_anti_diagonal", "taken for a win|cell numbers"),
        concept("lines = [", "missing_row missing_column missing_diagonal missing_anti_diagonal", "'lines'"),
        concept("if board[a] is not None and", "empty_line aliasing", "taken for a win|sees no win at all"),
        concept("return board[a]", "winner_value", "sees no win at all|return"),
        concept("return None", "winner_value", "none"),
    ],
})


CONCEPTS.update({
    "count_nodes": [
        concept("lines = [", "won_game_not_leaf", "three in a row|finished|'lines'|cell numbers"),
        concept("if board[a] is not None and", "won_game_not_leaf", "finished|three in a row"),
        concept("return 1", "won_game_not_leaf count_root", "finished position is one node|finished"),
        concept("other = ", "alternate_players", "alternate|'other'"),
        concept("nodes = 1", "count_root", "itself is not counted|'nodes'|1 + |start at `nodes = 1`"),
        concept("for cell in range(9)", "count_root", "children|1 + |cell numbers"),
        concept("if board[cell] is None", "count_root not_restored", "children|1 + |one more mark"),
        concept("board[cell] = player", "not_restored", "children|1 + |alternate|one more mark"),
        concept("nodes += count_nodes", "alternate_players count_root", "children|1 + "),
        concept("board[cell] = None", "not_restored", "children"),
        concept("return nodes", "count_root", "1 + "),
    ],
})


_NEGAMAX = concept("return max(-", "wrong_side best_starts_at_zero", "negated|max, not min|combined")
_FINISHED = concept("if state.is_terminal()", "terminal_first wrong_side",
                    "finished game|is_terminal|no legal moves|max() or min() got no values")
CONCEPTS.update({
    "minimax": [_FINISHED, concept("return state.utility(state.to_move)", "wrong_side", "finished game"), _NEGAMAX],
    "minimax_fast_wins": [
        _FINISHED, _NEGAMAX,
        concept("return state.utility(state.to_move) * (state.max_plies + 1 - state.ply)",
                "wrong_side no_faster_wins ply_from_root fixed_game_length", "finished game"),
    ],
})


_CUTOFF = "window_not_passed strict_cutoff one_sided_cutoff cutoff_before_update inner_break"
CONCEPTS.update({
    "alphabeta_tree": [
        concept("if not isinstance(tree, list)", "visited_leaves", "leaf|'int' object is not iterable|not iterable"),
        concept("if visited is not None", "visited_leaves", "visited"),
        concept("visited.append(tree)", "visited_leaves", "visited"),
        concept("return tree", "", "leaf"),
        concept("if maximizing:", "alternate_players window_wrong_level", "max at max|this max node|this min node"),
        concept('best = float("-inf")', "", "'best'|combined differently|best = max"),
        concept('best = float("inf")', "", "'best'|combined differently|min(...) at min"),
        concept("value = alphabeta_tree(child, alpha, beta, False, visited)", "alternate_players window_not_passed",
                "'value'|window"),
        concept("value = alphabeta_tree(child, alpha, beta, True, visited)", "alternate_players window_not_passed",
                "'value'|window"),
        concept("best = max(best, value)", "fail_hard", "combined differently|best = max"),
        concept("best = min(best, value)", "fail_hard", "combined differently|min(...) at min"),
        concept("alpha = max(alpha, value)",
                "window_not_passed one_sided_cutoff window_wrong_level cutoff_before_update",
                "max raises alpha"),
        concept("beta = min(beta, value)", "window_not_passed one_sided_cutoff window_wrong_level cutoff_before_update",
                "min lowers beta"),
        concept("if alpha >= beta", _CUTOFF, "cut off|alpha >= beta"),
        concept("break", _CUTOFF, "cut off|break"),
        concept("return best", "fail_hard", "return best"),
        concept("def alphabeta_tree(", "window_ignored", "inf|window"),
    ],
})


CONCEPTS.update({
    "alphabeta": [
        _FINISHED,
        concept("return state.utility(state.to_move), 1", "wrong_side node_count", "finished game"),
        concept("nodes = 1", "node_count", "'nodes'|nodes = 1 +|itself not counted"),
        concept('best = float("-inf")', "", "'best'|combines them differently"),
        concept("child_value, child_nodes = alphabeta(", "window_wrong_level window_not_passed root_window wrong_side",
                "'child_value'|'child_nodes'|window"),
        concept("nodes += child_nodes", "node_count", "nodes = 1 +|'child_nodes'"),
        concept("value = -child_value", "wrong_side window_wrong_level", "'value'|negat"),
        concept("if value > best", "", "combines them differently|'best'|max(-child value)"),
        concept("best = value", "", "combines them differently|max(-child value)"),
        concept("if value > alpha", "window_wrong_level window_not_passed cutoff_before_update strict_cutoff",
                "alpha = max(alpha"),
        concept("alpha = value", "window_wrong_level window_not_passed cutoff_before_update strict_cutoff",
                "alpha = max(alpha"),
        concept("if alpha >= beta", _CUTOFF, "cut off|alpha >= beta"),
        concept("break", _CUTOFF, "cut off|break"),
        concept("return best, nodes", "", "(best, nodes)"),
    ],
})


_SYMMETRY_TABLE = "missing_rotations missing_reflections key_too_coarse"
CONCEPTS.update({
    "order_key": [
        concept("if move == 4", "centre_first sort_direction", "centre"),
        concept("return 0", "centre_first sort_direction", "centre"),
        concept("if move in (0, 2, 6, 8)", "edges_before_corners", "corner"),
        concept("return 1", "edges_before_corners centre_first", "corner"),
        concept("return 2", "edges_before_corners", "edge"),
    ],
    "store": [
        concept("if value <= alpha", "cache_ignores_window bound_swapped", "below alpha|equal to alpha|'bound'"),
        concept("bound = Bound.UPPER", "bound_swapped cache_ignores_window", "upper|'bound'"),
        concept("elif value >= beta", "cache_ignores_window bound_swapped", "above beta|equal to beta|'bound'"),
        concept("bound = Bound.LOWER", "bound_swapped cache_ignores_window", "lower|'bound'"),
        concept("bound = Bound.EXACT", "cache_ignores_window", "inside the window|'bound'"),
        concept("table[key] = (depth, value, bound)", "cache_ignores_depth", "stored"),
    ],
    "probe": [
        concept("entry = table.get(key)", "", "'entry'|no entry"),
        concept("if entry is None", "", "no entry|nonetype|empty table"),
        concept("stored_depth, value, bound = entry", "", "'stored_depth'|'value'|'bound'"),
        concept("if stored_depth < depth", "cache_ignores_depth depth_equal", "shallower|as deep|deeper"),
        concept("if bound == Bound.EXACT", "cache_ignores_window", "exact"),
        concept("if bound == Bound.LOWER and value >= beta", "cache_ignores_window bound_swapped", "lower"),
        concept("if bound == Bound.UPPER and value <= alpha", "cache_ignores_window bound_swapped", "upper"),
    ],
    "canonical_key": [
        concept("# unchanged", _SYMMETRY_TABLE, "rotated|mirrored|cell numbers"),
        concept("# rotated", _SYMMETRY_TABLE, "rotated|cell numbers"),
        concept("# half a turn", _SYMMETRY_TABLE, "rotated|cell numbers"),
        concept("# three quarters", _SYMMETRY_TABLE, "rotated|cell numbers"),
        concept("# mirrored", _SYMMETRY_TABLE, "mirrored|cell numbers"),
        concept("symmetries = [", _SYMMETRY_TABLE, "'symmetries'"),
        concept('cells = ["." if mark is None', "key_too_coarse unhashable_key", "'cells'"),
        concept("return min(", "key_too_coarse missing_rotations missing_reflections unhashable_key", "key"),
    ],
})


_LINES = "missing_diagonal missing_anti_diagonal counted_twice cell_index"
CONCEPTS.update({
    "evaluate": [
        concept("if state.is_terminal()", "win_not_scored", "finished|won"),
        concept("if state.winner is None", "win_not_scored", "won|drawn|finished"),
        concept("return 0", "win_not_scored", "won|drawn|finished"),
        concept("score = 1_000_000 - state.ply", "win_not_scored", "won|'score'"),
        concept("return score if state.winner == player else -score", "win_not_scored not_symmetric", "won"),
        concept("rows, columns, k =", "cell_index", "'rows'|'columns'|'k'"),
        concept("score = 0", "line_weights", "the empty board|'score'"),
        concept("for row in range(rows)", _LINES, "one x|cell numbers"),
        concept("for col in range(columns)", _LINES, "one x|cell numbers"),
        concept("for d_row, d_col in", _LINES, "one x in|a row and a column|diagonal"),
        concept("end_row, end_col =", _LINES, "one x in|cell numbers|'end_row'|'end_col'"),
        concept("if not (0 <= end_row < rows", _LINES, "one x in|cell numbers"),
        concept("continue", _LINES, "one x in|cell numbers"),
        concept("marks = [state.board[", "cell_index aliasing " + _LINES, "one x in|cell numbers|'marks'"),
        concept("mine = marks.count(player)", "one_side_only not_symmetric line_weights", "scored for o|'mine'"),
        concept("theirs = k - mine", "one_side_only not_symmetric", "scored for o|'theirs'|opponent"),
        concept("if mine and not theirs", "line_weights one_side_only", "two x|one x"),
        concept("score += 10 ** (mine - 1)", "line_weights counted_twice", "two x|one x"),
        concept("elif theirs and not mine", "one_side_only not_symmetric", "scored for o|opponent"),
        concept("score -= 10 ** (theirs - 1)", "one_side_only not_symmetric", "scored for o|opponent"),
        concept("return score", "", "'score'"),
    ],
    "is_symmetric": [
        concept("first, second = state.players", "fixed_players", "'first'|'second'"),
        concept("if evaluate(state, first) != -evaluate(state, second)",
                "forgot_negation compare_abs errors_cancel return_in_loop", "negated|return false"),
        concept("return False", "return_in_loop", "return false"),
        concept("return True", "return_in_loop", "return true"),
    ],
    "depth_limited": [
        concept("if depth == 0 or state.is_terminal()", "depth_off_by_one depth_not_decreasing",
                "depth 0|stops|finished|max() or min() got no values|stopped"),
        concept("return evaluate(state, state.to_move)", "wrong_side use_given_evaluate",
                "evaluate(state, state.to_move)"),
        concept("return max(-depth_limited(", "wrong_side depth_not_decreasing depth_off_by_one",
                "negated|max, not min|depth - 1|combined wrongly"),
    ],
})


_SHIFTS = ("missing_vertical missing_horizontal missing_diagonal_up missing_diagonal_down one_shift_for_all "
           "shifts_for_six_rows wrong_diagonal_shift sentinel_ignored")
CONCEPTS.update({
    "check_win": [
        concept("for shift in (1, rows + 1, rows + 2, rows)", _SHIFTS, "misses|5 rows high|sentinel"),
        concept("pairs = stones & (stones >> shift)", "three_in_a_row", "in no direction|three in a row|'pairs'"),
        concept("if pairs & (pairs >> 2 * shift)", "three_in_a_row", "in no direction|three in a row"),
        concept("return True", "return_bool", "in no direction"),
        concept("return False", "return_bool", "taken for four|not a win"),
    ],
    "score_window": [
        concept('opponent = "O" if player == "X" else "X"', "window_player", "'opponent'|o's discs|x's discs"),
        concept("mine = list(window).count(player)", "window_player", "'mine'|discs"),
        concept("theirs = list(window).count(opponent)", "window_player", "'theirs'|discs"),
        concept("if mine and theirs", "mixed_window", "both players"),
        concept("return 0", "mixed_window", "both players|empty window|0 of"),
        concept("if mine == 4", "window_counted_twice", "4 of"),
        concept("return FOUR_SCORE", "", "4 of"),
        concept("if mine == 3", "window_counted_twice", "3 of"),
        concept("return THREE_SCORE", "", "3 of"),
        concept("if mine == 2", "window_counted_twice", "2 of"),
        concept("return TWO_SCORE", "", "2 of"),
        concept("if mine == 1", "window_counted_twice", "1 of"),
        concept("return ONE_SCORE", "", "1 of"),
        concept("if theirs ==", "opponent_weights one_side_only", " of o's| of x's|opponent"),
        concept("return OPPONENT_", "opponent_weights", " of o's| of x's|opponent"),
    ],
    "centre_key": [
        concept("centre = state.columns // 2", "fixed_centre centre_last", "centre"),
        concept("distance = abs(move - centre)", "centre_last sort_direction tie_order", "your keys|'distance'"),
        concept("if move > centre", "right_before_left tie_order", "left|right"),
        concept("return distance + 0.5", "right_before_left tie_order", "left|right"),
        concept("return float(distance)", "centre_last tie_order", "your keys"),
    ],
})


CONCEPTS.update({
    "count_fours": [
        concept("fives = []", "", "'fives'|five"),
        concept("completions: dict = {}", "", "'completions'|four"),
        concept("for start in range(len(line) - 4)", "edge_as_empty", "edge|index"),
        concept("window = range(start, start + 5)", "", "'window'|index|stopiteration"),
        concept('if any(line[i] == "O" for i in window)', "white_ignored", "white|stopiteration"),
        concept("continue", "white_ignored", "white|stopiteration"),
        concept('stones = frozenset(i for i in window if line[i] == "X")', "", "'stones'|unhashable"),
        concept("if len(stones) == 5", "five_per_window five_also_four", "five"),
        concept("fives.append(stones)", "five_per_window", "five"),
        concept("elif len(stones) == 4", "four_per_window", "four"),
        concept('empty = next(i for i in window if line[i] == ".")', "", "four|'empty'"),
        concept("completions.setdefault(stones, set()).add(empty)", "four_per_window gap_four_open", "four"),
        concept("runs: list = []", "", "'runs'|five"),
        concept("if runs and runs[-1] & stones", "five_per_window", "five"),
        concept("runs[-1] = runs[-1] | stones", "five_per_window five_also_four", "five"),
        concept("runs.append(stones)", "five_per_window", "five"),
        concept('counts = {"five": len(runs)', "", "five|open four|four"),
        concept("if any(stones <= run for run in runs)", "five_also_four", "five"),
        concept('counts["open four" if len(points) >= 2 else "four"] += 1', "four_per_window gap_four_open",
                "open four|four"),
    ],
    "candidates": [
        concept("size = state.size", "off_board", "'size'|off the board"),
        concept('stones = state.stones("Black") + state.stones("White")', "one_colour_only last_move_only",
                "'stones'|missing"),
        concept("if not stones", "empty_board_centre", "empty board|centre"),
        concept("return [(size // 2, size // 2)]", "empty_board_centre", "empty board|centre"),
        concept("found = set()", "duplicate_points", "'found'|more than once"),
        concept("for x, y in stones", "one_colour_only last_move_only", "missing"),
        concept("for dx in range(-radius, radius + 1)", "radius_off_by_one manhattan_radius", "square|missing"),
        concept("for dy in range(-radius, radius + 1)", "radius_off_by_one manhattan_radius", "square|missing"),
        concept("point = (x + dx, y + dy)", "radius_off_by_one manhattan_radius", "square|'point'"),
        concept("if 0 <= point[0] < size", "off_board occupied_listed", "off the board|listed|missing"),
        concept("found.add(point)", "duplicate_points", "missing"),
        concept("return sorted(found)", "duplicate_points", "list"),
        concept("def candidates(", "radius_off_by_one", "radius"),
    ],
    "forbidden_kind": [
        concept("after = set(black) | {point}", "", "'after'|the new stone"),
        concept("runs = [run_length(", "five_not_first overline_as_five", "'runs'|five|overline"),
        concept("if 5 in runs", "five_not_first", "five"),
        concept("return None                        # five comes first", "five_not_first", "five"),
        concept("if max(runs) >= 6", "overline_as_five", "overline"),
        concept('return "OL"', "overline_as_five forbidden_kind_value", "overline"),
        concept("if sum(fours(", "one_four_per_line", "four"),
        concept('return "44"', "one_four_per_line forbidden_kind_value", "four"),
        concept("threes = 0", "three_per_point four_as_three", "'threes'|three"),
        concept("for direction in DIRECTIONS", "three_per_point fake_three", "three"),
        concept("if any(forbidden_kind(after, white, four_point, size) is None", "fake_three three_per_point",
                "three"),
        concept("for four_point in straight_four_points", "fake_three three_per_point", "three"),
        concept("threes += 1", "three_per_point", "three"),
        concept('return "33" if threes >= 2 else None', "three_per_point four_as_three forbidden_kind_value",
                "three"),
        concept("def forbidden_kind(", "", "edge|size"),
    ],
})


CONCEPTS.update({
    "pair_scores": [
        concept('points = {"A": 1.0, None: 0.5, "B": 0.0}', "draws_as_losses winner_as_first_player",
                "two wins|two draws|two losses|'points'"),
        concept("scores = []", "", "'scores'"),
        concept("for opening in openings", "pairs_split", "pair"),
        concept("a_first = points[play_game(opening, True)]", "colours_not_swapped winner_as_first_player",
                "'a_first'|first player|a first"),
        concept("b_first = points[play_game(opening, False)]", "colours_not_swapped winner_as_first_player",
                "'b_first'|second player|b first"),
        concept("scores.append(a_first + b_first)", "pairs_split", "pair|two wins|two draws"),
        concept("return scores", "", "list"),
    ],
    "select_child": [
        concept("best, best_score = 0, -math.inf", "", "'best'|'best_score'|lowest|picked"),
        concept("for index, (wins, visits) in enumerate(children)", "index_not_score", "index"),
        concept("if visits == 0", "unvisited_skipped", "unvisited|division by zero"),
        concept("return index", "unvisited_skipped index_not_score", "unvisited"),
        concept("score = wins / visits + exploration", "no_exploration wrong_side_value ucb1_formula",
                "bonus|mean|'score'"),
        concept("if score > best_score", "ties_last", "equal|picked"),
        concept("best, best_score = index, score", "ties_last", "picked"),
        concept("def select_child(", "ucb1_formula", "square root of 2|sqrt(2)|c = "),
    ],
})


def _elo_oracle() -> list[Probe]:
    from tictac_edu.exercises.diagnosis import call

    counts = [(wins, draws, losses) for wins in range(13) for draws in range(0, 13, 2) for losses in range(13)]
    return [call(*c) for c in counts] + [call(5000, 3000, 4000), call(1, 0, 1000), call(0, 999, 1)]


def _backup_oracle() -> list[Probe]:
    from tictac_edu.exercises.checks import nb07_beyond as nb07

    problems = [(tree, path, result) for _, tree, path, _ in nb07.BACKUP_CENSUS for result in (0.0, 0.5, 1.0)]
    problems += [(before, path, result) for before, path, result, _ in nb07.solver_backups()]

    def probe(tree: Any, path: Any, result: float) -> Probe:
        def ask(fn: Callable[..., Any]) -> Any:
            mine = nb07.tree_copy(tree)
            fn(mine, list(path), result)
            return tuple((name, mine[name]["visits"], float(mine[name]["wins"]), mine[name]["proven"])
                         for name in sorted(mine))
        return ask

    return [probe(*problem) for problem in problems]


def _vcf_oracle() -> list[Probe]:
    from tictac_edu.exercises.checks import nb06_gomoku as nb06
    from tictac_edu.games import Gomoku
    from tictac_edu.games.gomoku import BLACK, WHITE

    problems = [(set(a), set(d), depth, size) for _, a, d, depth, size in nb06.vcf_problems()]
    rng = random.Random(61)
    for size in (15, 9):
        for _ in range(12):
            state = Gomoku(size)
            for _ in range(rng.randint(6, 22)):
                point = (min(size - 1, max(0, int(rng.gauss(size / 2, size / 6)))),
                         min(size - 1, max(0, int(rng.gauss(size / 2, size / 6)))))
                if state.stone(point) is None and not state.is_terminal():
                    state = state.play(point)
            if not state.is_terminal():
                me = state.to_move
                other = WHITE if me == BLACK else BLACK
                problems += [(set(state.stones(me)), set(state.stones(other)), depth, size) for depth in (1, 2)]
    reference = get_exercise("vcf").reference

    def probe(attacker: set, defender: set, depth: int, size: int) -> Probe:
        right = reference(set(attacker), set(defender), depth, size)

        def ask(fn: Callable[..., Any]) -> Any:
            a, d = set(attacker), set(defender)
            outcome = nb06.vcf_outcome(fn(a, d, depth, size), attacker, defender, depth, size)
            good = outcome == "valid" or (outcome == "none" and right is None)
            return ("right" if good else outcome), (a, d) == (attacker, defender)
        return ask

    return [probe(*problem) for problem in problems]


EXTRA_ORACLES.update({"elo_interval": _elo_oracle, "backup": _backup_oracle, "vcf": _vcf_oracle})

CONCEPTS.update({
    "elo_interval": [
        concept("games = wins + draws + losses", "elo_degenerate", "'games'|no games"),
        concept("if games == 0", "elo_degenerate", "no games|too few games|none"),
        concept("return None", "elo_degenerate", "too few games|none|variance is 0"),
        concept("score = (wins + draws / 2) / games", "elo_draw_half", "score|'score'"),
        concept("variance = (wins * (1 - score) ** 2", "elo_variance elo_standard_error",
                "variance|the low end|the high end"),
        concept("if variance == 0", "elo_degenerate", "variance|too few games"),
        concept("if s <= 0", "elo_degenerate", "-inf|the low end"),
        concept("return -math.inf", "", "-inf|the low end"),
        concept("if s >= 1", "elo_degenerate", "+inf|inf|the high end"),
        concept("return math.inf", "", "inf|the high end"),
        concept("return -400 * math.log10(1 / s - 1)", "elo_sign elo_log10", "the elo|elo"),
        concept("stderr = math.sqrt(variance / games)", "elo_standard_error elo_variance",
                "the low end|the high end|'stderr'"),
        concept("low = elo(max(0.0, score - 1.96 * stderr))", "elo_z elo_interval_on_score elo_standard_error",
                "the low end|-inf"),
        concept("high = elo(min(1.0, score + 1.96 * stderr))", "elo_z elo_interval_on_score elo_standard_error",
                "the high end|inf"),
        concept("return elo(score), low, high", "elo_sign", "the elo|the low end|the high end"),
    ],
    "backup": [
        concept("for name in reversed(path)", "backup_side backup_root", "visits|wins"),
        concept('node["visits"] += 1', "backup_root", "visits"),
        concept('node["wins"] += result', "backup_side", "wins"),
        concept("result = 1 - result", "backup_side", "wins"),
        concept("for depth in range(len(path) - 1, 0, -1)", "proof_climb", "proven"),
        concept('if tree[path[depth]]["proven"] is None', "proof_climb", "proven"),
        concept("break", "proof_climb", "proven"),
        concept("parent = tree[path[depth - 1]]", "proof_climb", "proven"),
        concept('if parent["proven"] is None', "proof_climb", "proven"),
        concept("proven = [tree[child]", "proof_untried proof_best", "proven"),
        concept("if 1.0 in proven", "proof_side", "proven"),
        concept('parent["proven"] = 0.0', "proof_side", "proven"),
        concept('elif parent["untried"] == 0 and None not in proven', "proof_untried proof_draw", "proven"),
        concept('parent["proven"] = 1 - max(proven)', "proof_best proof_draw", "proven"),
    ],
    "vcf": [
        concept("def on_board(point)", "vcf_candidates", "board|edge|not an empty point"),
        concept("return 0 <= point[0] < size", "vcf_candidates", "board|not an empty point"),
        concept("def is_five(stones, point)", "vcf_five_first", "five"),
        concept("return any(run_length(stones, point, direction) >= 5", "vcf_five_first", "five"),
        concept("return sorted(point for point in near if on_board(point)", "vcf_five_first vcf_counter_four",
                "five|four"),
        concept("and point not in others", "vcf_five_first vcf_counter_four", "five|four"),
        concept("return {(x + dx, y + dy) for x, y in stones", "vcf_candidates", "four|five"),
        concept("for dy in range(-reach, reach + 1)}", "vcf_candidates", "four|five"),
        concept("return {(point[0] + steps * dx", "vcf_candidates", "four|five|not a four"),
        concept("for steps in range(-4, 5) if steps}", "vcf_candidates", "four|five"),
        concept("attacker, defender = set(attacker), set(defender)", "mutates_input", "changed"),
        concept("wins = five_points(attacker, defender", "vcf_five_first", "five"),
        concept("if wins:", "vcf_five_first", "five"),
        concept("return [wins[0]]", "vcf_five_first", "five"),
        concept("if depth == 0", "vcf_depth", "depth|fours"),
        concept("threats = five_points(defender, attacker", "vcf_counter_four", "defender|block"),
        concept("if len(threats) >= 2", "vcf_counter_four", "defender|two five points"),
        concept("moves = threats if threats else", "vcf_counter_four vcf_candidates", "defender|four"),
        concept("if on_board(point) and point not in attacker", "vcf_candidates", "four|not an empty point"),
        concept("mine = attacker | {move}", "mutates_input", "four|changed"),
        concept("blocks = five_points(mine, defender, on_lines(move))", "vcf_candidates", "four|block"),
        concept("if not blocks", "vcf_candidates", "not a four"),
        concept("continue", "vcf_candidates", "not a four"),
        concept("if len(blocks) >= 2", "vcf_line", "block|two five points|open four"),
        concept("return [move, blocks[0], blocks[1]]", "vcf_line", "block|five|replies"),
        concept("block = blocks[0]", "vcf_line", "block"),
        concept("rest = vcf(mine, defender | {block}, depth - 1, size)", "vcf_depth vcf_line",
                "depth|block|fours"),
        concept("if rest is not None", "vcf_line", "no vcf|found none"),
        concept("return [move, block, *rest]", "vcf_line", "replies|block"),
    ],
})



def _tuning_loss_oracle() -> list[Probe]:
    from tictac_edu.exercises.checks import nb05_connect4 as nb05

    rng = random.Random(67)
    probes = []
    for _ in range(800):
        size = rng.randint(1, 6)
        weights = [rng.choice([rng.randint(-3, 3), round(rng.uniform(-2, 2), 3)]) for _ in range(size)]
        positions = nb05._random_positions(rng, rng.randint(1, 12), size, draws=rng.random() < 0.8)
        probes.append(nb05._rounded_loss(weights, positions, round(rng.uniform(0.05, 2.0), 3)))
    return probes


EXTRA_ORACLES["tuning_loss"] = _tuning_loss_oracle
CONCEPTS["tuning_loss"] = [
    concept("total = 0.0", "tuning_mean", "mean|positions"),
    concept("score = sum(weight * feature", "tuning_scale", "log-odds|scores"),
    concept("r = result if first_to_move else 1 - result", "tuning_wrong_side tuning_draws",
            "player to move|lost the game|x won"),
    concept("p = 1 / (1 + math.exp(-scale * score))", "tuning_scale", "scale|log-odds|sigmoid|the chance"),
    concept("total += -(r * math.log(p) + (1 - r) * math.log(1 - p))", "tuning_squared tuning_draws",
            "logistic loss|draw"),
    concept("return total / len(positions)", "tuning_mean", "mean|positions"),
]

if __name__ == "__main__":
    main()
