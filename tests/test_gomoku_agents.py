"""Gomoku's players: the difficulty levels, each move within its time limit, the threat-first
agent's proven wins, and a self-play match with colours alternated."""

from __future__ import annotations

import time

import pytest
from test_benchmarks import load  # imports benchmarks/NAME.py

from tictac_edu.agents import SearchAgent, ThreatAgent, difficulties, difficulty_agent
from tictac_edu.arena import play_match
from tictac_edu.games.gomoku import GOMOKU_LEVELS, Gomoku, parse_point

OVERRUN = 1.10
"""A move may take its time limit plus 10%."""
POSITIONS = ["h8", "h8 i9 h9 h10 i8 g8 j7", "h8 i9 h9 h10 i8 g8 j7 k6 g10 f11 j8 j9 i7 k8"]


def test_the_levels_go_from_weakest_to_strongest_and_none_is_called_perfect() -> None:
    assert difficulties(Gomoku()) == ("easy", "medium", "hard", "strong")
    assert not any(preset.proven for preset in GOMOKU_LEVELS) and "perfect" not in difficulties(Gomoku())
    assert [preset.randomness > 0 for preset in GOMOKU_LEVELS] == [True, False, False, False]
    agents = [difficulty_agent(Gomoku(), level) for level in difficulties(Gomoku())]
    assert [type(agent) for agent in agents] == [SearchAgent, SearchAgent, SearchAgent, ThreatAgent]
    assert [agent.name for agent in agents] == ["easy", "medium", "hard", "strong"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "strong"])
def test_every_level_moves_legally_within_its_time_limit(level: str) -> None:
    preset = Gomoku().game.preset(level)
    agent = difficulty_agent(Gomoku(), level, seed=1)
    for moves in POSITIONS:
        state = Gomoku.from_moves(moves)
        cpu = time.process_time()
        move = agent.choose_move(state)
        cpu = time.process_time() - cpu
        assert move in state.legal_moves()
        if preset.time_limit is not None:
            # CPU time: an agent that ignored its deadline would overrun it on any machine, while
            # wall-clock time on a shared, busy machine depends on the load (benchmarks/agents_time.py
            # measures the wall-clock time per move).
            assert cpu <= preset.time_limit * OVERRUN, f"{level}: {cpu:.2f} s CPU"


def test_the_threat_agent_makes_five_and_blocks_five() -> None:
    agent = ThreatAgent(time_limit=0.5)
    five = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 b1")
    assert agent.choose_move(five) == parse_point("g8") and agent.last_source == "five"
    assert agent.last_result is not None and agent.last_result.proven
    block = Gomoku.from_moves("h8 g8 i8 a1 j8 a2 k8")  # Black has a four: White blocks L8
    assert agent.choose_move(block) == parse_point("l8") and agent.last_source == "block"


def test_a_threat_win_is_played_and_reported_as_proven() -> None:
    agent = ThreatAgent(time_limit=1.0)
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")  # J8: a double three
    move = agent.choose_move(state)
    result = agent.last_result
    assert move == parse_point("j8") and agent.last_source == "vct"
    assert result is not None and result.proven and result.outcome == "win" and result.pv[0] == move


def test_the_threat_agent_stops_the_opponents_vcf() -> None:
    # Black threatens an open three across and one down; White must take one of the key points.
    agent = ThreatAgent(time_limit=1.0)
    state = Gomoku.from_moves("h8 a1 i8 a3 j8 a5 h9 b1 h10")
    move = agent.choose_move(state)
    assert agent.last_source in ("defence", "search")
    assert move in state.legal_moves()
    result = agent.last_result
    assert result is not None and not result.proven


def test_the_threat_agent_checks_its_input() -> None:
    from tictac_edu.games import TicTacToe

    agent = ThreatAgent(time_limit=0.2)
    with pytest.raises(TypeError, match="plays gomoku only"):
        agent.choose_move(TicTacToe())
    with pytest.raises(ValueError, match="game is over"):
        agent.choose_move(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8"))
    with pytest.raises(ValueError, match="time_limit"):
        ThreatAgent(time_limit=0)
    agent.reseed(3)
    assert repr(agent) == "ThreatAgent(name='threats', time_limit=0.2)"


@pytest.mark.parametrize("limit", [float("inf"), float("nan"), -1.0, True, "1"], ids=repr)
def test_a_threat_agent_without_a_finite_time_limit_is_refused_clearly(limit: object) -> None:
    with pytest.raises(ValueError, match="time_limit must be a positive, finite number of seconds"):
        ThreatAgent(time_limit=limit)  # type: ignore[arg-type]


def test_a_self_play_match_alternates_colours() -> None:
    strong = ThreatAgent(time_limit=0.2, name="strong")
    easy = difficulty_agent(Gomoku(9), "easy", seed=0)
    result = play_match(strong, easy, lambda: Gomoku(9), games=2, seed=1)
    assert result.played == 2 and [game.first for game in result.games] == ["strong", "easy"]
    assert all(game.final.is_terminal() for game in result.games)
    assert set(result.mean_move_seconds) == {"strong", "easy"}


# -- the benchmark scripts, smallest options (a smoke test: nothing is timed here) ----------------

def test_the_speed_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    load("gomoku_speed").main(["--positions", "1", "--time-limit", "0.05", "--renju", "3"])
    out = capsys.readouterr().out
    assert "opening" in out and "renju forbidden-point scan" in out


def test_the_strength_benchmark_runs_a_self_play_match(capsys: pytest.CaptureFixture[str]) -> None:
    load("gomoku_strength").main(["--peers", "--self-play", "easy", "medium", "--games", "1"])
    out = capsys.readouterr().out
    assert "easy vs medium" in out and "per move" in out


class StarvingClock:
    """A clock that jumps ``step`` seconds at every reading: with a large step, every search
    after the first reading is out of time at once."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_threat_agent_follows_its_proof_to_the_five_without_searching_again() -> None:
    """The agent proves the VCT with time to spare, then has no time at all: every later move
    comes from the kept proof (a fresh search, stopped at its first node, finds nothing), and
    it wins against every defence the proof holds (here: the reply the proof's main line gives,
    then every block)."""
    from tictac_edu.solvers.threats import find_vct, must_block

    clock = StarvingClock(0.0001)
    agent = ThreatAgent(time_limit=5.0, clock=clock)
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")
    assert agent.choose_move(state) == parse_point("j8") and agent.last_source == "vct"
    assert agent.proof is not None
    clock.step = 100.0  # from now on no search gets past its first node
    for reply in ("k8", "g8", "j11", "j7"):
        game = state.play("j8").play(reply)
        assert find_vct(game, deadline=clock() + 1, clock=clock).kind is None  # a fresh search: nothing
        sources = []
        while not game.is_terminal():
            if game.to_move == "Black":
                game = game.play(agent.choose_move(game))
                sources.append(agent.last_source)
                assert agent.last_result is not None and agent.last_result.proven
            else:
                game = game.play((must_block(game) or game.legal_moves())[0])
        assert game.winner == "Black" and sources[0] == "proof" and set(sources) <= {"proof", "five"}, (reply, sources)
