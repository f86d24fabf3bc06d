"""Monte Carlo tree search against alpha-beta: how many playouts MCTS needs to hold perfect
tic-tac-toe play, and how it fares at equal time per move on Connect Four and gomoku.

    python benchmarks/mcts_vs_alphabeta.py [--playouts 10 30 100 300 1000 3000] [--games 100]
        [--connect4-games 10] [--gomoku-games 10] [--parts tictactoe connect4 gomoku]
        [--playout-by game|plain|both] [--seed 2026]

* **Tic-tac-toe**: MCTS (UCT, and MCTS-solver) with each number of ``--playouts`` per move
  against the ``perfect`` level (alpha-beta to the end of the game: it never loses), ``--games``
  games each, colours alternating. Perfect play draws, so a loss is a mistake of MCTS; the
  smallest number of playouts from which MCTS lost no game is printed.
* **Connect Four** and **gomoku**: the game's ``mcts`` level (MCTS for the game's time per
  move) against the alpha-beta level of the same game with the same time limit (Connect
  Four's ``hard``, gomoku's ``medium``), found in the game's description by its time limit.

``--playout-by plain`` simulates with the protocol's plain random game instead of the game's
fast ``random_playout`` (``both``: one match each), to tell a fault of a fast playout from a
weakness of MCTS (``benchmarks/mcts_speed.py`` checks that the two agree).

Matches run with :func:`tictac_edu.arena.play_match`; wins, draws and losses are MCTS's.
Times per move are wall clock, as the agents' time limits are.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.agents import MCTSAgent, difficulty_agent, mcts_candidates  # noqa: E402
from tictac_edu.arena import play_match  # noqa: E402
from tictac_edu.games import ConnectFour, Gomoku, TicTacToe  # noqa: E402
from tictac_edu.games.base import GameState, Preset  # noqa: E402
from tictac_edu.search.mcts import plain_playout, random_playout  # noqa: E402

PARTS = ("tictactoe", "connect4", "gomoku")
PLAYOUTS = (10, 30, 100, 300, 1000, 3000)
PLAYOUT_KINDS = {"game": random_playout, "plain": plain_playout}


def row(label: str, opponent: str, result: object, seconds: float) -> str:
    """One line of the table: MCTS's wins, draws and losses against ``opponent``."""
    wins, draws, losses = (getattr(result, name) for name in ("wins", "draws", "losses"))
    games = wins + draws + losses
    score = (wins + draws / 2) / games if games else 0.0
    return (f"{label:<34}{opponent:<22}{games:>6}{wins:>6}{draws:>7}{losses:>8}{score:>8.2f}"
            f"{timing.format_seconds(seconds):>11}")


HEADER = f"{'MCTS':<34}{'against':<22}{'games':>6}{'wins':>6}{'draws':>7}{'losses':>8}{'score':>8}{'wall':>11}"


def kinds(choice: str) -> list[str]:
    return ["game", "plain"] if choice == "both" else [choice]


def tictactoe(playouts: list[int], games: int, seed: int, playout_by: str) -> None:
    """MCTS with each number of playouts against the perfect level."""
    print(f"Tic-tac-toe: MCTS with N playouts a move against 'perfect', {games} games each")
    print(HEADER)
    perfect = difficulty_agent(TicTacToe(), "perfect")
    for kind in kinds(playout_by):
        for solver in (False, True):
            never_lost: int | None = None
            for count in playouts:
                agent = MCTSAgent(playouts=count, solver=solver, playout=PLAYOUT_KINDS[kind])
                started = time.perf_counter()
                result = play_match(agent, perfect, TicTacToe, games=games, seed=seed)
                label = f"{agent.name}" + ("" if kind == "game" else ", plain playouts")
                print(row(label, perfect.name, result, time.perf_counter() - started))
                timing.flush()
                if result.losses == 0 and never_lost is None:
                    never_lost = count
                elif result.losses:
                    never_lost = None
            variant = "MCTS-solver" if solver else "UCT"
            verdict = (f"lost no game from {never_lost} playouts a move on" if never_lost is not None
                       else "lost games even with the most playouts tried")
            print(f"  {variant}: {verdict}")
    print()


def equal_time(start: GameState, games: int, seed: int, playout_by: str) -> None:
    """The game's ``mcts`` level against its alpha-beta level with the same time limit."""
    game = start.game
    mcts_level = game.preset("mcts")
    rivals: list[Preset] = [preset for preset in game.presets
                            if preset.kind == "search" and preset.time_limit == mcts_level.time_limit]
    if not rivals:
        print(f"{game.title}: no alpha-beta level with the mcts level's time limit; skipped\n")
        return
    rival = rivals[-1]
    print(f"{game.title}: the 'mcts' level ({mcts_level.time_limit:g} s a move) against '{rival.name}' "
          f"({rival.description}), {games} games")
    print(HEADER)
    new_game: Callable[[], GameState] = type(start)
    for kind in kinds(playout_by):
        agent = MCTSAgent(time_limit=mcts_level.time_limit, candidates=mcts_candidates(start),
                          playout=PLAYOUT_KINDS[kind], name="mcts" if kind == "game" else "mcts, plain playouts")
        opponent = difficulty_agent(start, rival.name)
        started = time.perf_counter()
        result = play_match(agent, opponent, new_game, games=games, seed=seed)
        print(row(agent.name, rival.name, result, time.perf_counter() - started))
        print("  " + result.summary().replace("\n", "\n  "))
        timing.flush()
    print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playouts", type=int, nargs="+", default=list(PLAYOUTS),
                        help="tic-tac-toe: playouts per move to try (10 30 100 300 1000 3000)")
    parser.add_argument("--games", type=int, default=100, help="tic-tac-toe: games per setting (100)")
    parser.add_argument("--connect4-games", type=int, default=10, help="Connect Four: games (10)")
    parser.add_argument("--gomoku-games", type=int, default=10, help="gomoku: games (10)")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to run (all)")
    parser.add_argument("--playout-by", choices=("game", "plain", "both"), default="game",
                        help="MCTS's simulation: the game's fast random_playout, the plain protocol loop, or both")
    parser.add_argument("--seed", type=int, default=2026, help="match seed (2026)")
    args = parser.parse_args(argv)
    print("MCTS against alpha-beta (wins, draws and losses are MCTS's)")
    print(timing.machine_line().replace("times are CPU seconds (time.process_time)", "times are wall clock"))
    print()
    if "tictactoe" in args.parts:
        tictactoe(sorted(args.playouts), args.games, args.seed, args.playout_by)
    if "connect4" in args.parts:
        equal_time(ConnectFour(), args.connect4_games, args.seed, args.playout_by)
    if "gomoku" in args.parts:
        equal_time(Gomoku(), args.gomoku_games, args.seed, args.playout_by)


if __name__ == "__main__":
    main()
