"""Reference solutions for notebook 07 (beyond alpha-beta)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def select_child(children: "list", parent_visits: int, exploration: float = 2 ** 0.5) -> int:
    """The child that UCB1 selects in Monte Carlo tree search: its index in ``children``.

    Each child is a pair ``(wins, visits)``: how many playouts went through it, and how many of
    them the **player to move at the parent** won, a draw counting 1/2. (The tree stores each
    node's wins from the point of view of the player who moved into it, which is the player
    choosing here: no sign to flip.) UCB1 adds to a child's mean an *exploration bonus* that
    shrinks as the child is visited:

        wins / visits + exploration * sqrt(ln(parent_visits) / visits)

    A child never visited has no mean yet: it is selected first (the first such child in the
    list). Among equal scores the first child wins.

    Args:
        children: the ``(wins, visits)`` of each child, in move order; not changed.
        parent_visits: the visits of the parent (at least the sum of the children's).
        exploration: the constant ``c`` of UCB1 (``2 ** 0.5``, the square root of 2, by default;
            smaller explores less).

    Returns:
        The index of the selected child.

    >>> select_child([(3, 4), (1, 2)], 6)     # 0.75 + 0.94 against 0.5 + 1.34
    1
    >>> select_child([(3, 4), (0, 0)], 4)     # an unvisited child first
    1
    """
    import math

    best, best_score = 0, -math.inf
    for index, (wins, visits) in enumerate(children):
        if visits == 0:
            return index
        score = wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits)
        if score > best_score:
            best, best_score = index, score
    return best


def pair_scores(play_game: "Callable", openings: "list") -> list:
    """Agent A's score in each *pair* of games of a fair match: every opening is played twice,
    once with A moving first and once with B moving first, and the two games make one pair.

    ``play_game(opening, a_first)`` plays one game from ``opening`` (A moves first when
    ``a_first`` is True) and returns the winner: ``"A"``, ``"B"``, or None for a draw. A win
    scores 1 for A, a draw 1/2, a loss 0, so a pair scores 0, 0.5, 1, 1.5 or 2.

    Args:
        play_game: plays one game, as above.
        openings: the starts, one per pair, in order.

    Returns:
        A's score in each pair, one number per opening, in the order of ``openings``.

    >>> first_player_wins = lambda opening, a_first: "A" if a_first else "B"
    >>> pair_scores(first_player_wins, ["x", "y"])   # each side wins as first player: 1 a pair
    [1.0, 1.0]
    """
    points = {"A": 1.0, None: 0.5, "B": 0.0}
    scores = []
    for opening in openings:
        a_first = points[play_game(opening, True)]      # the same opening, colours swapped
        b_first = points[play_game(opening, False)]
        scores.append(a_first + b_first)
    return scores
