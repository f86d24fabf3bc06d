"""Feedback while a long search runs: a progress bar that counts the positions it scores.

A search is one function call, so a loop around it cannot say how far it has got. Its
evaluation, though, is called once for every position scored at the depth limit (and every
finished game), and for a full-width search the number of those is known in advance.
:func:`evaluation_progress` wraps an evaluation so that each call moves a progress bar on:
``tqdm``'s bar, drawn as a widget in a notebook and as a line of text in a terminal.

>>> from tictac_edu.evaluation import line_evaluation
>>> from tictac_edu.games import MNKGame
>>> from tictac_edu.search import minimax
>>> with evaluation_progress(line_evaluation, total=600, desc="depth 2", disable=True) as evaluate:
...     result = minimax(MNKGame(5, 5, 3), 2, evaluate)
>>> evaluate.calls, result.nodes
(600, 626)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tictac_edu.games.base import GameState, Player
from tictac_edu.search.common import Evaluation

UPDATE_EVERY = 500
"""Calls between two moves of the bar: often enough to look live, rarely enough to cost nothing."""


class CountedEvaluation:
    """An evaluation that counts its calls and moves a progress bar on as it is called.

    Attributes:
        evaluate: the evaluation it calls.
        calls: how many times it has been called.
    """

    def __init__(self, evaluate: Evaluation, bar: Any) -> None:
        self.evaluate = evaluate
        self.calls = 0
        self._bar = bar
        self._shown = 0
        self.__name__ = getattr(evaluate, "__name__", type(evaluate).__name__)

    def __call__(self, state: GameState, player: Player) -> float:
        self.calls += 1
        if self.calls - self._shown >= UPDATE_EVERY:
            self._bar.update(self.calls - self._shown)
            self._shown = self.calls
        return self.evaluate(state, player)

    def finish(self) -> None:
        """Bring the bar up to the number of calls made."""
        self._bar.update(self.calls - self._shown)
        self._shown = self.calls


@contextmanager
def evaluation_progress(evaluate: Evaluation, total: int | None = None, desc: str = "positions scored",
                        **options: Any) -> Iterator[CountedEvaluation]:
    """A progress bar counting the calls of ``evaluate`` while the ``with`` block runs.

    Args:
        evaluate: an evaluation ``evaluate(state, player)``.
        total: how many calls to expect (the bar's 100%), if known; a plain count otherwise.
        desc: the label of the bar.
        options: passed to ``tqdm.auto.tqdm`` (``disable=True`` shows nothing, for example).

    Yields:
        The counted evaluation, to give to the search instead of ``evaluate``; its ``calls``
        say how many positions were scored.
    """
    from tqdm.auto import tqdm  # imported when needed: only the notebooks use it

    with tqdm(total=total, desc=desc, unit=" positions", unit_scale=True, **options) as bar:
        counted = CountedEvaluation(evaluate, bar)
        try:
            yield counted
        finally:
            counted.finish()
