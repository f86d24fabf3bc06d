"""Connect Four's window evaluation described for tuning (:data:`WINDOW`).

:func:`~tictac_edu.evaluation.connect4.window_evaluation` is linear in its named weights: it
counts, for the player it scores, the windows of four holding 1, 2, 3 or 4 of the player's
discs and no opponent disc, the same for the opponent, and the centre discs of each. Those nine
counts are :func:`window_features`; the weights are the module's named constants. The windows
with four discs only occur in finished games, so on quiet positions seven weights are free.

>>> from tictac_edu.evaluation.connect4 import window_evaluation
>>> from tictac_edu.games import ConnectFour
>>> state = ConnectFour.from_moves("4453")
>>> WindowWeights(WINDOW.hand_weights)(state, "O") == window_evaluation(state, "O")
True
"""

from __future__ import annotations

from tictac_edu.evaluation import connect4 as evaluation
from tictac_edu.evaluation.connect4 import centre_mask, windows, winning_cells
from tictac_edu.games.base import GameState, Player
from tictac_edu.games.connect4 import ConnectFour
from tictac_edu.tuning.base import Tunable, Weights

WEIGHT_NAMES = ("ONE_SCORE", "TWO_SCORE", "THREE_SCORE", "FOUR_SCORE", "OPPONENT_ONE_SCORE", "OPPONENT_TWO_SCORE",
                "OPPONENT_THREE_SCORE", "OPPONENT_FOUR_SCORE", "CENTRE_STONE_SCORE")
"""The window evaluation's weights, named as in :mod:`tictac_edu.evaluation.connect4`."""
HAND_WEIGHTS = tuple(float(getattr(evaluation, name)) for name in WEIGHT_NAMES)
"""The design documents' weights: 1, 10, 100, 100000, -2, -60, -5000, -100000, 6."""


def window_features(state: ConnectFour, player: Player) -> list[int]:
    """The nine counts the window evaluation weighs, for ``player``: windows with 1, 2, 3, 4
    of ``player``'s discs and none of the opponent's, the same for the opponent, and
    ``player``'s centre discs minus the opponent's.

    >>> window_features(ConnectFour.from_moves("4"), "X")
    [7, 0, 0, 0, 0, 0, 0, 0, 1]
    """
    mine_bits = state.stones(player)
    theirs_bits = state.mask ^ mine_bits
    counts = [0] * 9
    for window in windows(state.columns, state.rows):
        mine = (mine_bits & window).bit_count()
        theirs = (theirs_bits & window).bit_count()
        if not theirs:
            if mine:
                counts[mine - 1] += 1
        elif not mine:
            counts[3 + theirs] += 1
    centre = centre_mask(state.columns, state.rows)
    counts[8] = (mine_bits & centre).bit_count() - (theirs_bits & centre).bit_count()
    return counts


class WindowWeights:
    """The window evaluation with other weights: ``evaluate(state, player)``, the score for
    ``player`` (higher is better for ``player``), scoring finished games by their windows as
    :func:`~tictac_edu.evaluation.connect4.window_evaluation` does. With :data:`HAND_WEIGHTS`
    it is that evaluation, score for score.

    Args:
        weights: nine numbers in the order of :data:`WEIGHT_NAMES`.
    """

    def __init__(self, weights: Weights) -> None:
        self.weights = tuple(float(weight) for weight in WINDOW.check_weights(weights))
        self.__name__ = "window_weights"

    def __call__(self, state: ConnectFour, player: Player) -> float:
        return sum(weight * count for weight, count in zip(self.weights, window_features(state, player), strict=True)
                   if count)

    def __repr__(self) -> str:
        return f"WindowWeights({list(self.weights)})"


def features_for_mover(state: GameState) -> list[int]:
    """:func:`window_features` for the player to move."""
    assert isinstance(state, ConnectFour)
    return window_features(state, state.to_move)


def quiet(state: GameState) -> bool:
    """The game goes on and no disc wins at once: neither player has a winning cell it could
    play now (the side to move cannot win on this move, the opponent threatens none on its next).

    >>> quiet(ConnectFour.from_moves("4455")), quiet(ConnectFour.from_moves("445566"))
    (True, False)
    """
    assert isinstance(state, ConnectFour)
    if state.is_terminal():
        return False
    layout, mask = state.layout, state.mask
    playable = (mask + layout.bottom) & layout.board
    mover = state.position
    for stones in (mover, mask ^ mover):
        if winning_cells(stones, mask, state.columns, state.rows) & playable:
            return False
    return True


def window_weights(weights: Weights) -> WindowWeights:
    """:class:`WindowWeights` (the ``evaluation`` of :data:`WINDOW`)."""
    return WindowWeights(weights)


WINDOW = Tunable(
    name="connect4 window", new_game=ConnectFour, weight_names=WEIGHT_NAMES, hand_weights=HAND_WEIGHTS,
    free=tuple(not name.endswith("FOUR_SCORE") for name in WEIGHT_NAMES), features=features_for_mover,
    quiet=quiet, evaluation=window_weights)
"""Connect Four's window evaluation for the tuner: seven free weights (the fours only occur
in finished games)."""
