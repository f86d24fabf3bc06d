"""The arena: the statistics against figures worked out by hand, pairs from the opening book,
the same games on every executor (a process pool, a real Dask cluster), the SPRT, Ctrl-C, the
round robin and level check, and ``python -m tictac_edu match``.

The hand figures: ``E(s) = -400 log10(1/s - 1)`` is the Elo function, ``S(e) = 1 / (1 +
10^(-e/400))`` its inverse; each figure below is worked out in its comment from the counts."""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from test_benchmarks import load  # imports benchmarks/NAME.py

from tictac_edu.agents import RandomAgent, difficulty_agent
from tictac_edu.arena import (
    SPRT,
    MatchResult,
    Tournament,
    check_difficulties,
    check_levels,
    default_plies,
    elo_from_score,
    los_trinomial,
    opening_book,
    pentanomial_elo,
    play_game,
    play_match,
    round_robin,
    score_from_elo,
    trinomial_elo,
)
from tictac_edu.arena.stats import move_times
from tictac_edu.cli import main
from tictac_edu.games import ConnectFour, GameState, GameTree, Gomoku, MNKGame, Move, TicTacToe

# -- statistics, by hand ---------------------------------------------------------------------------


def test_elo_function_and_its_inverse() -> None:
    # E(0.75) = -400 log10(1/0.75 - 1) = -400 log10(1/3) = 400 * 0.4771213 = 190.8485
    assert elo_from_score(0.75) == pytest.approx(190.8485, abs=1e-3)
    # E(0.5) = -400 log10(1) = 0; S(0) = 1 / (1 + 1) = 0.5
    assert elo_from_score(0.5) == 0 and score_from_elo(0) == 0.5
    # S(10) = 1 / (1 + 10^-0.025) = 1 / (1 + 0.9440609) = 0.5143872
    assert score_from_elo(10) == pytest.approx(0.5143872, abs=1e-7)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert score_from_elo(math.inf) == 1.0 and score_from_elo(-math.inf) == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        elo_from_score(1.5)


def test_trinomial_elo_interval_los_by_hand() -> None:
    # W=6, D=2, L=2, n=10: s = (6 + 2/2) / 10 = 0.7
    # variance per game = (6 (1-0.7)^2 + 2 (0.5-0.7)^2 + 2 (0-0.7)^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16
    # standard error = sqrt(0.16 / 10) = 0.1264911; 1.96 of them = 0.2479226
    # elo = E(0.7) = -400 log10(0.4285714) = 147.1907
    # low = E(0.7 - 0.2479226) = E(0.4520774) = -400 log10(1.2120131) = -33.4025
    # high = E(0.7 + 0.2479226) = E(0.9479226) = -400 log10(0.0549384) = 504.0493
    # LOS = 0.5 (1 + erf((6 - 2) / sqrt(2 * 8))) = 0.5 (1 + erf(1)) = 0.5 * 1.8427008 = 0.9213504
    estimate = trinomial_elo(wins=6, draws=2, losses=2)
    assert estimate.kind == "trinomial" and estimate.count == 10
    assert estimate.score == pytest.approx(0.7)
    assert estimate.stderr == pytest.approx(0.1264911, abs=1e-7)
    assert estimate.elo == pytest.approx(147.1907, abs=1e-3)
    assert estimate.low == pytest.approx(-33.4025, abs=1e-3)
    assert estimate.high == pytest.approx(504.0493, abs=1e-3)
    assert estimate.margin == pytest.approx((504.0493 + 33.4025) / 2, abs=1e-3)  # 268.7259
    assert estimate.los == pytest.approx(0.9213504, abs=1e-7)
    assert estimate.text() == "147.2 +/- 268.7"


def test_pentanomial_elo_interval_los_by_hand() -> None:
    # pairs LL=1, LD+DL=3, WL+LW+DD=8, WD+DW=5, WW=3 (N=20), pair scores per game 0, 1/4, 1/2, 3/4, 1:
    # s = (0 + 3 * 0.25 + 8 * 0.5 + 5 * 0.75 + 3 * 1) / 20 = 11.5 / 20 = 0.575
    # variance per pair = (1 * 0.575^2 + 3 * 0.325^2 + 8 * 0.075^2 + 5 * 0.175^2 + 3 * 0.425^2) / 20
    #                   = (0.330625 + 0.316875 + 0.045 + 0.153125 + 0.541875) / 20 = 1.3875 / 20 = 0.069375
    # standard error = sqrt(0.069375 / 20) = 0.0588961; 1.96 of them = 0.1154363
    # elo = E(0.575) = -400 log10(0.7391304) = 52.5116
    # low = E(0.4595637) = -28.1596; high = E(0.6904363) = 139.3495
    # LOS = Phi(0.075 / 0.0588961) = Phi(1.273429) = 0.8985671
    estimate = pentanomial_elo([1, 3, 8, 5, 3])
    assert estimate.kind == "pentanomial" and estimate.count == 20
    assert estimate.score == pytest.approx(0.575)
    assert estimate.stderr == pytest.approx(0.0588961, abs=1e-7)
    assert estimate.elo == pytest.approx(52.5116, abs=1e-3)
    assert estimate.low == pytest.approx(-28.1596, abs=1e-3)
    assert estimate.high == pytest.approx(139.3495, abs=1e-3)
    assert estimate.los == pytest.approx(0.8985671, abs=1e-6)
    with pytest.raises(ValueError, match="five counts"):
        pentanomial_elo([1, 2, 3])


def test_los_and_edge_cases_without_nan() -> None:
    # LOS(W=30, L=20) = 0.5 (1 + erf(10 / sqrt(100))) = 0.5 (1 + erf(1)) = 0.9213504
    assert los_trinomial(30, 20) == pytest.approx(0.9213504, abs=1e-7)
    assert los_trinomial(0, 0) == 0.5  # neither a win nor a loss: no evidence either way
    every_win = trinomial_elo(5, 0, 0)
    assert every_win.elo == every_win.low == every_win.high == math.inf and every_win.margin == math.inf
    assert "+inf" in every_win.text() and "nan" not in every_win.text().lower()
    nothing = trinomial_elo(0, 0, 0)
    assert (nothing.count, nothing.elo, nothing.low, nothing.high, nothing.los) == (0, 0.0, -math.inf, math.inf, 0.5)
    empty = MatchResult("a", "b")
    assert empty.score == 0.0 and "No game was played" in empty.summary()
    lost = MatchResult("a", "b", wins=0, draws=0, losses=4)
    assert "nan" not in lost.summary().lower() and "-inf" in lost.summary()
    # W=1, D=1: s = 0.75, variance (0.25^2 + 0.25^2) / 2 = 0.0625, error sqrt(0.0625 / 2) = 0.1767767;
    # s + 1.96 * 0.1767767 = 1.0965 > 1: the high end is +inf, the low end E(0.4035177) = -67.9
    assert MatchResult("a", "b", wins=1, draws=1).summary().splitlines()[1] == (
        "Elo difference: 190.8 (95% interval -67.9 to +inf), LOS: 84.1 %, DrawRatio: 50.0 %")


def test_sprt_log_likelihood_ratio_by_hand() -> None:
    sprt = SPRT(elo0=0, elo1=10)
    # bounds: log(0.05 / 0.95) = -2.9444390, log(0.95 / 0.05) = 2.9444390
    assert (sprt.lower, sprt.upper) == (pytest.approx(-2.944439), pytest.approx(2.944439))
    # trinomial W=30, D=40, L=20 (N=90); s0 = S(0) = 0.5, s1 = S(10) = 0.5143872
    # r0 = (20 * 0.5^2 + 40 * 0 + 30 * 0.5^2) / 90 = 12.5 / 90 = 0.1388889
    # r1 = (20 * 0.5143872^2 + 40 * 0.0143872^2 + 30 * 0.4856128^2) / 90 = 12.374757 / 90 = 0.1374973
    # LLR = 90/2 ln(0.1388889 / 0.1374973) = 45 * 0.0100717 = 0.4531
    assert sprt.llr_trinomial(wins=30, draws=40, losses=20) == pytest.approx(0.45315, abs=1e-4)
    # pentanomial [1, 3, 8, 5, 3] (N=20), elo0 0, elo1 20: s1 = S(20) = 0.5287506
    # r0 = variance + (0.575 - 0.5)^2 = 0.069375 + 0.005625 = 0.075
    # r1 = 0.069375 + (0.575 - 0.5287506)^2 = 0.069375 + 0.0021390 = 0.0715140
    # LLR = 20/2 ln(0.075 / 0.0715140) = 10 * 0.0475947 = 0.4759
    assert SPRT(elo0=0, elo1=20).llr_pentanomial([1, 3, 8, 5, 3]) == pytest.approx(0.47595, abs=1e-4)
    # ten drawn pairs, elo0 0, elo1 50: the zero counts become 0.001 (N = 10.004), s1 = S(50) = 0.5714631
    # r0 = 0.001 (0.25 + 0.0625 + 0.0625 + 0.25) / 10.004 = 0.0000625
    # r1 = r0 + (0.5 - 0.5714631)^2 = 0.0000625 + 0.0051070 = 0.0051695
    # LLR = 10.004/2 ln(0.0000625 / 0.0051695) = 5.002 * -4.415 = -22.09: no variance seen, a huge ratio
    llr = SPRT(elo0=0, elo1=50).llr_pentanomial([0, 0, 10, 0, 0])
    assert llr == pytest.approx(-22.088, abs=1e-2)
    assert sprt.decision(llr) == "H0 accepted" and sprt.decision(3.0) == "H1 accepted"
    assert sprt.decision(0.4) == "continue"
    assert "no decision yet" in sprt.text(llr, pairs=10)  # fewer than min_pairs (20): no decision
    assert sprt.llr_trinomial(0, 0, 0) == 0.0
    for bad in ({"elo0": 10, "elo1": 0}, {"alpha": 0.0}, {"beta": 0.7}, {"min_pairs": 0}):
        with pytest.raises(ValueError):
            SPRT(**bad)  # type: ignore[arg-type]


def test_move_time_statistics_by_hand() -> None:
    # sorted: 0.1 ... 1.0; median (0.5 + 0.6) / 2 = 0.55; p90: the ceil(0.9 * 10) = 9th, 0.9; mean 5.5 / 10
    times = move_times([0.5, 0.1, 0.3, 0.2, 0.4, 0.9, 0.6, 0.8, 0.7, 1.0])
    assert (times.count, times.median, times.p90, times.max) == (10, pytest.approx(0.55), 0.9, 1.0)
    assert times.mean == pytest.approx(0.55)
    assert move_times([]).count == 0
    with pytest.raises(ValueError):
        move_times([-1.0])


# -- pairs from the opening book ------------------------------------------------------------------

def random_pair() -> tuple[RandomAgent, RandomAgent]:
    return RandomAgent(name="a"), RandomAgent(name="b")


def test_pairs_swap_colours_from_one_opening() -> None:
    result = play_match(*random_pair(), TicTacToe, games=8, seed=5)
    assert len(result.pairs) == 4 and result.plies == 1
    for pair in result.pairs:
        first, second = pair.games
        assert (first.first, first.second, second.first, second.second) == ("a", "b", "b", "a")
        assert len(pair.opening) == 1 and first.opening_plies == second.opening_plies == 1
        assert tuple(first.moves[:1]) == tuple(second.moves[:1]) == pair.opening
    assert len({pair.opening for pair in result.pairs}) == 4  # distinct openings while there are enough
    assert sum(result.pentanomial) == 4 and result.played == 8
    assert result.games == [game for pair in result.pairs for game in pair.games]


def test_a_seed_replays_the_match_and_deterministic_agents_vary() -> None:
    first = play_match(*random_pair(), TicTacToe, games=6, seed=3)
    again = play_match(*random_pair(), TicTacToe, games=6, seed=3)
    other = play_match(*random_pair(), TicTacToe, games=6, seed=4)
    assert [game.moves for game in first.games] == [game.moves for game in again.games]
    assert [game.moves for game in first.games] != [game.moves for game in other.games]
    hard = difficulty_agent(TicTacToe(), "hard")
    hard.name = "hard (A)"
    fixed = play_match(hard, difficulty_agent(TicTacToe(), "hard"), TicTacToe, games=8, seed=0)
    assert len({tuple(game.moves) for game in fixed.games}) > 2  # a fixed-depth search, varied by the book


def test_each_game_says_how_long_its_book_openings_are() -> None:
    assert [default_plies(start) for start in (TicTacToe(), MNKGame(5, 5, 3), ConnectFour(), Gomoku())] == [1, 1, 2, 2]
    assert default_plies(GameTree([[1, 2], [3, 4]])) == 0            # a textbook tree: no book
    assert default_plies(TicTacToe().play(4)) == 0                    # a position under way is its own opening


def test_the_opening_book() -> None:
    # tic-tac-toe has 9 openings of one ply: 12 pairs reuse them cyclically
    book = opening_book(TicTacToe, pairs=12, plies=1, seed=0)
    assert len(book) == 12 and len(set(book)) == 9 and book[9:] == book[:3]
    assert sorted(move for (move,) in book[:9]) == list(range(9))
    assert opening_book(TicTacToe, 12, 1, seed=0) == book
    connect4 = opening_book(ConnectFour(), pairs=10, plies=2, seed=1)
    assert len(set(connect4)) == 10 and all(len(opening) == 2 for opening in connect4)
    assert connect4 != opening_book(ConnectFour(), pairs=10, plies=2, seed=2)
    assert opening_book(TicTacToe, pairs=3, plies=0) == [(), (), ()]
    with pytest.raises(ValueError, match="leaves the game unfinished"):
        opening_book(TicTacToe, pairs=2, plies=9)
    with pytest.raises(ValueError, match="plies"):
        opening_book(TicTacToe, pairs=2, plies=-1)


def test_odd_matches_positions_under_way_and_given_openings() -> None:
    odd = play_match(*random_pair(), TicTacToe, games=5, seed=1)
    assert [len(pair.games) for pair in odd.pairs] == [2, 2, 1]
    assert odd.played == 5 and sum(odd.pentanomial) == 2
    under_way = play_match(*random_pair(), functools.partial(play_first, 4), games=4, seed=1)
    assert under_way.plies == 0 and all(pair.opening == () for pair in under_way.pairs)
    given = play_match(*random_pair(), TicTacToe, games=6, seed=1, openings=[(4,), (0, 8)])
    assert [pair.opening for pair in given.pairs] == [(4,), (0, 8), (4,)]
    assert all(tuple(game.moves[:len(pair.opening)]) == pair.opening for pair in given.pairs for game in pair.games)
    with pytest.raises(ValueError, match="not legal"):
        play_match(*random_pair(), TicTacToe, games=2, openings=[(4, 4)])
    with pytest.raises(ValueError, match="at least one game"):
        play_match(*random_pair(), TicTacToe, games=0)
    with pytest.raises(ValueError, match="both agents are called 'random'"):
        play_match(RandomAgent(), RandomAgent(), TicTacToe)


def play_first(cell: int) -> GameState:
    """Tic-tac-toe with X's first move played (a position under way)."""
    return TicTacToe().play(cell)


def test_time_per_move_is_measured_per_agent() -> None:
    result = play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=4, seed=2)
    moves = {name: sum(len(game.move_seconds[name]) for game in result.games) for name in ("perfect", "random")}
    assert sum(moves.values()) == sum(len(game.moves) - game.opening_plies for game in result.games)
    for name, times in result.move_times.items():
        assert times.count == moves[name] > 0
        assert 0 <= times.median <= times.p90 <= times.max and times.mean >= 0
        assert result.mean_move_seconds[name] == pytest.approx(times.mean)
    assert "Time per move: perfect median" in result.summary()
    seconds: dict[str, list[float]] = {}
    record = play_game(RandomAgent(name="x"), RandomAgent(name="o"), TicTacToe(), seconds, opening=[4])
    assert record.moves[0] == 4 and len(seconds["x"]) + len(seconds["o"]) == len(record.moves) - 1


# -- executors: the same games everywhere ---------------------------------------------------------

@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as pool:
        yield pool


def levels_match(executor: Executor | None = None, **options: object) -> MatchResult:
    hard, medium = difficulty_agent(TicTacToe(), "hard"), difficulty_agent(TicTacToe(), "medium")
    return play_match(hard, medium, TicTacToe, games=30, seed=11, executor=executor, **options)  # type: ignore[arg-type]


def outline(result: MatchResult) -> list[tuple[str, str, list[Move], str | None]]:
    return [(game.first, game.second, game.moves, game.winner) for game in result.games]


def test_the_same_games_sequentially_on_a_process_pool_and_on_dask(
        process_pool: ProcessPoolExecutor, dask_executor: Executor) -> None:
    here = levels_match()
    runs = {"pool, a pair a task": levels_match(process_pool, pairs_per_task=1),
            "pool, default tasks": levels_match(process_pool),
            "dask, 4 pairs a task": levels_match(dask_executor, pairs_per_task=4)}
    for label, run in runs.items():
        assert outline(run) == outline(here), label
        assert (run.wins, run.draws, run.losses, run.pentanomial) == (here.wins, here.draws, here.losses,
                                                                     here.pentanomial), label
        assert [pair.index for pair in run.pairs] == list(range(15)), label
        assert set(run.move_times) == {"hard", "medium"}
    random_here = play_match(RandomAgent(name="r"), difficulty_agent(TicTacToe(), "easy"), TicTacToe, games=10, seed=9)
    random_dask = play_match(RandomAgent(name="r"), difficulty_agent(TicTacToe(), "easy"), TicTacToe, games=10, seed=9,
                             executor=dask_executor)
    assert outline(random_here) == outline(random_dask)  # reseeded random moves too
    with ThreadPoolExecutor(3) as threads:  # three threads, each task with its own copies of the agents
        assert outline(levels_match(threads, pairs_per_task=1)) == outline(here)


def lopsided_match(executor: Executor | None = None, **options: object) -> MatchResult:
    return play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(), TicTacToe, games=400, seed=0,
                      sprt=SPRT(elo0=0, elo1=50), executor=executor, **options)  # type: ignore[arg-type]


def test_an_sprt_stops_at_the_same_pair_on_an_executor(process_pool: ProcessPoolExecutor) -> None:
    here = lopsided_match()
    pooled = lopsided_match(process_pool, pairs_per_task=3)
    assert here.sprt_status == pooled.sprt_status == "H1 accepted" and here.played < 400
    assert outline(here) == outline(pooled) and here.llr_history == pooled.llr_history


def test_what_cannot_be_pickled_is_named(process_pool: ProcessPoolExecutor) -> None:
    with pytest.raises(ValueError, match=r"new_game .*cannot be pickled.*functools\.partial"):
        play_match(*random_pair(), lambda: MNKGame(4, 4, 3), games=2, executor=process_pool)
    local = RandomAgent(name="local")
    local.rng = lambda: 4  # type: ignore[assignment,method-assign,misc]
    with pytest.raises(ValueError, match="agent_b 'local' cannot be pickled"):
        play_match(RandomAgent(name="a"), local, TicTacToe, games=2, executor=process_pool)


# -- the SPRT stops a lopsided match --------------------------------------------------------------

def test_the_sprt_stops_a_lopsided_match_early() -> None:
    sprt = SPRT(elo0=0, elo1=50)
    result = lopsided_match()
    assert result.sprt_status == "H1 accepted" and result.played < 400
    pairs = sum(result.pentanomial)
    assert len(result.llr_history) == pairs >= sprt.min_pairs
    assert result.llr_history[-1] >= sprt.upper
    assert all(sprt.lower < llr < sprt.upper for llr in result.llr_history[sprt.min_pairs - 1:-1])
    assert "H1 was accepted" in result.summary()
    weaker = play_match(RandomAgent(), difficulty_agent(TicTacToe(), "perfect"), TicTacToe, games=400, seed=0,
                        sprt=sprt)
    assert weaker.sprt_status == "H0 accepted" and weaker.played < 400 and weaker.llr <= sprt.lower
    undecided = play_match(*random_pair(), TicTacToe, games=10, sprt=sprt)
    assert undecided.sprt_status == "continue" and undecided.played == 10


# -- Ctrl-C ---------------------------------------------------------------------------------------

class InterruptingAgent(RandomAgent):
    """A random player that raises KeyboardInterrupt (as Ctrl-C does) in its game number ``after + 1``."""

    def __init__(self, after: int, name: str = "impatient") -> None:
        super().__init__(name=name)
        self.after, self.started = after, 0

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        self.started += 1

    def choose_move(self, state: GameState) -> Move:
        if self.started > self.after:
            raise KeyboardInterrupt
        return super().choose_move(state)


def test_an_interrupted_match_keeps_the_games_played() -> None:
    result = play_match(InterruptingAgent(after=5), RandomAgent(), TicTacToe, games=20, seed=0, progress=True)
    assert result.interrupted and result.played == 5 == len(result.games)
    assert [len(pair.games) for pair in result.pairs] == [2, 2, 1]  # the half-played pair is kept
    assert sum(result.pentanomial) == 2
    assert "Interrupted: 5 of 20 games played." in result.summary()


class InterruptingCopies(RandomAgent):
    """A random player whose copies (one per task) count their games together, in one process:
    game number ``AFTER + 1`` raises KeyboardInterrupt."""

    AFTER = 6
    started = 0

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        InterruptingCopies.started += 1

    def choose_move(self, state: GameState) -> Move:
        if InterruptingCopies.started > self.AFTER:
            raise KeyboardInterrupt
        return super().choose_move(state)


def test_an_interrupt_in_a_worker_cancels_the_rest() -> None:
    InterruptingCopies.started = 0
    with ThreadPoolExecutor(1) as pool:  # one worker thread, one pair a task: the pairs run in order
        result = play_match(InterruptingCopies(name="impatient"), RandomAgent(), TicTacToe, games=20, seed=0,
                            executor=pool, pairs_per_task=1)
    assert result.interrupted and result.played == 6 and [pair.index for pair in result.pairs] == [0, 1, 2]
    assert "Interrupted: 6 of 20 games played." in result.summary()


# -- round robin, ratings, levels -----------------------------------------------------------------

def test_round_robin_ranks_with_intervals() -> None:
    agents = [RandomAgent(name="random"), difficulty_agent(TicTacToe(), "easy"),
              difficulty_agent(TicTacToe(), "perfect")]
    tournament = round_robin(agents, TicTacToe, games=8, seed=0)
    assert [(m.agent_a, m.agent_b) for m in tournament] == [("random", "easy"), ("random", "perfect"),
                                                            ("easy", "perfect")]
    assert len(tournament) == 3 and tournament[0].played == 8
    ratings = tournament.ratings()
    assert ratings[0].name == "perfect" and ratings[-1].name == "random"
    assert all(rating.games == 16 and rating.elo.low <= rating.elo.elo <= rating.elo.high for rating in ratings)
    assert "perfect" in tournament.standings().splitlines()[1]
    with pytest.raises(ValueError, match="same name"):
        round_robin([RandomAgent(), RandomAgent()], TicTacToe)


def test_ratings_pool_every_game_of_an_agent() -> None:
    # a: 3-1-0 (W-D-L) against b and 1-1-2 against c: 4 wins, 2 draws, 2 losses, s = 5/8 = 0.625
    # variance (4 * 0.375^2 + 2 * 0.125^2 + 2 * 0.625^2) / 8 = (0.5625 + 0.03125 + 0.78125) / 8 = 0.171875
    # E(0.625) = -400 log10(0.6) = 88.7395
    tournament = Tournament(["a", "b", "c"], [MatchResult("a", "b", wins=3, draws=1, losses=0),
                                              MatchResult("a", "c", wins=1, draws=1, losses=2),
                                              MatchResult("b", "c", wins=0, draws=0, losses=4)])
    rating = {rating.name: rating for rating in tournament.ratings()}
    assert (rating["a"].wins, rating["a"].draws, rating["a"].losses) == (4, 2, 2)
    assert rating["a"].elo.elo == pytest.approx(88.7395, abs=1e-3)
    assert rating["a"].elo.stderr == pytest.approx(math.sqrt(0.171875 / 8))
    # c: 2-1-1 against a (the other side of a's 1-1-2) and 4-0-0 against b: 6-1-1, s = 6.5 / 8 = 0.8125
    assert (rating["c"].wins, rating["c"].draws, rating["c"].losses) == (6, 1, 1)
    assert [r.name for r in tournament.ratings()] == ["c", "a", "b"]


def test_level_check_names_where_the_order_fails() -> None:
    # medium over easy: 18-2-0 of 20 (W-D-L from medium's side): s = (18 + 1) / 20 = 0.95,
    # variance (18 * 0.05^2 + 2 * 0.45^2) / 20 = 0.0225, error sqrt(0.0225 / 20) = 0.0335410,
    # low end E(0.95 - 1.96 * 0.0335410) = E(0.8842596) = -400 log10(0.1308901) = 353.24 > 0: ordered
    matches = [MatchResult("easy", "medium", wins=0, draws=2, losses=18),
               MatchResult("hard", "medium", wins=5, draws=0, losses=5),    # 5-5: not established
               MatchResult("perfect", "hard", wins=0, draws=0, losses=12)]  # hard won all: perfect below it
    check = check_levels(matches, ["easy", "medium", "hard", "perfect"])
    assert [step.verdict for step in check.steps] == ["ordered", "not established", "reversed"]
    assert check.steps[0].score == pytest.approx(0.95) and check.steps[0].elo.low == pytest.approx(353.24, abs=0.01)
    assert not check.ordered and len(check.problems) == 2
    assert "medium < hard (not established), hard < perfect (reversed)" in check.summary()
    with pytest.raises(ValueError, match="no match between 'easy' and 'hard'"):
        check_levels(matches, ["easy", "hard"])
    played = check_difficulties(TicTacToe, ["easy", "perfect"], games=10, seed=0)
    assert played.steps[0].stronger == "perfect" and played.steps[0].games == 10
    assert played.steps[0].verdict in ("ordered", "not established")  # perfect never loses to easy


# -- the command line -----------------------------------------------------------------------------

def run_match(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["match", *args], stdout=out)
    return status, out.getvalue()


def test_match_command_prints_the_score_and_interval() -> None:
    status, out = run_match("tictactoe", "easy", "perfect", "--games", "20")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Tic-tac-toe: easy vs perfect, up to 20 games in pairs")
    assert lines[1].startswith("Score of easy vs perfect: 0 - ") and lines[1].endswith("] 20")
    assert lines[2].startswith("Elo difference: ") and "LOS: " in lines[2] and "DrawRatio: " in lines[2]
    assert "interval" in lines[2] or "+/-" in lines[2]
    assert lines[3].startswith("Pairs LL LD+DL WL+LW+DD WD+DW WW: ")
    assert lines[4].startswith("Time per move: easy median ")
    status_pool, pooled = run_match("tictactoe", "easy", "perfect", "--games", "20", "--jobs", "2")
    assert status_pool == 0 and pooled.splitlines()[1:4] == lines[1:4]  # the same games on 2 processes


def test_match_command_self_play_and_sprt() -> None:
    status, out = run_match("tictactoe", "medium", "medium", "--games", "4", "--seed", "3")
    assert status == 0 and "Score of medium (A) vs medium (B): " in out
    status, out = run_match("tictactoe", "perfect", "easy", "--games", "400", "--sprt", "0", "50")
    assert status == 0 and "H1 was accepted" in out


@pytest.mark.parametrize(("args", "message"), [
    (("chess", "easy", "hard"), "error: no game called 'chess'; the games are: "),
    (("tictactoe", "easy", "grandmaster"), "error: Tic-tac-toe has no difficulty 'grandmaster'"),
    (("tictactoe", "easy", "hard", "--games", "0"), "error: --games must be at least 1, not 0"),
    (("tictactoe", "easy", "hard", "--jobs", "0"), "error: --jobs must be at least 1"),
    (("tree", "easy", "hard"), "error: the game 'tree' cannot be played in a match"),
])
def test_match_command_errors(args: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_match(*args)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert err.startswith(message) and len(err.strip().splitlines()) == 1


# -- the benchmark script, smallest options (a smoke test: nothing is timed here) ------------------

def test_the_executor_benchmark_checks_the_runs_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("match_executors").main(["--games", "6", "--repeat", "1", "--no-dask"]) == 0
    out = capsys.readouterr().out
    assert "ProcessPoolExecutor(2)" in out and "Identical results: the 2 runs played the same 6 games" in out
