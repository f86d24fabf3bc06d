"""Random playouts per second from the start position, the fast path beside the plain protocol
and beside peers, in one run.

    python benchmarks/playouts.py [--seconds 0.3] [--repeat 3] [--games KEY ...] [--no-peers]

For each game (tic-tac-toe, 5x5 three in a row, Connect Four, 15x15 five in a row, and gomoku
on 15x15 and 9x9), uniformly random games from the empty board, played:

* by ``state.random_playout(rng)``, the games' fast path (bits, no new positions);
* through the plain protocol, as any game would allow:
  ``while not s.is_terminal(): s = s.play(rng.choice(s.legal_moves()))``;
* by OpenSpiel (``pip install open_spiel``) over its C++ states, in the same Python loop
  (``clone``, ``legal_actions``, ``apply_action``), and by the rollout of its MCTS,
  ``RandomRolloutEvaluator.evaluate`` (the same loop with numpy's random choice); five in a
  row against both of OpenSpiel's games for it, its generic ``mnk`` and its own ``gomoku``;
* by aima-python (``pip install --no-deps --ignore-requires-python aima==2024.9.28``) on its
  ``TicTacToe(h, v, k)`` and ``ConnectFour`` games, in the same loop.

Each measurement plays for at least ``--seconds`` of CPU time (``time.process_time``); the
median rate of ``--repeat`` measurements is shown, with the share of wins and draws over all
of them (they must agree between the ways of playing: the same random game, played faster).
The last column is how many times faster ``random_playout`` played than each row, in this run.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402

from tictac_edu.games import ConnectFour, Gomoku, MNKGame, TicTacToe  # noqa: E402
from tictac_edu.games.base import GameState  # noqa: E402

OPENSPIEL_INSTALL = "pip install open_spiel"
AIMA_INSTALL = "pip install --no-deps --ignore-requires-python aima==2024.9.28"

Playout = Callable[[], str | None]
"""One random game from the start: returns ``"X"``, ``"O"`` or ``None`` (a draw)."""


@dataclass(frozen=True)
class Game:
    """A game of the benchmark, and how each peer spells it."""

    key: str
    start: Callable[[], GameState]
    openspiel: list[tuple[str, dict[str, int]]]  # OpenSpiel's games for it, each with its parameters
    aima: tuple[str, dict[str, int]]  # aima.games class and its arguments


GAMES = [
    Game("tictactoe", TicTacToe, [("tic_tac_toe", {})], ("TicTacToe", {})),
    Game("mnk-5x5x3", lambda: MNKGame(5, 5, 3), [("mnk", {"m": 5, "n": 5, "k": 3})],
         ("TicTacToe", {"h": 5, "v": 5, "k": 3})),
    # aima's ConnectFour drops along x (h) in columns indexed by y (v): h=6, v=7 is 7 columns of 6.
    Game("connect4", ConnectFour, [("connect_four", {})], ("ConnectFour", {"h": 6, "v": 7, "k": 4})),
    Game("mnk-15x15x5", lambda: MNKGame(15, 15, 5), [("mnk", {"m": 15, "n": 15, "k": 5}), ("gomoku", {"size": 15})],
         ("TicTacToe", {"h": 15, "v": 15, "k": 5})),
    Game("gomoku-15", Gomoku, [("gomoku", {"size": 15}), ("mnk", {"m": 15, "n": 15, "k": 5})],
         ("TicTacToe", {"h": 15, "v": 15, "k": 5})),
    Game("gomoku-9", lambda: Gomoku(9), [("gomoku", {"size": 9}), ("mnk", {"m": 9, "n": 9, "k": 5})],
         ("TicTacToe", {"h": 9, "v": 9, "k": 5})),
]
KEYS = [game.key for game in GAMES]


def ours(game: Game, seed: int) -> list[tuple[str, Playout]]:
    """The fast path and the plain protocol, on a position built once (the winner as ``"X"``
    for the first player, ``"O"`` for the second, as the peers' are)."""
    start: Any = game.start()
    fast_rng, plain_rng = random.Random(seed), random.Random(seed)
    first, second = start.players
    names = {first: "X", second: "O", None: None}

    def fast() -> str | None:
        return names[start.random_playout(fast_rng)]

    def plain() -> str | None:
        state: Any = start
        while not state.is_terminal():
            state = state.play(plain_rng.choice(state.legal_moves()))
        return names[state.winner]

    return [("state.random_playout(rng)", fast), ("plain protocol: legal_moves, play", plain)]


def openspiel(game: Game, seed: int) -> list[tuple[str, Playout]]:
    """OpenSpiel's C++ states driven from Python: a plain loop, and its MCTS rollout."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

    version = importlib.metadata.version("open_spiel")
    rows: list[tuple[str, Playout]] = []

    def winner(returns: list[float]) -> str | None:
        return "X" if returns[0] > 0 else "O" if returns[0] < 0 else None

    for name, parameters in game.openspiel:
        root = pyspiel.load_game(name, parameters).new_initial_state()
        rng = random.Random(seed)
        evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        label = name if len(game.openspiel) > 1 else ""

        def loop(root: Any = root, rng: random.Random = rng) -> str | None:
            state = root.clone()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            return winner(state.returns())

        def rollout(root: Any = root, evaluator: Any = evaluator) -> str | None:
            return winner(list(evaluator.evaluate(root)))

        rows += [(f"OpenSpiel {version}: {label + ', ' if label else ''}Python loop, C++ states", loop),
                 (f"OpenSpiel {version}: {label + ', ' if label else ''}MCTS RandomRolloutEvaluator", rollout)]
    return rows


def aima(game: Game, seed: int) -> list[tuple[str, Playout]]:
    """aima-python's games, in the same loop (its random_player is ``random.choice(actions)``)."""
    from aima import games as aima_games

    version = importlib.metadata.version("aima")
    name, arguments = game.aima
    rules = getattr(aima_games, name)(**arguments)
    rng = random.Random(seed)

    def loop() -> str | None:
        state = rules.initial
        while not rules.terminal_test(state):
            state = rules.result(state, rng.choice(rules.actions(state)))
        utility = rules.utility(state, "X")
        return "X" if utility > 0 else "O" if utility < 0 else None

    return [(f"aima-python {version}: Python loop", loop)]


@dataclass
class Measured:
    label: str
    playouts: int
    rate: float
    outcomes: dict[str | None, int]


def measure(label: str, playout: Playout, seconds: float, repeat: int) -> Measured:
    """Play for ``seconds`` of CPU time, ``repeat`` times: the median rate, and the outcomes of all."""
    outcomes: dict[str | None, int] = {"X": 0, "O": 0, None: 0}
    rates, total = [], 0
    for _ in range(max(1, repeat)):
        played, batch = 0, 1
        started = time.process_time()
        while True:
            for _ in range(batch):
                outcomes[playout()] += 1
            played += batch
            elapsed = time.process_time() - started
            if elapsed >= seconds:
                break
            # double the batch (fewer clock reads), but do not run far past the time asked for
            left = int(played / max(elapsed, 1e-9) * (seconds - elapsed)) + 1
            batch = max(1, min(batch * 2, 1024, left))
        rates.append(played / elapsed)
        total += played
    return Measured(label, total, statistics.median(rates), outcomes)


def print_game(title: str, rows: list[Measured]) -> None:
    fast = rows[0].rate
    print(f"{title}, from the empty board")
    print(f"{'playouts by':<56}{'played':>9}{'playouts/s':>12}{'X wins':>8}{'O wins':>8}{'draws':>8}"
          f"{'random_playout':>16}")
    for row in rows:
        shares = "".join(f"{100 * row.outcomes[who] / row.playouts:>7.1f}%" for who in ("X", "O", None))
        ratio = "-" if row is rows[0] else f"{fast / row.rate:.2f}x faster"
        print(f"{row.label:<56}{row.playouts:>9,}{row.rate:>12,.0f}{shares}{ratio:>16}")
    print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="games: " + ", ".join(KEYS))
    parser.add_argument("--seconds", type=float, default=0.3,
                        help="CPU seconds of playouts per measurement (0.3)")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per row; the median rate is shown (3)")
    parser.add_argument("--games", nargs="+", choices=KEYS, default=KEYS, metavar="KEY", help="games to play (all)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of every random generator (2026)")
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and aima-python")
    args = parser.parse_args(argv)
    peers: list[tuple[str, str, Callable[[Game, int], list[tuple[str, Playout]]]]] = []
    candidates: list[tuple[str, str, str, Callable[[Game, int], list[tuple[str, Playout]]]]] = [
        ("OpenSpiel", "pyspiel", OPENSPIEL_INSTALL, openspiel),
        ("aima-python (PyPI: aima)", "aima.games", AIMA_INSTALL, aima)]
    if not args.no_peers:
        for name, module, install, make in candidates:
            try:
                __import__(module)
            except ImportError as error:
                timing.peer_missing(name, install, error)
                continue
            peers.append((name, module, make))
    print(f"Random playouts from the start position: median of {args.repeat} measurements of at least "
          f"{args.seconds:g} CPU s each")
    print(timing.machine_line())
    print()
    for game in (game for game in GAMES if game.key in args.games):
        playouts = ours(game, args.seed)
        for _name, _module, make in peers:
            playouts += make(game, args.seed)
        rows = [measure(label, playout, args.seconds, args.repeat) for label, playout in playouts]
        print_game(game.start().game.title, rows)
        timing.flush()


if __name__ == "__main__":
    main()
