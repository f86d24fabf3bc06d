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


def elo_interval(wins: int, draws: int, losses: int) -> "tuple | None":
    """The Elo difference of a player over its opponent, with its 95% interval, from the
    results of their games: every figure from the player's point of view (a win scores 1, a
    draw 1/2, a loss 0).

    With ``n = wins + draws + losses`` games:

    * the score per game is ``s = (wins + draws / 2) / n``;
    * the Elo difference the logistic model gives for it is ``elo(s) = -400 * log10(1 / s - 1)``;
    * one game's result varies around ``s`` with the variance
      ``(wins * (1 - s) ** 2 + draws * (1/2 - s) ** 2 + losses * s ** 2) / n``, so the score's
      standard error is ``sqrt(variance / n)``;
    * the 95% interval runs from ``s - 1.96 * stderr`` to ``s + 1.96 * stderr``, each end
      first clamped to [0, 1], then mapped through ``elo`` (an end at 0 is ``-inf``, at 1
      ``+inf``). The interval is not symmetric around the estimate.

    With no games, or every game the same result (all wins, all draws or all losses), the
    variance is 0: the games say nothing about how much the score could vary, and no interval
    can be given. The answer is then ``None``: "too few games".

    Args:
        wins, draws, losses: the player's results, whole numbers >= 0.

    Returns:
        ``(elo, low, high)``, three floats with ``low <= elo <= high``; or ``None`` when the
        variance is 0.

    >>> [round(value, 1) for value in elo_interval(6, 2, 2)]     # 7 points of 10: s = 0.7
    [147.2, -33.4, 504.0]
    >>> elo_interval(5, 0, 0) is None                            # five wins: no spread, no interval
    True
    """
    import math

    games = wins + draws + losses
    if games == 0:
        return None
    score = (wins + draws / 2) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    if variance == 0:
        return None                      # every game alike: too few games to say how sure

    def elo(s):
        if s <= 0:
            return -math.inf
        if s >= 1:
            return math.inf
        return -400 * math.log10(1 / s - 1)

    stderr = math.sqrt(variance / games)
    low = elo(max(0.0, score - 1.96 * stderr))
    high = elo(min(1.0, score + 1.96 * stderr))
    return elo(score), low, high


def backup(tree: dict, path: list, result: float) -> None:
    """The back-up step of the MCTS-solver: count one playout on every node of ``path``, then
    prove what the proven results below allow, from the end of the path upwards.

    Each node of ``tree`` is a dict ``{"visits": int, "wins": float, "proven": None | 1.0 |
    0.5 | 0.0, "children": [names], "untried": int}``, its name the key. ``wins`` and
    ``proven`` are from the point of view of the player who moved INTO the node (a win 1, a
    draw 1/2, a loss 0); ``untried`` counts the node's moves that have no child yet.

    1. **Count**: the last node of ``path`` gets ``visits + 1`` and ``wins + result``; its
       parent ``wins + (1 - result)``, the node above it ``wins + result`` again, and so on:
       the side alternates, each node scored for the player who moved into it.
    2. **Prove**, going up from the last node: once a node is proven, its parent may be too.
       A parent is a proven **loss** (0.0) if one of its children is a proven win (1.0): the
       player to move there has a winning move, and the one who moved into the parent loses.
       It is proven ``1 - max(children's proven)`` if no move is left untried (``untried ==
       0``) and EVERY child is proven: a win (1.0) when all of them are losses, a draw when the
       best of them is a draw. Otherwise it stays unproven, and the climb stops there (the
       nodes above cannot change). The last node of ``path`` itself is left as it is.

    Args:
        tree: the nodes by name; their ``visits``, ``wins`` and ``proven`` are updated.
        path: the names of the nodes from the root down to the node the playout started from
            (each a child of the one before).
        result: the playout's result for the player who moved into the LAST node of ``path``.

    Returns:
        None: ``tree`` is changed in place.

    >>> tree = {"root": {"visits": 1, "wins": 0.0, "proven": None, "children": ["a"], "untried": 1},
    ...         "a": {"visits": 0, "wins": 0.0, "proven": 1.0, "children": [], "untried": 0}}
    >>> backup(tree, ["root", "a"], 1.0)     # "a" is a proven win: the root a proven loss
    >>> tree["root"]["visits"], tree["root"]["wins"], tree["root"]["proven"]
    (2, 0.0, 0.0)
    """
    for name in reversed(path):          # the side alternates from the last node up
        node = tree[name]
        node["visits"] += 1
        node["wins"] += result
        result = 1 - result
    for depth in range(len(path) - 1, 0, -1):
        if tree[path[depth]]["proven"] is None:
            break                        # nothing new below: nothing to prove above
        parent = tree[path[depth - 1]]
        if parent["proven"] is None:
            proven = [tree[child]["proven"] for child in parent["children"]]
            if 1.0 in proven:
                parent["proven"] = 0.0
            elif parent["untried"] == 0 and None not in proven:
                parent["proven"] = 1 - max(proven)
        if parent["proven"] is None:
            break


def chance_node(replies: "list") -> float:
    """The value of a chance node of expectimax, in negamax form: what the opponent can expect
    when she moves as her model says, each move with its probability.

    ``replies`` holds one pair ``(probability, value)`` for each of her moves: the probability
    the model gives the move, and the value of the position after it **for the player to move
    there**, as a negamax search returns it. After her move it is the searching player's turn,
    so that value is the searching player's, not hers. The probabilities are at least 0 and sum
    to 1; there is at least one reply.

    A chance node does not choose, it averages: each reply counts as much as it is likely, and
    each value is turned round to the point of view of the player to move at the chance node,
    as negamax always does::

        chance_node(replies) = p1 * (-v1) + p2 * (-v2) + ...

    The searching player's node above negates this again, as it does any child's value. A reply
    of probability 0 counts for nothing, whatever its value.

    Args:
        replies: the ``(probability, value)`` of each move at the chance node; not changed.

    Returns:
        The chance node's value for its player to move (the opponent), a number.

    >>> chance_node([(0.5, 2), (0.5, 6)])        # two replies alike: minus the mean of 2 and 6
    -4.0
    >>> chance_node([(0.75, 4), (0.25, 0)])      # the likely reply weighs three times as much
    -3.0
    """
    expected = 0.0
    for probability, value in replies:
        expected += probability * -value   # weighted, and turned round to the opponent's side
    return expected
