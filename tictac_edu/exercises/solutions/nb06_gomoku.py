"""Reference solutions for notebook 06 (gomoku)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictac_edu.games import Gomoku


def count_fours(line: str) -> dict:
    """Count Black's fives, open fours and fours on one line of a freestyle board.

    The line is a string, one character per point: ``"X"`` a black stone, ``"O"`` a white
    stone, ``"."`` an empty point; the two ends of the string are the edges of the board.
    Look at every *window* of five points in a row. A window with no white stone and five
    black stones is a five (freestyle: six or more in a row count as one five too). A window
    with four black stones and one empty point shows a *four*: those four stones, and the
    point that completes them. Count each set of four stones ONCE, however many windows show
    it:

    * an **open four** is a set of four stones that TWO points complete (``.XXXX.``, seen by
      two windows, is one open four, not two fours);
    * a **four** is a set of four stones that only one point completes (``XX.XX`` is a four,
      not an open four: only its gap makes five; ``X.XXX.X`` holds two different fours);
    * a set of four stones that all lie inside a five is not counted again as a four; a four
      that only shares some of its stones with a five is still a four (``XXXXX.X`` holds one
      five and one four: the five's last three stones with the stone beyond the gap).

    Args:
        line: the points of one line, ``"X"``, ``"O"`` or ``"."``.

    Returns:
        ``{"five": ..., "open four": ..., "four": ...}``: how many of each Black has.

    >>> count_fours(".XXXX."), count_fours("XX.XX")
    ({'five': 0, 'open four': 1, 'four': 0}, {'five': 0, 'open four': 0, 'four': 1})
    """
    fives = []                   # the stones of each five (a run of five or more)
    completions: dict = {}       # four stones -> the points that complete them into five
    for start in range(len(line) - 4):
        window = range(start, start + 5)
        if any(line[i] == "O" for i in window):
            continue
        stones = frozenset(i for i in window if line[i] == "X")
        if len(stones) == 5:
            fives.append(stones)
        elif len(stones) == 4:
            empty = next(i for i in window if line[i] == ".")
            completions.setdefault(stones, set()).add(empty)
    # a run of six or more is one five: merge the fives that overlap
    runs: list = []
    for stones in fives:
        if runs and runs[-1] & stones:
            runs[-1] = runs[-1] | stones
        else:
            runs.append(stones)
    counts = {"five": len(runs), "open four": 0, "four": 0}
    for stones, points in completions.items():
        if any(stones <= run for run in runs):
            continue             # part of a five already
        counts["open four" if len(points) >= 2 else "four"] += 1
    return counts


def candidates(state: "Gomoku", radius: int = 2) -> list:
    """The moves worth searching in gomoku: every empty point within ``radius`` steps of a
    stone, in any direction (a square around each stone: ``radius`` columns AND ``radius``
    rows away, diagonals included), on the board; on an empty board, the centre alone.

    Args:
        state: a gomoku position (``state.size``, ``state.stone((x, y))`` is ``"Black"``,
            ``"White"`` or None, ``state.stones(player)`` lists a player's points).
        radius: how far from a stone a candidate may be (2 by default).

    Returns:
        The points ``(x, y)``, each once, in any order.

    >>> from tictac_edu.games import Gomoku
    >>> len(candidates(Gomoku.from_moves("h8"))), candidates(Gomoku())
    (24, [(7, 7)])
    """
    size = state.size
    stones = state.stones("Black") + state.stones("White")
    if not stones:
        return [(size // 2, size // 2)]
    found = set()
    for x, y in stones:
        for dx in range(-radius, radius + 1):
            for dy in range(-radius, radius + 1):
                point = (x + dx, y + dy)
                if 0 <= point[0] < size and 0 <= point[1] < size and state.stone(point) is None:
                    found.add(point)
    return sorted(found)


def forbidden_kind(black: "set", white: "set", point: tuple, size: int = 15):
    """Whether a black stone on the empty ``point`` is forbidden under renju, and why.

    The rules of the Renju International Federation, in their order:

    1. a move that makes exactly **five** in a row wins, and is never forbidden;
    2. six or more black stones in a row are an **overline**: ``"OL"``;
    3. a move that makes two or more **fours** at once (two on one line count) is a
       double-four: ``"44"``;
    4. a move that makes two or more **threes** at once is a double-three: ``"33"``. A three
       counts only if it is *real*: some point of its line turns it into a straight four
       (``straight_four_points``), and that point is NOT itself forbidden for Black (ask
       this very function, with the new stone on the board: it is recursive). A three whose
       straight-four points are all forbidden is a *fake three*.

    Use the helpers of ``tictac_edu.games.renju``: ``DIRECTIONS``, ``run_length``,
    ``fours``, ``straight_four_points``.

    Args:
        black, white: the points of each player's stones (sets of ``(x, y)``); not changed.
        point: an empty point, where Black would play.
        size: the board's width and height.

    Returns:
        ``"OL"``, ``"44"``, ``"33"``, or None if Black may play there.
    """
    from tictac_edu.games.renju import DIRECTIONS, fours, run_length, straight_four_points

    after = set(black) | {point}           # a new set: black is not changed
    runs = [run_length(after, point, direction) for direction in DIRECTIONS]
    if 5 in runs:
        return None                        # five comes first
    if max(runs) >= 6:
        return "OL"
    if sum(fours(after, white, point, direction, size) for direction in DIRECTIONS) >= 2:
        return "44"
    threes = 0
    for direction in DIRECTIONS:           # one three per line at most
        if any(forbidden_kind(after, white, four_point, size) is None
               for four_point in straight_four_points(after, white, point, direction, size)):
            threes += 1
    return "33" if threes >= 2 else None


def vcf(attacker: "set", defender: "set", depth: int, size: int = 15) -> "list | None":
    """A victory by continuous fours (VCF) for ``attacker``, who is to move: a line of play in
    which every attacking move is a *four*, so that every reply is forced. Freestyle rules:
    five or more in a row wins.

    A four threatens five at one point, and the defender must take that point. The attacker
    wins when she makes five, or when one move makes TWO five points (an open four, or two
    fours at once): the defender can block only one. At a position with the attacker to move:

    1. if she has a five point, she plays it: ``[point]``;
    2. with ``depth`` 0 she may play no more fours: ``None``;
    3. if the defender has two five points, she cannot stop both: ``None``; if he has one, she
       must play there, and only if that block is a four does her attack go on;
    4. otherwise she tries every empty point that makes a four (one such point is never more
       than two steps from one of her stones): the defender must block its five point, and the
       attack goes on from there with ``depth - 1``.

    The five points of a stone just played lie on its four lines, at most four steps away;
    ``run_length(stones, point, direction)`` (``from tictac_edu.games.renju import
    DIRECTIONS, run_length``) measures the unbroken line of ``stones`` through ``point``.

    Args:
        attacker, defender: the points ``(x, y)`` of each side's stones; not changed.
        depth: the most fours the attacker may play before her five (0: a five at once only).
        size: the board's width and height.

    Returns:
        The winning line, the attacker's moves and the defender's replies in turn, ending with
        the attacker's five: ``[four, block, four, block, ..., five]``; ``None`` if there is no
        VCF of at most ``depth`` fours. When she can make five at once the line is that five
        alone; otherwise any winning line of at most ``depth`` fours is right.

    >>> vcf({(5, 7), (6, 7), (7, 7), (8, 7)}, {(0, 0), (0, 1), (0, 2)}, 0)   # F8-I8: E8 or J8 makes five
    [(4, 7)]
    """
    from tictac_edu.games.renju import DIRECTIONS, run_length

    def on_board(point):
        return 0 <= point[0] < size and 0 <= point[1] < size

    def is_five(stones, point):
        return any(run_length(stones, point, direction) >= 5 for direction in DIRECTIONS)

    def five_points(stones, others, near):
        """The empty points, among ``near``, where one more of ``stones`` makes five."""
        return sorted(point for point in near if on_board(point) and point not in stones
                      and point not in others and is_five(stones | {point}, point))

    def around(stones, reach):
        return {(x + dx, y + dy) for x, y in stones for dx in range(-reach, reach + 1)
                for dy in range(-reach, reach + 1)}

    def on_lines(point):
        return {(point[0] + steps * dx, point[1] + steps * dy) for dx, dy in DIRECTIONS
                for steps in range(-4, 5) if steps}

    attacker, defender = set(attacker), set(defender)
    wins = five_points(attacker, defender, around(attacker, 1))
    if wins:
        return [wins[0]]
    if depth == 0:
        return None
    threats = five_points(defender, attacker, around(defender, 1))
    if len(threats) >= 2:
        return None
    moves = threats if threats else sorted(point for point in around(attacker, 2)
                                           if on_board(point) and point not in attacker and point not in defender)
    for move in moves:
        mine = attacker | {move}
        blocks = five_points(mine, defender, on_lines(move))
        if not blocks:
            continue                      # not a four: the defender is free to play anything
        if len(blocks) >= 2:
            return [move, blocks[0], blocks[1]]
        block = blocks[0]                 # the defender's only move
        rest = vcf(mine, defender | {block}, depth - 1, size)
        if rest is not None:
            return [move, block, *rest]
    return None


def proof_numbers(children: list, is_or: bool) -> tuple:
    """The proof and disproof numbers of an inner node of a proof-number search.

    At an OR node (the attacker to move) one proved child proves the node, so its proof number
    is the smallest of the children's proof numbers; to disprove it every child must be
    disproved, so its disproof number is the sum of theirs. At an AND node (the defender to
    move) it is the other way round: proof = the sum of the proofs, disproof = the smallest
    disproof. ``math.inf`` is a number like any other here (a disproved child has proof inf):
    ``min`` and ``sum`` handle it. With no children, the smallest of nothing is inf and the
    sum of nothing 0.

    Args:
        children: the children's ``(proof, disproof)`` pairs, numbers >= 0 or ``math.inf``.
        is_or: True at an OR node, False at an AND node.

    Returns:
        ``(proof, disproof)`` of the node: ``proof_numbers([(1, 1), (2, 3)], True) == (1, 4)``,
        ``proof_numbers([(1, 1), (2, 3)], False) == (3, 1)``.
    """
    proofs = [proof for proof, _ in children]
    disproofs = [disproof for _, disproof in children]
    if is_or:
        return min(proofs, default=float("inf")), sum(disproofs)
    return sum(proofs), min(disproofs, default=float("inf"))
