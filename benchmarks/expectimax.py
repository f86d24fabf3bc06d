"""Expectimax against alpha-beta of the same depth, in larger matches than notebook 07 plays:
what searching against a model of the opponent wins against a weak opponent, and what it loses
against a strong one.

    python benchmarks/expectimax.py [--games 1000] [--perfect-games 200] [--connect4-games 200]
        [--depths 2 3 4] [--easy-games 100] [--parts tictactoe connect4 easy] [--seed 2026]

* **tictactoe**: expectimax with the uniform model (``ExpectimaxAgent(UniformModel())``) and
  alpha-beta (``SearchAgent()``), both to the end of the game, each against the random player
  (``--games``) and against the ``perfect`` level (``--perfect-games``).
* **connect4**: the same two at each of ``--depths`` with the threat evaluation, against the
  random player (``--connect4-games``).
* **easy**: Connect Four against the ``easy`` level (a depth-2 search, 20% random moves),
  expectimax with that level's own model (``level_model``: epsilon-greedy over the level's
  searched move) against alpha-beta, at each depth (``--easy-games``).

Every match is :func:`tictac_edu.arena.play_match`: colour-swapped pairs from the game's book
openings, seeded. Each row gives the searching player's wins, draws and losses, its score per
game with the 95% interval of the arena's estimate, the Elo difference, the average length of
its won games, and the CPU seconds of the match (``time.process_time``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from tictac_edu.agents import Agent, ExpectimaxAgent, RandomAgent, SearchAgent, difficulty_agent, level_model
from tictac_edu.arena import MatchResult, play_match
from tictac_edu.arena.stats import Z_95
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.games import ConnectFour, TicTacToe
from tictac_edu.games.base import GameState
from tictac_edu.search import UniformModel

PARTS = ("tictactoe", "connect4", "easy")
CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6]
HEADER = (f"{'player':<28}{'against':<14}{'games':>6}{'won':>6}{'drawn':>6}{'lost':>6}{'score':>7}"
          f"{'95% interval':>16}  {'Elo':<58}{'win plies':>10}{'CPU s':>8}")


def interval(result: MatchResult) -> str:
    """The score's 95% interval from the arena's estimate, or why there is none."""
    estimate = result.elo()
    if estimate.too_few:
        return "all pairs alike"
    spread = Z_95 * estimate.stderr
    return f"{max(0.0, estimate.score - spread):.3f}-{min(1.0, estimate.score + spread):.3f}"


def row(result: MatchResult, seconds: float) -> str:
    """One line of the table, from the searching player's (``agent_a``'s) point of view."""
    plies = [len(game.moves) for game in result.games if game.winner == result.agent_a]
    length = f"{sum(plies) / len(plies):.1f}" if plies else "-"
    return (f"{result.agent_a:<28}{result.agent_b:<14}{result.played:>6}{result.wins:>6}{result.draws:>6}"
            f"{result.losses:>6}{result.score:>7.3f}{interval(result):>16}  {result.elo().text():<58}{length:>10}"
            f"{seconds:>8.1f}")


def match(agent: Agent, opponent: Agent, new_game: Callable[[], GameState], games: int, seed: int) -> str:
    """Play one match and return its row."""
    started = time.process_time()
    result = play_match(agent, opponent, new_game, games=games, seed=seed, progress=False)
    return row(result, time.process_time() - started)


def tictactoe(games: int, perfect_games: int, seed: int) -> list[str]:
    """Expectimax (uniform model) and alpha-beta, full depth, against random and perfect."""
    lines = ["Tic-tac-toe, both to the end of the game", HEADER]
    perfect = difficulty_agent(TicTacToe(), "perfect")
    for agent in (ExpectimaxAgent(UniformModel(), name="expectimax vs uniform"), SearchAgent(name="alpha-beta")):
        lines.append(match(agent, RandomAgent(name="random"), TicTacToe, games, seed))
        lines.append(match(agent, perfect, TicTacToe, perfect_games, seed))
    return lines


def connect4(depths: Sequence[int], games: int, seed: int, easy: bool) -> list[str]:
    """Expectimax and alpha-beta at each depth against random (uniform model) or the easy level
    (the level's own model)."""
    state = ConnectFour()
    opponent_name = "the easy level" if easy else "the random player"
    lines = [f"Connect Four, threat evaluation, against {opponent_name}", HEADER]
    for depth in depths:
        model = level_model(state, "easy") if easy else UniformModel()
        players = (ExpectimaxAgent(model, depth=depth, evaluate=threat_evaluation,
                                   name=f"expectimax d{depth} vs {'easy' if easy else 'uniform'}"),
                   SearchAgent(depth=depth, evaluate=threat_evaluation, order=CENTRE_FIRST,
                               name=f"alpha-beta d{depth}"))
        for agent in players:
            opponent = difficulty_agent(state, "easy") if easy else RandomAgent(name="random")
            lines.append(match(agent, opponent, ConnectFour, games, seed))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Run the chosen parts and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="tic-tac-toe games against the random player")
    parser.add_argument("--perfect-games", type=int, default=200, help="tic-tac-toe games against the perfect level")
    parser.add_argument("--connect4-games", type=int, default=200, help="Connect Four games against random")
    parser.add_argument("--easy-games", type=int, default=100, help="Connect Four games against the easy level")
    parser.add_argument("--depths", type=int, nargs="+", default=[2, 3, 4], help="Connect Four depths")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args(argv)
    runs = {"tictactoe": lambda: tictactoe(options.games, options.perfect_games, options.seed),
            "connect4": lambda: connect4(options.depths, options.connect4_games, options.seed, easy=False),
            "easy": lambda: connect4(options.depths, options.easy_games, options.seed, easy=True)}
    for part in PARTS:
        if part in options.parts:
            print("\n".join(runs[part]()), end="\n\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
