"""Random positions for property tests, drawn by hypothesis (one strategy for every game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hypothesis import strategies as st

from tictac_edu.games.base import GameState

State = TypeVar("State", bound=GameState)


@st.composite
def positions(draw: st.DrawFn, new_game: Callable[[], State], min_moves: int, max_moves: int) -> State:
    """A position reached by ``min_moves``..``max_moves`` random legal moves (fewer if the game ends)."""
    state = new_game()
    for _ in range(draw(st.integers(min_moves, max_moves))):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.play(moves[draw(st.integers(0, len(moves) - 1))])
    return state
