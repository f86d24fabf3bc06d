"""Reference solutions for notebook 02 (alpha-beta pruning)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.
# ruff: noqa: E501 - alphabeta_tree's signature is one line, exactly as the notebook's stub shows it

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictac_edu.games import GameState


def alphabeta_tree(tree, alpha: float = float("-inf"), beta: float = float("inf"), maximizing: bool = True, visited: "list | None" = None) -> float:
    """Alpha-beta in MAX/MIN form on a textbook tree given as nested lists of leaf values.

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
    if not isinstance(tree, list):    # a leaf
        if visited is not None:
            visited.append(tree)
        return tree
    if maximizing:
        best = float("-inf")
        for child in tree:
            value = alphabeta_tree(child, alpha, beta, False, visited)
            best = max(best, value)
            alpha = max(alpha, value)     # MAX raises alpha
            if alpha >= beta:             # MIN above will never let the game come here
                break
        return best
    best = float("inf")
    for child in tree:
        value = alphabeta_tree(child, alpha, beta, True, visited)
        best = min(best, value)
        beta = min(beta, value)           # MIN lowers beta
        if alpha >= beta:                 # MAX above already has something at least as good
            break
    return best


def alphabeta(state: "GameState", alpha: float = float("-inf"), beta: float = float("inf")) -> tuple[float, int]:
    """Alpha-beta search in negamax form, counting the nodes it visits.

    Args:
        state: any game position.
        alpha: the value the player to move is already sure of elsewhere.
        beta: the value above which the opponent will never let the game come here.

    Returns:
        ``(value, nodes)``. ``value`` is from the point of view of the player to move at
        ``state``: the exact minimax value if it lies strictly between alpha and beta; at most
        alpha if the true value is at most alpha; at least beta if it is at least beta.
        ``nodes`` is the number of calls made, this one included (one node = one call; the
        root and finished games count): 18,297 from the empty tic-tac-toe board. Cut off as
        soon as ``alpha >= beta``.
    """
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes = 1
    best = float("-inf")
    for move in state.legal_moves():
        child_value, child_nodes = alphabeta(state.play(move), -beta, -alpha)
        nodes += child_nodes
        value = -child_value          # the child's value is for the opponent
        if value > best:
            best = value
        if value > alpha:
            alpha = value
        if alpha >= beta:             # the opponent will avoid this position: cut off
            break
    return best, nodes
