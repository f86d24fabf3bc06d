"""Notebook 07 (beyond alpha-beta): ``pair_scores`` (a fair match) and ``select_child`` (UCB1)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tictac_edu.agents import SearchAgent, difficulty_agent
from tictac_edu.arena import play_game as arena_game
from tictac_edu.evaluation import line_evaluation
from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import Probe, call
from tictac_edu.exercises.registry import Context, declare, is_int, is_number, show_value
from tictac_edu.games import TicTacToe, play_moves

# -- pair_scores ----------------------------------------------------------------------------------

pair_scores = declare(
    "pair_scores", notebook="07",
    summary="agent A's score in each pair of games: every opening twice, colours swapped",
    returns="a list of numbers, one per opening (0, 0.5, 1, 1.5 or 2)",
    reference="tictac_edu.exercises.solutions.nb07_beyond:pair_scores",
    hints=[
        "One pair per opening: `for opening in openings:`, and inside it TWO games from that same "
        "opening, `play_game(opening, True)` (A first) and `play_game(opening, False)` (B first).",
        "`play_game` returns the winner by name, \"A\" or \"B\", whoever moved first, or None for a draw. "
        "Score each game for A: 1 for \"A\", 0.5 for a draw (None), 0 for \"B\".",
        "Add the two games of a pair and append the sum: the list has one number per opening, in order.",
    ],
)

ABC = ("A", "B")


class Recorder:
    """A ``play_game`` for the check: it answers from a table of games and remembers how it was
    called."""

    def __init__(self, results: dict[tuple[Any, bool], str | None]) -> None:
        self.results = results
        self.calls: list[tuple[Any, bool]] = []

    def __call__(self, opening: Any, a_first: bool) -> str | None:
        if not isinstance(a_first, bool):
            raise TypeError(f"play_game(opening, a_first): a_first is True or False, not {a_first!r}")
        self.calls.append((opening, a_first))
        if (opening, a_first) not in self.results:
            raise KeyError(f"no such opening: {opening!r}")
        return self.results[(opening, a_first)]

    def __repr__(self) -> str:
        return "play_game"


def expected_pairs(results: dict[tuple[Any, bool], str | None], openings: Sequence[Any]) -> list[float]:
    """A's score per pair (the exercise's answer)."""
    points = {"A": 1.0, None: 0.5, "B": 0.0}
    return [points[results[(opening, True)]] + points[results[(opening, False)]] for opening in openings]


def _table(openings: Sequence[Any], rule: Callable[[Any, bool], str | None]) -> dict[tuple[Any, bool], str | None]:
    return {(opening, a_first): rule(opening, a_first) for opening in openings for a_first in (True, False)}


def _pairs_mistake(recorder: Recorder, openings: Sequence[Any], got: Any, expected: list[float],
                   results: dict[tuple[Any, bool], str | None]) -> str | None:
    sides = [(opening, a_first) for opening, a_first in recorder.calls]
    if sides and all(a_first for _, a_first in sides):
        return "colours_not_swapped"
    if len(recorder.calls) < 2 * len(openings) or any(sides.count((opening, True)) != 1 or
                                                      sides.count((opening, False)) != 1 for opening in openings):
        return "pairs_split"
    if isinstance(got, list) and len(got) == len(expected):
        no_draws = [sum(1.0 if results[(o, side)] == "A" else 0.0 for side in (True, False)) for o in openings]
        if got == no_draws:
            return "draws_as_losses"
        as_first = [(1.0 if results[(o, True)] == "A" else 0.5 if results[(o, True)] is None else 0.0) +
                    (1.0 if results[(o, False)] == "B" else 0.5 if results[(o, False)] is None else 0.0)
                    for o in openings]
        if got == as_first:
            return "winner_as_first_player"
    return None


def _expect_pairs(t: Context, results: dict[tuple[Any, bool], str | None], openings: Sequence[Any],
                  why: str = "") -> None:
    recorder = Recorder(results)
    shown = f"pair_scores(play_game, {show_value(list(openings))})  # play_game: " + ", ".join(
        f"{opening!r} with {'A' if a_first else 'B'} first -> {results[(opening, a_first)]!r}"
        for opening in list(openings)[:3] for a_first in (True, False)) + (" ..." if len(openings) > 3 else "")
    got = t.call(recorder, list(openings), position=shown)
    expected = expected_pairs(results, openings)
    if not isinstance(got, list | tuple) or not all(is_number(score) for score in got):
        t.fail(f"pair_scores should return a list of numbers, one per opening; it returned {show_value(got)}.",
               kind="wrong type", position=shown, expected=expected, got=got,
               mistake=_pairs_mistake(recorder, openings, got, expected, results))
    if list(got) == expected:
        played = sorted(recorder.calls, key=repr) == sorted(((o, side) for o in openings for side in (True, False)),
                                                            key=repr)
        if played:
            return
        t.fail("The scores are right, but the games played were not: each opening must be played exactly twice, "
               f"once with A first and once with B first. Calls made: {recorder.calls[:8]}.", position=shown,
               expected="two games per opening", got=f"{len(recorder.calls)} games", raw=True,
               mistake=_pairs_mistake(recorder, openings, got, expected, results))
    census, found = _points_census(t)
    mistake = _pairs_mistake(recorder, openings, got, expected, results)
    t.fail((why + " " if why else "") + f"Games played (opening, A first?): {recorder.calls[:8]}"
           + (" ..." if len(recorder.calls) > 8 else "") + "." + (" " + census if census else ""), position=shown,
           expected=expected, got=list(got), mistake=mistake or found, observed=census or None)


POINTS_CENSUS: tuple[tuple[str, str | None, str | None, float], ...] = (
    ("two wins of A", "A", "A", 2.0), ("two draws", None, None, 1.0), ("two losses of A", "B", "B", 0.0),
    ("A winning as first player and B winning as first player", "A", "B", 1.0),
    ("A winning as second player and B winning as second player", "B", "A", 1.0),
)
"""One pair of games each: (what, winner with A first, winner with B first, A's score)."""


def _points_census(t: Context) -> tuple[str, str | None]:
    """What the learner's function scores for simple pairs, in words, and the mistake it points
    to (if it points to one)."""
    wrong = {}
    for what, a_first, b_first, score in POINTS_CENSUS:
        recorder = Recorder({("p", True): a_first, ("p", False): b_first})
        got = t.call(recorder, ["p"], position=f"pair_scores(play_game, ['p'])  # {what}")
        value = got[0] if isinstance(got, list | tuple) and len(got) == 1 else got
        if value != score:
            wrong[what] = (score, value)
    if not wrong:
        return "", None
    text = "Asked about one pair, your function scores " + "; ".join(
        f"{what}: {show_value(value)} (not {score:g})" for what, (score, value) in wrong.items()) + "."
    if set(wrong) == {"two draws"} and wrong["two draws"][1] == 0:
        return text, "draws_as_losses"
    if set(wrong) == {POINTS_CENSUS[3][0], POINTS_CENSUS[4][0]}:
        return text, "winner_as_first_player"
    return text, None


@cache
def _tictactoe_results() -> tuple[tuple[tuple[tuple[int, ...], bool], str | None], ...]:
    """Real games: tic-tac-toe's hard level (A) against a one-ply search (B) from six openings of
    two moves (one X, one O), with A first and with B first; computed once, outside the
    learner's time."""
    openings = [(4, 0), (0, 4), (1, 7), (2, 6), (0, 8), (4, 8)]
    found = []
    for opening in openings:
        start = play_moves(TicTacToe(), opening)
        for a_first in (True, False):
            a = difficulty_agent(TicTacToe(), "hard")
            a.name = "A"
            b = SearchAgent(depth=1, evaluate=line_evaluation, name="B")
            record = arena_game(a, b, start) if a_first else arena_game(b, a, start)
            found.append(((opening, a_first), record.winner))
    return tuple(found)


@pair_scores.probes
def _() -> list[Probe]:
    def probe(rule: Callable[[Any, bool], str | None], openings: Sequence[Any]) -> Probe:
        results = _table(openings, rule)
        return lambda fn: tuple(fn(Recorder(results), list(openings)))

    return [probe(lambda o, a_first: "A" if a_first else "B", ["x", "y"]),
            probe(lambda o, a_first: "A", ["x", "y", "z"]),
            probe(lambda o, a_first: None, ["x"]),
            probe(lambda o, a_first: None if a_first else "A", ["x", "y"]),
            probe(lambda o, a_first: "B" if a_first else None, ["p", "q", "r", "s"]),
            probe(lambda o, a_first: {"x": "A", "y": None, "z": "B"}[o] if a_first else "B", ["x", "y", "z"])]


@pair_scores.case("the first player always wins: each side wins once a pair, 1 point a pair")
def _(t: Context) -> None:
    openings = ["a", "b", "c"]
    _expect_pairs(t, _table(openings, lambda opening, a_first: "A" if a_first else "B"), openings,
                  "Whoever moves first wins here, so each pair is a win and a loss for A: 1 point. Playing A first "
                  "in both games would score 2.")


@pair_scores.case("draws count one half, never a loss")
def _(t: Context) -> None:
    openings = ["a", "b"]
    _expect_pairs(t, _table(openings, lambda opening, a_first: None), openings, "Every game is a draw: 0.5 + 0.5 "
                  "= 1 point a pair.")
    _expect_pairs(t, _table(openings, lambda opening, a_first: None if a_first else "A"), openings,
                  "A draws as first player and wins as second: 1.5 a pair.")


@pair_scores.case("the winner is named, whoever moved first: \"B\" winning as first player is A's loss")
def _(t: Context) -> None:
    openings = ["a", "b", "c"]
    _expect_pairs(t, _table(openings, lambda opening, a_first: "B" if a_first else None), openings)
    _expect_pairs(t, _table(openings, lambda opening, a_first: "A"), openings, "A wins every game: 2 a pair.")


@pair_scores.case("each opening is one pair, in order: the two games of a pair are never split")
def _(t: Context) -> None:
    openings = ["a", "b", "c", "d"]
    rule = {"a": ("A", "A"), "b": (None, "B"), "c": ("B", "B"), "d": ("A", None)}
    _expect_pairs(t, _table(openings, lambda opening, a_first: rule[opening][0 if a_first else 1]), openings)
    _expect_pairs(t, _table(["only"], lambda opening, a_first: "A" if a_first else None), ["only"],
                  "One opening: one pair of two games.")


@pair_scores.case("openings that repeat: each pair scored on its own, in the order given")
def _(t: Context) -> None:
    openings = ["a", "b", "a", "a", "c"]
    rule = {"a": ("A", None), "b": ("B", "B"), "c": (None, "A")}
    _expect_pairs(t, _table(openings, lambda opening, a_first: rule[opening][0 if a_first else 1]), openings,
                  "A match can draw the same opening twice: each time it is a pair of its own (one number per "
                  "opening in the list, repeats included).")


@pair_scores.case("real games: tic-tac-toe's hard level (A) against a one-ply search (B)")
def _(t: Context) -> None:
    results = dict(_tictactoe_results())
    openings = sorted({opening for opening, _ in results})
    _expect_pairs(t, results, openings, "These are real games between two of the course's players, from six "
                  "openings of two moves.")


# -- select_child ---------------------------------------------------------------------------------

select_child = declare(
    "select_child", notebook="07",
    summary="the child UCB1 selects: its mean plus an exploration bonus, unvisited children first",
    returns="the index of a child (a whole number)",
    reference="tictac_edu.exercises.solutions.nb07_beyond:select_child",
    hints=[
        "Go through the children with `for index, (wins, visits) in enumerate(children)`. A child with "
        "`visits == 0` is returned at once: it has no mean yet, and dividing by its visits would fail.",
        "For the others: `wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits)`. "
        "`math.log` is the natural logarithm, as UCB1 wants. The wins are already from the point of view "
        "of the player choosing: use them as they are.",
        "Keep the best score and its index; replace them only on a strictly greater score (`>`), so that "
        "the first of equal children wins. Return the index, not the score or the pair.",
    ],
)


def ucb1(wins: float, visits: int, parent_visits: int, exploration: float) -> float:
    """The UCB1 score of one visited child (the exercise's formula)."""
    return wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits)


def _show_children(children: Sequence[tuple[float, int]], parent_visits: int, exploration: float | None) -> str:
    tail = "" if exploration is None else f", {exploration:g}"
    return f"select_child({list(children)}, {parent_visits}{tail})"


def _scores_text(children: Sequence[tuple[float, int]], parent_visits: int, exploration: float) -> str:
    parts = []
    for index, (wins, visits) in enumerate(children):
        if visits == 0:
            parts.append(f"{index}: unvisited")
            continue
        score = ucb1(wins, visits, parent_visits, exploration)
        parts.append(f"{index}: {wins / visits:.3f} + {score - wins / visits:.3f} = {score:.3f}")
    return "; ".join(parts)


SELECT_BATTERY: tuple[tuple[tuple[tuple[float, int], ...], int, float | None], ...] = (
    (((3, 4), (1, 2)), 6, None), (((3, 4), (0, 0)), 4, None), (((9, 10), (1, 10)), 20, None),
    (((9, 10), (1, 10)), 20, 0.1), (((5, 10), (5, 10)), 20, None), (((60, 100), (2, 5)), 105, None),
    (((60, 100), (2, 5)), 105, 0.5), (((7, 10), (30, 50), (1, 3)), 63, None), (((40, 50), (1, 2)), 52, 0.2),
    (((2, 10), (3, 10), (1, 10)), 30, 3.0), (((60, 100), (4, 15)), 115, None), (((9, 10), (3, 5)), 15, 10.0),
)
"""Small choices that tell the classic slips of UCB1 apart (each slip picks otherwise on some)."""


def _ucb1_variant(children: Sequence[tuple[float, int]], parent_visits: int, exploration: float, *,
                  explore: bool = True, flip: bool = False, last: bool = False, formula: str = "ucb1") -> int:
    """The child UCB1, or one classic slip of it, selects."""
    best, best_score = 0, -math.inf
    for index, (wins, visits) in enumerate(children):
        if visits == 0:
            return index
        mean = (visits - wins) / visits if flip else wins / visits
        ratio = math.log(parent_visits) / visits if formula != "log10" else math.log10(parent_visits) / visits
        bonus = ratio if formula == "no_sqrt" else math.sqrt(ratio)
        score = mean + (exploration * bonus if explore else 0.0)
        if score > best_score or (last and score == best_score):
            best, best_score = index, score
    return best


SELECT_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("no_exploration", {"explore": False}, "the best mean alone is picked (no exploration bonus)"),
    ("wrong_side_value", {"flip": True}, "the wins are read for the other player"),
    ("ties_last", {"last": True}, "the last of equal children is picked"),
    ("ucb1_formula", {"formula": "no_sqrt"}, "the bonus has no square root"),
    ("ucb1_formula", {"formula": "log10"}, "the bonus uses log10"),
    ("ucb1_formula", {"fixed": True}, "the exploration constant given is ignored"),
)


def _select_census(t: Context) -> tuple[str, str | None]:
    """The learner's picks on :data:`SELECT_BATTERY` that differ from UCB1, in words, and the
    slip that makes exactly her picks (if one does)."""
    picks = []
    for children, parent, exploration in SELECT_BATTERY:
        arguments: tuple[Any, ...] = (list(children), parent) if exploration is None else \
            (list(children), parent, exploration)
        picks.append(t.call(*arguments, position=_show_children(children, parent, exploration)))
    right = [_ucb1_variant(children, parent, math.sqrt(2) if c is None else c) for children, parent, c in
             SELECT_BATTERY]
    wrong = [index for index, (mine, truth) in enumerate(zip(picks, right, strict=True)) if mine != truth]
    if not wrong:
        return "", None
    shown = "; ".join(f"{_show_children(*SELECT_BATTERY[i])} -> {show_value(picks[i])}, not {right[i]}"
                      for i in wrong[:4])
    text = (f"Asked about a few small choices, your function picks otherwise than UCB1 on {len(wrong)} of "
            f"{len(SELECT_BATTERY)}: {shown}" + (" ..." if len(wrong) > 4 else "") + ".")
    for mistake, change, looks in SELECT_SLIPS:
        options = dict(change)
        fixed = options.pop("fixed", False)
        slip = [_ucb1_variant(children, parent, math.sqrt(2) if fixed or c is None else c, **options)
                for children, parent, c in SELECT_BATTERY]
        if slip == picks:
            return f"{text} That is what UCB1 gives when {looks}.", mistake
    return text, None


def _pick_text(children: Sequence[tuple[float, int]], parent_visits: int, exploration: float, got: Any,
               expected: int) -> str:
    """What the learner's pick is among the children: not a child, unvisited, the best mean..."""
    if not is_int(got) or not 0 <= got < len(children):
        return f"Your function returned {show_value(got)}, not the index of a child (0 to {len(children) - 1})."
    unvisited = [index for index, (_, visits) in enumerate(children) if visits == 0]
    if unvisited:
        return f"Child {unvisited[0]} is unvisited and comes first; your function picked child {got}."
    means = [wins / visits for wins, visits in children]
    scores = [ucb1(wins, visits, parent_visits, exploration) for wins, visits in children]
    if math.isclose(scores[got], scores[expected], rel_tol=1e-12):
        return f"Children {expected} and {got} have equal scores: the first of equal children is picked."
    if means[got] == max(means):
        return (f"Your function picked child {got}, the best mean (wins / visits); UCB1 picks child {expected}, the "
                "best mean + exploration bonus.")
    if means[got] == min(means):
        return f"Your function picked child {got}, the LOWEST mean."
    return f"Your function picked child {got}, with a UCB1 score of {scores[got]:.3f}, below child {expected}'s."


def _expect_child(t: Context, children: Sequence[tuple[float, int]], parent_visits: int,
                  exploration: float | None = None, why: str = "") -> None:
    c = math.sqrt(2) if exploration is None else exploration
    shown = _show_children(children, parent_visits, exploration)
    arguments: tuple[Any, ...] = (list(children), parent_visits) if exploration is None else \
        (list(children), parent_visits, exploration)
    got = t.call(*arguments, position=shown)
    t.expect_type(got, is_int(got), position=shown, mistake="index_not_score" if is_number(got) or
                  isinstance(got, tuple) else None)
    unvisited = [index for index, (_, visits) in enumerate(children) if visits == 0]
    expected = unvisited[0] if unvisited else max(
        range(len(children)), key=lambda index: (ucb1(*children[index], parent_visits, c), -index))
    if got == expected:
        return
    if not unvisited and 0 <= got < len(children) and got < expected and math.isclose(
            ucb1(children[got][0], children[got][1], parent_visits, c),
            ucb1(children[expected][0], children[expected][1], parent_visits, c), rel_tol=1e-9):
        return  # a tie within rounding: the first of (nearly) equal children is right too
    census, mistake = _select_census(t)
    seen = _pick_text(children, parent_visits, c, got, expected)
    t.fail((why + " " if why else "") + f"UCB1 scores (mean + bonus): {_scores_text(children, parent_visits, c)}. "
           + seen + (" " + census if census else ""), position=shown, expected=expected, got=got, mistake=mistake,
           observed=f"{seen} {census}".strip())


@select_child.probes
def _() -> list[Probe]:
    return [call([(3, 4), (1, 2)], 6), call([(3, 4), (0, 0)], 4), call([(0, 0), (0, 0)], 0),
            call([(9, 10), (1, 10)], 20), call([(9, 10), (1, 10)], 20, 0.1), call([(5, 10), (5, 10)], 20),
            call([(60, 100), (2, 5)], 105), call([(60, 100), (2, 5)], 105, 0.5), call([(1, 2), (2, 4)], 6),
            call([(7, 10), (30, 50), (1, 3)], 63), call([(0.5, 1), (0, 1), (1, 1)], 3),
            call([(40, 50), (1, 2)], 52, 0.2), call([(2, 10), (3, 10), (1, 10)], 30, 3.0),
            call([(60, 100), (4, 15)], 115)]


@select_child.case("an unvisited child comes first, before any visited one")
def _(t: Context) -> None:
    _expect_child(t, [(3, 4), (0, 0)], 4, why="Child 1 has never been visited: it is selected first.")
    _expect_child(t, [(0, 0), (0, 0), (2, 3)], 3, why="Two unvisited children: the first of them.")
    _expect_child(t, [(5, 5), (4, 5), (0, 0), (3, 5), (0, 0)], 15, why="Child 2 is the first unvisited one.")
    _expect_child(t, [(0, 0)] * 4, 0, why="At the very start no child has been visited: child 0.")


@select_child.case("the exploration bonus: a less visited child can beat a better mean")
def _(t: Context) -> None:
    _expect_child(t, [(3, 4), (1, 2)], 6, why="Child 1 has the lower mean but half the visits.")
    _expect_child(t, [(60, 100), (2, 5)], 105, why="Child 1's bonus for 5 visits outweighs child 0's mean.")
    _expect_child(t, [(7, 10), (30, 50), (1, 3)], 63)
    _expect_child(t, [(60, 100), (4, 15)], 115, why="A close call: with the natural logarithm child 1's bonus wins.")


@select_child.case("the wins are from the point of view of the player choosing: no sign to flip")
def _(t: Context) -> None:
    _expect_child(t, [(9, 10), (1, 10)], 20, why="Child 0 won 9 of 10 playouts for the player choosing: it is "
                  "the better move.")
    _expect_child(t, [(2, 10), (3, 10), (1, 10)], 30, why="Equal visits: the highest mean, child 1.")
    _expect_child(t, [(40, 50), (1, 2)], 52, 0.2, why="A small exploration constant: the mean decides.")


@select_child.case("the exploration constant is the one given: 0 exploits, a large one explores")
def _(t: Context) -> None:
    _expect_child(t, [(9, 10), (1, 10)], 20, 0.1)
    _expect_child(t, [(60, 100), (2, 5)], 105, 0.5)
    _expect_child(t, [(60, 100), (2, 5)], 105, 0.0, why="exploration = 0: the best mean alone.")
    _expect_child(t, [(9, 10), (3, 5)], 15, 10.0, why="A huge exploration constant: the least visited child.")


@select_child.case("equal scores: the first child")
def _(t: Context) -> None:
    _expect_child(t, [(5, 10), (5, 10)], 20, why="The two children are alike: the first.")
    _expect_child(t, [(1, 2), (2, 4), (1, 2)], 8)


@select_child.case("the default exploration constant is the square root of 2 (not 1, not the square root of 3)")
def _(t: Context) -> None:
    _expect_child(t, [(6, 6), (0, 1)], 7, why="With c = sqrt(2) child 1's bonus wins; with c = 1 it would not.")
    _expect_child(t, [(56, 56), (0, 5)], 61, why="With c = sqrt(2) child 0's mean wins; with c = sqrt(3) it would "
                  "not.")
    _expect_child(t, [(56, 56), (0, 5)], 61, math.sqrt(3), why="Given c = sqrt(3), child 1's bonus wins.")


@select_child.case("called again with the same children: the same child (nothing kept between calls)")
def _(t: Context) -> None:
    for children, parent in (([(3, 4), (1, 2)], 6), ([(3, 4), (0, 0)], 4), ([(3, 4), (1, 2)], 6)):
        _expect_child(t, children, parent)


@select_child.case("draws as halves, and random trees: as UCB1")
def _(t: Context) -> None:
    _expect_child(t, [(0.5, 1), (0, 1), (1, 1)], 3)
    rng = random.Random(71)
    for _ in range(200):
        visits = [rng.choice([1, 2, 3, 5, 10, 40, 200]) for _ in range(rng.randint(2, 7))]
        children = [(rng.randint(0, 2 * v) / 2, v) for v in visits]
        _expect_child(t, children, sum(visits) + rng.randint(0, 3), rng.choice([None, 0.5, 1.0, 2.0]))


contract(
    "pair_scores",
    dimension("numbers", "every pair score: 0, 0.5, 1, 1.5, 2 (a draw is a half)", "draws count one half",
              "the winner is named", "each opening is one pair"),
    dimension("directions", "both colours for each opening: A first and B first, the winner named whoever moved "
              "first", "the first player always wins", "the winner is named"),
    dimension("repeats", "openings that repeat in the list: a pair each, in order", "openings that repeat"),
    dimension("inputs", "one opening or several; real games between the course's players",
              "each opening is one pair", "real games"),
    dimension("cost", "exactly two games per opening", "the first player always wins", "each opening is one pair"),
)

contract(
    "select_child",
    dimension("numbers", "fractional wins (draws as halves), exploration 0, small and large; ties within rounding",
              "draws as halves", "the exploration constant is the one given", "equal scores"),
    dimension("directions", "exploit (the better mean) and explore (the less visited child)",
              "the exploration bonus", "the wins are from the point of view", "the exploration constant"),
    dimension("inputs", "unvisited children (first, several, all); the default exploration constant",
              "an unvisited child comes first", "the default exploration constant"),
    dimension("order", "of equal scores, the first child", "equal scores"),
    dimension("repeats", "the same children asked again", "called again"),
)


# -- elo_interval ---------------------------------------------------------------------------------

elo_interval = declare(
    "elo_interval", notebook="07",
    summary="the Elo difference and its 95% interval from wins, draws and losses (None: too few games)",
    returns="a tuple (elo, low, high) of floats, or None when the variance is 0",
    reference="tictac_edu.exercises.solutions.nb07_beyond:elo_interval",
    hints=[
        "First the score per game: `s = (wins + draws / 2) / n` with `n = wins + draws + losses`, and the Elo of a "
        "score: `-400 * math.log10(1 / s - 1)` (base 10, and minus). With no games, return None at once.",
        "The variance of ONE game's result around s: `(wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** "
        "2) / n`. If it is 0 (every game the same result) return None. The score's standard error is "
        "`math.sqrt(variance / n)`: divide by n before the square root.",
        "The interval is taken on the SCORE, then mapped: `low = elo(max(0, s - 1.96 * stderr))`, `high = "
        "elo(min(1, s + 1.96 * stderr))`, where your elo gives -inf for 0 and +inf for 1. Return `(elo(s), low, "
        "high)`.",
    ],
)

Z = 1.96


def elo_of(score: float) -> float:
    """The Elo difference of a score per game (the exercise's formula): -inf at 0, +inf at 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def expected_elo(wins: int, draws: int, losses: int) -> tuple[float, float, float] | None:
    """The answer of the exercise, computed from its formulas."""
    games = wins + draws + losses
    if not games:
        return None
    score = (wins + draws / 2) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    if variance == 0:
        return None
    stderr = math.sqrt(variance / games)
    return elo_of(score), elo_of(max(0.0, score - Z * stderr)), elo_of(min(1.0, score + Z * stderr))


def close(got: Any, expected: float) -> bool:
    """A float as the formula gives it, within rounding (infinities exactly)."""
    if not is_number(got):
        return False
    if math.isinf(expected) or math.isnan(float(got)):
        return float(got) == expected
    return math.isclose(float(got), expected, rel_tol=1e-9, abs_tol=1e-9)


def _rounded(value: Any) -> str:
    if is_number(value) and not math.isinf(float(value)):
        return f"{float(value):.2f}"
    return show_value(value)


def _triple_text(answer: Any) -> str:
    if isinstance(answer, tuple | list) and len(answer) == 3:
        return "(" + ", ".join(_rounded(value) for value in answer) + ")"
    return show_value(answer)


ELO_CENSUS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("7 wins, 3 losses", (7, 0, 3)), ("5 wins, 4 draws, 1 loss", (5, 4, 1)), ("1 win, 8 draws, 1 loss", (1, 8, 1)),
    ("2 wins, 8 losses", (2, 0, 8)), ("300 wins, 400 draws, 300 losses", (300, 400, 300)),
    ("9 wins, 1 loss (the interval reaches a score of 1)", (9, 0, 1)), ("4 wins, 0 games else", (4, 0, 0)),
    ("no games", (0, 0, 0)),
)
"""Simple records whose answers say which step of the computation goes wrong."""


def _elo_answer(t: Context, counts: tuple[int, int, int]) -> Any:
    shown = f"elo_interval({counts[0]}, {counts[1]}, {counts[2]})"
    got = t.call(*counts, position=shown)
    ok = got is None or (isinstance(got, tuple | list) and len(got) == 3 and all(is_number(v) for v in got))
    t.expect_type(got, ok, position=shown, mistake="elo_degenerate" if isinstance(got, tuple | list) and len(got) == 3
                  else None)
    return got


def _elo_matches(got: Any, expected: tuple[float, float, float] | None) -> bool:
    if expected is None or got is None:
        return got is None and expected is None
    return all(close(value, right) for value, right in zip(got, expected, strict=True))


def _elo_variant(counts: tuple[int, int, int], *, draw: float = 0.5, base: float = 10, sign: float = -1,
                 per_game: bool = True, binomial: bool = False, symmetric: bool = False, z: float = Z,
                 sample: bool = False, degenerate: bool = True) -> Any:
    """The computation with one classic slip (for naming the mistake a learner's answers show)."""
    wins, draws, losses = counts
    games = wins + draws + losses
    if not games:
        return None if degenerate else "raises"
    score = (wins + draw * draws) / games

    def elo(s: float) -> float:
        if s <= 0:
            return -math.inf if sign < 0 else math.inf
        if s >= 1:
            return math.inf if sign < 0 else -math.inf
        return sign * 400 * math.log(1 / s - 1, base)

    if binomial:
        variance = score * (1 - score)
    else:
        variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
        if sample:
            variance = variance * games / (games - 1) if games > 1 else math.inf
    if variance == 0:
        return None if degenerate else (elo(score),) * 3
    stderr = math.sqrt(variance / games) if per_game else math.sqrt(variance)
    if symmetric:
        margin = elo(min(1.0, score + z * stderr)) - elo(score)
        return elo(score), elo(score) - margin, elo(score) + margin
    return elo(score), elo(max(0.0, score - z * stderr)), elo(min(1.0, score + z * stderr))


ELO_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("elo_draw_half", {"draw": 0.0}, "draws counted as losses"),
    ("elo_draw_half", {"draw": 1.0}, "draws counted as wins"),
    ("elo_log10", {"base": math.e}, "the natural logarithm instead of log10"),
    ("elo_sign", {"sign": 1}, "+400 instead of -400"),
    ("elo_standard_error", {"per_game": False}, "the standard deviation of one game instead of the standard error"),
    ("elo_variance", {"binomial": True}, "the variance s(1 - s) of a game without draws"),
    ("elo_variance", {"sample": True}, "the variance divided by n - 1"),
    ("elo_interval_on_score", {"symmetric": True}, "an interval symmetric in Elo"),
    ("elo_z", {"z": 1.645}, "1.645 standard errors (a 90% interval)"),
    ("elo_z", {"z": 2.0}, "2 standard errors"),
    ("elo_degenerate", {"degenerate": False}, "an interval with no spread instead of None"),
)


def _elo_census(t: Context) -> tuple[str, str | None]:
    """The learner's answers on :data:`ELO_CENSUS` that differ, in words, and the slip that
    gives exactly her answers (if one does)."""
    answers, wrong = [], []
    for title, counts in ELO_CENSUS:
        try:
            got = _elo_answer(t, counts)
        except ZeroDivisionError:
            got = "raises"
        answers.append(got)
        if not _elo_matches(got, expected_elo(*counts)):
            wrong.append((title, counts, got))
    if not wrong:
        return "", None
    text = "Asked about a few records, your function answers " + "; ".join(
        f"{title}: {_triple_text(got)}, not {_triple_text(expected_elo(*counts))}" for title, counts, got in wrong) \
        + "."
    for mistake, change, looks in ELO_SLIPS:
        slipped = [_elo_variant(counts, **change) for _, counts in ELO_CENSUS]
        if all((mine == theirs) if isinstance(theirs, str) or theirs is None or mine is None else
               (isinstance(mine, tuple | list) and len(mine) == 3 and
                all(close(a, b) for a, b in zip(mine, theirs, strict=True)))
               for mine, theirs in zip(answers, slipped, strict=True)):
            return f"{text} That is what {looks} gives.", mistake
    return text, None


def _expect_elo(t: Context, counts: tuple[int, int, int], why: str = "") -> None:
    expected = expected_elo(*counts)
    got = _elo_answer(t, counts)
    if _elo_matches(got, expected):
        return
    wins, draws, losses = counts
    games = sum(counts)
    score = (wins + draws / 2) / games if games else None
    facts = f"{games} games" + (f", score {score:.3f} per game" if score is not None else "")
    if expected is None:
        seen = (f"With {facts} every game has the same result: the variance is 0, the games say nothing about the "
                f"spread, so the answer is None (too few games); your function returned {_triple_text(got)}.")
    elif got is None:
        seen = f"With {facts} the variance is not 0: there is an interval, {_triple_text(expected)}; your function " \
               "returned None."
    else:
        parts = [name for name, value, right in zip(("the Elo", "the low end", "the high end"), got, expected,
                                                    strict=True) if not close(value, right)]
        seen = f"With {facts}, {', '.join(parts)} differ{'s' if len(parts) == 1 else ''}: {_triple_text(got)}, not " \
               f"{_triple_text(expected)}."
    census, mistake = _elo_census(t)
    t.fail((why + " " if why else "") + seen + (" " + census if census else ""),
           position=f"elo_interval({wins}, {draws}, {losses})", expected=_triple_text(expected),
           got=_triple_text(got), raw=True, mistake=mistake, observed=census or seen)


@elo_interval.probes
def _() -> list[Probe]:
    return [call(*counts) for _, counts in ELO_CENSUS] + [call(6, 2, 2), call(0, 0, 7), call(1, 0, 0), call(3, 4, 3),
                                                          call(40, 10, 50), call(0, 10, 1)]


@elo_interval.case("the docstring's record: 6 wins, 2 draws, 2 losses: 147.2, from -33.4 to 504.0")
def _(t: Context) -> None:
    _expect_elo(t, (6, 2, 2), "7 points in 10 games: s = 0.7, Elo 147.2; the standard error 0.126 either side of "
                              "the score, mapped through the Elo function.")


@elo_interval.case("an even match: Elo 0, an interval symmetric around it")
def _(t: Context) -> None:
    for counts in ((5, 0, 5), (3, 4, 3), (1, 10, 1), (50, 0, 50)):
        _expect_elo(t, counts, "As many wins as losses: a score of 1/2 is Elo 0.")


@elo_interval.case("draws are half a point, and they narrow the interval (the trinomial variance)")
def _(t: Context) -> None:
    for counts in ((10, 80, 10), (5, 4, 1), (0, 10, 1), (2, 30, 0)):
        _expect_elo(t, counts, "A draw scores 1/2; a draw-heavy record varies less than one of wins and losses "
                               "with the same score.")


@elo_interval.case("a losing record: a negative Elo")
def _(t: Context) -> None:
    for counts in ((2, 0, 8), (1, 3, 6), (30, 10, 60)):
        _expect_elo(t, counts, "The player scored less than 1/2: its Elo difference is negative.")


@elo_interval.case("too few games: no games, or every game the same result (all wins, draws or losses): None")
def _(t: Context) -> None:
    for counts in ((0, 0, 0), (4, 0, 0), (0, 7, 0), (0, 0, 3), (1, 0, 0), (250, 0, 0)):
        _expect_elo(t, counts)


@elo_interval.case("an end of the interval beyond a score of 0 or 1: -inf or +inf")
def _(t: Context) -> None:
    for counts in ((9, 0, 1), (1, 0, 9), (19, 1, 0), (0, 1, 19)):
        _expect_elo(t, counts, "s +/- 1.96 standard errors leaves [0, 1]: that end is clamped, and a score of 1 is "
                               "+inf Elo, 0 is -inf.")


@elo_interval.case("many games: a narrow interval; whole numbers of any size")
def _(t: Context) -> None:
    for counts in ((520, 300, 480), (10_000, 5_000, 9_000), (123_456, 654_321, 111_111)):
        _expect_elo(t, counts)


@elo_interval.case("200 random records: as the formulas, within rounding")
def _(t: Context) -> None:
    rng = random.Random(73)
    for _ in range(200):
        counts = (rng.randint(0, 40), rng.choice([0, 0, rng.randint(0, 60)]), rng.randint(0, 40))
        _expect_elo(t, counts)


@elo_interval.case("called again on the same records: the same answers (nothing kept between calls)")
def _(t: Context) -> None:
    for counts in ((6, 2, 2), (4, 0, 0), (6, 2, 2), (0, 0, 0), (6, 2, 2)):
        _expect_elo(t, counts)


contract(
    "elo_interval",
    dimension("numbers", "whole numbers from 0 to hundreds of thousands; results of every sign of Elo, 0 included",
              "many games", "an even match", "a losing record", "200 random records"),
    dimension("numbers", "infinite ends where the interval leaves [0, 1]; floats compared within rounding",
              "an end of the interval", "200 random records"),
    dimension("directions", "the variance 0 (None: too few games) and not 0 (an interval), both ways",
              "too few games", "the docstring's record", "an end of the interval"),
    dimension("inputs", "draws: none, some, nearly all (the trinomial variance, not s(1 - s))",
              "draws are half a point", "an even match"),
    dimension("repeats", "the same record asked again", "called again"),
)


# -- backup: the MCTS-solver's back-up step --------------------------------------------------------

backup = declare(
    "backup", notebook="07",
    summary="the MCTS-solver's back-up: visits and wins along the path, sides alternating, then proofs upwards",
    returns="None (the tree given is changed: visits, wins and proven of the nodes on the path)",
    reference="tictac_edu.exercises.solutions.nb07_beyond:backup",
    hints=[
        "First the counting, from the last node up: `for name in reversed(path)`, add 1 to its visits and `result` "
        "to its wins, then `result = 1 - result`: the node above was entered by the other player.",
        "Then the proofs, from the end: a parent can change only if the child below it on the path is proven. "
        "Look at ALL the parent's children: one proven 1.0 makes the parent 0.0 (the player to move there wins).",
        "Otherwise the parent is proven only when `untried == 0` and no child's proven is None: then it is `1 - "
        "max(...)` of them. If the parent stays unproven, stop: nothing above can change. Never touch the last "
        "node's own proven.",
    ],
)

Tree = dict[str, dict[str, Any]]


def tree_copy(tree: Tree) -> Tree:
    """A copy of a tree of the exercise (each node a fresh dict, its children list copied)."""
    return {name: {**node, "children": list(node["children"])} for name, node in tree.items()}


def node(visits: int, wins: float, proven: float | None = None, children: Sequence[str] = (),
         untried: int = 0) -> dict[str, Any]:
    """A node of the exercise's trees."""
    return {"visits": visits, "wins": wins, "proven": proven, "children": list(children), "untried": untried}


def expected_backup(tree: Tree, path: Sequence[str], result: float) -> Tree:
    """The tree after the back-up, as the exercise describes it (on a copy)."""
    after = tree_copy(tree)
    for name in reversed(path):
        after[name]["visits"] += 1
        after[name]["wins"] += result
        result = 1 - result
    for depth in range(len(path) - 1, 0, -1):
        if after[path[depth]]["proven"] is None:
            break
        parent = after[path[depth - 1]]
        if parent["proven"] is None:
            proven = [after[child]["proven"] for child in parent["children"]]
            if 1.0 in proven:
                parent["proven"] = 0.0
            elif parent["untried"] == 0 and None not in proven:
                parent["proven"] = 1 - max(proven)  # type: ignore[type-var]
        if parent["proven"] is None:
            break
    return after


def tree_text(tree: Tree, path: Sequence[str]) -> str:
    """The tree as indented lines from the path's root, the path marked with ``*``."""
    lines: list[str] = []
    on_path = set(path)

    def show(name: str, depth: int) -> None:
        entry = tree[name]
        proven = "" if entry["proven"] is None else f", proven {entry['proven']:g}"
        untried = f", {entry['untried']} untried" if entry["untried"] else ""
        lines.append(f"{'  ' * depth}{'*' if name in on_path else ' '} {name}: {entry['visits']} visits, wins "
                     f"{entry['wins']:g}{proven}{untried}")
        for child in entry["children"]:
            if child in tree and depth < 6:
                show(child, depth + 1)

    show(path[0], 0)
    return "\n".join(lines[:40]) + ("\n  ..." if len(lines) > 40 else "")


def _differences(got: Tree, expected: Tree) -> list[str]:
    """What differs between two trees of the exercise, node by node, in words."""
    found = []
    for name, right in expected.items():
        mine = got.get(name)
        if not isinstance(mine, dict):
            found.append(f"{name}: missing")
            continue
        for key in ("visits", "wins", "proven"):
            value, want = mine.get(key), right[key]
            same = value is None and want is None if want is None or value is None else (
                is_number(value) and math.isclose(float(value), float(want), abs_tol=1e-9))
            if not same:
                found.append(f"{name}: {key} {show_value(value)}, not {show_value(want)}")
    return found


BACKUP_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("backup_side", {"alternate": False}, "every node getting the same result (the side never alternates)"),
    ("backup_side", {"start_flipped": True}, "the last node getting 1 - result (the alternation starts one node "
                                             "too high)"),
    ("backup_root", {"skip_root": True}, "the root not counted"),
    ("proof_side", {"win_proves_win": True}, "a child's proven win proving its parent a WIN"),
    ("proof_untried", {"ignore_untried": True}, "a node proven although some of its moves are untried"),
    ("proof_best", {"best_of": "min"}, "1 - min(...) instead of 1 - max(...)"),
    ("proof_draw", {"draws": False}, "only wins and losses proven, never a draw"),
    ("proof_climb", {"one_level": True}, "only the parent of the last node proven, never higher"),
)


def backup_variant(tree: Tree, path: Sequence[str], result: float, *, alternate: bool = True,
                   start_flipped: bool = False, skip_root: bool = False, win_proves_win: bool = False,
                   ignore_untried: bool = False, best_of: str = "max", draws: bool = True,
                   one_level: bool = False) -> Tree:
    """The back-up with one classic slip (on a copy): to name the mistake a learner's trees show."""
    after = tree_copy(tree)
    value = 1 - result if start_flipped else result
    for index, name in enumerate(reversed(path)):
        if not (skip_root and index == len(path) - 1):
            after[name]["visits"] += 1
            after[name]["wins"] += value
        if alternate:
            value = 1 - value
    for depth in range(len(path) - 1, 0, -1):
        if after[path[depth]]["proven"] is None:
            break
        parent = after[path[depth - 1]]
        if parent["proven"] is None:
            proven = [after[child]["proven"] for child in parent["children"]]
            if 1.0 in proven:
                parent["proven"] = 1.0 if win_proves_win else 0.0
            elif (ignore_untried or parent["untried"] == 0) and None not in proven:
                best = max(proven) if best_of == "max" else min(proven)  # type: ignore[type-var]
                if draws or best != 0.5:
                    parent["proven"] = 1 - best
        if parent["proven"] is None or one_level:
            break
    return after


def _backup_answer(t: Context, tree: Tree, path: Sequence[str], result: float) -> Tree:
    mine = tree_copy(tree)
    got = t.call(mine, list(path), result, changes=(0,), position=tree_text(tree, path))
    if got is not None:
        t.fail(f"backup changes the tree it is given and returns None; it returned {show_value(got)}.",
               kind="wrong type", position=tree_text(tree, path), expected=None, got=got,
               observed="End the function without `return ...`: the work is in the tree.")
    return mine


BACKUP_CENSUS: tuple[tuple[str, Tree, tuple[str, ...], float], ...] = ()
"""Small back-ups whose trees say which step goes wrong (filled below)."""


def _backup_census(t: Context) -> tuple[str, str | None]:
    """The learner's trees on :data:`BACKUP_CENSUS` that differ, in words, and the slip that
    gives exactly her trees (if one does)."""
    mine = []
    wrong = []
    for title, tree, path, result in BACKUP_CENSUS:
        after = _backup_answer(t, tree, path, result)
        mine.append(after)
        differences = _differences(after, expected_backup(tree, path, result))
        if differences:
            wrong.append(f"{title}: {'; '.join(differences[:3])}")
    if not wrong:
        return "", None
    text = "Asked about a few small back-ups, your function gives " + " | ".join(wrong) + "."
    for mistake, change, looks in BACKUP_SLIPS:
        if all(not _differences(after, backup_variant(tree, path, result, **change))
               for after, (_, tree, path, result) in zip(mine, BACKUP_CENSUS, strict=True)):
            return f"{text} That is what {looks} gives.", mistake
    return text, None


def _expect_backup(t: Context, tree: Tree, path: Sequence[str], result: float, why: str = "") -> None:
    after = _backup_answer(t, tree, path, result)
    expected = expected_backup(tree, path, result)
    differences = _differences(after, expected)
    untouched = [name for name in tree if name not in path and after.get(name) != tree[name]]
    if untouched:
        differences.append(f"nodes off the path changed: {', '.join(untouched[:4])}")
    if not differences:
        return
    census, mistake = _backup_census(t)
    seen = f"After backup(tree, {list(path)!r}, {result:g}): " + "; ".join(differences[:6]) + "."
    t.fail((why + " " if why else "") + seen + (" " + census if census else ""), position=tree_text(tree, path),
           expected="; ".join(f"{name}: {_node_text(expected[name])}" for name in path),
           got="; ".join(f"{name}: {_node_text(after.get(name, {}))}" for name in path), raw=True,
           mistake=mistake, observed=census or seen,
           reproduce=f"tree = {tree!r}; backup(tree, {list(path)!r}, {result!r}); tree")


def _node_text(entry: dict[str, Any]) -> str:
    return (f"{entry.get('visits')} visits, wins {show_value(entry.get('wins'))}, "
            f"proven {show_value(entry.get('proven'))}")


def _chain() -> Tree:
    """root -> a -> b -> leaf or c, with siblings: a proof of b stops at a, whose child d is open."""
    return {
        "root": node(10, 4.0, None, ["a", "x"], 0),
        "a": node(7, 3.0, None, ["b", "d"], 0),
        "x": node(3, 2.0, None, [], 3),
        "b": node(5, 2.5, None, ["leaf", "c"], 0),
        "d": node(1, 0.0, None, [], 2),
        "c": node(1, 1.0, 1.0, [], 0),
        "leaf": node(3, 1.5, 0.0, [], 0),
    }


def _climb() -> Tree:
    """root -> a -> b -> c, one child each, c a proven win: the proof climbs to the root."""
    return {"root": node(4, 2.0, None, ["a"], 0), "a": node(3, 1.0, None, ["b"], 0),
            "b": node(2, 1.0, None, ["c"], 0), "c": node(1, 1.0, 1.0, [], 0)}


BACKUP_CENSUS = (
    ("an open leaf, a win", {"r": node(4, 2.0, None, ["p", "q"], 1), "p": node(2, 1.0, None, ["l"], 2),
                             "q": node(1, 0.0, None, [], 3), "l": node(1, 1.0, None, [], 4)},
     ("r", "p", "l"), 1.0),
    ("a proven win below", {"r": node(2, 1.0, None, ["p"], 2), "p": node(1, 0.0, 1.0, [], 0)}, ("r", "p"), 1.0),
    ("all children losses, none untried", {"r": node(3, 1.0, None, ["p", "q"], 0),
                                          "p": node(1, 0.0, 0.0, [], 0), "q": node(1, 0.0, 0.0, [], 0)},
     ("r", "q"), 0.0),
    ("all children losses, one move untried", {"r": node(3, 1.0, None, ["p", "q"], 1),
                                              "p": node(1, 0.0, 0.0, [], 0), "q": node(1, 0.0, 0.0, [], 0)},
     ("r", "q"), 0.0),
    ("a draw and a loss below", {"r": node(3, 1.0, None, ["p", "q"], 0), "p": node(1, 0.5, 0.5, [], 0),
                                 "q": node(1, 0.0, 0.0, [], 0)}, ("r", "p"), 0.5),
    ("a proof that stops below an open node", _chain(), ("root", "a", "b", "c"), 1.0),
    ("a proof that climbs to the root", _climb(), ("root", "a", "b", "c"), 1.0),
)


@backup.probes
def _() -> list[Probe]:
    def probe(tree: Tree, path: tuple[str, ...], result: float) -> Probe:
        def ask(fn: Callable[..., Any]) -> Any:
            mine = tree_copy(tree)
            fn(mine, list(path), result)
            return tuple((name, mine[name]["visits"], mine[name]["wins"], mine[name]["proven"]) for name in path)
        return ask

    return [probe(tree, path, result) for _, tree, path, result in BACKUP_CENSUS] + [
        probe(_chain(), ("root", "a", "b", "leaf"), 0.0), probe(_chain(), ("root", "x"), 0.5)]


@backup.case("a playout from an open leaf: visits + 1 on the path, wins for the player who moved into each node")
def _(t: Context) -> None:
    title, tree, path, result = BACKUP_CENSUS[0]
    _expect_backup(t, tree, path, result, "The last node gets the result (1: a win for the player who moved into "
                                          "it), its parent 1 - result, the root result again.")
    _expect_backup(t, tree, path, 0.0, "A loss for the player who moved into the last node: 0 there, 1 above it.")


@backup.case("a draw adds 1/2 to every node of the path")
def _(t: Context) -> None:
    _, tree, path, _ = BACKUP_CENSUS[0]
    _expect_backup(t, tree, path, 0.5)


@backup.case("a child proven a win proves its parent a loss")
def _(t: Context) -> None:
    _, tree, path, result = BACKUP_CENSUS[1]
    _expect_backup(t, tree, path, result, "The player to move at the parent has a winning move (the child proven "
                                          "1.0): whoever moved into the parent has lost, 0.0.")


@backup.case("a loss is proven only when every move is expanded and every child proven")
def _(t: Context) -> None:
    for _, tree, path, result in BACKUP_CENSUS[2:4]:
        _expect_backup(t, tree, path, result, "Every child a loss for the player to move at the parent makes the "
                                              "parent a win for whoever moved into it, 1.0, but only once no move "
                                              "is left untried.")


@backup.case("a proven draw: every child proven, the best of them a draw")
def _(t: Context) -> None:
    _, tree, path, result = BACKUP_CENSUS[4]
    _expect_backup(t, tree, path, result, "The best the player to move can do is a draw: the parent is 1 - 0.5.")


@backup.case("the proof climbs as far as it can, and stops at the first node it cannot prove")
def _(t: Context) -> None:
    _, tree, path, result = BACKUP_CENSUS[6]
    _expect_backup(t, tree, path, result, "c is a proven win: b is lost (0.0); a's only move leads to b, lost for "
                                          "the player to move there, so a is a win (1.0); the root's only move "
                                          "leads to a: the root is lost (0.0).")
    _, tree, path, result = BACKUP_CENSUS[5]
    _expect_backup(t, tree, path, result, "c is a proven win: b is lost (0.0); a's other child d is not proven, so "
                                          "a stays unproven, and the climb stops: the root is not touched.")
    _expect_backup(t, _chain(), ("root", "a", "b", "leaf"), 0.0, "leaf is a proven loss, but b's other child c "
                   "is a proven win: b is lost at once, whatever leaf is; a stays unproven.")


@backup.case("a path of the root alone, and a path ending on an unproven node: nothing to prove")
def _(t: Context) -> None:
    _expect_backup(t, {"root": node(0, 0.0, None, [], 9)}, ("root",), 1.0)
    _expect_backup(t, _chain(), ("root", "x"), 0.5)


@cache
def solver_backups() -> tuple[tuple[Tree, tuple[str, ...], float, Tree], ...]:
    """Real back-ups of the package's MCTS-solver on tic-tac-toe positions: the tree before, the
    path, the result and the tree after the package's own back-up (computed once)."""
    from tictac_edu.search.mcts import MCTSSolver, reward

    found: list[tuple[Tree, tuple[str, ...], float, Tree]] = []

    class Recording(MCTSSolver):
        def backup(self, path: list, winner: Any) -> None:
            before = _as_tree(self.root)
            names = tuple(_node_name(self.root, entry) for entry in path)
            super().backup(path, winner)
            found.append((before, names, reward(winner, path[-1].mover), _as_tree(self.root)))

    for seed, moves in ((1, (4, 0)), (2, (0, 4, 8)), (3, (4, 1, 0)), (4, ())):
        Recording(seed=seed).search(play_moves(TicTacToe(), list(moves)), playouts=150)
    return tuple(found[::9])


def _node_name(root: Any, entry: Any) -> str:
    moves = []
    while entry is not root and entry is not None:
        moves.append(str(entry.move))
        entry = _parents[id(entry)] if id(entry) in _parents else None
    return "root" if not moves else " ".join(reversed(moves))


_parents: dict[int, Any] = {}


def _as_tree(root: Any) -> Tree:
    """The package's MCTS tree as a tree of the exercise, nodes named by their moves from the root."""
    tree: Tree = {}

    def visit(entry: Any, name: str) -> None:
        names = []
        for child in entry.children:
            _parents[id(child)] = entry
            child_name = str(child.move) if name == "root" else f"{name} {child.move}"
            names.append(child_name)
            visit(child, child_name)
        tree[name] = node(entry.visits, float(entry.wins), entry.proven, names, len(entry.untried))

    visit(root, "root")
    return tree


@backup.case("real back-ups of the package's MCTS-solver on tic-tac-toe: the same trees")
def _(t: Context) -> None:
    for before, path, result, after in solver_backups():
        expected = expected_backup(before, path, result)
        assert not _differences(after, expected), "the exercise's rule differs from the package's MCTS-solver"
        _expect_backup(t, before, path, result, "A back-up of the package's MCTS-solver, from a real search.")


@backup.case("two back-ups in a row on the same tree: the second builds on the first")
def _(t: Context) -> None:
    _, tree, path, result = BACKUP_CENSUS[0]
    once = expected_backup(tree, path, result)
    _expect_backup(t, tree, path, result)
    _expect_backup(t, once, path, 0.5, "The tree as the first back-up left it, backed up again.")


contract(
    "backup",
    dimension("numbers", "results 1, 1/2 and 0; wins as halves; proven values 1.0, 0.5 and 0.0",
              "a playout from an open leaf", "a draw adds 1/2", "a proven draw"),
    dimension("directions", "the side alternates from the last node up, both ways (a win and a loss below)",
              "a playout from an open leaf"),
    dimension("order", "a win below proves a loss at once; a loss or a draw only with every move expanded and "
              "every child proven", "a child proven a win", "a loss is proven only", "a proven draw"),
    dimension("shapes", "paths of one node to four; proofs that climb, and that stop", "a path of the root alone",
              "the proof climbs", "real back-ups"),
    dimension("repeats", "two back-ups in a row on the same tree", "two back-ups in a row"),
    dimension("inputs", "real trees of the package's MCTS-solver", "real back-ups"),
)


# -- chance_node ----------------------------------------------------------------------------------

chance_node = declare(
    "chance_node", notebook="07",
    summary="a chance node's value in negamax form: the replies' values, negated, weighted by their probabilities",
    returns="a number (the chance node's value for its player to move)",
    reference="tictac_edu.exercises.solutions.nb07_beyond:chance_node",
    hints=[
        "A chance node does not choose a reply, it averages over them: every reply counts, each as much as its "
        "probability says. Go through them with `for probability, value in replies:`.",
        "Each value is for the player to move AFTER the reply (the searching player). Turn it round to the "
        "opponent's point of view, `-value`, as negamax does at every node, and multiply by its probability.",
        "Add up `probability * -value` over every reply and return the sum. Do not divide by the number of "
        "replies: the probabilities already sum to 1.",
    ],
)

Replies = tuple[tuple[float, float], ...]

CHANCE_BATTERY: tuple[Replies, ...] = (
    ((1.0, 3),), ((0.5, 2), (0.5, 6)), ((0.75, 4), (0.25, 0)), ((0.2, -5), (0.8, 5)), ((0.0, 100), (1.0, 1)),
    ((0.1, 10), (0.6, -2), (0.3, 1)), ((0.25, 1), (0.25, 2), (0.25, 3), (0.25, 10)),
)
"""Small chance nodes that tell the classic slips apart (each slip answers otherwise on some)."""


def expected_chance(replies: Sequence[Sequence[float]]) -> float:
    """The chance node's value for its player to move (the exercise's answer)."""
    return math.fsum(probability * -value for probability, value in replies)


CHANCE_SLIPS: tuple[tuple[str, Callable[[Sequence[Sequence[float]]], float], str], ...] = (
    ("chance_no_flip", lambda replies: -expected_chance(replies), "the values are not negated"),
    ("chance_unweighted", lambda replies: sum(-value for _, value in replies) / len(replies),
     "every reply counts alike, whatever its probability"),
    ("chance_divided", lambda replies: expected_chance(replies) / len(replies),
     "the weighted sum is divided by the number of replies"),
    ("chance_min", lambda replies: max(-value for _, value in replies),
     "the opponent's best reply is taken, as at a MIN node"),
    ("chance_min", lambda replies: min(-value for _, value in replies), "the opponent's worst reply is taken"),
    ("chance_likeliest", lambda replies: -max(replies, key=lambda reply: reply[0])[1],
     "only the most likely reply counts"),
)
"""The classic slips: (mistake, what the slip computes, in words)."""


def _close(got: Any, expected: float) -> bool:
    return is_number(got) and math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9)


def _show_replies(replies: Sequence[Sequence[float]]) -> str:
    shown = [tuple(reply) if isinstance(reply, tuple) else list(reply) for reply in replies]
    return f"chance_node({show_value(shown)})"


def _chance_census(t: Context) -> tuple[str, str | None]:
    """The learner's answers on :data:`CHANCE_BATTERY` that differ from the expectation, in
    words, and the slip that gives exactly her answers (if one does)."""
    answers = [t.call(list(replies), position=_show_replies(replies)) for replies in CHANCE_BATTERY]
    wrong = [index for index, (got, replies) in enumerate(zip(answers, CHANCE_BATTERY, strict=True))
             if not _close(got, expected_chance(replies))]
    if not wrong:
        return "", None
    shown = "; ".join(f"{_show_replies(CHANCE_BATTERY[i])} -> {show_value(answers[i])}, not "
                      f"{expected_chance(CHANCE_BATTERY[i]):g}" for i in wrong[:3])
    text = (f"Asked about a few small chance nodes, your function answers otherwise on {len(wrong)} of "
            f"{len(CHANCE_BATTERY)}: {shown}" + (" ..." if len(wrong) > 3 else "") + ".")
    for mistake, slip, looks in CHANCE_SLIPS:
        if all(_close(got, slip(replies)) for got, replies in zip(answers, CHANCE_BATTERY, strict=True)):
            return f"{text} That is what a chance node gives when {looks}.", mistake
    return text, None


def _expect_chance(t: Context, replies: Sequence[Sequence[float]], why: str = "") -> None:
    shown = _show_replies(replies)
    given = [tuple(reply) if isinstance(reply, tuple) else list(reply) for reply in replies]
    got = t.call(given, position=shown)
    t.expect_type(got, is_number(got), position=shown)
    expected = expected_chance(replies)
    if _close(got, expected):
        return
    census, mistake = _chance_census(t)
    terms = " + ".join(f"{probability:g} * -({value:g})" for probability, value in replies)
    t.fail((why + " " if why else "") + f"The expectation for the player at the chance node: {terms} = "
           f"{expected:g}." + (" " + census if census else ""), position=shown, expected=expected, got=got,
           mistake=mistake, observed=census or None)


@chance_node.probes
def _() -> list[Probe]:
    return [call([tuple(reply) for reply in replies]) for replies in CHANCE_BATTERY] + [
        call([(1 / 3, 3), (1 / 3, 6), (1 / 3, 9)]), call([(0.9, 0), (0.1, -10)])]


@chance_node.case("one reply: its value, turned round to the opponent's point of view")
def _(t: Context) -> None:
    _expect_chance(t, [(1.0, 3)], "One reply, certain: the chance node is worth minus its value to the opponent.")
    _expect_chance(t, [(1.0, -2)])
    _expect_chance(t, [(1, 0.5)])


@chance_node.case("equally likely replies: minus the mean of their values")
def _(t: Context) -> None:
    _expect_chance(t, [(0.5, 2), (0.5, 6)])
    _expect_chance(t, [(1 / 3, 3), (1 / 3, 6), (1 / 3, 9)], "Three replies, each one time in three.")
    _expect_chance(t, [(0.25, 1), (0.25, 2), (0.25, 3), (0.25, 10)])


@chance_node.case("a likely reply counts more: each value weighted by its probability")
def _(t: Context) -> None:
    _expect_chance(t, [(0.75, 4), (0.25, 0)], "The first reply is three times as likely as the second.")
    _expect_chance(t, [(0.1, 10), (0.6, -2), (0.3, 1)])
    _expect_chance(t, [(0.9, 0), (0.1, -10)], "A reply one time in ten still counts, a tenth as much.")


@chance_node.case("values of both signs, and a reply of probability 0 that counts for nothing")
def _(t: Context) -> None:
    _expect_chance(t, [(0.2, -5), (0.8, 5)])
    _expect_chance(t, [(0.0, 100), (1.0, 1)], "The model rules the first reply out: its 100 counts for nothing.")
    _expect_chance(t, [(0.5, 0), (0.0, -1000000), (0.5, 2)])


@cache
def package_chance_nodes() -> tuple[tuple[Replies, float], ...]:
    """Real chance nodes of the package's expectimax on tic-tac-toe: the replies' values (for
    the player to move after each reply) and the package's value of the node for the player to
    move at it (computed once, outside the learner's time)."""
    from tictac_edu.search import UniformModel, alphabeta, expectimax
    from tictac_edu.search.expectimax import EpsilonGreedyModel, OpponentModel

    found: list[tuple[Replies, float]] = []
    models: tuple[OpponentModel, ...] = (UniformModel(), EpsilonGreedyModel(lambda state: alphabeta(state).move, 0.3))
    for moves, model in zip(((0, 4), (4, 1, 0), (1, 4, 8, 0)), models + models[:1], strict=True):
        root = play_moves(TicTacToe(), list(moves))
        searched = expectimax(root, model)
        for move in root.legal_moves()[:3]:
            node = root.play(move)
            replies = tuple((probability, float(expectimax(node.play(reply), model).value or 0.0))
                            for reply, probability in model.distribution(node))
            found.append((replies, -searched.move_values[move]))
    return tuple(found)


@chance_node.case("real chance nodes of the package's expectimax on tic-tac-toe: the same values")
def _(t: Context) -> None:
    for replies, package_value in package_chance_nodes():
        assert math.isclose(expected_chance(replies), package_value, abs_tol=1e-9), \
            "the exercise's rule differs from the package's expectimax"
        _expect_chance(t, replies, "A chance node of the package's expectimax, after one of X's moves; the values "
                       "are the package's, for X, to move after each of O's replies.")


@chance_node.case("the replies are left as they were, given as tuples or as lists")
def _(t: Context) -> None:
    _expect_chance(t, [[0.5, 1], [0.5, 3]], "Pairs given as lists: read them as they are.")
    _expect_chance(t, ((0.6, -1), (0.4, 4)), "The replies given as a tuple of pairs.")


contract(
    "chance_node",
    dimension("numbers", "probabilities as floats, whole numbers and thirds; values of both signs, whole or not",
              "one reply", "equally likely", "values of both signs"),
    dimension("directions", "each value for the player after the reply in, the chance node's for the player at it "
              "out", "one reply", "values of both signs"),
    dimension("order", "the weights: a likely reply counts more, one of probability 0 counts for nothing",
              "a likely reply", "values of both signs"),
    dimension("shapes", "one reply to four", "one reply", "equally likely"),
    dimension("inputs", "real chance nodes of the package's expectimax, two models", "real chance nodes"),
    dimension("outputs", "a number; the replies unchanged, pairs as tuples or lists", "the replies are left"),
)
