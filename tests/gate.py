"""A test agent shared by the session and board tests: it waits for :meth:`Gate.release`
before answering, so a test controls exactly when a slow AI's move arrives."""

from __future__ import annotations

import threading

from tictac_edu.games.base import GameState, Move


class Gate:
    """An agent that waits for :meth:`release` before answering (a slow AI, under control);
    it plays ``move``, or the first legal move when none is given."""

    name = "gate"

    def __init__(self, move: Move | None = None) -> None:
        self.move = move
        self.asked = threading.Event()
        self.go = threading.Event()

    def release(self) -> None:
        self.go.set()

    def choose_move(self, state: GameState) -> Move:
        self.asked.set()
        assert self.go.wait(10)
        return state.legal_moves()[0] if self.move is None else self.move
