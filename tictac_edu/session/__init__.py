"""One game session: the position, who plays, undo, the AI's moves and the messages.

A :class:`GameSession` owns the flow of one game of any registered board game and knows
nothing of how it is shown. It has two faces: the notebook boards of :mod:`tictac_edu.widgets`
(which render a session and forward clicks to it) and ``python -m tictac_edu play`` in the
terminal (:func:`tictac_edu.cli.play_in_terminal`).

* **Sides**: you play one player (``"X"`` or ``"O"``: the AI plays the other and moves by
  itself), both (:data:`TWO_HUMANS`), or none (:data:`AI_VS_AI`: the AI plays both sides when
  asked).
* **The AI**: a level of the game (``state.game.levels``: its difficulties, weakest first, and
  its Monte Carlo levels) or an agent you give (:data:`GIVEN_AGENT`).
* **Moves**: :meth:`GameSession.play` plays a human move, or refuses it with a
  :attr:`~GameSession.message` naming the problem and changes nothing.
* **The AI's moves in three steps**, so a face can think in a background thread:
  :meth:`~GameSession.request_ai_move` hands out an :class:`AIRequest` stamped with the
  session's :attr:`~GameSession.generation`; :meth:`~GameSession.think` runs the agent (and
  changes nothing in the session); :meth:`~GameSession.apply` plays the answer, unless the
  generation has moved on meanwhile: New game, Undo, a change of sides or of difficulty, or any
  other change of position makes a late answer be dropped. :meth:`~GameSession.ai_move` does
  the three at once.
* **A clock** (optional, :class:`TimeControl`): seconds per move and per game for each player,
  counting down while that player is to move (:class:`GameClock`), from the first move on. The
  AI's time limit for a move is the smaller of its level's limit and the time it has left; a
  player whose time runs out loses on time.

The package's modules: :mod:`~tictac_edu.session.notation` (moves and numbers in words),
:mod:`~tictac_edu.session.clock` (time controls and the players' clock),
:mod:`~tictac_edu.session.ai` (the AI's requests and answers) and
:mod:`~tictac_edu.session.game` (the session); every name is importable from here.

>>> from tictac_edu.games import TicTacToe
>>> session = GameSession(TicTacToe(), side="X", difficulty="perfect")
>>> session.play(4)
True
>>> session.ai_should_move()
True
>>> answer = session.ai_move()
>>> answer.move, answer.proven, answer.outcome                  # O's view: a proven draw
(0, True, <Outcome.DRAW: 'draw'>)
>>> session.play(0)
False
>>> session.message
'Cell 0 is taken by O: choose an empty cell.'
"""

from __future__ import annotations

from tictac_edu.session.ai import (
    AIMove,
    AIRequest,
    agent_name,
    mcts_words,
    move_budget,
    outcome_words,
    winner_moves,
)
from tictac_edu.session.clock import (
    AI_TIME_MARGIN,
    AI_TIME_SHARE,
    MIN_AI_TIME,
    GameClock,
    TimeControl,
    ai_budget,
    format_clock,
)
from tictac_edu.session.game import (
    AI_VS_AI,
    GIVEN_AGENT,
    TWO_HUMANS,
    GameSession,
    Side,
    extra_level_summary,
    level_summary,
)
from tictac_edu.session.notation import (
    LONGEST_MOVE_TEXT,
    NOTATIONS,
    QUIT_WORDS,
    QUOTED_CHARACTERS,
    CellNotation,
    ColumnNotation,
    NamedNotation,
    Notation,
    PointNotation,
    format_elapsed,
    format_number,
    notation_for,
    ordinal,
)

__all__ = [
    "AIMove", "AIRequest", "AI_TIME_MARGIN", "AI_TIME_SHARE", "AI_VS_AI", "CellNotation", "ColumnNotation",
    "GIVEN_AGENT", "GameClock", "GameSession", "LONGEST_MOVE_TEXT", "MIN_AI_TIME", "NOTATIONS", "NamedNotation",
    "Notation", "PointNotation", "QUIT_WORDS", "QUOTED_CHARACTERS", "Side", "TWO_HUMANS", "TimeControl",
    "agent_name", "ai_budget", "extra_level_summary", "format_clock", "format_elapsed", "format_number",
    "level_summary", "mcts_words", "move_budget", "notation_for", "ordinal", "outcome_words", "winner_moves"
]
