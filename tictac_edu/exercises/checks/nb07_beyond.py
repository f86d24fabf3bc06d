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
            ucb1(*children[got], parent_visits, c), ucb1(*children[expected], parent_visits, c), rel_tol=1e-9):
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
