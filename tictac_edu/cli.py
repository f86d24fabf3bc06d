"""The command line: ``python -m tictac_edu COMMAND ...`` (``--help`` on any command).

* ``count tictactoe``: the figures of the complete tic-tac-toe game tree.
* ``play NAME``: a game in the terminal against the AI, for every registered board game
  (``tictactoe``, ``mnk --rows R --columns C --k K``, ``connect4``, ``gomoku --rule R --size
  N``), driven by a :class:`~tictac_edu.session.GameSession`.
* ``solve connect4``: the exact scores of Connect Four positions (see :func:`solve_lines`).
* ``apps [TARGET]``: the course's apps (``notebooks/apps``) served by Voila with the course's
  template, which fetches nothing from the internet.
* ``match GAME LEVEL_A LEVEL_B --games N``: two difficulty levels of a game against each other,
  in pairs of games from a seeded opening book, with the Elo difference and its 95% interval
  (see :func:`tictac_edu.arena.play_match`); ``--jobs K`` plays on K processes, ``--timeout``
  bounds the wait, ``--work-clock`` makes clocked levels replay.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from tictac_edu.agents.connect4_analysis import (
    FULL_COLUMN_MARK as FULL_COLUMN_MARK,  # what --analyze prints for a full column
)
from tictac_edu.agents.connect4_analysis import columns_line, exact_columns
from tictac_edu.arena import SPRT, play_match
from tictac_edu.games import game_names, new_game
from tictac_edu.games.base import GameState
from tictac_edu.search import count_tree
from tictac_edu.session import (
    AI_VS_AI,
    QUIT_WORDS,
    TWO_HUMANS,
    GameSession,
    extra_level_summary,
    level_summary,
)
from tictac_edu.solvers.connect4 import Solver, SolverLimitReached
from tictac_edu.solvers.engines import DEFAULT_ENGINE, ENGINES, make_solver

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from tictac_edu.solvers.connect4_fast import FastSolver

SIDE_WORDS = {"both": TWO_HUMANS, "none": AI_VS_AI}
"""``play --side`` words for the sides that are not one player: two people at one keyboard, or
nobody (the AI plays itself)."""

PIPE_CLOSED_STATUS = 141
"""The exit status when the reader of the output has gone (``... | head -1``), as a pipe writer
killed by SIGPIPE reports it."""

INTERRUPTED_STATUS = 130
"""The exit status after Ctrl-C, except in ``play``, where Ctrl-C is the usual way to leave."""

TIMED_OUT_STATUS = 124
"""The exit status of ``solve`` and ``match`` when their ``--timeout`` (wall-clock time) ran out
(as GNU ``timeout`` reports a command it stopped); 1 stays for bad input."""

HELP_WIDTH = 78
"""The width of ``play --help``'s own paragraphs."""

FORBIDDEN_WORDS = {"33": "double-three", "44": "double-four", "OL": "overline"}
"""Renju's forbidden patterns in words, for the line listing Black's forbidden points."""

GAME_OPTIONS = ("rows", "columns", "k", "size", "rule")
"""The ``play`` options that build the game (each game takes some of them)."""

LEVEL_EXAMPLES: dict[str, tuple[dict[str, int], ...]] = {
    "mnk": ({"rows": 5, "columns": 5, "k": 3}, {"rows": 6, "columns": 6, "k": 4}, {"rows": 15, "columns": 15, "k": 5}),
}
"""Board sizes whose levels ``play --help`` shows, for games whose levels depend on the size."""


def play_in_terminal(session: GameSession, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``session``'s game in the terminal: people type their moves at a prompt, the AI
    answers with its move and figures (proven or an estimate). A move is typed as the board
    labels it (a cell's number, a column's number, a point's name), and the prompt says which.
    A bad move gets one line and a new prompt; ``q``, or the end of input, leaves. Returns the
    exit status: 0, or 1 if the AI could not move."""

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    notation = session.notation
    state = session.state
    title = state.game.title
    typing = f"Type {notation.input_help(state)}, or q to quit."
    humans = session.human_players()
    if len(humans) == 1:
        (human,) = humans
        (ai,) = session.ai_players()
        say(f"{title}. You play {human}; the AI ({session.agent.name}) plays {ai}. {typing}")
    elif humans:
        say(f"{title}. Two players take turns at this keyboard. {typing}")
    else:
        say(f"{title}. The AI ({session.agent.name}) plays both sides.")
    shown: GameState | None = None  # the position last drawn: after a refused move, only the prompt again
    while not session.state.is_terminal():
        state = session.state
        if session.is_human_turn():
            if state is not shown:
                say()
                say(notation.board_text(state))
                forbidden = forbidden_text(state, notation.name)
                if forbidden:
                    say(forbidden)
                shown = state
            what = notation.prompt_help(state)
            prompt = f"Your move ({state.to_move}, {what}): " if len(humans) == 1 else \
                f"{state.to_move} to move ({what}): "
            print(prompt, end="", file=stdout, flush=True)
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
                move = session.parse(text)
            except ValueError as error:
                say(str(error))
                continue
            if not session.play(move):
                say(session.message)
        else:
            answer = session.ai_move()
            if answer is None or answer.error is not None:
                say(session.message or "The AI could not move.")
                return 1
            say(session.describe_ai_move(answer))
    say()
    say(str(session.state))
    say(f"Game over: {session.outcome_text()}")
    return 0


def forbidden_text(state: GameState, name: Callable[[object], str]) -> str:
    """The line under a renju board naming the points forbidden for the player to move
    (``"Forbidden for Black (renju): J8 double-three."``), or ``""`` when there are none (or
    the game has no such rule)."""
    find = getattr(state, "forbidden_points", None)
    points = find() if callable(find) else {}
    if not points:
        return ""
    listed = ", ".join(f"{name(point)} {FORBIDDEN_WORDS.get(kind, kind)}" for point, kind in sorted(
        points.items(), key=lambda item: (item[0][1], item[0][0])))
    return f"Forbidden for {state.to_move} (renju): {listed}."


def _count(args: argparse.Namespace, stdout: TextIO) -> int:
    start = new_game(args.game)
    print(f"The complete {start.game.title.lower()} game tree ({start.players[0]} moves first):", file=stdout,
          flush=True)
    try:
        counts = count_tree(start)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return INTERRUPTED_STATUS
    print(counts.report(), file=stdout, flush=True)
    return 0


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    options = {name: getattr(args, name) for name in GAME_OPTIONS if getattr(args, name) is not None}
    try:
        try:
            start = new_game(args.game, **options)
            session = GameSession(start, side=SIDE_WORDS.get(args.side, args.side), difficulty=args.difficulty,
                                  seed=args.seed)
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        return play_in_terminal(session, stdin, stdout)
    except KeyboardInterrupt:
        print("\nInterrupted: goodbye.", file=stdout, flush=True)
        return 0


def board_games() -> list[GameState]:
    """The starting position of each registered game that can be played here, with its default
    options: a game on a board (not a textbook tree) with difficulty levels for the AI."""
    games = []
    for name in game_names():
        try:
            start = new_game(name)
        except (TypeError, ValueError):  # a game that needs arguments (a textbook tree) is not played here
            continue
        if start.game.board in ("cells", "columns", "grid") and start.game.presets:
            games.append(start)
    return games


def _levels_epilog(games: Sequence[GameState]) -> str:
    """``play --help``'s list of every game's difficulty levels, the time-limited ones marked."""
    lines = textwrap.wrap("difficulty levels, weakest first (the default is the strongest; 'N s a move' marks a "
                          "level that plays by the clock and answers within that time on any board size), and "
                          "beside them the Monte Carlo tree search levels:", HELP_WIDTH)
    for start in games:
        name = start.game.name
        examples = LEVEL_EXAMPLES.get(name)
        if not examples:
            extra = extra_level_summary(start)
            beside = f"; beside them: {extra}" if extra else ""
            lines += textwrap.wrap(f"{name}: {level_summary(start)}{beside}", HELP_WIDTH, initial_indent="  ",
                                   subsequent_indent="      ")
            continue
        for options in examples:
            example = new_game(name, **options)
            size = " ".join(f"--{key} {value}" for key, value in options.items())
            lines += textwrap.wrap(f"{name} {size}: {level_summary(example)}", HELP_WIDTH, initial_indent="  ",
                                   subsequent_indent="      ")
    return "\n".join(lines)


def _match_levels_epilog(games: Sequence[GameState]) -> str:
    """``match --help``'s list of every game's levels, on the game's default board."""
    lines = textwrap.wrap("difficulty levels, weakest first (each game on its default board: mnk is 5x5, three in "
                          "a row):", HELP_WIDTH)
    for start in games:
        extra = [level for level in start.game.levels if level not in start.game.difficulties]
        beside = f"; beside them: {', '.join(extra)}" if extra else ""
        lines += textwrap.wrap(f"{start.game.name}: {level_summary(start)}{beside}", HELP_WIDTH, initial_indent="  ",
                               subsequent_indent="      ")
    return "\n".join(lines)


TIMEOUT_MARK = "timeout"
"""What ``solve`` prints instead of a score for a position not solved within ``--timeout``."""
PROGRESS_AFTER = 3.0
"""Seconds a position may take before ``solve`` shows its progress on standard error."""
PROGRESS_EVERY = 5.0
"""Seconds between two progress lines when standard error is not a terminal."""
PROGRESS_REFRESH = 0.5
"""Seconds between two refreshes of the progress line on a terminal."""
EMPTY_BOARD_REFUSAL = ("the empty board ('') is far too hard for this solver: it would run for longer "
                       "than anyone waits. Give --timeout SECONDS to try anyway, or solve a position a few moves "
                       "in (from the middle game on, most take well under a second)")


class OutputError(Exception):
    """Writing a result to standard output failed: a closed pipe, a full disk (the cause says which)."""


class GuardedOutput:
    """Standard output as the commands write to it: a write or a flush that fails raises
    :class:`OutputError` (its cause the ``OSError``), which :func:`main` turns into one line on
    standard error and an exit status, whatever the command. Everything else is the stream's.

    Args:
        stream: the stream to write to.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            raise OutputError(error) from error

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            raise OutputError(error) from error

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, except that ``--help`` (or ``--version``) that cannot be written to
    standard output raises :class:`OutputError` instead of being lost without a word."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        stream = file or sys.stderr
        try:
            stream.write(message)
            flush = getattr(stream, "flush", None)
            if callable(flush):
                flush()
        except OSError as error:
            if stream is sys.stderr:
                return  # nowhere left to say it
            raise OutputError(error) from error


OUTPUT_FAILED_STATUS = 1
"""The exit status when the output could not be written (a full disk)."""


def _output_failed(error: OutputError, stdout: TextIO) -> int:
    """What every command does when its output cannot be written: nothing more to standard
    output; one line on standard error, unless the reader has gone (``... | head -1``)."""
    _silence(stdout)
    cause = error.__cause__
    if isinstance(cause, BrokenPipeError):
        return PIPE_CLOSED_STATUS
    reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else str(cause)
    try:
        print(f"error: cannot write to standard output: {reason}", file=sys.stderr, flush=True)
    except OSError:
        pass
    return OUTPUT_FAILED_STATUS


class Progress:
    """The clock ``solve`` gives the solver, which reads it every thousand nodes or so: it tells
    the time and, once a position has taken ``after`` seconds, reports the elapsed time and the
    nodes searched on ``stderr``: one line refreshed on a terminal, else a line every
    :data:`PROGRESS_EVERY` seconds.

    Args:
        solver: whose ``nodes`` to report.
        stderr: where to report.
        after: seconds before the first report.
        clock: the time.
    """

    def __init__(self, solver: Solver | FastSolver, stderr: TextIO, after: float,
                 clock: Callable[[], float] = time.monotonic):
        self.solver, self.stderr, self.after, self.clock = solver, stderr, after, clock
        try:
            self.interactive = stderr.isatty()
        except (AttributeError, ValueError):
            self.interactive = False
        self.label = ""
        self.started = self.next_report = 0.0
        self.nodes_before = 0
        self.width = 0  # of the refreshed line on a terminal; 0: none shown

    def start(self, label: str) -> float:
        """Start timing a position named ``label``; returns the time."""
        self.label, self.started, self.nodes_before = label, self.clock(), self.solver.nodes
        self.next_report = self.started + self.after
        return self.started

    def __call__(self) -> float:
        now = self.clock()
        if now >= self.next_report:
            nodes = self.solver.nodes - self.nodes_before
            text = f"{self.label}: {now - self.started:.0f} s, {nodes:,} nodes so far (Ctrl-C stops)"
            try:
                if self.interactive:
                    self.stderr.write("\r" + text.ljust(self.width))
                    self.stderr.flush()
                    self.width = len(text)
                    self.next_report = now + PROGRESS_REFRESH
                else:
                    print(text, file=self.stderr, flush=True)
                    self.next_report = now + PROGRESS_EVERY
            except OSError:
                self.next_report = math.inf  # nowhere to report to: solve on in silence
        return now

    def finish(self) -> None:
        """Clear the refreshed line, if one is shown."""
        if self.width:
            try:
                self.stderr.write("\r" + " " * self.width + "\r")
                self.stderr.flush()
            except OSError:
                pass
            self.width = 0


def parse_solve_line(text: str) -> tuple[str, int | None]:
    """``MOVES`` or ``MOVES SCORE`` (a line of the benchmark sets, such as ``4453 -3``).

    Returns:
        The move string (``""`` for a blank line: the empty board) and the score, or ``None``.

    Raises:
        ValueError: more than two fields, or a score that is not a whole number.
    """
    fields = text.split()
    if len(fields) > 2 or (len(fields) == 2 and not fields[1].lstrip("+-").isdigit()):
        raise ValueError(f"{text.strip()!r} is not MOVES or MOVES SCORE (such as '4453' or '4453 -3', the score "
                         "a whole number)")
    return (fields[0] if fields else "", int(fields[1]) if len(fields) == 2 else None)


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def solve_lines(lines: Iterable[tuple[str, str]], weak: bool, analyze: bool, stdout: TextIO, stderr: TextIO, *,
                timeout: float | None = None, progress_after: float = PROGRESS_AFTER,
                clock: Callable[[], float] = time.monotonic, engine: str = DEFAULT_ENGINE) -> int:
    """Solve Connect Four positions given as 1-based move strings, one result line each.

    Prints ``MOVES SCORE`` per position (the benchmark sets' score, from the point of view of
    the player to move: 0 draw, ``22 - s`` for a win with the player's ``s``-th disc, minus
    that for a loss); with ``weak`` only 1 / 0 / -1; with ``analyze``, ``MOVES`` followed by the
    score of playing each column 1..7 (for the player to move), ``-`` for a full column.

    A line may carry the score it should have, as the benchmark sets' lines do (``4453 -3``): a
    different computed score is reported on ``stderr``. A bad move string (or a game already
    over) gets a message on ``stderr`` naming where it came from, and the next lines are still
    solved. A position not solved within ``timeout`` seconds of wall-clock time prints ``MOVES
    timeout``. The empty board is refused unless a ``timeout`` is given. Once a position has taken ``progress_after``
    seconds, its progress is shown on ``stderr``.

    Args:
        lines: ``(where, text)`` pairs, such as ``("line 3", "4453")`` or ``("line 4", "4453 -3")``;
            a blank text is the empty board.
        weak, analyze: what to print, as above.
        stdout, stderr: where results and messages go.
        timeout: seconds of wall-clock time per position, ``None`` for no limit.
        progress_after: seconds before a position's progress is shown.
        clock: the clock of ``timeout`` and the progress.
        engine: the solver, ``"numba"`` (compiled) or ``"python"`` (the one notebook 05 builds):
            the same scores (:func:`~tictac_edu.solvers.connect4_fast.make_solver`).

    Returns:
        The exit status: 0 if every position was solved (and agreed with its given score), 1 if
        some line was bad or disagreed, else :data:`TIMED_OUT_STATUS` (124) if some position
        ran out of time.

    Raises:
        OutputError: a result could not be written to ``stdout``.
    """
    solver = make_solver(engine)
    progress = Progress(solver, stderr, progress_after, clock)
    status = timed_out = 0

    def report(text: str) -> None:
        print(text, file=stderr, flush=True)

    def put(text: str) -> None:
        try:
            print(text, file=stdout, flush=True)
        except OSError as error:
            raise OutputError(error) from error

    for where, text in lines:
        try:
            moves, given = parse_solve_line(text)
            if not moves and timeout is None:
                raise ValueError(EMPTY_BOARD_REFUSAL)
            started = progress.start(f"{where} ({moves or 'the empty board'})")
            deadline = math.inf if timeout is None else started + timeout
            try:
                if analyze:
                    score, scores = exact_columns(solver, moves, weak=weak, deadline=deadline, clock=progress)
                    shown = columns_line(scores)
                else:
                    score = solver.solve(moves, weak=weak, deadline=deadline, clock=progress)
                    shown = str(score)
            finally:
                progress.finish()
        except SolverLimitReached:
            put(f"{moves} {TIMEOUT_MARK}")
            timed_out += 1
            continue
        except ValueError as error:  # IllegalMoveError is a ValueError too
            report(f"{where}: {error}")
            status = 1
            continue
        put(f"{moves} {shown}")
        if given is not None and score != (_sign(given) if weak else given):
            kind = "weak score" if weak else "score"
            report(f"{where}: {moves}: the {kind} is {score}, but the line says {given}")
            status = 1
    if timed_out:
        report(f"{timed_out} position{'s' if timed_out > 1 else ''} not solved within --timeout {timeout:g} s "
               f"(printed as '{TIMEOUT_MARK}')")
    return TIMED_OUT_STATUS if timed_out and not status else status


def _silence(stream: TextIO) -> None:
    """Point standard output at /dev/null once it cannot be written, so that Python's last
    flush at exit finds nowhere to fail."""
    if stream is not sys.stdout:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.timeout is not None and not args.timeout > 0:
        print(f"error: --timeout must be a positive number of seconds, not {args.timeout:g}", file=sys.stderr)
        return 2
    lines: Iterable[tuple[str, str]]
    if args.moves:
        lines = [(f"argument {number}", text) for number, text in enumerate(args.moves, start=1)]
    else:  # a generator: each line is solved as soon as it is read; blank lines are skipped
        lines = ((f"line {number}", text) for number, text in enumerate(stdin, start=1) if text.strip())
    try:
        return solve_lines(lines, args.weak, args.analyze, stdout, sys.stderr, timeout=args.timeout,
                           progress_after=args.progress, engine=args.engine)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return INTERRUPTED_STATUS
    except OutputError as error:
        _silence(stdout)
        if isinstance(error.__cause__, BrokenPipeError):
            return PIPE_CLOSED_STATUS  # the reader has gone (... | head -1): stop without a word
        cause = error.__cause__
        reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else str(cause)
        print(f"error: cannot write the results to standard output: {reason}", file=sys.stderr)
        return 1


MATCH_TIMED_OUT_STATUS = TIMED_OUT_STATUS
"""``match``'s exit status when its ``--timeout`` passed before every game was played (as GNU
``timeout`` reports a command it stopped)."""


class _MatchPool:
    """``match --jobs K``'s worker processes: started with
    :func:`~tictac_edu.arena.stop_on_interrupt`, so that Ctrl-C makes them hand back the games
    they finished at once; Ctrl-C sent to this process alone is passed on to them; and whatever
    ends the match, no worker outlives it."""

    def __init__(self, jobs: int) -> None:
        from concurrent.futures import ProcessPoolExecutor

        from tictac_edu.arena import stop_on_interrupt

        self.executor = ProcessPoolExecutor(jobs, initializer=stop_on_interrupt)
        self.main_thread = threading.current_thread() is threading.main_thread()  # signals are the main thread's
        self.previous = signal.signal(signal.SIGINT, self._interrupt) if self.main_thread else None

    def _workers(self) -> list[Any]:  # the pool's processes (a private attribute, read defensively)
        return list((getattr(self.executor, "_processes", None) or {}).values())

    def _interrupt(self, signum: int, frame: object) -> None:
        for process in self._workers():
            if process.is_alive() and process.pid is not None:
                try:
                    os.kill(process.pid, signal.SIGINT)  # a worker ignores a second Ctrl-C
                except ProcessLookupError:
                    pass
        raise KeyboardInterrupt

    def close(self) -> None:
        """Cancel what is queued, give the workers a moment to leave, then end those still there
        (Ctrl-C is ignored meanwhile, until :meth:`restore_interrupts`: the command is stopping
        already, and a second Ctrl-C must not leave a worker behind or lose the games)."""
        if self.main_thread:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        workers = self._workers()
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.join(timeout=1.0)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5.0)

    def restore_interrupts(self) -> None:
        """Ctrl-C as it was before the pool."""
        if self.main_thread and self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


VOILA_TEMPLATE = "tictac"
"""The course's Voila template: Voila's "lab" template with the widgets' icons (Font Awesome)
served from the package instead of a CDN, so that a page fetches nothing from the internet."""

JUPYTER_DATA = Path(__file__).resolve().parent / "share" / "jupyter"
"""The package's Jupyter data folder, where Voila finds :data:`VOILA_TEMPLATE`."""

APPS = "notebooks/apps"
"""The folder of the course's apps (the boards, the search viewer), from the repository's root."""


def voila_command(target: str, options: Sequence[str] = ()) -> tuple[list[str], dict[str, str]]:
    """The command and environment that serve ``target`` (a notebook or a folder) with Voila
    and the course's template: the package's Jupyter data folder first on ``JUPYTER_PATH``."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(JUPYTER_DATA), env.get("JUPYTER_PATH")]))
    return [sys.executable, "-m", "voila", f"--template={VOILA_TEMPLATE}", *options, target], env


def _apps(args: argparse.Namespace, options: Sequence[str]) -> int:
    if not os.path.exists(args.target):
        print(f"error: {args.target!r} does not exist: give a notebook or a folder of notebooks (the course's apps "
              f"are in {APPS}/ of the repository; run this from its root)", file=sys.stderr)
        return 2
    command, env = voila_command(args.target, options)
    try:
        return subprocess.call(command, env=env)
    except KeyboardInterrupt:  # Voila stops on Ctrl-C by itself
        return INTERRUPTED_STATUS



def _match(args: argparse.Namespace, stdout: TextIO) -> int:
    from tictac_edu.arena import count_work

    try:
        if args.games < 1:
            raise ValueError(f"--games must be at least 1, not {args.games}")
        if args.jobs < 1:
            raise ValueError(f"--jobs must be at least 1 (worker processes), not {args.jobs}")
        if args.plies is not None and args.plies < 0:
            raise ValueError(f"--plies must be 0 or more, not {args.plies}")
        if args.timeout is not None and not (math.isfinite(args.timeout) and args.timeout > 0):
            raise ValueError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
        try:
            start = new_game(args.game)
        except TypeError as error:  # a game that needs arguments (a textbook tree)
            raise ValueError(f"the game {args.game!r} cannot be played in a match: {error}") from error
        from tictac_edu.agents import difficulty_agent

        agents = [difficulty_agent(start, level) for level in (args.level_a, args.level_b)]
        if args.level_a == args.level_b:  # a level against itself: two names to tell the sides apart
            for agent, side in zip(agents, "AB", strict=True):
                agent.name = f"{agent.name} ({side})"
        if args.work_clock:
            for agent, level in zip(agents, (args.level_a, args.level_b), strict=True):
                if start.game.preset(level).time_limit is not None:
                    try:
                        count_work(agent)
                    except ValueError as error:
                        raise ValueError(f"--work-clock: the level {level!r} of {start.game.title} cannot count its "
                                         f"work ({error})") from error
        sprt = SPRT(*args.sprt) if args.sprt else None
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    factory = functools.partial(new_game, args.game)
    where = f"on {args.jobs} processes" if args.jobs > 1 else "in one process"
    if args.work_clock:
        where += ", clocked levels counting work"
    print(f"{start.game.title}: {agents[0].name} vs {agents[1].name}, up to {args.games} games in pairs (colours "
          f"swapped from one opening), seed {args.seed}, {where}; figures for {agents[0].name}", file=stdout,
          flush=True)
    pool = _MatchPool(args.jobs) if args.jobs > 1 else None
    try:
        result = play_match(agents[0], agents[1], factory, args.games, args.seed, plies=args.plies, sprt=sprt,
                            executor=pool.executor if pool is not None else None, progress=True,
                            timeout=args.timeout)
    finally:
        if pool is not None:
            pool.close()
    try:
        print(result.summary(), file=stdout, flush=True)
    finally:
        if pool is not None:
            pool.restore_interrupts()
    if result.interrupted:
        return INTERRUPTED_STATUS
    return MATCH_TIMED_OUT_STATUS if result.timed_out else 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m tictac_edu``."""
    parser = ArgumentParser(
        prog="python -m tictac_edu",
        description="tictac_edu: game-tree search, from tic-tac-toe onwards. Each command has its own --help.",
        epilog=f"Every command exits with status 1 if its output cannot be written (a full disk), with "
               f"{PIPE_CLOSED_STATUS} if the reader of its output goes away, and with 2 for bad options.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    count = commands.add_parser(
        "count", help="count the complete game tree of tic-tac-toe",
        description="Print the figures of the complete tic-tac-toe game tree: nodes (by depth), complete games "
                    "(by length and outcome), reachable positions and positions up to symmetry.",
        epilog=f"Exit status: 0; 1 if the output could not be written (a full disk); {INTERRUPTED_STATUS} if "
               f"interrupted (Ctrl-C); {PIPE_CLOSED_STATUS} if the reader of the output went away.")
    count.add_argument("game", choices=["tictactoe"], help="the game whose tree to count")

    games = board_games()
    players = list(dict.fromkeys(player for start in games for player in start.players))
    play = commands.add_parser(
        "play", help="play against the AI in the terminal",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(
            "Play a game against the AI in the terminal. Type your move as the board labels it, then Enter "
            "(the prompt says what to type): a cell's number as printed beside the board, 0-8 on tic-tac-toe "
            "(tictactoe, mnk); a column's number 1-7 as printed under the board (connect4); a point such as H8, "
            "its column letter and its row number as printed around the board (gomoku). q quits, and "
            "so do the end of input (Ctrl-D) and Ctrl-C. After each move of the AI "
            "you see its search figures, and whether its evaluation is proven or only an estimate.", HELP_WIDTH),
        epilog=_levels_epilog(games) + "\n\n" + textwrap.fill(
            "Exit status: 0 when the game ends or you leave it; 1 if the AI could not move or the output could not "
            "be written (a full disk); 2 for bad options (an unknown difficulty, a board too large to play); "
            f"{PIPE_CLOSED_STATUS} if the reader of the output went away.", HELP_WIDTH))
    play.add_argument("game", choices=[start.game.name for start in games],
                      help="the game: " + ", ".join(f"{start.game.name} ({start.game.title})" for start in games))
    play.add_argument("--side", choices=[*players, *SIDE_WORDS], default=None,
                      help=f"the side you play: {' or '.join(players)} ({players[0]} moves first; default "
                           f"{players[0]}); both: two people take turns; none: watch the AI play itself")
    play.add_argument("--difficulty", default=None, metavar="LEVEL",
                      help="how strong the AI is: one of the game's levels listed below (default: its strongest)")
    play.add_argument("--seed", type=int, default=None, help="seed for the AI's random moves (easy and medium)")
    play.add_argument("--rows", type=int, default=None, help="mnk, connect4: rows of the board (mnk default 5)")
    play.add_argument("--columns", type=int, default=None,
                      help="mnk, connect4: columns of the board (mnk default 5)")
    play.add_argument("--k", type=int, default=None, help="mnk: marks in a row to win (default 3)")
    play.add_argument("--size", type=int, default=None, metavar="N",
                      help="gomoku: the board's width and height, 5-26 (default 15)")
    play.add_argument("--rule", default=None, metavar="RULE",
                      help="gomoku: freestyle (five or more in a row win; the default), standard (exactly five) or "
                           "renju (exactly five for Black, who may not play double-threes, double-fours or "
                           "overlines)")

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
                    "minus that for a loss. A line may carry its expected score, as the benchmark sets' lines "
                    "do ('4453 -3'): a different score is reported. From the middle game on most positions take "
                    "well under a second; near the start of the game they can take far longer than anyone waits "
                    "(4453: seconds with the compiled engine, over ten minutes with --engine python): give "
                    "--timeout.",
        epilog="A bad line gets a message on standard error naming its line (or argument) and the problem; the "
               "other lines are still solved. Blank lines of standard input are skipped; the empty board ('') "
               f"is refused unless --timeout is given. A position that runs out of time prints 'MOVES "
               f"{TIMEOUT_MARK}'. Exit status: 0 if every position was solved (and agreed with its given score), "
               f"1 if some line was bad or disagreed, or the results could not be written, {TIMED_OUT_STATUS} if "
               "every line was good but some position ran out of time, 2 for bad options, 130 if interrupted "
               "(Ctrl-C), 141 if the reader of the output went away.")
    connect4.add_argument("moves", nargs="*", metavar="MOVES",
                          help="move strings to solve (or 'MOVES SCORE' in one argument); without any, read one "
                               "per line from standard input")
    connect4.add_argument("--weak", action="store_true", help="print only win / draw / loss, as 1 / 0 / -1 (faster)")
    connect4.add_argument("--analyze", action="store_true",
                          help=f"print the score of playing each column 1-7 instead ('{FULL_COLUMN_MARK}' for a "
                               "full column)")
    connect4.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                          help=f"give up on a position after this many seconds of wall-clock time and print 'MOVES "
                               f"{TIMEOUT_MARK}' (exit status {TIMED_OUT_STATUS}; default: no limit)")
    connect4.add_argument("--engine", choices=ENGINES, default=DEFAULT_ENGINE,
                          help="the solver: 'numba', compiled (the first run compiles it for a few seconds), or "
                               "'python', the pure-Python one notebook 05 builds; the same scores (default "
                               f"{DEFAULT_ENGINE})")
    connect4.add_argument("--progress", type=float, default=PROGRESS_AFTER, metavar="SECONDS",
                          help="show the elapsed time and nodes on standard error once a position has taken this "
                               f"long (default {PROGRESS_AFTER:g})")

    apps = commands.add_parser(
        "apps", help="serve the course's apps (the boards, the search viewer) with Voila, offline",
        description="Serve a notebook, or a folder of notebooks, as web apps with Voila and the course's template, "
                    "whose pages fetch nothing from the internet (plain 'voila' loads the icons of the buttons "
                    "from a CDN). Options after the target go to Voila (--port 8867, --no-browser, ...). The "
                    "exercises need JupyterLab or Notebook 7: Voila runs a notebook but shows no code.",
        epilog=f"Example: python -m tictac_edu apps {APPS}/tictactoe_board.ipynb --no-browser. Exit status: "
               "Voila's; 2 if the target does not exist.")
    apps.add_argument("target", nargs="?", default=APPS, metavar="TARGET",
                      help=f"a notebook or a folder of notebooks (default: {APPS}, the course's apps)")

    match = commands.add_parser(
        "match", help="play two difficulty levels against each other and estimate the Elo difference",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(
            "Play LEVEL_A against LEVEL_B in pairs of games: both games of a pair start from the same random "
            "opening (a seeded book of short openings), each level playing the first side once. Prints the "
            "score as engine testers do (wins - losses - draws of LEVEL_A, its score per game, the games), the "
            "Elo difference with its 95% interval, the likelihood of superiority (LOS), the draw ratio, the "
            "pairs' outcomes (pentanomial) and each level's time per move. A progress bar on standard error "
            "shows the games as they finish. The same --seed gives the same games with any --jobs and on any "
            "machine for levels without a time limit; levels with one search as deep as the machine allows in "
            "their time, which depends on its speed and load, unless --work-clock makes them count work.",
            HELP_WIDTH),
        epilog=_match_levels_epilog(games) + "\n\n" + textwrap.fill(
            "Exit status: 0 when the match is played; 2 for bad options (an unknown game or level, --games 0); "
            f"{INTERRUPTED_STATUS} if interrupted (Ctrl-C), after printing the games already played, those the "
            f"workers had finished included; {MATCH_TIMED_OUT_STATUS} if --timeout passed first, after printing "
            "the games played and the pairs missing.", HELP_WIDTH))
    match.add_argument("game", metavar="GAME", help="the game: " + ", ".join(start.game.name for start in games))
    match.add_argument("level_a", metavar="LEVEL_A", help="the first level (every figure is from its side)")
    match.add_argument("level_b", metavar="LEVEL_B", help="the second level")
    match.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    match.add_argument("--jobs", type=int, default=1, metavar="K",
                       help="play on K worker processes (default 1: in this process)")
    match.add_argument("--seed", type=int, default=0, help="the match seed: openings and random moves (default 0)")
    match.add_argument("--plies", type=int, default=None, metavar="P",
                       help="random moves per book opening (default: 1 for tictactoe and mnk, 2 for connect4 and "
                            "gomoku)")
    match.add_argument("--sprt", type=float, nargs=2, default=None, metavar=("ELO0", "ELO1"),
                       help="stop as soon as a sequential probability ratio test accepts H0 (LEVEL_A is ELO0 Elo "
                            "stronger) or H1 (ELO1 stronger), alpha = beta = 0.05")
    match.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                       help="stop after this many seconds of wall-clock time (with --jobs: stop waiting for workers "
                            "that do not finish), print the games played and name the pairs missing")
    match.add_argument("--work-clock", action="store_true",
                       help="levels with a time limit count work instead of seconds (alpha-beta 100,000 nodes, MCTS "
                            "10,000 iterations per second of their limit), so that the same --seed gives the same "
                            "games on any machine and under any load; their moves then take as long as that work "
                            "takes. Not for levels that read their clock only now and then (connect4 expert, "
                            "gomoku strong)")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Ctrl-C is a ``KeyboardInterrupt`` whatever the process inherited (a shell's background job
    starts with SIGINT ignored). A reader of the output that goes away (``... | head -1``) ends
    the command quietly with :data:`PIPE_CLOSED_STATUS`; output that cannot be written (a full
    disk, ``--help`` too) ends it with one line on standard error and
    :data:`OUTPUT_FAILED_STATUS`, whatever the command.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if stream in (sys.stdin, sys.stdout) and callable(reconfigure):
            reconfigure(errors="replace")  # undecodable input is a bad move, not a traceback
    output = cast(TextIO, GuardedOutput(stdout))
    try:
        args, extra = build_parser().parse_known_args(argv)
        if extra and args.command != "apps":
            build_parser().parse_args(argv)  # the usual error for an unknown option
        if args.command == "apps":
            return _apps(args, extra)
        if args.command == "count":
            return _count(args, output)
        if args.command == "play":
            return _play(args, stdin, output)
        if args.command == "solve":
            return _solve(args, stdin, output)
        if args.command == "match":
            try:
                return _match(args, output)
            except ValueError as error:  # what the arena refuses (--plies too many for the game)
                print(f"error: {error}", file=sys.stderr)
                return 2
    except OutputError as error:
        return _output_failed(error, stdout)
    except BrokenPipeError:
        _silence(stdout)
        return PIPE_CLOSED_STATUS
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return INTERRUPTED_STATUS
    raise AssertionError(f"unhandled command {args.command}")  # argparse rejects unknown commands
