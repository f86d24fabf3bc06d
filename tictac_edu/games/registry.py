"""Games found by name: ``new_game("connect4")``, ``python -m tictac_edu play NAME``.

Each game's module registers its starting-position factory under the game's name; the
command line, the boards and the exercise helpers look games up here, so adding a game means
writing its module and registering it.

>>> from tictac_edu.games import new_game
>>> new_game("mnk", rows=4, columns=4, k=3).game.title
'4x4, three in a row'
>>> game_names()
('connect4', 'gomoku', 'mnk', 'tictactoe', 'tree')
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from tictac_edu.games.base import GameState

_FACTORIES: dict[str, Callable[..., GameState]] = {}


def register(name: str, factory: Callable[..., GameState]) -> None:
    """Register ``factory(**options)``, which returns a game's starting position, as ``name``.

    Raises:
        ValueError: another factory is already registered under ``name``.
    """
    if name in _FACTORIES and _FACTORIES[name] is not factory:
        raise ValueError(f"a game called {name!r} is registered already")
    _FACTORIES[name] = factory


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in alphabetical order."""
    return tuple(sorted(_FACTORIES))


def game_options(name: str) -> dict[str, Any]:
    """The options a game takes, with their defaults (``{"rows": 3, "columns": 3, "k": 3}``)."""
    signature = inspect.signature(_factory(name))
    return {option: parameter.default for option, parameter in signature.parameters.items()
            if parameter.default is not inspect.Parameter.empty}


def new_game(name: str, **options: Any) -> GameState:
    """The starting position of the game registered as ``name``, built with ``options``.

    Raises:
        ValueError: no game has that name, or an option is not one the game takes.
    """
    factory = _factory(name)
    unknown = sorted(set(options) - set(inspect.signature(factory).parameters))
    if unknown:
        known = ", ".join(game_options(name)) or "none"
        raise ValueError(f"the game {name!r} takes no option {', '.join(map(repr, unknown))}; its options: {known}")
    return factory(**options)


def _factory(name: str) -> Callable[..., GameState]:
    if name not in _FACTORIES:
        raise ValueError(f"no game called {name!r}; the games are: {', '.join(game_names())}")
    return _FACTORIES[name]
