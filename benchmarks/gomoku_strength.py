"""Gomoku strength, measured side by side: the course's strong level against two PyPI players.

* ``gomokubench`` (its ``libs.ai`` alpha-beta search over the best-scored neighbouring points,
  level ``standard`` by default: depth 2 over 10 candidates);
* ``gomoku`` 0.1.0 (its ``ThreatSpace`` player: Allis-style threat-space search, then a
  heuristic).

Each opponent runs in a subprocess of its own virtual environment (``gomokubench`` installs a
top-level package ``libs``, and both are called ``gomoku``), speaking a line protocol on
stdin/stdout: ``new SEED`` (a fresh 15 x 15 board), ``play X Y`` (our move), ``go`` (its move,
answered ``move X Y``), ``quit``. The same file is the server: ``PYTHON gomoku_strength.py
--serve gomokubench`` (it imports nothing of the course in that mode). Set the venvs up once,
for the benchmark only::

    python -m venv /tmp/venv-gomokubench && /tmp/venv-gomokubench/bin/pip install gomokubench
    python -m venv /tmp/venv-gomoku && /tmp/venv-gomoku/bin/pip install gomoku

Games are freestyle gomoku on 15 x 15 (both peers play freestyle: five or more wins), colours
alternated, through :func:`tictac_edu.arena.play_match`. The course's agent is timed per move,
wall clock and CPU; the opponents' times are wall clock. ``--self-play`` adds a match between
two levels of the course.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PEERS = {
    "gomokubench": ("/tmp/venv-gomokubench", "pip install gomokubench"),
    "gomoku": ("/tmp/venv-gomoku", "pip install gomoku"),
}
SIZE = 15


# -- the server side: runs in the peer's own venv, imports nothing of the course ---------------

def serve(peer: str, level: str) -> None:
    """Answer the line protocol on stdin/stdout with ``peer``'s player (15 x 15, freestyle)."""
    protocol = sys.stdout
    sys.stdout = sys.stderr  # the peers print as they think; keep the protocol clean
    import random

    if peer == "gomokubench":
        import numpy as np
        from libs import piece
        from libs.ai import get_best_move, resolve_ai_settings
        from libs.board import BoardState

        settings = resolve_ai_settings(level=level)
        state = BoardState(size=SIZE)

        def new(seed: int) -> None:
            nonlocal state
            random.seed(seed)
            np.random.seed(seed % 2**32)
            state = BoardState(size=SIZE)

        def play(x: int, y: int) -> None:
            nonlocal state
            state = state.next((y, x))

        def go() -> tuple[int, int]:
            nonlocal state
            mover = -state.color
            answer = get_best_move(state, settings["depth"], mover == piece.BLACK,
                                   candidate_count=settings["candidate_count"], random_top_n=settings["random_top_n"])
            move = answer[0]
            row, column = (int(move[0]), int(move[1]))
            state = state.next((row, column))
            return column, row
    elif peer == "gomoku":
        import types

        import gomoku

        # gomoku.player's __init__ imports its web player, which needs flask_socketio (not among
        # the package's dependencies): register the folder as a bare package instead.
        bare = types.ModuleType("gomoku.player")
        bare.__path__ = [str(Path(gomoku.__file__).parent / "player")]
        sys.modules["gomoku.player"] = bare
        import gomoku.player.threat_space as threat_space_module
        import gomoku.threat.threat_search as threat_search_module
        import gomoku.threat.threat_space as threat_space_search_module
        from gomoku import Board

        threat_space_module.VERBOSE = 0
        board, player = Board(), threat_space_module.ThreatSpace()

        def new(seed: int) -> None:
            nonlocal board, player
            random.seed(seed)
            board, player = Board(), threat_space_module.ThreatSpace()
            for cache in (threat_search_module.cached_threes, threat_search_module.cached_fours,
                          threat_search_module.cached_fives, threat_search_module.cached_straight_fours,
                          threat_space_search_module.threat_space_cache):
                cache.clear()

        def play(x: int, y: int) -> None:
            board.move(y, x)
            player.winning_line = []  # its saved line assumed our reply; let it think again

        def go() -> tuple[int, int]:
            move = player.make_move(board)
            row, column = (move // SIZE, move % SIZE) if isinstance(move, int) else (int(move[0]), int(move[1]))
            if not board.is_valid_move(row, column):
                raise RuntimeError(f"gomoku chose the taken point {row}, {column}")
            board.move(row, column)
            return column, row
    else:
        raise SystemExit(f"unknown peer {peer!r}")

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            if words[0] == "new":
                new(int(words[1]))
                reply = "ok"
            elif words[0] == "play":
                play(int(words[1]), int(words[2]))
                reply = "ok"
            elif words[0] == "go":
                x, y = go()
                reply = f"move {x} {y}"
            elif words[0] == "quit":
                break
            else:
                reply = f"error unknown command {words[0]!r}"
        except Exception as error:  # noqa: BLE001 - report to the driver, which stops the match
            reply = f"error {type(error).__name__}: {error}"
        protocol.write(reply + "\n")
        protocol.flush()


# -- the driver side ---------------------------------------------------------------------------

class PeerAgent:
    """An agent that asks a peer's subprocess for its moves (the protocol above)."""

    def __init__(self, peer: str, level: str = "standard", python: str | None = None) -> None:
        folder, _ = PEERS[peer]
        self.python = python or f"{folder}/bin/python"
        if not Path(self.python).exists():
            raise FileNotFoundError(self.python)
        self.name = f"{peer}" + (f" ({level})" if peer == "gomokubench" else " (ThreatSpace)")
        self.process = subprocess.Popen([self.python, str(Path(__file__).resolve()), "--serve", peer,
                                         "--level", level], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, cwd="/tmp")
        self.known: list[tuple[int, int]] = []
        self.seed = 0
        self.move_seconds: list[float] = []

    def _ask(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer or answer.startswith("error"):
            raise RuntimeError(f"{self.name} answered {answer!r} to {line!r}")
        return answer

    def reseed(self, seed: int | None) -> None:
        self.seed = seed or 0
        self.known = []
        self._ask(f"new {self.seed}")

    def choose_move(self, state: Any) -> tuple[int, int]:
        moves = state.moves()
        if moves[:len(self.known)] != self.known:
            self._ask(f"new {self.seed}")
            self.known = []
        for x, y in moves[len(self.known):]:
            self._ask(f"play {x} {y}")
        self.known = list(moves)
        began = time.perf_counter()
        answer = self._ask("go")
        self.move_seconds.append(time.perf_counter() - began)
        _, x, y = answer.split()
        move = (int(x), int(y))
        self.known.append(move)
        return move

    def close(self) -> None:
        try:
            self._ask("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        self.process.wait(timeout=10)


@dataclass
class Timed:
    """Wraps an agent: the same name and moves, with wall and CPU seconds per move and the depth
    each search reached."""

    agent: Any
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    sources: dict[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.agent.name)

    def reseed(self, seed: int | None) -> None:
        self.agent.reseed(seed)

    def choose_move(self, state: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        move = self.agent.choose_move(state)
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)
        source = getattr(self.agent, "last_source", None) or "search"
        self.sources[source] = self.sources.get(source, 0) + 1
        result = getattr(self.agent, "last_result", None)
        if source == "search" and result is not None and result.depth:
            self.depths.append(result.depth)
        return move


def report(result: Any, timed: Timed, other: Any, limit: float | None) -> None:
    """Print one match: the score, colours, game lengths and times per move."""
    import statistics

    import timing

    print(result.summary())
    as_black = [g for g in result.games if g.first == timed.name]
    wins_black = sum(g.winner == timed.name for g in as_black)
    as_white = [g for g in result.games if g.first != timed.name]
    wins_white = sum(g.winner == timed.name for g in as_white)
    print(f"  {timed.name}: {result.wins}/{result.played} wins ({result.wins / result.played:.0%}); as Black "
          f"{wins_black}/{len(as_black)}, as White {wins_white}/{len(as_white)}; draws {result.draws}")
    lengths = [len(g.moves) for g in result.games]
    print(f"  game length: median {statistics.median(lengths):.0f} moves (min {min(lengths)}, max {max(lengths)})")
    over = f"; over the limit + 10%: {sum(t > limit * 1.1 for t in timed.wall)} moves" if limit else ""
    wall, cpu = timed.wall, timed.cpu
    print(f"  {timed.name} per move: wall median {timing.format_seconds(statistics.median(wall))}, max "
          f"{timing.format_seconds(max(wall))}; CPU median {timing.format_seconds(statistics.median(cpu))}, "
          f"max {timing.format_seconds(max(cpu))}{over}")
    if timed.depths:
        print(f"  search depth reached: median {statistics.median(timed.depths):.0f} (min {min(timed.depths)}, "
              f"max {max(timed.depths)}); moves by source: {timed.sources}")
    seconds = getattr(other, "move_seconds", None)
    if seconds:
        print(f"  {other.name} per move (wall): median {timing.format_seconds(statistics.median(seconds))}, max "
              f"{timing.format_seconds(max(seconds))}")
    for index, game in enumerate(result.games):
        from tictac_edu.games.gomoku import point_name

        winner = game.winner or "draw"
        print(f"    game {index + 1}: {game.first} (Black) vs {game.second}: {winner} in {len(game.moves)} moves: "
              + " ".join(point_name(move) for move in game.moves))
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per match (colours alternate)")
    parser.add_argument("--time-limit", type=float, default=1.0, help="the strong level's seconds per move")
    parser.add_argument("--peers", nargs="*", default=list(PEERS), choices=list(PEERS), help="opponents")
    parser.add_argument("--level", default="standard", help="gomokubench's level: easy, standard, hard")
    parser.add_argument("--self-play", nargs=2, metavar=("LEVEL_A", "LEVEL_B"),
                        help="also play two of the course's levels against each other")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--plies", type=int, default=0,
                        help="random opening moves before each pair of games (0: from the empty board; the peers' "
                             "seeded choices already vary the games)")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.level)
        return 0

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import timing

    from tictac_edu.agents import ThreatAgent, difficulty_agent
    from tictac_edu.arena import play_match
    from tictac_edu.games.gomoku import Gomoku

    print(f"Gomoku 15 x 15, freestyle: the strong level ({args.time_limit:g} s per move) against peers, "
          f"{args.games} games each, colours alternated")
    print(timing.machine_line().replace("; times are CPU seconds (time.process_time)",
                                        "; times: wall and CPU seconds as labelled"))
    for peer in args.peers:
        folder, _ = PEERS[peer]
        try:
            opponent = PeerAgent(peer, args.level)
        except FileNotFoundError as error:
            timing.peer_missing(peer, f"python -m venv {folder} && {folder}/bin/pip install {peer}", error)
            continue
        timed = Timed(ThreatAgent(time_limit=args.time_limit, name="tictac_edu strong"))
        try:
            result = play_match(timed, opponent, Gomoku, games=args.games, seed=args.seed, plies=args.plies)
        finally:
            opponent.close()
        report(result, timed, opponent, args.time_limit)
    if args.self_play:
        start = Gomoku()
        first, second = (difficulty_agent(start, level) for level in args.self_play)
        timed_first = Timed(first)
        result = play_match(timed_first, second, Gomoku, games=args.games, seed=args.seed, plies=args.plies)
        limit = start.game.preset(args.self_play[0]).time_limit
        report(result, timed_first, second, limit)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
