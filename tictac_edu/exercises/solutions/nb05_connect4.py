"""Reference solutions for notebook 05 (Connect Four)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictac_edu.games import ConnectFour


def check_win(stones: int, rows: int = 6) -> bool:
    """Whether one player's discs hold four in a row: up a column, along a row, or on either
    diagonal.

    The discs come as a *bitboard*: a whole number in which each bit is one cell of the
    board, 1 for a disc of this player and 0 otherwise. The bits go up the columns, starting
    at the bottom-left cell, and every column has one bit more than it has cells: the
    *sentinel* on top, which is always 0. On the usual board (7 columns, 6 rows) the bits
    are numbered::

         6 13 20 27 34 41 48   <- sentinels: always 0
         5 12 19 26 33 40 47   <- top row
         4 11 18 25 32 39 46
         3 10 17 24 31 38 45
         2  9 16 23 30 37 44
         1  8 15 22 29 36 43
         0  7 14 21 28 35 42   <- bottom row

    so the cell in column ``c`` (0 at the left) and row ``r`` (0 at the bottom) is bit
    ``c * (rows + 1) + r``: the layout of ``tictac_edu.games.connect4`` (notebook 05 draws
    it). One step along a line is then the same shift for every cell: up ``1``, right
    ``rows + 1``, up-right ``rows + 2``, down-right ``rows``. A line cannot run from the top
    of one column into the bottom of the next: the sentinel between them is always empty.

    Args:
        stones: the bitboard of ONE player's discs, such as ``state.stones("X")``.
        rows: the board's height, 6 for the usual board (the width does not matter).

    Returns:
        True if four of the discs lie in a line in any of the four directions, else False.

    >>> check_win(0b1111)                       # bits 0 to 3: up the first column
    True
    >>> check_win(1 << 0 | 1 << 7 | 1 << 14)    # three along the bottom row only
    False
    """
    # up, right, up-right, down-right
    for shift in (1, rows + 1, rows + 2, rows):
        pairs = stones & (stones >> shift)      # discs with another disc one step on
        if pairs & (pairs >> 2 * shift):        # a pair with another pair two steps on: four
            return True
    return False


def score_window(window: "list", player: str) -> int:
    """The design documents' score of one window: four cells in a line, for ``player``.

    A window where only ``player`` has discs is worth more the more discs she has; one where
    only the opponent has discs counts against her, and the opponent's windows weigh more
    than her own (a three of the opponent's is a threat to stop now). A window holding discs
    of both players can never become four in a row for either: it scores 0, as does an empty
    window.

    ============================  ==========  ================
    discs in it (the rest empty)  player's    the opponent's
    ============================  ==========  ================
    4                             +100000     -100000
    3                             +100        -5000
    2                             +10         -60
    1                             +1          -2
    ============================  ==========  ================

    The weights are named constants in ``tictac_edu.evaluation.connect4`` (``FOUR_SCORE``,
    ``THREE_SCORE``, ..., ``OPPONENT_THREE_SCORE``, ...). They are not symmetric: ``["X",
    "X", "X", None]`` scores +100 for X but -5000 for O.

    Args:
        window: the 4 cells, in any order, each "X", "O" or None (empty); not changed.
        player: "X" or "O", whose point of view the score takes.

    Returns:
        The window's score for ``player``.

    >>> score_window(["X", "X", None, "X"], "X"), score_window(["X", "X", None, "X"], "O")
    (100, -5000)
    """
    from tictac_edu.evaluation.connect4 import (
        FOUR_SCORE,
        ONE_SCORE,
        OPPONENT_FOUR_SCORE,
        OPPONENT_ONE_SCORE,
        OPPONENT_THREE_SCORE,
        OPPONENT_TWO_SCORE,
        THREE_SCORE,
        TWO_SCORE,
    )

    opponent = "O" if player == "X" else "X"
    mine = list(window).count(player)
    theirs = list(window).count(opponent)
    if mine and theirs:          # both players' discs: no four possible here
        return 0
    if mine == 4:
        return FOUR_SCORE
    if mine == 3:
        return THREE_SCORE
    if mine == 2:
        return TWO_SCORE
    if mine == 1:
        return ONE_SCORE
    if theirs == 4:
        return OPPONENT_FOUR_SCORE
    if theirs == 3:
        return OPPONENT_THREE_SCORE
    if theirs == 2:
        return OPPONENT_TWO_SCORE
    if theirs == 1:
        return OPPONENT_ONE_SCORE
    return 0                     # an empty window


def centre_key(state: "ConnectFour", move: int) -> float:
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
    centre = state.columns // 2
    distance = abs(move - centre)
    if move > centre:            # right of the centre: after the column as far to the left
        return distance + 0.5
    return float(distance)


def tuning_loss(weights: "list", positions: "list", scale: float) -> float:
    """The logistic loss of ``weights`` on labelled positions (Texel's method): how badly the
    evaluation's scores, read as chances of winning, foretell the games' results. Lower is
    better.

    Each position is a tuple ``(features, first_to_move, result)``:

    * ``features``: numbers counted for the **player to move** (one per weight), so that the
      evaluation's score for the player to move is ``sum(w * f for w, f in zip(weights, features, strict=True))``;
    * ``first_to_move``: ``True`` if the first player (X) is to move, ``False`` if the second;
    * ``result``: the game's result **for the first player**: 1 a win, 0.5 a draw, 0 a loss.

    For each position:

    * the result for the player to move is ``r = result`` if ``first_to_move``, else ``1 - result``
      (a draw stays 0.5: half a win and half a loss);
    * the chance the score gives the player to move is ``p = 1 / (1 + math.exp(-scale * score))``;
    * the position's loss is ``-(r * math.log(p) + (1 - r) * math.log(1 - p))``.

    The answer is the mean of the positions' losses (``math.log(2)`` for a score of 0).
    ``scale * score`` stays between -30 and 30, and ``positions`` is never empty.

    Args:
        weights: the weights, numbers.
        positions: the labelled positions, tuples as above.
        scale: the sigmoid's scale ``K`` (evaluation units to log-odds), a positive number.

    Returns:
        The mean loss, a float.

    >>> round(tuning_loss([1.0], [([2.0], True, 1.0), ([-1.0], False, 1.0), ([0.5], True, 0.5)], 0.5), 4)
    0.4961
    """
    import math

    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(weight * feature for weight, feature in zip(weights, features, strict=True))
        r = result if first_to_move else 1 - result
        p = 1 / (1 + math.exp(-scale * score))
        total += -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total / len(positions)
