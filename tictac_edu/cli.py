"""The command line: ``python -m tictac_edu COMMAND ...`` (``--help`` on any command).

* ``count tictactoe``: the figures of the complete tic-tac-toe game tree.
* ``play tictactoe``: a game in the terminal against the AI (``play mnk`` for bigger boards).
* ``solve connect4``: the exact scores of Connect Four positions (see :func:`solve_lines`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

from tictac_edu.agents import DIFFICULTIES, Agent, Difficulty, difficulty_agent
from tictac_edu.games import IllegalMoveError, MNKGame, TicTacToe
from tictac_edu.search import count_tree
from tictac_edu.solvers.connect4 import Solver

QUIT_WORDS = ("q", "quit", "exit")


def _parse_move(text: str, state: MNKGame) -> int | tuple[int, int]:
    """A cell number (``4``) or a row and column (``1 1`` or ``1,1``); raises ValueError."""
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and parts[0].lstrip("-").isdigit():
        return int(parts[0])
    if len(parts) == 2 and all(part.lstrip("-").isdigit() for part in parts):
        return int(parts[0]), int(parts[1])
    last = len(state.board) - 1
    raise ValueError(f"{text!r} is not a move: type a cell number 0-{last} as shown on the board, "
                     f"or a row and a column such as '1 2'")


def play_in_terminal(state: MNKGame, human: str, agent: Agent, stdin: TextIO, stdout: TextIO) -> int:
    """Play one game from ``state``, the human moving for ``human`` against ``agent``;
    returns the exit status (0)."""

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    say(f"You play {human}; the AI ({agent.name}) plays {'O' if human == 'X' else 'X'}. "
        f"Type a cell number, or q to quit.")
    while not state.is_terminal():
        if state.to_move == human:
            say()
            say(state.text(numbered=True))
            print(f"Your move ({human}): ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if not line:
                say()
                say("End of input: goodbye.")
                return 0
            text = line.strip()
            if text.lower() in QUIT_WORDS:
                say("Goodbye.")
                return 0
            try:
                state = state.play(_parse_move(text, state))
            except (ValueError, IllegalMoveError) as error:
                say(str(error).splitlines()[0])
        else:
            move = agent.choose_move(state)
            state = state.play(move)
            result = getattr(agent, "last_result", None)
            figures = f" ({result.nodes:,} nodes searched)" if result is not None else ""
            say(f"The AI plays {move}{figures}.")
    say()
    say(state.text())
    outcome = state.result_text()
    if state.winner == human:
        outcome += ": you win!"
    elif state.winner is not None:
        outcome += ": the AI wins."
    say(f"Game over, {outcome}")
    return 0


def _count(args: argparse.Namespace, stdout: TextIO) -> int:
    print("The complete tic-tac-toe game tree (X moves first):", file=stdout)
    print(count_tree(TicTacToe()).report(), file=stdout)
    return 0


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    try:
        state = TicTacToe() if args.game == "tictactoe" else MNKGame(args.rows, args.columns, args.k)
        difficulty: Difficulty = args.difficulty or ("perfect" if args.game == "tictactoe" else "hard")
        agent = difficulty_agent(state, difficulty, args.seed)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        return play_in_terminal(state, args.side, agent, stdin, stdout)
    except KeyboardInterrupt:
        print("\nInterrupted: goodbye.", file=stdout)
        return 0


FULL_COLUMN_MARK = "-"
"""What ``solve --analyze`` prints for a full column."""


def solve_lines(lines: Iterable[tuple[str, str]], weak: bool, analyze: bool, stdout: TextIO, stderr: TextIO) -> int:
    """Solve Connect Four positions given as 1-based move strings, one result line each.

    Prints ``MOVES SCORE`` per position (the benchmark sets' score, from the point of view of
    the player to move: 0 draw, ``22 - s`` for a win with the player's ``s``-th disc, minus
    that for a loss); with ``weak`` only 1 / 0 / -1; with ``analyze``, ``MOVES`` followed by the
    score of playing each column 1..7, ``-`` for a full column. A bad move string (or a game
    already over) gets a message on ``stderr`` naming where it came from, and the next lines
    are still solved. Blank lines are skipped.

    Args:
        lines: ``(where, text)`` pairs, such as ``("line 3", "4453")``.
        weak, analyze: what to print, as above.
        stdout, stderr: where results and messages go.

    Returns:
        The exit status: 0 if every line was solved, 1 if some were bad.
    """
    solver = Solver()
    status = 0
    for where, text in lines:
        moves = text.strip()
        if not moves:
            continue
        try:
            if analyze:
                scores = solver.analyze(moves, weak=weak)
                shown = " ".join(FULL_COLUMN_MARK if score is None else str(score) for score in scores)
            else:
                shown = str(solver.solve(moves, weak=weak))
        except ValueError as error:  # IllegalMoveError is a ValueError too
            print(f"{where}: {error}", file=stderr, flush=True)
            status = 1
            continue
        print(f"{moves} {shown}", file=stdout, flush=True)
    return status


def _solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lines: Iterable[tuple[str, str]]
    if args.moves:
        lines = [(f"argument {number}", text) for number, text in enumerate(args.moves, start=1)]
    else:  # a generator: each line is solved as soon as it is read
        lines = ((f"line {number}", text) for number, text in enumerate(stdin, start=1))
    try:
        return solve_lines(lines, args.weak, args.analyze, stdout, sys.stderr)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m tictac_edu``."""
    parser = argparse.ArgumentParser(
        prog="python -m tictac_edu",
        description="tictac_edu: game-tree search, from tic-tac-toe onwards. Each command has its own --help.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    count = commands.add_parser(
        "count", help="count the complete game tree of tic-tac-toe",
        description="Print the figures of the complete tic-tac-toe game tree: nodes (by depth), complete games "
                    "(by length and outcome), reachable positions and positions up to symmetry.")
    count.add_argument("game", choices=["tictactoe"], help="the game whose tree to count")

    play = commands.add_parser(
        "play", help="play against the AI in the terminal",
        description="Play against the AI. Type the number of a cell (shown on the board) or a row and a column "
                    "(e.g. '1 2'), then Enter; q quits. End of input (Ctrl-D) or Ctrl-C also quits.")
    play.add_argument("game", choices=["tictactoe", "mnk"], help="tictactoe, or mnk for other board sizes")
    play.add_argument("--side", choices=["X", "O"], default="X", help="the side you play; X moves first (default X)")
    play.add_argument("--difficulty", choices=DIFFICULTIES, default=None,
                      help="how strong the AI is (default: perfect for tic-tac-toe, hard for mnk; "
                           "perfect is for tic-tac-toe only)")
    play.add_argument("--seed", type=int, default=None, help="seed for the AI's random moves at easy and medium")
    play.add_argument("--rows", type=int, default=5, help="mnk: rows of the board (default 5)")
    play.add_argument("--columns", type=int, default=5, help="mnk: columns of the board (default 5)")
    play.add_argument("--k", type=int, default=3, help="mnk: marks in a row to win (default 3)")

    solve = commands.add_parser(
        "solve", help="solve Connect Four positions exactly",
        description="Solve positions of a game exactly. 'solve connect4 --help' tells more.")
    # The game is a sub-command of its own, so that options may come before or after the move strings.
    solve_games = solve.add_subparsers(dest="game", required=True, metavar="GAME")
    connect4 = solve_games.add_parser(
        "connect4", help="Connect Four (7 columns, 6 rows)",
        description="Solve Connect Four positions given as move strings: the columns played from the empty "
                    "board, numbered 1-7, first player first (e.g. 4453). Prints 'MOVES SCORE' per position; "
                    "the score is for the player to move: 0 a draw, 22 - s for a win with one's s-th disc, "
                    "minus that for a loss. Positions near the start of the game can take very long.",
        epilog="A bad move string gets a message on standard error naming its line (or argument) and the "
               "problem; the other lines are still solved. Blank lines are skipped. Exit status: 0 if every "
               "position was solved, 1 if some line was bad, 130 if interrupted.")
    connect4.add_argument("moves", nargs="*", metavar="MOVES",
                          help="move strings to solve; without any, read one per line from standard input")
    connect4.add_argument("--weak", action="store_true", help="print only win / draw / loss, as 1 / 0 / -1 (faster)")
    connect4.add_argument("--analyze", action="store_true",
                          help=f"print the score of playing each column 1-7 instead ('{FULL_COLUMN_MARK}' for a "
                               "full column)")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if args.command == "count":
        return _count(args, stdout)
    if args.command == "play":
        return _play(args, stdin, stdout)
    if args.command == "solve":
        return _solve(args, stdin, stdout)
    raise AssertionError(f"unhandled command {args.command}")  # argparse rejects unknown commands
