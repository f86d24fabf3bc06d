"""The :class:`GameSession`: one game's position, sides, undo, clock, AI moves and messages."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Final

from tictac_edu.agents import difficulty_agent
from tictac_edu.agents.decision import AnyAgent, as_agent
from tictac_edu.games.base import GameState, IllegalMoveError, Move, Player
from tictac_edu.search.result import SearchResult
from tictac_edu.session.ai import AIMove, AIRequest, agent_name, move_budget
from tictac_edu.session.clock import GameClock, TimeControl
from tictac_edu.session.notation import LONGEST_MOVE_TEXT, QUOTED_CHARACTERS, notation_for

Side = str
"""Who plays: a player of the game (you play that side against the AI), :data:`AI_VS_AI` or
:data:`TWO_HUMANS`."""

AI_VS_AI: Final = "AI vs AI"
"""The AI plays both sides (when asked: AI move, Play to the end)."""

TWO_HUMANS: Final = "two humans"
"""Two people take turns; the AI moves only when asked."""

GIVEN_AGENT: Final = "given agent"
"""The difficulty of a session playing the agent passed as ``opponent``."""


class GameSession:
    """One game of any registered board game, with its sides, its AI and its messages.

    Thread-safe: a face may run :meth:`think` in a background thread while people keep
    clicking; every method that changes the session takes its lock, and :meth:`apply` drops an
    answer whose request is older than the session's :attr:`generation`.

    Args:
        start: the position New game returns to (any game's position).
        side: who plays (:data:`Side`); by default you play the first player.
        difficulty: a level of the game (``start.game.levels``: its difficulties and its Monte
            Carlo levels), or :data:`GIVEN_AGENT`; by default ``opponent`` if one is given, else
            the strongest of the difficulties.
        opponent: an agent to play against (anything with ``name`` and ``choose_move(state)``).
        seed: seed for the levels' random moves.
        time_control: a clock for both players (seconds per move and per game), or ``None``
            for none. The clock of the player to move runs while a person is to move or the AI
            thinks, from the game's first move on (a person's first move is not timed; in AI
            vs AI the clock stops between moves); the AI's time limit for a move is the smaller
            of its level's limit and its time left, less a safety margin (:func:`ai_budget`,
            :func:`move_budget`); a player whose time runs out loses on time. Undo gives back
            the time of the moves it takes back; New game starts the clocks afresh.
        clock: the time in seconds for ``time_control`` (tests give a fake one).

    Raises:
        ValueError: an unknown side or difficulty, or a game without levels and no opponent.
        TypeError: ``opponent`` has no ``choose_move``, or ``time_control`` is not a
            :class:`TimeControl`.

    Attributes:
        message: the latest message for people (empty when there is nothing to say): why a
            move was refused, what a change of sides or difficulty did, why the AI could not
            move, who ran out of time.
        last_ai: the AI's last move played since the last New game or Undo, or ``None``.
        notation: how moves are named and typed on this board.
        clock: the players' :class:`GameClock`, or ``None`` without a ``time_control``.
    """

    def __init__(self, start: GameState, *, side: Side | None = None, difficulty: str | None = None,
                 opponent: AnyAgent | None = None, seed: int | None = None, time_control: TimeControl | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if opponent is not None:
            try:
                as_agent(opponent)
            except TypeError:
                raise TypeError(f"opponent must be an agent with a choose_move(state) method, not {opponent!r}") \
                    from None
        if time_control is not None and not isinstance(time_control, TimeControl):
            raise TypeError(f"time_control must be a TimeControl(per_move=..., per_game=...), not {time_control!r}")
        self._lock = threading.RLock()
        self._start = start
        self._state = start
        self._seed = seed
        self._given_agent = opponent
        self.notation = notation_for(start)
        side = start.players[0] if side is None else side
        self._check_side(side)
        self._side: Side = side
        levels = self.difficulties
        if difficulty is None:
            if opponent is None and not levels:
                raise ValueError(f"{start.game.title} has no difficulty levels: give an opponent agent")
            difficulty = GIVEN_AGENT if opponent is not None else levels[-1]
        self._check_difficulty(difficulty)
        self._difficulty = difficulty
        self._agent = self._build_agent(difficulty)
        self._generation = 0
        self._pending: AIRequest | None = None
        self._failed_at: GameState | None = None
        self._flagged: Player | None = None
        self.message = ""
        self.last_ai: AIMove | None = None
        self.clock = None if time_control is None else GameClock(time_control, start.players, clock)
        self._sync_clock()

    # -- what the session is ---------------------------------------------------------------------

    @property
    def start(self) -> GameState:
        """The position New game returns to."""
        return self._start

    @property
    def state(self) -> GameState:
        """The position now."""
        return self._state

    @property
    def side(self) -> Side:
        """Who plays (:data:`Side`)."""
        return self._side

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides this game offers: each player, :data:`AI_VS_AI` and :data:`TWO_HUMANS`."""
        return (*self._start.players, AI_VS_AI, TWO_HUMANS)

    @property
    def difficulties(self) -> tuple[str, ...]:
        """The game's difficulty levels, weakest first (from ``state.game.difficulties``)."""
        return self._start.game.difficulties

    @property
    def levels(self) -> tuple[str, ...]:
        """Every level of the game: its :attr:`difficulties`, then the levels beside that ladder
        (the Monte Carlo ones, ``state.game.levels``)."""
        return self._start.game.levels

    @property
    def difficulty_options(self) -> tuple[str, ...]:
        """What the difficulty can be set to: :data:`GIVEN_AGENT` first if an opponent was
        given, then every level of the game (:attr:`levels`)."""
        given = (GIVEN_AGENT,) if self._given_agent is not None else ()
        return given + self.levels

    @property
    def difficulty(self) -> str:
        """The chosen level, or :data:`GIVEN_AGENT`."""
        return self._difficulty

    @property
    def agent(self) -> AnyAgent:
        """The AI playing now."""
        return self._agent

    @property
    def given_agent(self) -> AnyAgent | None:
        """The agent passed as ``opponent``, if any."""
        return self._given_agent

    @property
    def generation(self) -> int:
        """A number that changes whenever the position, the sides or the AI change; an AI
        answer made for an older generation is dropped by :meth:`apply`."""
        return self._generation

    @property
    def thinking(self) -> bool:
        """Whether an AI move has been requested and not yet applied (the AI is thinking)."""
        return self._pending is not None

    @property
    def last_result(self) -> SearchResult | None:
        """The search behind the AI's last move, or ``None``."""
        return None if self.last_ai is None else self.last_ai.result

    @property
    def flagged(self) -> Player | None:
        """The player who ran out of time (and lost on time), or ``None``."""
        return self._flagged

    @property
    def time_winner(self) -> Player | None:
        """The player who won on time, or ``None``."""
        if self._flagged is None:
            return None
        first, second = self._start.players
        return second if self._flagged == first else first

    def is_over(self) -> bool:
        """Whether the game is over: the position is final, or a player ran out of time."""
        return self._flagged is not None or self._state.is_terminal()

    def ai_players(self) -> tuple[Player, ...]:
        """The players the AI plays for."""
        first, second = self._start.players
        if self._side == AI_VS_AI:
            return (first, second)
        if self._side == TWO_HUMANS:
            return ()
        return (second,) if self._side == first else (first,)

    def human_players(self) -> tuple[Player, ...]:
        """The players people play for."""
        return tuple(player for player in self._start.players if player not in self.ai_players())

    def is_human_turn(self) -> bool:
        """Whether a person is to move now (and the game is on)."""
        return not self.is_over() and self._state.to_move in self.human_players()

    def ai_should_move(self) -> bool:
        """Whether the AI should move by itself now: you play one side against it, it is its
        turn, it is not thinking already, and it has not just failed to move here."""
        with self._lock:
            state = self._state
            return (self._side in self._start.players and not self.is_over()
                    and state.to_move in self.ai_players() and self._pending is None
                    and self._failed_at is not state)

    # -- words --------------------------------------------------------------------------------------

    def who(self, player: Player) -> str:
        """Who plays ``player``, for a status line: ``"you"``, ``"AI: perfect"``, or ``""``
        between two humans."""
        if self._side == TWO_HUMANS:
            return ""
        return f"AI: {agent_name(self._agent)}" if player in self.ai_players() else "you"

    def result_words(self) -> str:
        """A finished game's result: ``"X won"``, ``"a draw"`` or ``"O won on time"``."""
        if self._flagged is not None:
            return f"{self.time_winner} won on time"
        winner = self._state.winner
        return "a draw" if winner is None else f"{winner} won"

    def outcome_text(self) -> str:
        """A finished game's result for people: ``"you win (X)!"``, ``"the AI wins (O)."``,
        ``"X wins."`` (between two humans, or AI against AI), ``"a draw."``, ``"you win on time
        (O)!"``."""
        winner = self._state.winner if self._flagged is None else self.time_winner
        how = "" if self._flagged is None else " on time"
        if winner is None:
            return "a draw."
        if self._side in self._start.players:
            return f"you win{how} ({winner})!" if winner == self._side else f"the AI wins{how} ({winner})."
        return f"{winner} wins{how}."

    def status_text(self) -> str:
        """Whose turn it is, or the result: ``"X (you) to move"``, ``"O wins"``, ``"Draw"``,
        ``"O wins on time"``."""
        state = self._state
        if self._flagged is not None:
            winner = self.time_winner or ""
            return f"{winner}{self._who_words(winner)} wins on time"
        if state.winner is not None:
            return f"{state.winner}{self._who_words(state.winner)} wins"
        if state.is_terminal():
            return "Draw"
        return f"{state.to_move}{self._who_words(state.to_move)} to move"

    def _who_words(self, player: Player) -> str:
        who = self.who(player)
        return f" ({who})" if who else ""

    def describe_ai_move(self, answer: AIMove) -> str:
        """The AI's move in a sentence for the terminal: ``"The AI plays 4 (proven draw; 2,121
        nodes, to the end, 15 ms)."`` or ``"The AI plays 22 (a random move: easy plays 30% of
        its moves at random)."``."""
        if answer.error is not None or answer.move is None:
            return answer.error or "The AI could not move."
        head = f"The AI ({answer.agent_name}) plays {self.notation.name(answer.move)} for {answer.player}"
        if answer.random_move:
            return f"{head} ({answer.random_words()})."
        if answer.result is None and answer.mcts is not None:
            return f"{head} ({answer.value_text()}; {answer.figures_text()})."
        if answer.result is None:
            return f"{head} ({answer.figures_text()})."
        return f"{head} ({answer.value_text()}; {answer.figures_text()})."

    # -- people's moves ----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """The move a person typed (see :class:`Notation`).

        Raises:
            ValueError: ``text`` is not a move; the message names what to type, and quotes
                ``text`` only in part if it is longer than any move (:data:`LONGEST_MOVE_TEXT`).
        """
        shown = text.strip()
        if len(shown) > LONGEST_MOVE_TEXT:
            raise ValueError(f"{shown[:QUOTED_CHARACTERS]!r}… ({len(shown):,} characters) is not a move: type "
                             f"{self.notation.input_help(self._state)}")
        return self.notation.parse(text, self._state)

    def play(self, move: Move) -> bool:
        """Play a person's move; ``False`` (and a :attr:`message` naming the problem, the
        position unchanged) if it cannot be played: the game is over, the AI is to move or
        thinking, or the move is illegal."""
        with self._lock:
            self._check_time()
            state = self._state
            problem = self._refusal()
            if problem is None:
                problem = self.notation.problem(state, move)
            if problem is None:
                try:
                    after = state.play(move)
                except IllegalMoveError as error:
                    problem = str(error).splitlines()[0]
            if problem is not None:
                self.message = problem
                return False
            if self.clock is not None:
                self.clock.moved()
            self._set_position(after)
            self.message = ""
            return True

    def _refusal(self) -> str | None:
        """Why no person may move now, or ``None``."""
        state = self._state
        if self.is_over():
            return f"The game is over ({self.result_words()}). Press New game to play again, or Undo."
        if self._pending is not None:
            return f"The AI ({agent_name(self._agent)}) is thinking about {state.to_move}'s move: wait for it."
        if state.to_move in self.ai_players():
            if self._side == AI_VS_AI:
                return "The AI plays both sides: press AI move or Play to the end, or choose other players."
            return f"It is the AI's turn ({state.to_move}): press AI move."
        return None

    # -- commands ----------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from :attr:`start` (a thinking AI's answer will be dropped)."""
        with self._lock:
            if self.clock is not None:
                self.clock.reset()
            self._set_position(self._start)
            self.last_ai = None
            self.message = ""

    def undo(self) -> bool:
        """Take back moves back to a person's turn: your last move and the AI's reply (one
        move between two humans or in AI vs AI). ``False`` and a message if there is nothing
        to undo. A thinking AI's answer will be dropped."""
        with self._lock:
            start_ply = self._start.ply
            position = self._state
            if position.ply <= start_ply:
                self.message = "Nothing to undo: no move has been played."
                return False
            if self._side in (AI_VS_AI, TWO_HUMANS):
                position = position.undo()
            else:
                while position.ply > start_ply:
                    position = position.undo()
                    if position.to_move == self._side:  # that move was yours: stop before it
                        break
                else:
                    self.message = "Nothing to undo: you have not moved yet."
                    return False
            if self.clock is not None:
                self.clock.rewind(position.ply - start_ply)
            self._set_position(position)
            self.last_ai = None
            self.message = ""
            return True

    def set_side(self, side: Side) -> None:
        """Change who plays (a thinking AI's answer will be dropped).

        Raises:
            ValueError: ``side`` is not one of :attr:`sides`.
        """
        self._check_side(side)
        with self._lock:
            self._side = side
            self._changed()
            if side in self._start.players:
                self.message = f"You play {side}."
            elif side == AI_VS_AI:
                self.message = "The AI plays both sides: press AI move or Play to the end."
            else:
                self.message = "Two humans: take turns."

    def set_difficulty(self, difficulty: str) -> None:
        """Change the AI to another level, or back to the given agent (a thinking AI's answer
        will be dropped).

        Raises:
            ValueError: the level is not one of :attr:`difficulty_options`.
        """
        self._check_difficulty(difficulty)
        agent = self._build_agent(difficulty)
        with self._lock:
            self._difficulty, self._agent = difficulty, agent
            self._changed()
            self.message = f"The AI is now {agent_name(agent)}."

    def set_state(self, position: GameState) -> None:
        """Show ``position`` instead of the current one (New game still returns to :attr:`start`).

        Raises:
            ValueError: ``position`` is not a position of this session's game.
        """
        game = self._start.game
        if getattr(position, "game", None) != game:
            raise ValueError(f"this session plays {game.title}; cannot show {position!r}")
        with self._lock:
            if self.clock is not None:
                self.clock.reset()  # the clocks start afresh from a position set by hand
            self._set_position(position)
            self.message = ""

    # -- the clock ---------------------------------------------------------------------------------

    def check_time(self) -> bool:
        """Whether a player has run out of time (then they lose on time: the game is over, a
        thinking AI's answer will be dropped, and :attr:`message` says so). A face calls this
        as its clock ticks; every move checks it too."""
        with self._lock:
            return self._check_time()

    def _check_time(self) -> bool:
        clock = self.clock
        if self._flagged is not None:
            return True
        if clock is None or not clock.running or not clock.time_is_up():
            return False
        clock.stop()
        self._flagged = self._state.to_move
        self._changed()
        self.message = f"{self._flagged}'s time is up: {self.time_winner} wins on time."
        return True

    def _sync_clock(self) -> None:
        """Let the clock run while someone is expected to move: a person to move (from the
        game's first move on), or the AI thinking; stop it otherwise (the game over, the AI
        waiting to be asked, a person about to make the game's first move)."""
        clock = self.clock
        if clock is None:
            return
        state = self._state
        clock.to_move = state.to_move
        human = state.to_move in self.human_players() and state.ply > self._start.ply
        if not self.is_over() and (human or self._pending is not None):
            clock.start()
        else:
            clock.stop()

    # -- the AI ------------------------------------------------------------------------------------

    def request_ai_move(self, generation: int | None = None) -> AIRequest | None:
        """Ask for the AI's move for whoever is to move: an :class:`AIRequest` for :meth:`think`.

        Returns ``None`` (with a :attr:`message`) when the game is over, and ``None`` when the
        AI is thinking already or, with ``generation``, when the session is no longer at that
        generation (a loop of AI moves stops there).
        """
        with self._lock:
            if generation is not None and generation != self._generation:
                return None
            if self._check_time() or self._state.is_terminal():
                self.message = f"The game is over ({self.result_words()}). Press New game to play again."
                return None
            if self._pending is not None:
                return None
            deadline = None
            if self.clock is not None:
                self.clock.to_move = self._state.to_move
                self.clock.start()
                left = self.clock.left()
                deadline = None if left is None else self.clock.now() + left
                clock = self.clock.now
            else:
                clock = time.monotonic
            self._pending = AIRequest(self._generation, self._state, self._agent, deadline, clock)
            return self._pending

    @staticmethod
    def think(request: AIRequest) -> AIMove:
        """Run the request's agent and return its answer; changes nothing in the session, so it
        may run in another thread. An agent that fails or answers an illegal move gives an
        answer with :attr:`AIMove.error`."""
        agent, state = as_agent(request.agent), request.state
        name = agent.name
        started = time.perf_counter()
        try:
            decision = agent.choose(state, move_budget(request))
            move = decision.move
            after = state.play(move)
        except Exception as error:  # an agent written by a learner may fail in any way
            first_line = (str(error).splitlines() or [""])[0]
            return AIMove(request.generation, state, None, state.to_move, name, None, None,
                          time.perf_counter() - started,
                          error=f"The AI ({name}) could not move: {type(error).__name__}: {first_line}")
        elapsed = time.perf_counter() - started
        result = decision.search if decision.search is not None and decision.search.move == move else None
        mcts = decision.mcts if decision.mcts is not None and decision.mcts.move == move else None
        return AIMove(request.generation, state, after, state.to_move, name, move, result, elapsed,
                      random_move=decision.random and mcts is None, randomness=decision.randomness,
                      source=decision.source if result is not None else None,
                      clock_limit=decision.time_limit, mcts=mcts)

    def apply(self, answer: AIMove) -> bool:
        """Play the AI's answer, or drop it if it is stale (the session moved on since its
        request). Returns ``True`` if the answer was taken (played, or its error shown, or, on a
        clock, the AI's time was up before its answer came: it loses on time)."""
        with self._lock:
            if answer.generation != self._generation or answer.before is not self._state:
                return False
            if self._check_time():
                return True
            self._pending = None
            if answer.error is not None or answer.after is None:
                self._failed_at = self._state
                self.message = answer.error or "The AI could not move."
                self._sync_clock()
                return True
            if self.clock is not None:
                self.clock.moved()
            self._set_position(answer.after)
            self.last_ai = answer
            return True

    def ai_move(self) -> AIMove | None:
        """Request, think and apply at once: the AI plays the next move for whoever is to move.
        ``None`` if it cannot (the game is over, or it is thinking already), or if its time ran
        out first (:attr:`flagged`)."""
        request = self.request_ai_move()
        if request is None:
            return None
        answer = self.think(request)
        return answer if self.apply(answer) and self._flagged is None else None

    # -- inside ------------------------------------------------------------------------------------

    def _set_position(self, position: GameState) -> None:
        self._state = position
        self._flagged = None  # a new position (a move, Undo, New game): nobody has run out of time in it
        self._changed()

    def _changed(self) -> None:
        """The position, the sides or the AI changed: late answers are dropped."""
        self._generation += 1
        self._pending = None
        self._failed_at = None
        self._sync_clock()

    def _check_side(self, side: object) -> None:
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; choose one of {', '.join(map(repr, self.sides))}")

    def _check_difficulty(self, difficulty: object) -> None:
        if difficulty not in self.difficulty_options:
            options = ", ".join(map(repr, self.difficulty_options)) or "none (give an opponent agent)"
            raise ValueError(f"difficulty {difficulty!r} is not offered for {self._start.game.title}; "
                             f"choose one of {options}")

    def _build_agent(self, difficulty: str) -> AnyAgent:
        if difficulty == GIVEN_AGENT:
            assert self._given_agent is not None
            return self._given_agent
        return difficulty_agent(self._start, difficulty, seed=self._seed)

    def __repr__(self) -> str:
        return (f"<GameSession of {self._start.game.title}: side {self._side!r}, AI {agent_name(self._agent)!r}, "
                f"{self._state.ply} moves, generation {self._generation}>")


def level_summary(state: GameState) -> str:
    """The difficulty levels of ``state``'s game in one line, the time-limited ones marked:
    ``"easy, medium, hard (0.9 s a move), expert (0.9 s a move)"``.

    >>> from tictac_edu.games import TicTacToe
    >>> level_summary(TicTacToe())
    'easy, medium, hard, perfect'
    """
    parts = []
    for preset in state.game.presets:
        limit = f" ({preset.time_limit:g} s a move)" if preset.time_limit is not None else ""
        parts.append(f"{preset.name}{limit}")
    return ", ".join(parts)


def extra_level_summary(state: GameState) -> str:
    """The levels ``state``'s game offers beside its ladder of difficulties (the Monte Carlo
    ones) in one line, with their budgets: ``"mcts (5,000 playouts a move), mcts-solver (5,000
    playouts a move)"``; ``""`` if it has none.

    >>> from tictac_edu.games import ConnectFour
    >>> extra_level_summary(ConnectFour())
    'mcts (0.9 s a move), mcts-solver (0.9 s a move)'
    """
    parts = []
    for preset in state.game.extra_presets:
        budget = (f"{preset.playouts:,} playouts a move" if preset.playouts is not None else
                  f"{preset.time_limit:g} s a move" if preset.time_limit is not None else "")
        parts.append(f"{preset.name} ({budget})" if budget else preset.name)
    return ", ".join(parts)
