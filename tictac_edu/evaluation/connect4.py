"""Evaluations for Connect Four.

Two evaluations, both ``evaluate(state, player)`` like every evaluation in the package:

* :func:`window_evaluation`, the design documents' evaluation: every *window* of four cells
  in a line (69 of them on 7 x 6) is scored by the discs in it, plus a bonus for discs in the
  centre columns. Its weights punish the opponent's windows harder than they reward one's
  own, so it is **not symmetric**: the score for X is not minus the score for O
  (:func:`symmetry_test` measures this; :func:`symmetric_window_evaluation` is the symmetric
  variant).
* :func:`threat_evaluation`, a stronger evaluation built on *threats*: empty cells that would
  complete a player's four. A threat the opponent cannot stop in time wins the game; which
  rows a player's threats are on decides most games that fill up the board (see its
  docstring).

Following the design documents, :func:`window_evaluation` scores finished games by their
windows too (a four scores ``FOUR_SCORE``), with no special case: the reference node counts
in ``figures.md`` are measured that way. The other evaluations score a finished game with
:func:`~tictac_edu.evaluation.common.finished_game_score`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from tictac_edu.evaluation.common import WIN_SCORE, finished_game_score
from tictac_edu.games.base import Player
from tictac_edu.games.connect4 import CONNECT, ConnectFour, bitboard_layout
from tictac_edu.games.connect4 import winning_cells as winning_cells  # re-exported: a rule of the game

# -- the design documents' weights ----------------------------------------------------------
FOUR_SCORE = 100_000
"""A window holding four of one's own discs (a win)."""
THREE_SCORE = 100
"""Three of one's own discs and one empty cell."""
TWO_SCORE = 10
"""Two of one's own discs and two empty cells."""
ONE_SCORE = 1
"""One of one's own discs and three empty cells."""
OPPONENT_FOUR_SCORE = -100_000
"""A window holding four of the opponent's discs (a loss)."""
OPPONENT_THREE_SCORE = -5_000
"""Three of the opponent's discs and one empty cell: weighted far above one's own three."""
OPPONENT_TWO_SCORE = -60
"""Two of the opponent's discs and two empty cells."""
OPPONENT_ONE_SCORE = -2
"""One of the opponent's discs and three empty cells."""
CENTRE_STONE_SCORE = 6
"""Per disc in a centre column: ``+CENTRE_STONE_SCORE`` for one's own, ``-CENTRE_STONE_SCORE``
for the opponent's."""
CENTRE_COLUMNS = (2, 3, 4)
"""The centre columns of the 7-column board (0-based): the three middle ones."""

OWN_WINDOW_SCORES = (0, ONE_SCORE, TWO_SCORE, THREE_SCORE, FOUR_SCORE)
"""A window with ``n`` of one's own discs and no opponent disc scores ``OWN_WINDOW_SCORES[n]``."""
OPPONENT_WINDOW_SCORES = (0, OPPONENT_ONE_SCORE, OPPONENT_TWO_SCORE, OPPONENT_THREE_SCORE, OPPONENT_FOUR_SCORE)
"""A window with ``n`` of the opponent's discs and none of one's own scores ``OPPONENT_WINDOW_SCORES[n]``."""

# -- the threat evaluation's weights (tuned in benchmarks/connect4_evaluation.py) --------------
THREAT_SCORE = 10
"""Per threat: an empty cell that would complete one's four (the opponent's count negatively)."""
GOOD_ROW_THREAT_SCORE = 60
"""Extra per threat on a row that suits its owner: odd rows (1, 3, 5 from the bottom) for the
first player, even rows (2, 4, 6) for the second."""
LEADING_THREAT_SCORE = 300
"""Per column where the player's lowest threat on a good row has no opponent threat below it:
when the board fills up, that threat is the one that counts."""
STACKED_THREATS_SCORE = 500
"""Two threats of one player directly above each other: blocking the lower one lets the
player complete the upper one."""
OPEN_WINDOW_SCORES = (0, 1, 5, 50, 0)
""":func:`threat_evaluation`'s score of a window holding ``n`` discs of one player and none of
the other's (a full window is a finished game, scored apart)."""
CENTRE_DISC_SCORE = 4
"""Per disc in a centre column (:data:`CENTRE_COLUMNS`), for its owner."""
WIN_NEXT_MOVE_SCORE = WIN_SCORE // 2
"""The player to move has a playable threat (or the opponent has two playable threats): a win
in one or two moves, scored far above any heuristic score and below any finished game."""

FIRST_PLAYER_GOOD_ROW_PARITY = 0
"""Rows counted from 0 at the bottom: the first player's good rows are 0, 2, 4 (odd rows
1, 3, 5 counted from 1)."""


@cache
def windows(columns: int = 7, rows: int = 6) -> tuple[int, ...]:
    """Every window of four cells in a line on a ``columns`` x ``rows`` board, as bit masks.

    Listed direction by direction: vertical, horizontal, diagonal going up to the right,
    diagonal going down to the right; 69 on the 7 x 6 board.

    Args:
        columns, rows: the board size.

    Returns:
        One bit mask of four cells per window.

    >>> len(windows())
    69
    """
    layout = bitboard_layout(columns, rows)
    found = []
    for d_column, d_row in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for column in range(columns):
            for row in range(rows):
                end_column, end_row = column + (CONNECT - 1) * d_column, row + (CONNECT - 1) * d_row
                if 0 <= end_column < columns and 0 <= end_row < rows:
                    found.append(sum(layout.bit(column + i * d_column, row + i * d_row) for i in range(CONNECT)))
    return tuple(found)


@cache
def centre_mask(columns: int = 7, rows: int = 6) -> int:
    """The cells of the centre columns: :data:`CENTRE_COLUMNS` on 7 columns, the middle
    column and its two neighbours on other widths.

    Args:
        columns, rows: the board size.

    Returns:
        A bitboard of those cells.
    """
    layout = bitboard_layout(columns, rows)
    middle = columns // 2
    centre = range(max(0, middle - 1), min(columns, middle + 2))
    return sum(layout.column_masks[column] for column in centre)


def score_window(mine: int, theirs: int, symmetric: bool = False) -> int:
    """The design documents' score of one window holding ``mine`` of the player's discs and
    ``theirs`` of the opponent's, from the player's point of view.

    A window holding discs of both players can never become a four: it scores 0.

    Args:
        mine, theirs: disc counts, 0..4 each.
        symmetric: score the opponent's windows as minus one's own (the symmetric variant).

    Returns:
        The window's score for the player.

    >>> score_window(3, 0), score_window(0, 3), score_window(2, 1)
    (100, -5000, 0)
    """
    if mine and theirs:
        return 0
    if mine:
        return OWN_WINDOW_SCORES[mine]
    if symmetric:
        return -OWN_WINDOW_SCORES[theirs]
    return OPPONENT_WINDOW_SCORES[theirs]


def _window_sum(state: ConnectFour, player: Player, own_scores: tuple[int, ...],
                opponent_scores: tuple[int, ...]) -> int:
    mine_bits = state.stones(player)
    theirs_bits = state.mask ^ mine_bits
    score = 0
    for window in windows(state.columns, state.rows):
        mine = (mine_bits & window).bit_count()
        theirs = (theirs_bits & window).bit_count()
        if not theirs:
            score += own_scores[mine]
        elif not mine:
            score += opponent_scores[theirs]
    centre = centre_mask(state.columns, state.rows)
    score += CENTRE_STONE_SCORE * ((mine_bits & centre).bit_count() - (theirs_bits & centre).bit_count())
    return score


def window_evaluation(state: ConnectFour, player: Player) -> float:
    """The design documents' evaluation of ``state`` from ``player``'s point of view.

    The sum over the windows of four (:func:`windows`) of :func:`score_window`, plus
    ``CENTRE_STONE_SCORE`` per disc of ``player`` in the centre columns and minus as much per
    opponent disc there. A finished game is scored the same way (its four scores
    ``FOUR_SCORE`` for the winner, ``OPPONENT_FOUR_SCORE`` for the loser): the figures in
    ``figures.md`` are measured with this convention.

    Not symmetric: ``window_evaluation(state, "X") != -window_evaluation(state, "O")`` in
    general, because the opponent's windows weigh more than one's own.

    Args:
        state: the position.
        player: whose point of view: ``"X"`` or ``"O"``.

    Returns:
        The score for ``player``, higher is better for ``player``.

    >>> from tictac_edu.games import ConnectFour
    >>> window_evaluation(ConnectFour().play(3), "X"), window_evaluation(ConnectFour().play(3), "O")
    (13, -20)
    """
    return _window_sum(state, player, OWN_WINDOW_SCORES, OPPONENT_WINDOW_SCORES)


SYMMETRIC_OPPONENT_SCORES = tuple(-score for score in OWN_WINDOW_SCORES)
"""The symmetric variant's opponent weights: minus one's own."""


def symmetric_window_evaluation(state: ConnectFour, player: Player) -> float:
    """The symmetric variant of :func:`window_evaluation`: the opponent's windows score minus
    what the same windows would score for the player (-100000/-100/-10/-1), so that
    ``symmetric_window_evaluation(state, "X") == -symmetric_window_evaluation(state, "O")``.
    A finished game scores :func:`~tictac_edu.evaluation.common.finished_game_score`.

    Args:
        state: the position.
        player: whose point of view.

    Returns:
        The score for ``player``.
    """
    if state.is_terminal():
        return finished_game_score(state, player)
    return _window_sum(state, player, OWN_WINDOW_SCORES, SYMMETRIC_OPPONENT_SCORES)


# -- symmetry test ---------------------------------------------------------------------------


@dataclass
class SymmetryReport:
    """The outcome of :func:`symmetry_test`.

    Attributes:
        checked: how many positions were checked.
        asymmetric: how many of them fail ``evaluate(s, X) == -evaluate(s, O)``.
        examples: up to ``max_examples`` failing positions with both scores,
            ``(state, score for X, score for O)``.
    """

    checked: int = 0
    asymmetric: int = 0
    examples: list[tuple[ConnectFour, float, float]] = field(default_factory=list)

    @property
    def symmetric(self) -> bool:
        """Whether every checked position passed."""
        return self.asymmetric == 0

    def summary(self) -> str:
        """One paragraph for people."""
        if self.symmetric:
            return f"symmetric on all {self.checked} positions: the score for O is always minus the score for X"
        state, for_x, for_o = self.examples[0]
        return (f"NOT symmetric on {self.asymmetric} of {self.checked} positions; for example after "
                f"{state.moves_string() or 'no moves'!r}: {for_x} for X but {for_o} for O "
                f"(symmetric would be {-for_x})")


def symmetry_test(evaluate: Callable[[ConnectFour, Player], float], states: Iterable[ConnectFour],
                  max_examples: int = 3) -> SymmetryReport:
    """Swap the colours: is the score negated? Checks ``evaluate(s, X) == -evaluate(s, O)``
    on every position of ``states``.

    Scoring the position for O instead of X is the same as swapping the colours of all the
    discs and scoring it for X (the evaluations here do not look at whose turn it is). A
    symmetric evaluation gives a zero-sum score, the assumption behind negamax and behind
    comparing an evaluation's values between the two players.

    Args:
        evaluate: ``evaluate(state, player)``.
        states: the positions to check.
        max_examples: how many failing positions to keep in the report.

    Returns:
        A :class:`SymmetryReport`; ``.symmetric`` is ``True`` when no position failed.

    >>> from tictac_edu.games import ConnectFour
    >>> start = [ConnectFour.from_moves(moves) for moves in ("", "4", "44", "4453")]
    >>> symmetry_test(symmetric_window_evaluation, start).symmetric
    True
    >>> symmetry_test(window_evaluation, start).asymmetric
    3
    """
    report = SymmetryReport()
    for state in states:
        report.checked += 1
        for_x, for_o = evaluate(state, "X"), evaluate(state, "O")
        if for_x != -for_o:
            report.asymmetric += 1
            if len(report.examples) < max_examples:
                report.examples.append((state, for_x, for_o))
    return report


# -- the threat evaluation -------------------------------------------------------------------


@cache
def good_rows(columns: int, rows: int, first_player: bool) -> int:
    """The cells on the rows that suit a player's threats: for the first player the odd rows
    counted from 1 at the bottom (1, 3, 5), for the second player the even rows (2, 4, 6).

    Args:
        columns, rows: the board size.
        first_player: for the first player (X) or the second (O).

    Returns:
        A bitboard of those cells.
    """
    layout = bitboard_layout(columns, rows)
    parity = FIRST_PLAYER_GOOD_ROW_PARITY if first_player else 1 - FIRST_PLAYER_GOOD_ROW_PARITY
    return sum(layout.bit(column, row) for column in range(columns) for row in range(rows) if row % 2 == parity)


def threat_points(threats: int, opponent_threats: int, good: int, columns: int = 7, rows: int = 6) -> int:
    """The worth of one player's threat cells (see :func:`threat_evaluation`).

    Args:
        threats: bitboard of the player's threat cells.
        opponent_threats: bitboard of the opponent's threat cells.
        good: bitboard of the rows that suit the player (:func:`good_rows`).
        columns, rows: the board size.

    Returns:
        Points for the player.
    """
    points = THREAT_SCORE * threats.bit_count()
    good_threats = threats & good
    points += GOOD_ROW_THREAT_SCORE * good_threats.bit_count()
    if threats & (threats >> 1):
        points += STACKED_THREATS_SCORE
    if good_threats:
        for column_mask in bitboard_layout(columns, rows).column_masks:
            in_column = good_threats & column_mask
            if in_column:
                lowest = in_column & -in_column
                below = opponent_threats & column_mask & (lowest - 1)
                if not below:
                    points += LEADING_THREAT_SCORE
    return points


def threat_evaluation(state: ConnectFour, player: Player) -> float:
    """A threat-based evaluation of ``state`` from ``player``'s point of view (symmetric).

    A *threat* is an empty cell that would complete a player's four
    (:func:`winning_cells`). What it is worth depends on when it can be played:

    * the player to move with a playable threat wins at once, and a player facing two
      playable threats of the opponent cannot block both: scored ``+-WIN_NEXT_MOVE_SCORE``;
    * when the board fills up, the first player can usually force the cells on the odd rows
      (1, 3, 5 counted from the bottom) and the second player those on the even rows
      (zugzwang): a threat on its owner's good row scores ``GOOD_ROW_THREAT_SCORE`` more, and
      ``LEADING_THREAT_SCORE`` more again if no opponent threat lies below it in its column
      (the lower threat is the one that gets played);
    * two threats of one player directly above each other win: blocking the lower one gives
      the upper one (``STACKED_THREATS_SCORE``).

    Every threat also scores ``THREAT_SCORE``; open windows (the symmetric window scores
    ``OPEN_WINDOW_SCORES``) and discs in the centre columns (``CENTRE_DISC_SCORE``) tell quiet
    positions apart. A finished game scores
    :func:`~tictac_edu.evaluation.common.finished_game_score`.

    Args:
        state: the position.
        player: whose point of view.

    Returns:
        The score for ``player``; ``threat_evaluation(s, "X") == -threat_evaluation(s, "O")``.

    >>> from tictac_edu.games import ConnectFour
    >>> threat_evaluation(ConnectFour.from_moves("445566"), "X")   # X to move wins at once
    500000
    """
    if state.is_terminal():
        return finished_game_score(state, player)
    columns, rows, mask = state.columns, state.rows, state.mask
    layout = state.layout
    mover = state.position  # the discs of the player to move
    waiter = mask ^ mover
    playable = (mask + layout.bottom) & layout.board
    mover_threats = winning_cells(mover, mask, columns, rows)
    waiter_threats = winning_cells(waiter, mask, columns, rows)
    waiter_playable = waiter_threats & playable
    if mover_threats & playable:
        score = WIN_NEXT_MOVE_SCORE
    elif waiter_playable & (waiter_playable - 1):
        score = -WIN_NEXT_MOVE_SCORE
    else:
        mover_is_first = state.ply % 2 == 0
        score = (threat_points(mover_threats, waiter_threats, good_rows(columns, rows, mover_is_first), columns, rows)
                 - threat_points(waiter_threats, mover_threats, good_rows(columns, rows, not mover_is_first),
                                 columns, rows))
        for window in windows(columns, rows):
            mine = (mover & window).bit_count()
            theirs = (waiter & window).bit_count()
            if not theirs:
                score += OPEN_WINDOW_SCORES[mine]
            elif not mine:
                score -= OPEN_WINDOW_SCORES[theirs]
        centre = centre_mask(columns, rows)
        score += CENTRE_DISC_SCORE * ((mover & centre).bit_count() - (waiter & centre).bit_count())
    return score if player == state.to_move else -score
