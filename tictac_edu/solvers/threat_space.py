"""Threat spaces for proof-number search: gomoku's and renju's moves restricted to threats.

Allis proved gomoku by searching threats only: the attacker plays fours (and, for a VCT, open
threes), the defender the replies that could stop them. :func:`threat_moves` gives that
restriction as a ``moves(state)`` function for :func:`~tictac_edu.search.proofnumber.dfpn`
and :func:`~tictac_edu.search.proofnumber.proof_number_search`, which know nothing of gomoku:

* anyone who can make five does (:func:`~tictac_edu.solvers.threats.win_in_one`);
* the attacker facing the defender's four blocks it, and only if the block is itself a threat
  (the attack must keep the initiative); else she plays a four or, with ``threes``, an open
  three, never a point forbidden to her;
* the defender facing a four blocks it (:func:`~tictac_edu.solvers.threats.must_block`); a
  defender whose every block is forbidden has no reply, and the attacker wins;
* the defender facing a three answers on any point that stops the open four it threatens (the
  attacker's winning points, where she would make two five points, and those points' five
  points) or with a four of her own.

A proof of the restricted tree is a proof of the game: any other reply to a four loses to the
five, any other reply to a three to the open four. One defence is left out, so the restriction
refuses it: under renju, a white stone that makes the point a black three needs forbidden to
Black (:mod:`tictac_edu.solvers.threats` tries those); black threes under renju are refused.
"""

from __future__ import annotations

from collections.abc import Callable

from tictac_edu.evaluation.gomoku import BLACK_STONE, WHITE_STONE, candidate_points
from tictac_edu.games.base import Player
from tictac_edu.games.gomoku import BLACK, Gomoku, Point
from tictac_edu.solvers.threats import RELEVANT_REACH, ThreatSearch, must_block, win_in_one

THREAT_RADIUS = 2
"""Fours, threes and counter-fours are made within this many points of a stone of their colour."""


def _colour(player: Player) -> int:
    return BLACK_STONE if player == BLACK else WHITE_STONE


def _legal(state: Gomoku, points: list[Point], player: Player) -> list[Point]:
    """``points`` without those forbidden to ``player`` (renju's Black)."""
    if state.rule != "renju" or player != BLACK:
        return points
    search = ThreatSearch(state, player)
    return [(x, y) for x, y in points if not search.forbidden(y * state.size + x, BLACK_STONE)]


def threats_of(state: Gomoku, player: Player, threes: bool) -> list[Point]:
    """The points where ``player`` makes a four (those making two five points first) and, with
    ``threes``, an open three; none forbidden to her. ``player`` need not be the one to move."""
    search = ThreatSearch(state, player)
    colour, size = _colour(player), state.size
    fours: list[tuple[int, Point]] = []
    three_points: list[Point] = []
    for x, y in candidate_points(state, THREAT_RADIUS):
        shapes = search.shapes(y * size + x, colour)
        made = sum(len(shape.five_points) for shape in shapes)
        if made:
            fours.append((-made, (x, y)))
        elif threes and any(shape.open_threes for shape in shapes):
            three_points.append((x, y))
    return _legal(state, [point for _, point in sorted(fours)] + three_points, player)


def three_defences(state: Gomoku, attacker: Player) -> list[Point]:
    """The defender's (the player to move's) answers to the attacker's threes: the attacker's
    winning points and their five points, then the defender's own fours; legal ones only."""
    search = ThreatSearch(state, attacker)
    colour, size = _colour(attacker), state.size
    winning = [(x, y) for x, y in candidate_points(state, THREAT_RADIUS)
               if sum(len(shape.five_points) for shape in search.shapes(y * size + x, colour)) >= 2]
    answers = dict.fromkeys(_legal(state, winning, attacker))
    if not answers:  # no threat stands: the defender is free, every move near the stones is hers
        return _legal(state, candidate_points(state, THREAT_RADIUS), state.to_move)
    for point in list(answers):
        answers.update(dict.fromkeys(must_block(state.play(point))))
    answers.update(dict.fromkeys(threats_of(state, state.to_move, threes=False)))
    return _legal(state, list(answers), state.to_move)


def _on_lines_near(point: Point, centre: Point, reach: int) -> bool:
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return max(abs(dx), abs(dy)) <= reach and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def threat_moves(attacker: Player, threes: bool = False, *, root: Gomoku | None = None,
                 reach: int = RELEVANT_REACH) -> Callable[[Gomoku], list[Point]]:
    """The moves of a VCF (``threes=False``) or a VCT (``threes=True``) for ``attacker``, as a
    move restriction for proof-number search (see the module's docstring).

    With ``root`` (the position searched), each threat after the attacker's first lies on a
    line through her previous one, within ``reach`` points of it (the *dependency* restriction
    of the threat search: it never makes a proof wrong, it only leaves some wins unfound, and it
    keeps the search from wandering among threats that lead nowhere, each with a proof number
    of one).

    >>> from tictac_edu.search.proofnumber import dfpn
    >>> dfpn(Gomoku.from_moves("h8 a1 i8 a3 j8 a5 h9 b1 h10 b3"), moves=threat_moves("Black")).proven
    True

    Raises:
        ValueError: black threes under renju (a defence this restriction leaves out).
    """
    def moves(state: Gomoku) -> list[Point]:
        if threes and state.rule == "renju" and attacker == BLACK:
            raise ValueError("a renju VCT for Black needs White's forbidding defences, which this "
                             "restriction leaves out: prove a VCF (threes=False) or use find_vct")
        if state.is_terminal():
            return []
        five = win_in_one(state)
        if five is not None and _legal(state, [five], state.to_move):
            return [five]
        blocks = _legal(state, must_block(state), state.to_move)
        if state.to_move == attacker:
            if must_block(state):
                mine = set(threats_of(state, attacker, threes))
                return [block for block in blocks if block in mine]
            found = threats_of(state, attacker, threes)
            if root is not None and state.ply - root.ply >= 2:
                previous = state.undo().last_move
                if previous is not None:
                    found = [point for point in found if _on_lines_near(point, previous, reach)]
            return found
        if must_block(state):
            return blocks  # none legal: the defender cannot stop the five
        if threes:
            return three_defences(state, attacker)
        return _legal(state, candidate_points(state, THREAT_RADIUS), state.to_move)  # not reached in a VCF
    return moves


__all__ = ["THREAT_RADIUS", "threat_moves", "three_defences", "threats_of"]
