"""Notebook 03 (move ordering and memory): ``order_key``, ``store``, ``probe``,
``canonical_key``."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

from tictac_edu.evaluation import line_evaluation
from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import Probe, call
from tictac_edu.exercises.positions import (
    REFLECTIONS,
    ROTATIONS,
    all_tictactoe_positions,
    board_from,
    depth_value,
    permute,
    random_positions,
    solved,
    ttt,
)
from tictac_edu.exercises.registry import Context, declare, is_number, show_value
from tictac_edu.games import GameState, GameTree, MNKGame, TicTacToe
from tictac_edu.games.tree import Tree
from tictac_edu.search import Bound, alphabeta

INF = math.inf
CENTRE_CORNERS_EDGES = list(TicTacToe().game.move_order)
"""The order the key must give: centre, corners, edges (the game's own move order)."""

# -- order_key ----------------------------------------------------------------------------------

order_key = declare(
    "order_key", notebook="03",
    summary="a sort key putting the centre first, then the corners, then the edges",
    returns="a number (smaller = searched earlier)",
    reference="tictac_edu.exercises.solutions.nb03_ordering_memory:order_key",
    hints=[
        "`sorted(moves, key=...)` puts the smallest keys first, and keeps the game's order between "
        "equal keys. So give the centre the smallest key, the corners a larger one, the edges the largest.",
        "Three groups are enough: 0 for the centre (cell 4), 1 for a corner (0, 2, 6, 8), 2 for an edge "
        "(1, 3, 5, 7). Give every corner the SAME key, so they stay in the order 0, 2, 6, 8.",
        "Another way: minus the number of lines through the cell (centre 4, corners 3, edges 2).",
    ],
)


def _key(t: Context, state: GameState, move: int) -> float:
    key = t.call(state, move)
    t.expect_type(key, is_number(key), position=state, reproduce=f"order_key({state.as_code()}, {move})")
    return key


def _sorted_by_key(t: Context, state: GameState) -> list[int]:
    keys = {move: _key(t, state, move) for move in state.legal_moves()}
    return sorted(state.legal_moves(), key=lambda move: keys[move])


def _check_order(t: Context, state: GameState) -> None:
    expected = [move for move in CENTRE_CORNERS_EDGES if move in state.legal_moves()]
    got = _sorted_by_key(t, state)
    if got == expected:
        return
    corners = [move for move in expected if move in (0, 2, 6, 8)]
    edges = [move for move in expected if move in (1, 3, 5, 7)]
    keys = ", ".join(f"{move}: {show_value(_key(t, state, move))}" for move in sorted(state.legal_moves()))
    message = f"Sorted with your key, the moves come in the wrong order (your keys: {{{keys}}})."
    if len(got) > 1 and (got == expected[::-1] or (4 in got and got[-1] == 4)):
        t.fail(message + " The best move must come FIRST.", position=state, expected=expected, got=got,
               mistake="sort_direction")
    if 4 in expected and got[0] != 4:
        t.fail(message + " The centre (4) must come first.", position=state, expected=expected, got=got,
               mistake="centre_first")
    if corners and edges and got.index(edges[0]) < got.index(corners[-1]):
        t.fail(message + " An edge comes before a corner.", position=state, expected=expected, got=got,
               mistake="edges_before_corners")
    t.fail(message + " Corners must keep the order 0, 2, 6, 8 and edges 1, 3, 5, 7 (give each group one key).",
           position=state, expected=expected, got=got)


def _order_probe(state: GameState) -> Probe:
    return lambda fn: tuple(sorted(state.legal_moves(), key=lambda move: fn(state, move)))


@order_key.probes
def _() -> list:
    return [_order_probe(state) for state in (TicTacToe(), ttt(4), ttt(0), ttt(1), ttt(4, 0), ttt(0, 8), ttt(4, 1, 3))]


@order_key.case("the empty board: centre, corners, edges")
def _(t: Context) -> None:
    _check_order(t, TicTacToe())


@order_key.case("after X in the centre and O in a corner")
def _(t: Context) -> None:
    _check_order(t, ttt(4, 0))


@order_key.case("after X on an edge")
def _(t: Context) -> None:
    _check_order(t, ttt(1))


@order_key.case("after X in a corner, and after three moves")
def _(t: Context) -> None:
    _check_order(t, ttt(0))
    _check_order(t, ttt(4, 1, 3))


@order_key.case("60 positions of every stage: the same order whatever the position (and asked again)")
def _(t: Context) -> None:
    for state in random_positions(33, 30, 0, 7) + random_positions(33, 30, 0, 7):
        _check_order(t, state)


@order_key.case("alpha-beta from the empty board with your order: 7,275 nodes", expensive=True)
def _(t: Context) -> None:
    result = alphabeta(TicTacToe(), order=lambda state, move: _key(t, state, move))
    if result.nodes != 7275 or result.value != 0:
        t.fail("With the order centre, corners, edges, alpha-beta visits 7,275 nodes from the empty board "
               "(18,297 in the order 0..8).", position=TicTacToe(), expected="value 0, 7,275 nodes",
               got=f"value {result.value}, {result.nodes:,} nodes", raw=True)


# -- transposition table: store and probe --------------------------------------------------------

store = declare(
    "store", notebook="03",
    summary="remember a search result in a dict with its depth and bound flag",
    returns="nothing (it fills table[key] with (depth, value, bound))",
    reference="tictac_edu.exercises.solutions.nb03_ordering_memory:store",
    hints=[
        "A search called with the window (alpha, beta) only learns the exact value when the value lands "
        "strictly inside the window. Otherwise it has learnt a bound.",
        "value <= alpha: no move reached alpha, the true value is AT MOST value: Bound.UPPER. "
        "value >= beta: the search was cut off, the true value is AT LEAST value: Bound.LOWER. "
        "Otherwise Bound.EXACT.",
        "Then `table[key] = (depth, value, bound)`, with `from tictac_edu.search import Bound`.",
    ],
)

probe = declare(
    "probe", notebook="03",
    summary="use a table entry only if its depth and bound settle the search",
    returns="a number (the stored value) or None",
    reference="tictac_edu.exercises.solutions.nb03_ordering_memory:probe",
    hints=[
        "No entry, or an entry searched less deep than `depth`: return None.",
        "An EXACT entry answers. A LOWER bound says the value is at least v: that settles the search "
        "only if v >= beta. An UPPER bound says at most v: only if v <= alpha.",
        "`depth_found, value, bound = table[key]`; compare `bound == Bound.EXACT` and so on, "
        "with `from tictac_edu.search import Bound`. In every other case return None.",
    ],
)


def cached_search(state: GameState, depth: int, alpha: float, beta: float, table: dict,
                  probe_fn: Callable[..., Any], store_fn: Callable[..., Any],
                  evaluate: Callable[..., float]) -> float:
    """Alpha-beta (negamax, fail-soft) with a transposition table used through ``probe_fn`` and
    ``store_fn``: the search the table exercises plug into."""
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move)
    key = state.key()
    found = probe_fn(table, key, depth, alpha, beta)
    if found is not None:
        return found
    window_alpha = alpha
    best = -INF
    for move in state.legal_moves():
        value = -cached_search(state.play(move), depth - 1, -beta, -alpha, table, probe_fn, store_fn, evaluate)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    store_fn(table, key, depth, best, window_alpha, beta)
    return best


def _utility(state: GameState, player: str) -> float:
    return state.utility(player)


def _expected(state: Any, depth: int, evaluation: str) -> float:
    if evaluation == "utility" and depth >= state.max_plies - state.ply:
        return solved(state)
    return depth_value(state, depth, line_evaluation if evaluation == "lines" else _utility)


def _table_searches(t: Context, probe_fn: Callable[..., Any], store_fn: Callable[..., Any]) -> None:
    """Iterative deepening with one table per root, and full-depth searches sharing one table,
    must give the values of a search without a table."""
    for state in [TicTacToe(), *random_positions(31, 5, 1, 4)]:
        table: dict = {}
        for depth in range(1, 5):
            value = cached_search(state, depth, -INF, INF, table, probe_fn, store_fn, line_evaluation)
            expected = _expected(state, depth, "lines")
            if value != expected:
                t.fail(f"Searching depth 1, 2, 3, 4 with one table, the search with your function got a "
                       f"different value at depth {depth} than a search without a table.", position=state,
                       expected=expected, got=value)
    table = {}
    for state in random_positions(32, 12, 1, 5):
        depth = state.max_plies - state.ply
        value = cached_search(state, depth, -INF, INF, table, probe_fn, store_fn, _utility)
        expected = _expected(state, depth, "utility")
        if value != expected:
            t.fail("Solving several positions with one shared table, the search with your function got a "
                   "different value than a search without a table.", position=state, expected=expected, got=value)


def _reference(name: str) -> Callable[..., Any]:
    from tictac_edu.exercises.registry import get_exercise

    return get_exercise(name).reference


# store ------------------------------------------------------------------------------------------

STORE_CALLS = ((3, 5, 0, 10), (9, 0, -INF, INF), (2, -1, 0, 10), (2, 0, 0, 10), (4, 12, 0, 10), (4, 10, 0, 10),
               (1, -3.5, -2, 2), (INF, 2.5, 2.5, 3))


@store.probes
def _() -> list:
    probes = [call({99: (5, 7, Bound.EXACT)}, 1234, *args) for args in STORE_CALLS]
    return probes + [call({5: (1, 3, Bound.LOWER)}, 5, 2, 1, -INF, INF), call({}, ("a", 1), 3, 1, 0, 1)]


def _check_store(t: Context, depth: float, value: float, alpha: float, beta: float, bound: Bound,
                 message: str, wrong_bound_mistake: str, key: Any = 1234) -> None:
    table: dict = {99: (5, 7, Bound.EXACT)}
    t.call(table, key, depth, value, alpha, beta, changes=(0,))
    position = f"store(table, {key!r}, depth={depth}, value={value}, alpha={alpha}, beta={beta})"
    if table.get(99) != (5, 7, Bound.EXACT):
        t.fail("store changed the entry of another position.", position=position,
               expected="the other entry unchanged", got=show_value(table.get(99)), raw=True)
    if key not in table:
        t.fail("Nothing was stored under the key.", position=position, expected=(depth, value, bound),
               got=table)
    entry = table[key]
    if not (isinstance(entry, (tuple, list)) and len(entry) == 3 and isinstance(entry[2], Bound)):
        t.fail("An entry is the tuple (depth, value, bound), with bound one of Bound.EXACT, Bound.LOWER and "
               "Bound.UPPER (from tictac_edu.search import Bound).", kind="wrong type", position=position,
               expected=(depth, value, bound), got=entry)
    stored_depth, stored_value, stored_bound = entry
    if stored_value != value:
        t.fail("The stored value is not the value the search returned.", position=position,
               expected=(depth, value, bound), got=entry)
    if stored_depth != depth:
        t.fail("The stored depth is not the depth the search looked ahead.", position=position,
               expected=(depth, value, bound), got=entry, mistake="cache_ignores_depth")
    if stored_bound != bound:
        policy, mistake = _store_policy(t)
        t.fail(f"{message} {policy}", position=position, expected=(depth, value, bound), got=entry, mistake=mistake,
               observed=policy)


STORE_RULE = (Bound.UPPER, Bound.UPPER, Bound.EXACT, Bound.LOWER, Bound.LOWER)
"""The bound of a value below alpha, equal to alpha, inside, equal to beta, above beta."""


def _store_policy(t: Context) -> tuple[str, str | None]:
    """The bound the learner's store gives a value in each place with respect to the window
    (0, 10), in words, and the mistake that explains the differences (if one does exactly)."""
    stored = []
    for value in PLACE_VALUES:
        table: dict = {}
        t.call(table, 1, 3, value, 0, 10, changes=(0,))
        entry = table.get(1)
        stored.append(entry[2] if isinstance(entry, tuple | list) and len(entry) == 3 else None)
    shown = ", ".join(f"{place} ({value}): {getattr(bound, 'name', bound)}"
                      for place, value, bound in zip(PLACES, PLACE_VALUES, stored, strict=True))
    text = f"Stored with the window (0, 10), your function gives a value {shown}."
    wrong = [index for index in range(5) if stored[index] != STORE_RULE[index]]
    swap = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER, Bound.EXACT: Bound.EXACT}
    if all(stored[index] == Bound.EXACT for index in wrong):
        return text, "cache_ignores_window"
    if all(stored[index] == swap[STORE_RULE[index]] for index in wrong):
        return text, "bound_swapped"
    return text, None


@store.case("a value inside the window is EXACT")
def _(t: Context) -> None:
    _check_store(t, 3, 5, 0, 10, Bound.EXACT, "0 < 5 < 10: the value is exact.", "bound_swapped")


@store.case("the full window (-inf, inf): EXACT")
def _(t: Context) -> None:
    _check_store(t, 9, 0, -INF, INF, Bound.EXACT, "With the full window every value is exact.", "bound_swapped")


@store.case("a value below alpha is an UPPER bound")
def _(t: Context) -> None:
    _check_store(t, 2, -1, 0, 10, Bound.UPPER, "No move reached alpha = 0: the true value is at most -1.",
                 "cache_ignores_window")


@store.case("a value equal to alpha is an UPPER bound")
def _(t: Context) -> None:
    _check_store(t, 2, 0, 0, 10, Bound.UPPER, "A search that returns exactly alpha failed low: the true value is "
                 "at most 0, it may be less.", "cache_ignores_window")


@store.case("a value above beta is a LOWER bound")
def _(t: Context) -> None:
    _check_store(t, 4, 12, 0, 10, Bound.LOWER, "The search was cut off at 12 >= beta = 10: the true value is at "
                 "least 12.", "cache_ignores_window")


@store.case("a value equal to beta is a LOWER bound")
def _(t: Context) -> None:
    _check_store(t, 4, 10, 0, 10, Bound.LOWER, "A value equal to beta cuts off: the true value is at least 10.",
                 "cache_ignores_window")


@store.case("any key and any numbers: a tuple key, fractions, an unlimited depth")
def _(t: Context) -> None:
    _check_store(t, 1, -3.5, -2, 2, Bound.UPPER, "-3.5 <= alpha = -2: an upper bound.", "cache_ignores_window",
                 key=("X", 7))
    _check_store(t, INF, 2.5, 2.5, 3, Bound.UPPER, "2.5 <= alpha = 2.5: an upper bound.", "cache_ignores_window",
                 key="a position")
    _check_store(t, 6, 0.25, -0.5, 0.5, Bound.EXACT, "-0.5 < 0.25 < 0.5: exact.", "bound_swapped", key=(0, 1))
    _check_store(t, 2, -INF, -INF, INF, Bound.UPPER, "-inf <= alpha = -inf: an upper bound.", "cache_ignores_window")
    _check_store(t, 2, INF, 0, INF, Bound.LOWER, "inf >= beta = inf: a lower bound.", "cache_ignores_window")
    _check_store(t, 0, 3, -INF, INF, Bound.EXACT, "Depth 0 (a leaf) is a depth like any other.", "bound_swapped")


@store.case("a new entry replaces the old one, deeper or shallower")
def _(t: Context) -> None:
    for old, depth in (((1, 3, Bound.LOWER), 2), ((6, 3, Bound.UPPER), 1), ((2, -4, Bound.EXACT), 2)):
        table: dict = {5: old}
        t.call(table, 5, depth, 1, -INF, INF, changes=(0,))
        if table.get(5) != (depth, 1, Bound.EXACT):
            t.fail("Storing a position again replaces its entry, whether the old one was searched deeper or not "
                   "(the docstring's store always replaces).", position=f"table = {{5: {old!r}}}\n"
                   f"store(table, 5, depth={depth}, value=1, alpha=-inf, beta=inf)", expected=(depth, 1, Bound.EXACT),
                   got=table.get(5), observed="The old entry was kept or mixed with the new one: "
                                              "`table[key] = (depth, value, bound)` replaces it.")


@store.case("a search with a table filled by your store gives the right values", expensive=True)
def _(t: Context) -> None:
    store_fn = lambda *args: t.call(*args, changes=(0,))  # noqa: E731
    _table_searches(t, _reference("probe"), store_fn)


# probe ------------------------------------------------------------------------------------------

PROBE_CALLS = (
    (None, 2, -INF, INF), ((3, 5, Bound.EXACT), 2, 0, 10), ((3, 5, Bound.EXACT), 3, 0, 10),
    ((2, 5, Bound.EXACT), 4, 0, 10), ((4, 5, Bound.LOWER), 3, 0, 3), ((4, 3, Bound.LOWER), 3, 0, 3),
    ((4, 5, Bound.LOWER), 3, 0, 10), ((4, 1, Bound.LOWER), 3, 2, 5), ((4, -2, Bound.UPPER), 3, 0, 10),
    ((4, 0, Bound.UPPER), 3, 0, 10), ((4, 4, Bound.UPPER), 3, 0, 10), ((4, 6, Bound.UPPER), 3, 2, 5),
    ((3, 5, Bound.LOWER), 3, 0, 3), ((3, -2, Bound.UPPER), 3, 0, 10), ((2, 5, Bound.LOWER), 3, 0, 3),
)


@probe.probes
def _() -> list:
    probes = []
    for entry, depth, alpha, beta in PROBE_CALLS:
        table: dict = {3: (9, 1, Bound.EXACT)}
        if entry is not None:
            table[77] = entry
        probes.append(call(table, 77, depth, alpha, beta))
    return probes


PLACES = ("below alpha", "equal to alpha", "inside the window", "equal to beta", "above beta")
"""Where a stored value can lie with respect to the window (0, 10)."""
PLACE_VALUES = (-3, 0, 5, 10, 13)
DEPTHS = ("shallower", "as deep", "deeper")
"""How deep the entry was searched, with respect to the depth asked for (3)."""
DEPTH_VALUES = (2, 3, 4)


def _probe_rule(bound: Bound, place: int, depth: int) -> bool:
    """Whether an entry answers (the exercise's rule): deep enough, and exact or a bound that
    falls outside the window on its own side."""
    if DEPTH_VALUES[depth] < 3:
        return False
    return bound == Bound.EXACT or (bound == Bound.LOWER and place >= 3) or (bound == Bound.UPPER and place <= 1)


def _probe_grid(t: Context) -> dict[tuple[Bound, int, int], bool]:
    """Whether the learner's probe answers, for each bound, place of the value and depth of the
    entry (window (0, 10), depth 3 asked); False also when it answers something else than the
    stored value."""
    grid = {}
    for bound in (Bound.EXACT, Bound.LOWER, Bound.UPPER):
        for place, value in enumerate(PLACE_VALUES):
            for depth, stored in enumerate(DEPTH_VALUES):
                table = {77: (stored, value, bound)}
                got = t.call(table, 77, 3, 0, 10, position=_probe_shown((stored, value, bound), 3, 0, 10))
                grid[(bound, place, depth)] = got is not None and got == value
    return grid


def _probe_shown(entry: tuple | None, depth: float, alpha: float, beta: float) -> str:
    key = 77
    return ((f"table = {{{key}: ({entry[0]}, {entry[1]}, Bound.{entry[2].name})}}\n" if entry else "table = {}\n") +
            f"probe(table, {key}, depth={depth}, alpha={alpha}, beta={beta})")


def _probe_policy(t: Context) -> tuple[str, str | None]:
    """How the learner's probe differs from the rule, in words, and the mistake that explains
    it (if one does exactly)."""
    grid = _probe_grid(t)
    wrong = [cell for cell, answers in grid.items() if answers != _probe_rule(*cell)]
    if not wrong:
        return "", None
    groups: dict[tuple[bool, Bound, int], list[str]] = {}
    for bound, place, depth in wrong:
        groups.setdefault((grid[(bound, place, depth)], bound, place), []).append(DEPTHS[depth])
    parts = []
    for answers in (True, False):
        items = [f"{bound.name} {PLACES[place]} ({', '.join(depths)})"
                 for (said, bound, place), depths in groups.items() if said == answers]
        if items:
            parts.append(("answers where it must give None: " if answers else "gives None where it must answer: ")
                         + "; ".join(items))
    text = ("Asked about every kind of entry (the window (0, 10), depth 3 asked; the entry searched shallower, as "
            "deep or deeper), your probe " + ", and ".join(parts) + ".")

    def only(test: Callable[[Bound, int, int], bool]) -> bool:
        return all(test(*cell) for cell in wrong)

    if only(lambda bound, place, depth: DEPTHS[depth] == "as deep") and not any(grid[cell] for cell in wrong):
        return text, "depth_equal"
    if only(lambda bound, place, depth: DEPTHS[depth] == "shallower"):
        return text, "cache_ignores_depth"
    swapped = {(bound, place, depth) for bound in (Bound.LOWER, Bound.UPPER) for place in range(5)
               for depth in (1, 2) if _probe_rule(bound, place, depth) != _probe_rule(
                   Bound.UPPER if bound == Bound.LOWER else Bound.LOWER, place, depth)}
    if set(wrong) == swapped:
        return text, "bound_swapped"
    if only(lambda bound, place, depth: bound != Bound.EXACT and grid[(bound, place, depth)]
            and DEPTHS[depth] != "shallower"):
        return text, "cache_ignores_window"
    return text, None


def _check_probe(t: Context, entry: tuple | None, depth: float, alpha: float, beta: float, expected: float | None,
                 message: str, mistake: str | None) -> None:
    key = 77
    table: dict = {3: (9, 1, Bound.EXACT)}
    if entry is not None:
        table[key] = entry
    shown = _probe_shown(entry, depth, alpha, beta)
    got = t.call(table, key, depth, alpha, beta, position=shown)
    t.expect_type(got, got is None or is_number(got), position=shown)
    if got == expected and (expected is None) == (got is None):
        return
    policy, found = _probe_policy(t)
    t.fail(f"{message} {policy}".strip(), position=shown, expected=expected, got=got, mistake=found,
           observed=policy or None)


@probe.case("an empty table: None")
def _(t: Context) -> None:
    _check_probe(t, None, 2, -INF, INF, None, "There is no entry for this key.", None)


@probe.case("an EXACT entry, deeper than needed: its value")
def _(t: Context) -> None:
    _check_probe(t, (3, 5, Bound.EXACT), 2, 0, 10, 5, "An exact value from a deeper search answers.", None)


@probe.case("an EXACT entry exactly as deep as needed: its value")
def _(t: Context) -> None:
    _check_probe(t, (3, 5, Bound.EXACT), 3, 0, 10, 5, "The entry looked 3 plies ahead, as deep as this search needs: "
                 "it answers.", "depth_equal")


@probe.case("an EXACT entry, not deep enough: None")
def _(t: Context) -> None:
    _check_probe(t, (2, 5, Bound.EXACT), 4, 0, 10, None, "The entry looked only 2 plies ahead; this search needs 4.",
                 "cache_ignores_depth")


@probe.case("a LOWER bound >= beta: its value")
def _(t: Context) -> None:
    _check_probe(t, (4, 5, Bound.LOWER), 3, 0, 3, 5, "The value is at least 5 >= beta = 3: the search is settled.",
                 "bound_swapped")


@probe.case("a LOWER bound equal to beta: its value")
def _(t: Context) -> None:
    _check_probe(t, (4, 3, Bound.LOWER), 3, 0, 3, 3, "The value is at least 3 = beta: enough to cut off.",
                 "bound_swapped")


@probe.case("a LOWER bound below beta: None")
def _(t: Context) -> None:
    _check_probe(t, (4, 5, Bound.LOWER), 3, 0, 10, None, "The value is at least 5, but it could be anything "
                 "from 5 up: inside the window (0, 10), that settles nothing.", "cache_ignores_window")


@probe.case("a LOWER bound below alpha: None")
def _(t: Context) -> None:
    _check_probe(t, (4, 1, Bound.LOWER), 3, 2, 5, None, "The value is at least 1, which says nothing about the "
                 "window (2, 5).", "bound_swapped")


@probe.case("an UPPER bound <= alpha: its value")
def _(t: Context) -> None:
    _check_probe(t, (4, -2, Bound.UPPER), 3, 0, 10, -2, "The value is at most -2 <= alpha = 0: settled.",
                 "bound_swapped")


@probe.case("an UPPER bound equal to alpha: its value")
def _(t: Context) -> None:
    _check_probe(t, (4, 0, Bound.UPPER), 3, 0, 10, 0, "The value is at most 0 = alpha: settled.", "bound_swapped")


@probe.case("an UPPER bound above alpha: None")
def _(t: Context) -> None:
    _check_probe(t, (4, 4, Bound.UPPER), 3, 0, 10, None, "The value is at most 4, inside the window (0, 10): "
                 "that settles nothing.", "cache_ignores_window")


@probe.case("an UPPER bound above beta: None")
def _(t: Context) -> None:
    _check_probe(t, (4, 6, Bound.UPPER), 3, 2, 5, None, "The value is at most 6, which says nothing about the "
                 "window (2, 5).", "bound_swapped")


@probe.case("bounds exactly as deep as needed settle the search too")
def _(t: Context) -> None:
    _check_probe(t, (3, 5, Bound.LOWER), 3, 0, 3, 5, "A LOWER bound of 5 >= beta = 3, searched 3 plies deep as this "
                 "search needs: settled.", "depth_equal")
    _check_probe(t, (3, -2, Bound.UPPER), 3, 0, 10, -2, "An UPPER bound of -2 <= alpha = 0, searched 3 plies deep as "
                 "this search needs: settled.", "depth_equal")


@probe.case("any numbers: an unlimited depth, infinite and fractional values, other keys in the table")
def _(t: Context) -> None:
    _check_probe(t, (INF, 0.5, Bound.EXACT), 7, -INF, INF, 0.5, "An entry searched to the end of the game (depth inf) "
                 "is deep enough for any search.", "cache_ignores_depth")
    _check_probe(t, (2, INF, Bound.LOWER), 2, 0, INF, INF, "A LOWER bound of inf >= beta = inf: settled.",
                 "bound_swapped")
    _check_probe(t, (2, -INF, Bound.UPPER), 2, -INF, 0, -INF, "An UPPER bound of -inf <= alpha = -inf: settled.",
                 "bound_swapped")
    _check_probe(t, (0, 2.5, Bound.UPPER), 0, 2.5, 3, 2.5, "An UPPER bound of 2.5 = alpha, depth 0 as asked: "
                 "settled.", "bound_swapped")


@probe.case("every kind of entry: each bound inside, at the edges of and outside the window, shallower, as deep, "
            "deeper")
def _(t: Context) -> None:
    policy, mistake = _probe_policy(t)
    if policy:
        t.fail(policy, position="window (0, 10), depth 3 asked; entries searched 2, 3 and 4 plies deep",
               expected="the rule of the docstring", got="see above", raw=True, mistake=mistake, observed=policy)


@probe.case("a search using your probe gives the right values", expensive=True)
def _(t: Context) -> None:
    probe_fn = lambda *args: _checked_probe(t, *args)  # noqa: E731
    _table_searches(t, probe_fn, _reference("store"))


def _checked_probe(t: Context, table: dict, key: Hashable, depth: float, alpha: float, beta: float) -> Any:
    got = t.call(table, key, depth, alpha, beta, changes=(0,))
    t.expect_type(got, got is None or is_number(got), position=f"probe(table, {key}, {depth}, {alpha}, {beta})")
    return got


# -- canonical_key --------------------------------------------------------------------------------

canonical_key = declare(
    "canonical_key", notebook="03",
    summary="one key for a board and its rotations and mirror images",
    returns="a hashable key (a tuple or a string)",
    reference="tictac_edu.exercises.solutions.nb03_ordering_memory:canonical_key",
    hints=[
        "Build the 8 versions of the board: 4 rotations (0, 90, 180, 270 degrees) and 4 mirror images "
        "(left-right, top-bottom, and the two diagonals). Then pick one of them in a fixed way.",
        "A symmetry can be written as a permutation of the cells: the new board's cell i is the old "
        "board's cell perm[i]. A quarter turn clockwise is (6, 3, 0, 7, 4, 1, 8, 5, 2).",
        "Turn each version into a string ('.' for an empty cell) and return the smallest with min(): "
        "all 8 versions of a board give the same smallest string.",
    ],
)

SYMMETRY_NAMES = ("unchanged", "rotated a quarter turn", "rotated half a turn", "rotated three quarters",
                  "mirrored left-right", "mirrored top-bottom", "mirrored in the diagonal 0, 4, 8",
                  "mirrored in the anti-diagonal 2, 4, 6")
"""The 8 symmetries of :data:`~tictac_edu.exercises.positions.BOARD_SYMMETRIES`, in words."""

_ASYMMETRIC = ["XO. ... ...", "X.. ..O .X.", "XX. .O. ..O", "OX. X.. ..X", ".X. ..O X.."]
_DIFFERENT = ["X.. ... ...", ".X. ... ...", "... .X. ...", "XO. ... ...", "X.. ..O ...", "X.. .O. ...",
              "XO. .X. ...", "X.O .X. ..."]


def _canonical(t: Context, board: Any) -> Hashable:
    key = t.call(board)
    try:
        hash(key)
    except TypeError:
        t.fail(f"canonical_key should return {canonical_key.returns}; it returned an unhashable "
               f"{type(key).__name__}.", kind="wrong type", position=board, expected=canonical_key.returns,
               got=key, mistake="unhashable_key")
    return key


def _partition(boards: list) -> Probe:
    """The probe: which of ``boards`` get the same key (the keys themselves may be anything)."""

    def probe(fn: Callable[..., Any]) -> tuple:
        first: dict = {}
        return tuple(first.setdefault(fn(board), index) for index, board in enumerate(boards))

    return probe


@canonical_key.probes
def _() -> list:
    boards = [list(permute(board_from(text), symmetry)) for text in _ASYMMETRIC[:3] for symmetry in range(8)]
    return [_partition(boards), _partition([board_from(text) for text in _DIFFERENT]),
            _partition([board_from("XO. .X. ..O"), tuple(board_from("XO. .X. ..O"))])]


def _symmetry_mistake(t: Context, board: list) -> str | None:
    """Which symmetries the learner's key misses on ``board`` (None if it handles all 8)."""
    keys = [_canonical(t, list(permute(board, symmetry))) for symmetry in range(8)]
    if len(set(keys)) == 1:
        return None
    rotations_agree = len({keys[i] for i in ROTATIONS}) == 1
    reflections_agree = all(keys[i] == keys[0] for i in REFLECTIONS)
    if rotations_agree and not reflections_agree:
        return "missing_reflections"
    if not rotations_agree:
        return "missing_rotations"
    return None


@canonical_key.case("a board and its 7 rotations and mirror images: one key")
def _(t: Context) -> None:
    for text in _ASYMMETRIC:
        board = board_from(text)
        mistake = _symmetry_mistake(t, board)
        if mistake is not None:
            keys = [_canonical(t, list(permute(board, s))) for s in range(8)]
            odd = [SYMMETRY_NAMES[s] for s in range(1, 8) if keys[s] != keys[0]]
            t.fail("These 8 boards are rotations and mirror images of each other, but got different keys: the board "
                   f"{', '.join(odd)} does not get the key of the board itself:\n"
                   + "\n".join(f"  {''.join('.' if c is None else c for c in permute(board, s))} -> {show_value(k)}"
                               for s, k in enumerate(keys)), position=board, mistake=mistake)


@canonical_key.case("boards that are not symmetric images: different keys")
def _(t: Context) -> None:
    keys: dict[Hashable, str] = {}
    for text in _DIFFERENT:
        key = _canonical(t, board_from(text))
        if key in keys:
            t.fail(f"The boards {keys[key]!r} and {text!r} are not rotations or mirror images of each other, "
                   "but got the same key.", position=board_from(text), got=key, mistake="key_too_coarse")
        keys[key] = text


@canonical_key.case("a list and a tuple of the same board: the same key")
def _(t: Context) -> None:
    board = board_from("XO. .X. ..O")
    if _canonical(t, list(board)) != _canonical(t, tuple(board)):
        t.fail("The same board as a list and as a tuple got different keys.", position=board)


@canonical_key.case("called again on the same boards: the same keys (nothing kept between calls)")
def _(t: Context) -> None:
    for text in _ASYMMETRIC[:2] * 2:
        first, second = _canonical(t, board_from(text)), _canonical(t, board_from(text))
        if first != second:
            t.fail("The same board, asked twice, got two different keys.", position=board_from(text),
                   expected=first, got=second)


@canonical_key.case("the 5,478 positions of tic-tac-toe fall into 765 classes", expensive=True)
def _(t: Context) -> None:
    classes = {_canonical(t, state.board) for state in all_tictactoe_positions()}
    if len(classes) == 765:
        return
    if len(classes) > 765:
        for text in _ASYMMETRIC:
            mistake = _symmetry_mistake(t, board_from(text))
            if mistake:
                break
        t.fail("Too many classes: some boards that are rotations or mirror images of each other got different "
               "keys.", expected="765 classes", got=f"{len(classes):,} classes", raw=True, mistake=mistake)
    t.fail("Too few classes: some boards that are not rotations or mirror images of each other got the same key.",
           expected="765 classes", got=f"{len(classes):,} classes", raw=True, mistake="key_too_coarse")


contract(
    "order_key",
    dimension("order", "three groups in order: the centre, then the corners, then the edges",
              "the empty board", "after X in a corner"),
    dimension("order", "equal keys within a group, so that sorting keeps the cell order 0, 2, 6, 8 and 1, 3, 5, 7",
              "the empty board", "after X on an edge"),
    dimension("inputs", "any position: some cells taken, any player to move", "after X in the centre",
              "after X on an edge", "60 positions"),
    dimension("repeats", "the same order in every position and when asked again", "60 positions"),
    dimension("cost", "the notebook's 7,275 nodes of alpha-beta with this order", "alpha-beta from the empty board"),
)

contract(
    "store",
    dimension("directions", "a value below alpha, equal to alpha, inside, equal to beta, above beta: UPPER, UPPER, "
              "EXACT, LOWER, LOWER", "a value below alpha", "a value equal to alpha", "a value inside",
              "a value equal to beta", "a value above beta"),
    dimension("numbers", "fractions, infinite values and windows, depth 0 and an unlimited depth, any hashable key",
              "any key and any numbers", "the full window"),
    dimension("repeats", "an entry replaced by a deeper and by a shallower one", "a new entry replaces the old one"),
    dimension("outputs", "the other entries of the table left alone; nothing returned", "a value inside the window"),
    dimension("cost", "a real search with the table gives the values of a search without it",
              "a search with a table filled by your store"),
)

contract(
    "probe",
    dimension("directions", "each bound kind inside, at the edges of and outside the window",
              "every kind of entry", "a LOWER bound", "an UPPER bound", "an EXACT entry"),
    dimension("directions", "an entry searched shallower, exactly as deep and deeper than asked",
              "every kind of entry", "an EXACT entry exactly as deep", "an EXACT entry, not deep enough",
              "bounds exactly as deep"),
    dimension("numbers", "an unlimited depth, infinite and fractional values", "any numbers"),
    dimension("inputs", "no entry for the key, other keys in the table", "an empty table", "any numbers"),
    dimension("cost", "a real search using it gives the values of a search without a table",
              "a search using your probe"),
)

contract(
    "canonical_key",
    dimension("shapes", "all 8 symmetries of the square: 4 rotations and 4 reflections",
              "a board and its 7 rotations"),
    dimension("directions", "one key per class, and different keys for different classes (both ways)",
              "a board and its 7 rotations", "boards that are not symmetric images", "the 5,478 positions"),
    dimension("inputs", "a list or a tuple of the same board", "a list and a tuple"),
    dimension("repeats", "the same board asked again: the same key", "called again on the same boards"),
    dimension("cost", "765 classes among the 5,478 positions", "the 5,478 positions"),
)


# -- pvs ------------------------------------------------------------------------------------------

pvs = declare(
    "pvs", notebook="03",
    summary="principal variation search: later moves tested with a null window, re-searched on a fail high",
    returns="a pair (value, nodes): a number and an int",
    reference="tictac_edu.exercises.solutions.nb03_ordering_memory:pvs",
    hints=[
        "Start from your alpha-beta of notebook 02 (negamax form, returning (value, nodes)). Only the search of "
        "the moves after the first changes.",
        "The first move: `pvs(child, -beta, -alpha)`, as alpha-beta. Every later move: first the null window, "
        "`pvs(child, -alpha - 1, -alpha)`, which only asks \"is this move better than alpha?\".",
        "After the null-window test, with `value` its negated result: if `alpha < value < beta`, the move may be "
        "the new best and its value is only a lower bound: search it again with `(-beta, -alpha)` and use that "
        "value. At or below alpha it is no better; at or above beta it cuts off anyway: no re-search.",
        "Count both searches of a re-searched move in `nodes`. From the empty board: value 0 and 18,016 nodes "
        "(alpha-beta: 18,297).",
    ],
)

PVS_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("pvs_no_research", {"research": "never"}, "taking the null-window value without a re-search"),
    ("pvs_research_fail_low", {"research": "below beta"},
     "re-searching every move that does not fail high above beta, fail lows included"),
    ("pvs_null_window_at_beta", {"null": "beta"}, "testing with the null window (beta - 1, beta) instead of "
                                                  "(alpha, alpha + 1)"),
)
"""The classic slips of the re-search rule, as options of :func:`pvs_variant`, and what each looks like."""


def pvs_variant(state: Any, alpha: float = -INF, beta: float = INF, *, research: str = "inside",
                null: str = "alpha") -> tuple[float, int]:
    """Principal variation search, ``(value, nodes)``; the options make it one classic slip:
    ``research`` is ``"inside"`` (right), ``"never"`` or ``"below beta"``; ``null`` is
    ``"alpha"`` (right: the window (alpha, alpha + 1)) or ``"beta"`` ((beta - 1, beta))."""
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = -INF, 1
    for index, move in enumerate(state.legal_moves()):
        child = state.play(move)
        if index == 0:
            value, count = pvs_variant(child, -beta, -alpha, research=research, null=null)
        else:
            low, high = (alpha, alpha + 1) if null == "alpha" else (beta - 1, beta)
            value, count = pvs_variant(child, -high, -low, research=research, null=null)
            again = {"inside": alpha < -value < beta, "never": False, "below beta": -value < beta}[research]
            if again:
                nodes += count
                value, count = pvs_variant(child, -beta, -alpha, research=research, null=null)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


@pvs.probes
def _() -> list:
    states = [GameTree(PVS_TREE), ttt(0, 3, 1, 4, 2), *random_positions(41, 10, 2, 6)]
    return [call(state) for state in states] + [call(state, -1, 1) for state in random_positions(42, 4, 3, 6)]


PVS_TREE: Tree = [[[3, 5], [6, 9]], [[1, 2], [0, -1]], [[8, 7], [4, 3]]]
"""A tree whose best move comes last: the third root move fails high inside the window and is re-searched."""


def _pvs_call(t: Context, state: Any, alpha: float = -INF, beta: float = INF) -> tuple[float, int]:
    got = t.call(state, alpha, beta)
    ok = isinstance(got, (tuple, list)) and len(got) == 2 and is_number(got[0]) and isinstance(got[1], int)
    t.expect_type(got, ok, position=state)
    return got[0], got[1]


def _check_pvs(t: Context, state: Any, alpha: float = -INF, beta: float = INF) -> None:
    """The value and node count of the course's PVS, or the slip that explains the answer."""
    got = _pvs_call(t, state, alpha, beta)
    right = pvs_variant(state, alpha, beta)
    if tuple(got) == right:
        return
    window = "the full window" if (alpha, beta) == (-INF, INF) else f"the window ({alpha:g}, {beta:g})"
    text = (f"Searched with {window}, PVS returns ({right[0]!r}, {right[1]:,} nodes) here; your function returned "
            f"({got[0]!r}, {got[1]!r} nodes).")
    common: dict[str, Any] = dict(position=state, expected=f"({right[0]!r}, {right[1]:,} nodes)",
                                  got=f"({got[0]!r}, {got[1]!r} nodes)", raw=True,
                                  reproduce=f"pvs({state.as_code()}, {alpha!r}, {beta!r})".replace("inf", "math.inf"))
    for mistake, change, looks in PVS_SLIPS:
        if pvs_variant(state, alpha, beta, **change) == tuple(got):
            t.fail(text + f" That is what {looks} gives.", mistake=mistake, **common)
    if got[0] == right[0]:
        t.fail(text + " The value is right, the node count is not: count one node per call, the re-searches "
                      "included.", mistake="node_count", **common)
    t.fail(text, **common, observed="The answer matches no classic slip of the re-search rule: first move "
                                    "(-beta, -alpha); later moves (-alpha - 1, -alpha), then (-beta, -alpha) again "
                                    "only if alpha < value < beta.")


@pvs.case("X has won, O to move: (-1, 1 node)")
def _(t: Context) -> None:
    _check_pvs(t, ttt(0, 3, 1, 4, 2))


@pvs.case("a tree whose best move comes last: a re-search")
def _(t: Context) -> None:
    _check_pvs(t, GameTree(PVS_TREE))


@pvs.case("40 positions: the minimax value")
def _(t: Context) -> None:
    for state in random_positions(43, 40, 3, 7):
        value, _ = _pvs_call(t, state)
        if value != solved(state):
            _check_pvs(t, state)


@pvs.case("exact node counts on 12 positions, and on 4x4 boards")
def _(t: Context) -> None:
    for state in [*random_positions(44, 12, 2, 5), *random_positions(45, 2, 9, 11, lambda: MNKGame(4, 4, 3))]:
        _check_pvs(t, state)


@pvs.case("called with a narrow window: bounds and node counts")
def _(t: Context) -> None:
    for state in random_positions(46, 6, 2, 5):
        for alpha, beta in ((-1, 0), (0, 1), (-1, 1)):
            _check_pvs(t, state, alpha, beta)


@pvs.case("the empty board: value 0 in 18,016 nodes", expensive=True)
def _(t: Context) -> None:
    _check_pvs(t, TicTacToe())


contract(
    "pvs",
    dimension("directions", "moves that fail low, fail high inside the window and fail high above beta",
              "a tree whose best move comes last", "exact node counts"),
    dimension("numbers", "narrow windows of whole numbers as well as the full window", "called with a narrow"),
    dimension("shapes", "tic-tac-toe, 4x4 boards and a textbook tree", "exact node counts", "a tree whose"),
    dimension("inputs", "finished positions (1 node) as well as open ones", "X has won, O to move"),
    dimension("cost", "every re-search counted: 18,016 nodes from the empty board", "the empty board"),
)
