"""The game session on its own, without widgets or a terminal: sides, levels, moves, undo,
the AI's moves in three steps, and late answers dropped."""

from __future__ import annotations

import threading
import time
from typing import cast

import pytest
from gate import Gate  # the agent that answers when a test lets it

from tictac_edu.agents import AgentBase, Budget, Decision, RandomAgent, SearchAgent, as_agent
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.evaluation.mnk import line_evaluation
from tictac_edu.games import ConnectFour, GameTree, TicTacToe, moves_from_start, new_game, play_moves
from tictac_edu.games.base import GameState, Move
from tictac_edu.session import (
    AI_VS_AI,
    GIVEN_AGENT,
    TWO_HUMANS,
    AIMove,
    GameSession,
    ai_budget,
    notation_for,
)


def session(**options: object) -> GameSession:
    return GameSession(TicTacToe(), **options)  # type: ignore[arg-type]


def reply(game: GameSession) -> AIMove:
    """The AI's move, checked to have been played."""
    answer = game.ai_move()
    assert answer is not None and answer.error is None, game.message
    return answer


@pytest.mark.parametrize(("name", "options", "levels"), [
    ("tictactoe", {}, ("easy", "medium", "hard", "perfect")),
    ("mnk", {"rows": 4, "columns": 4, "k": 3}, ("easy", "medium", "hard")),
    ("connect4", {}, ("easy", "medium", "hard", "expert")),
])
def test_any_registered_game_with_its_own_levels(name: str, options: dict[str, int], levels: tuple[str, ...]) -> None:
    game = GameSession(new_game(name, **options))
    assert game.difficulties == levels == game.start.game.difficulties
    assert game.difficulty == levels[-1]  # the strongest by default
    assert game.agent.name == levels[-1]
    assert game.side == "X" and game.sides == ("X", "O", AI_VS_AI, TWO_HUMANS)
    assert game.ai_players() == ("O",) and game.human_players() == ("X",)
    assert game.is_human_turn() and not game.ai_should_move()


def test_bad_sides_difficulties_and_agents_are_named() -> None:
    with pytest.raises(ValueError, match="unknown side 'Y'"):
        session(side="Y")
    with pytest.raises(ValueError, match=r"'perfect' is not offered for 4x4, three in a row; choose one of 'easy'"):
        GameSession(new_game("mnk", rows=4, columns=4, k=3), difficulty="perfect")
    with pytest.raises(ValueError, match="not offered"):
        session(difficulty=GIVEN_AGENT)  # no agent given
    with pytest.raises(TypeError, match="choose_move"):
        session(opponent=object())
    with pytest.raises(ValueError, match="no difficulty levels"):
        GameSession(GameTree([[3, 12, 8], [2, 4, 6]]))
    game = session()
    with pytest.raises(ValueError, match="unknown side"):
        game.set_side("nobody")
    with pytest.raises(ValueError, match="'expert' is not offered for Tic-tac-toe"):
        game.set_difficulty("expert")


def test_sides_decide_who_moves() -> None:
    assert session(side="O").ai_players() == ("X",)
    assert session(side=AI_VS_AI).ai_players() == ("X", "O") and session(side=AI_VS_AI).human_players() == ()
    assert session(side=TWO_HUMANS).ai_players() == () and session(side=TWO_HUMANS).human_players() == ("X", "O")
    opening = session(side="O")
    assert opening.ai_should_move() and not opening.is_human_turn()
    assert not session(side=AI_VS_AI).ai_should_move()  # AI vs AI moves when asked


# -- people's moves ---------------------------------------------------------------------------------


def test_an_illegal_move_gives_a_message_and_changes_nothing() -> None:
    game = session(side=TWO_HUMANS)
    assert game.play(4)
    before, generation = game.state, game.generation
    for move, words in ((4, "Cell 4 is taken by X: choose an empty cell."),
                        ((1, 1), "Cell 4 is taken by X: choose an empty cell."),
                        (9, "Illegal move 9: off the board; cells are numbered 0..8, row by row."),
                        ("centre", "Illegal move 'centre': a move is a cell number")):
        assert not game.play(move)
        assert game.message.startswith(words)
        assert game.state is before and game.generation == generation
    assert game.play((0, 0)) and game.message == ""  # a good move clears the message
    assert moves_from_start(game.state) == [4, 0]


def test_connect_four_moves_are_refused_in_the_boards_words() -> None:
    game = GameSession(ConnectFour.from_moves("444444"), side=TWO_HUMANS)
    assert not game.play(3)
    assert game.message == "Column 4 is full: choose another column."
    for column in (7, -1, "4", True):
        assert not game.play(column)
        assert game.message.startswith(f"There is no column {column!r}: columns are 0 to 6 in code")
    assert game.play(0) and cast(ConnectFour, game.state).moves_string() == "4444441"


def test_no_human_move_when_it_is_the_ais_turn_or_the_game_is_over() -> None:
    game = session()
    assert game.play(4)
    assert not game.play(0)
    assert game.message == "It is the AI's turn (O): press AI move."
    both = session(side=AI_VS_AI)
    assert not both.play(0) and "The AI plays both sides" in both.message
    over = GameSession(play_moves(TicTacToe(), [0, 3, 1, 4, 2]), side=TWO_HUMANS)
    assert not over.play(5)
    assert over.message == "The game is over (X won). Press New game to play again, or Undo."
    assert over.request_ai_move() is None and "game is over" in over.message


@pytest.mark.parametrize(("state", "text", "move"), [
    (TicTacToe(), "4", 4), (TicTacToe(), " 8 ", 8), (TicTacToe(), "-3", -3),
    (ConnectFour(), "4", 3), (ConnectFour(), "1", 0), (ConnectFour(), " 7\n", 6),
])
def test_typed_moves_are_read_in_the_boards_notation(state: GameState, text: str, move: Move) -> None:
    assert GameSession(state).parse(text) == move


@pytest.mark.parametrize(("state", "text", "words"), [
    (TicTacToe(), "hello", "'hello' is not a move: type a cell number 0-8 as shown on the board"),
    (TicTacToe(), "²", "'²' is not a move: type a cell number 0-8"),  # a digit to str.isdigit, not to int
    (TicTacToe(), "٤", "'٤' is not a move"),  # an Arabic-Indic four
    (TicTacToe(), "1 2", "'1 2' is not a move: type a cell number 0-8"),  # the board labels cells, not rows
    (TicTacToe(), "1 2 3", "'1 2 3' is not a move"),
    (TicTacToe(), "", "'' is not a move"),
    (ConnectFour(), "x", "'x' is not a move: type a column number 1-7 as printed under the board"),
    (ConnectFour(), "²", "'²' is not a move: type a column number 1-7"),
    (ConnectFour(), "0", "There is no column 0: type a column number 1-7"),
    (ConnectFour(), "8", "There is no column 8: type a column number 1-7"),
])
def test_bad_typing_is_named(state: GameState, text: str, words: str) -> None:
    with pytest.raises(ValueError) as raised:
        GameSession(state).parse(text)
    assert str(raised.value).startswith(words)


def test_notations_name_moves_as_the_boards_show_them() -> None:
    cells, columns = notation_for(TicTacToe()), notation_for(ConnectFour())
    assert (cells.name(4), cells.short(4)) == ("4", "4")
    assert (columns.name(3), columns.short(3)) == ("column 4", "4")
    assert "1 2 3 4 5 6 7" in columns.board_text(ConnectFour())
    assert "0 1 2" in cells.board_text(TicTacToe())  # empty cells show their numbers


# -- the AI -------------------------------------------------------------------------------------------


def test_the_ai_replies_with_proven_figures() -> None:
    game = session(difficulty="perfect")
    assert game.play(4) and game.ai_should_move()
    answer = reply(game)
    assert answer.player == "O" and answer.agent_name == "perfect" and answer.move in (0, 2, 6, 8)
    assert game.state.last_move == answer.move and game.state.ply == 2
    assert answer.result is not None and answer.result.nodes > 0 and answer.result.depth is None
    assert answer.proven and answer.outcome == "draw" and not answer.random_move
    assert game.last_result is answer.result and game.last_ai is answer
    assert answer.value_text() == "proven: a draw with best play on both sides"
    assert "nodes, to the end" in answer.figures_text()
    text = game.describe_ai_move(answer)
    assert text.startswith(f"The AI (perfect) plays {answer.move} for O (proven: a draw with best play on both sides; ")
    assert not game.ai_should_move() and game.is_human_turn()


def test_an_estimate_is_never_called_proven() -> None:
    game = GameSession(new_game("connect4"), difficulty="medium", seed=1)  # seed 1: a searched move, not a random one
    assert game.play(3)
    answer = reply(game)
    assert answer.result is not None and answer.result.depth == 4
    assert not answer.proven and answer.outcome is None
    assert answer.value_text().startswith("an estimate: ") and answer.value_text().endswith("for O, not proven")
    text = game.describe_ai_move(answer)
    assert text.startswith("The AI (medium) plays column ") and "proven win" not in text and "proven loss" not in text


def test_a_forced_win_in_the_look_ahead_is_proven() -> None:
    # X (to move) has two ways to win; the depth-2 search sees the win: a proven outcome, not a guess.
    game = GameSession(play_moves(TicTacToe(), [0, 3, 1, 4]), side="O",
                       opponent=SearchAgent(depth=2, evaluate=line_evaluation, name="look two"))
    answer = reply(game)
    assert answer.move == 2 and answer.proven and answer.outcome == "win"
    assert game.describe_ai_move(answer).startswith("The AI (look two) plays 2 for X (proven: X wins with this move; ")


def test_the_random_moves_of_the_easy_level_say_so() -> None:
    game = GameSession(new_game("mnk", rows=5, columns=5, k=3), side=AI_VS_AI, difficulty="easy", seed=0)
    answers: list[AIMove] = []
    while len(answers) < 16:
        if game.state.is_terminal():
            game.new_game()
        answers.append(reply(game))
    random_moves = [answer for answer in answers if answer.random_move]
    assert random_moves and len(random_moves) < len(answers)
    for answer in random_moves:
        assert answer.result is None and answer.randomness == 0.3
        assert game.describe_ai_move(answer) == (f"The AI (easy) plays {answer.move} for {answer.player} "
                                                 "(a random move: easy plays 30% of its moves at random).")
    assert all(answer.result is not None for answer in answers if not answer.random_move)
    dice = session(opponent=RandomAgent(seed=1, name="dice"))
    dice.play(4)
    assert reply(dice).random_words() == "a random move"


def test_the_expert_level_says_whether_each_move_is_proven() -> None:
    middle_game = ConnectFour.from_moves("41176122144644156276")  # the solver answers this in milliseconds
    game = GameSession(middle_game, side="O", difficulty="expert")
    answer = reply(game)
    assert answer.source == "solver" and answer.proven and answer.outcome in ("win", "draw", "loss")
    assert "proven" in game.describe_ai_move(answer)


def test_a_failing_agent_gives_a_message_and_is_not_asked_again_by_itself() -> None:
    class Broken:
        name = "broken"

        def choose_move(self, state: GameState) -> Move:
            raise RuntimeError("no idea\nsecond line")

    game = session(opponent=Broken())
    assert game.difficulty == GIVEN_AGENT and game.difficulty_options[0] == GIVEN_AGENT
    game.play(0)
    answer = game.ai_move()
    assert answer is not None and answer.error == "The AI (broken) could not move: RuntimeError: no idea"
    assert game.message == answer.error and moves_from_start(game.state) == [0]
    assert not game.ai_should_move() and not game.thinking  # no endless retries
    assert game.describe_ai_move(answer) == answer.error

    class Cheater:
        name = "cheater"

        def choose_move(self, state: GameState) -> Move:
            return 4

    cheat = session(opponent=Cheater())
    cheat.play(4)
    cheat.ai_move()
    assert cheat.message.startswith("The AI (cheater) could not move: IllegalMoveError: Illegal move 4")
    assert cheat.state.ply == 1


# -- undo, new game, changes -----------------------------------------------------------------------------


def test_undo_goes_back_to_your_turn() -> None:
    game = session(difficulty="perfect")
    assert not game.undo() and game.message == "Nothing to undo: no move has been played."
    game.play(4)
    reply(game)
    after_first_exchange = cast(TicTacToe, game.state)
    game.play(next(cell for cell in range(9) if after_first_exchange.board[cell] is None))
    reply(game)
    assert game.undo() and game.state is after_first_exchange and game.last_ai is None
    assert game.undo() and game.state.ply == 0

    second = session(side="O", difficulty="perfect")
    reply(second)
    assert not second.undo() and second.message == "Nothing to undo: you have not moved yet."
    opening = cast(TicTacToe, second.state)
    second.play(next(cell for cell in range(9) if opening.board[cell] is None))
    reply(second)
    assert second.undo() and second.state is opening

    humans = session(side=TWO_HUMANS)
    humans.play(0)
    humans.play(4)
    assert humans.undo() and moves_from_start(humans.state) == [0]


def test_new_game_and_a_given_start() -> None:
    start = play_moves(TicTacToe(), [0, 4])
    game = GameSession(start, side=TWO_HUMANS)
    game.play(8)
    game.new_game()
    assert game.state is start and game.message == "" and game.last_ai is None
    assert not game.undo() and "Nothing to undo" in game.message


def test_changes_say_what_they_did() -> None:
    game = session()
    game.set_side("O")
    assert game.message == "You play O." and game.ai_should_move()
    game.set_side(AI_VS_AI)
    assert game.message.startswith("The AI plays both sides")
    game.set_side(TWO_HUMANS)
    assert game.message == "Two humans: take turns."
    perfect = game.agent
    game.set_difficulty("easy")
    assert game.message == "The AI is now easy." and game.agent is not perfect and game.difficulty == "easy"


def test_setting_a_position_of_another_game_is_refused() -> None:
    game = session()
    game.set_state(play_moves(TicTacToe(), [0, 4, 1]))
    assert moves_from_start(game.state) == [0, 4, 1]
    with pytest.raises(ValueError, match="this session plays Tic-tac-toe"):
        game.set_state(new_game("mnk", rows=4, columns=4, k=3))
    with pytest.raises(ValueError, match="this session plays Connect Four"):
        GameSession(ConnectFour()).set_state(ConnectFour(columns=6))


def test_outcome_and_status_texts() -> None:
    won = GameSession(play_moves(TicTacToe(), [0, 3, 1, 4, 2]), side="X")
    assert won.outcome_text() == "you win (X)!" and won.status_text() == "X (you) wins"
    lost = GameSession(won.state, side="O")
    assert lost.outcome_text() == "the AI wins (X)." and lost.status_text() == "X (AI: perfect) wins"
    assert GameSession(won.state, side=TWO_HUMANS).outcome_text() == "X wins."
    drawn = GameSession(play_moves(TicTacToe(), [0, 4, 8, 1, 7, 6, 2, 5, 3]))
    assert drawn.outcome_text() == "a draw." and drawn.status_text() == "Draw" and drawn.result_words() == "a draw"
    assert session().status_text() == "X (you) to move"
    assert session(side=TWO_HUMANS).status_text() == "X to move"


# -- late answers ----------------------------------------------------------------------------------------


def test_the_three_steps_and_a_request_at_a_time() -> None:
    game = session()
    game.play(4)
    request = game.request_ai_move()
    assert request is not None and request.state is game.state and request.generation == game.generation
    assert game.thinking and not game.ai_should_move()
    assert game.request_ai_move() is None  # one request at a time
    assert not game.play(0) and "is thinking" in game.message
    answer = GameSession.think(request)
    assert game.state.ply == 1  # thinking changes nothing
    assert game.apply(answer) and game.state.ply == 2 and not game.thinking
    assert not game.apply(answer)  # an answer counts once


@pytest.mark.parametrize("change", ["new game", "undo", "side", "difficulty", "position"])
def test_an_answer_that_comes_back_after_a_change_is_dropped(change: str) -> None:
    """The bug this guards against: a New game pressed while the AI is thinking could be overwritten by the old
    game plus the AI's move."""
    gate = Gate(move=8)
    game = session(opponent=gate)
    game.play(4)
    request = game.request_ai_move()
    assert request is not None
    answers: list[AIMove] = []
    thinker = threading.Thread(target=lambda: answers.append(GameSession.think(request)))
    thinker.start()
    assert gate.asked.wait(10)  # the AI is thinking now
    if change == "new game":
        game.new_game()
    elif change == "undo":
        game.undo()
    elif change == "side":
        game.set_side(TWO_HUMANS)
    elif change == "difficulty":
        game.set_difficulty("easy")
    else:
        game.set_state(play_moves(TicTacToe(), [0]))
    after_change = game.state
    assert not game.thinking
    gate.release()
    thinker.join(10)
    (answer,) = answers
    assert answer.move == 8 and answer.error is None
    assert not game.apply(answer)  # stale: dropped
    assert game.state is after_change and 8 not in moves_from_start(game.state)
    assert game.last_ai is None


def test_a_loop_of_ai_moves_stops_when_the_generation_moves_on() -> None:
    game = session(side=AI_VS_AI, difficulty="easy", seed=2)
    generation = game.generation
    request = game.request_ai_move(generation)
    assert request is not None and game.apply(GameSession.think(request))
    generation = game.generation
    game.new_game()
    assert game.request_ai_move(generation) is None and game.state.ply == 0


def test_many_threads_never_break_the_session() -> None:
    """People keep clicking New game while answers come back from other threads: every position
    the session holds is a real game from the start."""
    game = GameSession(new_game("connect4"), side=AI_VS_AI,
                       opponent=SearchAgent(depth=1, evaluate=threat_evaluation, name="quick"))

    def think_and_apply() -> None:
        for _ in range(30):
            request = game.request_ai_move()
            if request is not None:
                game.apply(GameSession.think(request))

    threads = [threading.Thread(target=think_and_apply) for _ in range(3)]
    for thread in threads:
        thread.start()
    for _ in range(20):
        game.new_game()
    for thread in threads:
        thread.join(30)
    state = cast(ConnectFour, game.state)
    assert ConnectFour.from_moves(state.moves_string()) == state
    assert not game.thinking or game.request_ai_move() is None


# -- gomoku: points named like H8 ---------------------------------------------------------------------


def test_gomoku_points_are_typed_and_named_like_h8() -> None:
    from tictac_edu.games import Gomoku
    from tictac_edu.session import PointNotation

    notation = notation_for(Gomoku())
    assert isinstance(notation, PointNotation)
    game = GameSession(Gomoku(), side=TWO_HUMANS)
    for text, point in (("H8", (7, 7)), ("h8", (7, 7)), (" A15 ", (0, 0)), ("o1", (14, 14)), ("H 8", (7, 7))):
        assert game.parse(text) == point
        assert notation.name(point) == text.strip().upper().replace(" ", "")
    small = GameSession(Gomoku(9), side=TWO_HUMANS)
    assert small.parse("E5") == (4, 4) and small.notation.name((0, 0)) == "A9"
    for text, words in (("Z99", "'Z99' is off the board: the columns are A-O and the rows 1-15."),
                        ("H16", "'H16' is off the board"), ("A0", "'A0' is off the board"),
                        ("h", "'h' is not a point: type a point such as H8: a column letter A-O and a row number 1-15"),
                        ("8h", "'8h' is not a point"), ("", "'' is not a point"), ("H8!", "'H8!' is not a point"),
                        ("H²", "'H²' is not a point")):
        with pytest.raises(ValueError) as raised:
            game.parse(text)
        assert str(raised.value).startswith(words), str(raised.value)
    with pytest.raises(ValueError, match="off the board"):
        small.parse("J1")  # column J is off a 9 x 9 board


def test_a_gomoku_move_refused_names_the_problem_and_changes_nothing() -> None:
    from tictac_edu.games import Gomoku

    renju = Gomoku.from_stones(black=["H8", "I8", "J7", "J6"], white=["A15", "B15", "C15", "D15"], rule="renju")
    game = GameSession(renju, side=TWO_HUMANS)
    before, generation = game.state, game.generation
    for move, words in (((9, 7), "Illegal move J8: forbidden for Black under renju (double-three)."),
                        ("J8", "Illegal move J8: forbidden for Black under renju (double-three)."),
                        ((7, 7), "Illegal move H8: the point is taken by Black."),
                        ((15, 3), "There is no point (15, 3): x is 0 to 14 and y 0 to 14 in code"),
                        ((-1, 0), "There is no point (-1, 0)")):
        assert not game.play(move)
        assert game.message.startswith(words), game.message
        assert game.state is before and game.generation == generation
    assert game.play((10, 7)) and game.message == ""  # K8 is not forbidden
    assert game.describe_ai_move(reply(GameSession(game.state, side=AI_VS_AI, opponent=RandomAgent(seed=2)))) \
        .startswith("The AI (random) plays ")


# -- the clock ------------------------------------------------------------------------------------------


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Timed(AgentBase):
    """An agent that can be held to a time (``time_limit=None``: a depth-limited level, which
    deepens within a budget), records the limit it moves within, and takes ``takes`` seconds of
    a fake clock."""

    def __init__(self, time_limit: float | None, clock: FakeClock | None = None, takes: float = 0.0) -> None:
        self.name = "timed"
        self.time_limit = time_limit
        self.seen: list[float | None] = []  # shared by the copies within() makes
        self.clock, self.takes = clock, takes

    def takes_time_limit(self) -> bool:
        return True

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        player, limit = self.within(budget)
        self.seen.append(player.time_limit)
        if self.clock is not None:
            self.clock.advance(self.takes)
        return Decision(state.legal_moves()[0], time_limit=limit)


def clocked(agent: object = None, side: str = "X", **control: float) -> tuple[GameSession, FakeClock]:
    from tictac_edu.session import TimeControl

    clock = FakeClock()
    game = GameSession(TicTacToe(), side=side, opponent=agent or Timed(None), time_control=TimeControl(**control),
                       clock=clock)
    return game, clock


def test_time_controls_are_checked() -> None:
    from tictac_edu.session import TimeControl

    for options in ({}, {"per_move": 0}, {"per_move": -1}, {"per_game": float("inf")}, {"per_move": True}):
        with pytest.raises(ValueError, match="seconds|per_move or per_game"):
            TimeControl(**options)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="TimeControl"):
        GameSession(TicTacToe(), time_control=30)  # type: ignore[arg-type]
    assert GameSession(TicTacToe()).clock is None  # no clock unless asked for


def test_only_the_clock_of_the_player_to_move_runs() -> None:
    game, clock = clocked(per_move=30, per_game=100)
    assert game.clock is not None and not game.clock.running  # your first move is not timed
    clock.advance(12)
    assert game.clock.left() == 30 and game.clock.game_left("X") == 100
    assert game.play(4)
    assert game.clock.game_left("X") == 100
    assert not game.clock.running and game.clock.to_move == "O"  # the AI has not been asked yet
    clock.advance(50)  # waiting for the AI to be asked costs O nothing
    assert game.clock.game_left("O") == 100
    request = game.request_ai_move()
    assert request is not None and game.clock.running and request.deadline == clock.now + 30
    clock.advance(2)
    assert game.apply(game.think(request))
    assert game.clock.game_left("O") == 98 and game.clock.to_move == "X" and game.clock.running
    assert game.clock.move_left() == 30  # a new move, a new move limit
    clock.advance(12)
    assert game.clock.left() == 18 and game.clock.game_left("X") == 88 and game.clock.game_left("O") == 98
    assert game.play(1) and game.clock.game_left("X") == 88


def test_in_ai_vs_ai_the_clock_stops_between_moves() -> None:
    game, clock = clocked(side=AI_VS_AI, per_game=60)
    assert game.clock is not None and not game.clock.running
    clock.advance(10)
    assert game.ai_move() is not None and game.clock.game_left("X") == 60 and not game.clock.running


def test_the_ais_time_limit_is_the_smaller_of_its_own_and_its_time_left() -> None:
    from tictac_edu.session import AI_TIME_MARGIN, AI_TIME_SHARE

    assert ai_budget(3) == pytest.approx(3 * AI_TIME_SHARE - AI_TIME_MARGIN)
    for own, control, expected in ((10.0, {"per_move": 3}, ai_budget(3)),
                                   (1.0, {"per_move": 3}, 1.0),
                                   (None, {"per_move": 3}, ai_budget(3)),  # a depth-limited level
                                   (10.0, {"per_move": 30, "per_game": 2}, ai_budget(2))):
        agent = Timed(own)
        game, clock = clocked(agent, side="O", **control)
        answer = reply(game)
        assert agent.seen == [pytest.approx(expected)]
        assert agent.time_limit == own  # the agent itself is not changed
        assert answer.clock_limit == (None if expected == own else pytest.approx(expected))


def test_the_ai_is_given_what_is_left_when_it_starts_to_think() -> None:
    from tictac_edu.session import MIN_AI_TIME

    agent = Timed(10.0)
    game, clock = clocked(agent, side="O", per_move=5)
    request = game.request_ai_move()
    assert request is not None
    clock.advance(1.5)  # the request waited (an earlier answer was still being worked out)
    game.think(request)
    assert agent.seen == [pytest.approx(ai_budget(5 - 1.5))]
    clock.advance(10)  # its time is up before it starts: it still gets a moment, then loses on time
    answer = game.think(request)
    assert agent.seen[-1] == MIN_AI_TIME
    assert game.apply(answer) and game.flagged == "X" and game.state.ply == 0


def test_a_real_search_agent_moves_within_the_clock() -> None:
    from tictac_edu.session import TimeControl

    agent = SearchAgent(time_limit=5.0, evaluate=line_evaluation, name="slow")
    clock = FakeClock()  # the session's clock stands still: the AI is given exactly ai_budget(1.0)
    game = GameSession(new_game("mnk", rows=7, columns=7, k=4), side="O", opponent=agent,
                       time_control=TimeControl(per_move=1.0), clock=clock)
    started = time.process_time()
    answer = reply(game)
    cpu = time.process_time() - started
    assert answer.clock_limit == pytest.approx(ai_budget(1.0)) and answer.clock_limit < 1.0
    assert answer.result is not None and agent.last_result is answer.result
    assert not answer.result.completed or answer.result.depth_results  # the clock stopped its deepening
    assert cpu < 1.0, f"{cpu:.2f} s of CPU for a move limited to {answer.clock_limit:g} s"  # never more CPU than time
    assert agent.time_limit == 5.0


def test_agents_that_take_no_time_limit_are_used_as_they_are() -> None:
    budget = Budget(deadline=1.0, clock=lambda: 0.0)
    for agent in (RandomAgent(seed=1), SearchAgent(), Gate(), SearchAgent(algorithm="minimax", depth=2,
                                                                          evaluate=line_evaluation)):
        player = as_agent(agent)
        assert isinstance(player, AgentBase) and player.within(budget) == (player, None)
    limited, seconds = SearchAgent(time_limit=2.0, evaluate=line_evaluation).within(budget)
    assert (limited.time_limit, seconds) == (1.0, 1.0)


def test_running_out_of_time_loses_the_game_and_undo_gives_the_time_back() -> None:
    game, clock = clocked(side=TWO_HUMANS, per_move=10, per_game=15)
    assert game.play(4)
    clock.advance(4)
    assert game.play(0)  # O used 4 s
    clock.advance(9)
    assert game.play(8)  # X used 9 s
    assert game.clock is not None and game.clock.game_left("X") == 6
    clock.advance(11)  # O's move limit passes
    assert game.check_time() and game.flagged == "O" and game.time_winner == "X"
    assert game.message == "O's time is up: X wins on time."
    assert game.is_over() and not game.is_human_turn() and not game.clock.running
    before = game.state
    assert not game.play(2) and game.state is before
    assert game.message == "The game is over (X won on time). Press New game to play again, or Undo."
    assert game.status_text() == "X wins on time" and game.outcome_text() == "X wins on time."
    assert game.request_ai_move() is None
    assert game.undo()  # back to before X's last move: X's 9 s come back, and O is no longer out of time
    assert game.flagged is None and game.state.ply == 2 and game.clock.game_left("X") == 15
    assert game.clock.game_left("O") == 11 and game.clock.running
    clock.advance(7)
    assert game.clock.left() == 3  # X's move limit (10 s) is nearer than the game's (15 s)
    game.new_game()
    assert game.clock.game_left("X") == 15 and game.clock.game_left("O") == 15 and game.flagged is None


def test_you_lose_on_time_against_the_ai_and_its_late_answer_is_dropped() -> None:
    gate = Gate(move=4)
    from tictac_edu.session import TimeControl

    clock = FakeClock()
    game = GameSession(TicTacToe(), side="O", opponent=gate, time_control=TimeControl(per_move=5), clock=clock)
    request = game.request_ai_move()
    assert request is not None
    thread = threading.Thread(target=lambda: game.apply(game.think(request)))
    thread.start()
    assert gate.asked.wait(10)
    clock.advance(6)  # the AI's time is up while it thinks
    assert game.check_time() and game.flagged == "X"
    assert game.outcome_text() == "you win on time (O)!"
    gate.release()
    thread.join(10)
    assert game.state.ply == 0 and game.flagged == "X"  # its answer came too late
    human, clock = clocked(side="X", per_move=5)
    assert human.play(4) and human.ai_move() is not None  # your first move is not timed, the next ones are
    clock.advance(5)
    assert not human.play(1) and human.flagged == "X" and human.message.startswith("The game is over (O won on time)")
    assert human.outcome_text() == "the AI wins on time (O)."


def test_setting_a_position_restarts_the_clocks() -> None:
    game, clock = clocked(side=TWO_HUMANS, per_game=20)
    assert game.play(4)
    clock.advance(5)
    game.set_state(play_moves(TicTacToe(), [0, 1]))
    assert game.clock is not None and game.clock.game_left("O") == 20 and game.clock.running
