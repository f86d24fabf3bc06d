"""tictac_edu: a course in game-tree search, from tic-tac-toe to gomoku.

The package is layered; each layer imports only the layers above it in this list:

* :mod:`tictac_edu.games`: rules only. Immutable positions behind one protocol
  (:mod:`tictac_edu.games.base`): :class:`TicTacToe`, :class:`MNKGame`, :class:`ConnectFour`,
  :class:`Gomoku` (and renju), :class:`GameTree` for the textbook trees.
* :mod:`tictac_edu.search`: game-agnostic search over that protocol: :func:`minimax`,
  :func:`negamax`, :func:`alphabeta` (and the lesson classes behind it), move ordering,
  transposition tables, iterative deepening, :func:`mcts`.
* :mod:`tictac_edu.evaluation`: heuristic evaluations, one module per game, weights named.
* :mod:`tictac_edu.solvers`: exact, game-specific solvers (Connect Four, gomoku threat search).
* :mod:`tictac_edu.agents`: players built from the above (:class:`RandomAgent`,
  :class:`SearchAgent`, :func:`difficulty_agent`).
* :mod:`tictac_edu.arena`: fair, seeded, measured matches (:func:`play_match`).
* :mod:`tictac_edu.session`, :mod:`tictac_edu.viz`, :mod:`tictac_edu.widgets`,
  :mod:`tictac_edu.cli`: the faces: one game's flow, pictures of search
  (:func:`draw_search_tree`), notebook boards, ``python -m tictac_edu``.
* :mod:`tictac_edu.exercises`: the learner's checks (``check``, ``hint``, ``solution``) and
  the teacher's grading.

The names a learner types most are importable from here; each is loaded on first use, so
``import tictac_edu`` stays instant (matplotlib and networkx load with the pictures only).

>>> from tictac_edu import GameTree, TicTacToe, alphabeta, minimax, play_moves
>>> minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value   # the textbook tree
3
>>> alphabeta(TicTacToe()).value                                   # perfect play draws
0
>>> play_moves(TicTacToe(), [4, 0, 8]).to_move
'O'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"  # the version in pyproject.toml (tests/test_front_door.py keeps them equal)

# name -> the module it lives in: the front door's whole contents, loaded lazily.
_HOMES: dict[str, str] = {
    "ConnectFour": "tictac_edu.games",
    "GameTree": "tictac_edu.games",
    "Gomoku": "tictac_edu.games",
    "IllegalMoveError": "tictac_edu.games",
    "MNKGame": "tictac_edu.games",
    "Outcome": "tictac_edu.games",
    "TicTacToe": "tictac_edu.games",
    "new_game": "tictac_edu.games",
    "play_moves": "tictac_edu.games",
    "alphabeta": "tictac_edu.search",
    "count_tree": "tictac_edu.search",
    "mcts": "tictac_edu.search",
    "minimax": "tictac_edu.search",
    "negamax": "tictac_edu.search",
    "RandomAgent": "tictac_edu.agents",
    "SearchAgent": "tictac_edu.agents",
    "difficulty_agent": "tictac_edu.agents",
    "play_match": "tictac_edu.arena",
    "draw_search_tree": "tictac_edu.viz",
}

__all__ = [
    "__version__",
    "ConnectFour",
    "GameTree",
    "Gomoku",
    "IllegalMoveError",
    "MNKGame",
    "Outcome",
    "RandomAgent",
    "SearchAgent",
    "TicTacToe",
    "alphabeta",
    "count_tree",
    "difficulty_agent",
    "draw_search_tree",
    "mcts",
    "minimax",
    "negamax",
    "new_game",
    "play_match",
    "play_moves",
]

if TYPE_CHECKING:  # the checkers see ordinary imports
    from tictac_edu.agents import RandomAgent, SearchAgent, difficulty_agent
    from tictac_edu.arena import play_match
    from tictac_edu.games import (
        ConnectFour,
        GameTree,
        Gomoku,
        IllegalMoveError,
        MNKGame,
        Outcome,
        TicTacToe,
        new_game,
        play_moves,
    )
    from tictac_edu.search import alphabeta, count_tree, mcts, minimax, negamax
    from tictac_edu.viz import draw_search_tree


def __getattr__(name: str) -> Any:
    """Load a front-door name from its home module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'tictac_edu' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily loaded ones included."""
    return sorted(set(globals()) | set(_HOMES))
