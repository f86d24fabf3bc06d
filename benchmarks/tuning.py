"""Evaluation weights learned from games, full size: Texel's method and SPSA, then the match
that says whether they play better.

    python benchmarks/tuning.py [--games connect4 gomoku] [--self-play 200] [--iterations 40]
                                [--spsa-games 8] [--connect4-depth 4] [--gomoku-depth 1]
                                [--verify-games 400] [--levels-games 100] [--workers 2] [--seed 0]
                                [--no-dask] [--no-spsa]

For each game (Connect Four's window evaluation, gomoku's pattern evaluation):

1. the data: quiet positions of ``--self-play`` seeded games per pair of the course's levels
   (Connect Four: easy vs medium and medium vs medium; gomoku: easy vs easy), each once,
   labelled with the result for the side to move; a quarter of the games held out;
2. Texel's method: the scale ``K`` with the hand-set weights, then the free weights by
   Newton's method on the logistic loss; the training and held-out losses of both;
3. SPSA from the hand-set weights, ``--iterations`` matches of ``--spsa-games`` games at the
   game's depth, played sequentially, on a ``ProcessPoolExecutor`` and on a Dask
   ``LocalCluster`` (``--workers`` processes each): the wall-clock and CPU time of each (the
   CPU of the whole process tree, with psutil) and whether the three give the same weights;
4. the verifying matches: the Texel and the SPSA weights each against the hand-set ones at the
   same depth, colour-swapped pairs from the seeded opening book, stopped by the SPRT
   (H0 = 0, H1 = 20 Elo, alpha = beta = 0.05) or after ``--verify-games`` games, with the
   Elo difference and its 95% interval (from the pairs), on the process pool;
5. if the game's levels search with another evaluation than the hand-set one (Connect Four's
   levels use the threat evaluation), the Texel weights against it: ``--levels-games`` games at
   the same depth. Would the levels gain by the tuned weights?

Exits with status 1 if the three SPSA runs disagree.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import timing  # noqa: E402
from match_executors import process_tree_cpu, warm_up  # noqa: E402

from tictac_edu.agents import SearchAgent  # noqa: E402
from tictac_edu.agents.catalogue import game_evaluation  # noqa: E402
from tictac_edu.agents.presets import search_order  # noqa: E402
from tictac_edu.arena import SPRT, MatchResult, opening_book, play_match  # noqa: E402
from tictac_edu.tuning import PATTERNS, WINDOW, Tunable, self_play_positions, spsa, texel, verify  # noqa: E402
from tictac_edu.tuning.perturbation import SPSAResult, tuning_agent  # noqa: E402

SETUPS: dict[str, tuple[Tunable, tuple[tuple[str, str], ...]]] = {
    "connect4": (WINDOW, (("easy", "medium"), ("medium", "medium"))),
    "gomoku": (PATTERNS, (("easy", "easy"),)),
}
"""Per game: the evaluation tuned and the pairs of levels whose games make the data."""
VERIFY_SPRT = SPRT(elo0=0.0, elo1=20.0, alpha=0.05, beta=0.05)
"""The verifying matches' test."""


def timed(run: Callable[[], Any]) -> tuple[Any, float, float | None]:
    """``run()``'s result, wall seconds and CPU seconds of the process tree (``None`` without psutil)."""
    cpu_before, wall = process_tree_cpu(), time.perf_counter()
    result = run()
    wall = time.perf_counter() - wall
    cpu_after = process_tree_cpu()
    return result, wall, None if cpu_before is None or cpu_after is None else cpu_after - cpu_before


def weights_table(tunable: Tunable, columns: dict[str, Any]) -> str:
    """The weights side by side, one line each."""
    lines = [f"{'weight':<22}" + "".join(f"{name:>13}" for name in columns)]
    for index, name in enumerate(tunable.weight_names):
        if tunable.free[index]:
            lines.append(f"{name:<22}" + "".join(f"{float(values[index]):>13.4g}" for values in columns.values()))
    return "\n".join(lines)


def verdict(result: MatchResult) -> str:
    """One line: the gain with its interval, and whether it excludes 0."""
    elo = result.elo()
    if elo.too_few:
        return f"{result.played} games: too few for an interval"
    if elo.low > 0:
        judged = "a gain: the interval excludes 0"
    elif elo.high < 0:
        judged = "a loss: the interval excludes 0"
    else:
        judged = "no measured difference: the interval holds 0"
    test = f"; SPRT {result.sprt_status}" if result.sprt is not None else ""
    return f"{result.played} games, Elo {elo.text()}{test}; {judged}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", choices=sorted(SETUPS), default=sorted(SETUPS),
                        help="the games to tune (connect4 gomoku)")
    parser.add_argument("--self-play", type=int, default=200, help="self-play games per pair of levels (200)")
    parser.add_argument("--iterations", type=int, default=40, help="SPSA iterations (40)")
    parser.add_argument("--spsa-games", type=int, default=8, help="games per SPSA iteration (8)")
    parser.add_argument("--connect4-depth", type=int, default=4, help="Connect Four's search depth (4)")
    parser.add_argument("--gomoku-depth", type=int, default=1, help="gomoku's search depth (1)")
    parser.add_argument("--verify-games", type=int, default=400, help="most games of a verifying match (400)")
    parser.add_argument("--levels-games", type=int, default=100,
                        help="games of the Texel weights against the levels' own evaluation, if it is another (100)")
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool and of the cluster (2)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of everything (0)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    parser.add_argument("--no-spsa", action="store_true", help="skip SPSA (Texel's method and its matches only)")
    args = parser.parse_args(argv)
    for name in ("self_play", "iterations", "spsa_games", "verify_games", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")

    print(timing.machine_line().replace("times are CPU seconds (time.process_time)",
                                        "wall: time.perf_counter, CPU: all processes (psutil)"))
    status = 0
    with ProcessPoolExecutor(args.workers) as pool:
        warm_up(pool, args.workers)
        client = cluster = None
        if not args.no_dask:
            try:
                from distributed import Client, LocalCluster
            except ImportError as error:
                timing.peer_missing("dask.distributed", 'pip install "dask[distributed]"', error)
            else:
                cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
                client = Client(cluster)
                warm_up(client.get_executor(), args.workers)
        try:
            for game in args.games:
                status |= tune(game, args, pool, None if client is None else client.get_executor())
        finally:
            if client is not None and cluster is not None:
                client.close()
                cluster.close()
    return status


def tune(game: str, args: argparse.Namespace, pool: Executor, dask: Executor | None) -> int:
    """Everything for one game; 1 if the SPSA runs disagree."""
    tunable, levels = SETUPS[game]
    depth = args.connect4_depth if game == "connect4" else args.gomoku_depth
    print()
    print(f"== {tunable.name}: {tunable.new_game().game.title} ==")
    positions, wall, cpu = timed(lambda: self_play_positions(tunable, args.self_play, args.seed, levels,
                                                              executor=pool))
    levels_text = ", ".join(f"{a} vs {b}" for a, b in levels)
    print(f"data: {args.self_play} games per pair of levels ({levels_text}), on the pool in "
          f"{timing.format_seconds(wall)}: {positions.summary()}")
    train, test = positions.split(held_out=0.25, seed=args.seed)
    fit, fit_cpu = timing.cpu_time(lambda: texel(tunable, train, test))
    print(f"Texel on {len(train)} positions, {len(test)} held out ({timing.format_seconds(fit_cpu)} CPU): "
          f"{fit.summary()}")
    print("loss per Newton step: " + " ".join(f"{loss:.4f}" for loss in fit.history))
    timing.flush()

    def run(executor: Executor | None) -> SPSAResult:
        return spsa(tunable, args.iterations, games=args.spsa_games, depth=depth, seed=args.seed, executor=executor)

    if args.no_spsa:
        match, wall, _ = timed(lambda: verify(tunable, fit.weights, args.verify_games, depth=depth, seed=args.seed,
                                              sprt=VERIFY_SPRT, executor=pool))
        print(f"verifying match, Texel weights vs hand-set at depth {depth} ({timing.format_seconds(wall)} wall):")
        print(match.summary())
        print(f"=> Texel: {verdict(match)}")
        against_levels(tunable, fit.weights, positions.states[:50], depth, args, pool)
        return 0
    print(f"SPSA: {args.iterations} iterations of {args.spsa_games} games at depth {depth}")
    runs: dict[str, tuple[SPSAResult, float, float | None]] = {"sequential": timed(lambda: run(None))}
    timing.flush()
    runs[f"ProcessPoolExecutor({args.workers})"] = timed(lambda: run(pool))
    if dask is not None:
        runs[f"Dask LocalCluster({args.workers} workers)"] = timed(lambda: run(dask))
    base = runs["sequential"][1]
    print(f"{'run':<34}{'wall':>10}{'speed-up':>10}{'CPU':>10}")
    for label, (_, wall, cpu) in runs.items():
        print(f"{label:<34}{timing.format_seconds(wall):>10}{timing.format_ratio(base / wall):>10}"
              f"{'-' if cpu is None else timing.format_seconds(cpu):>10}")
    reference = runs["sequential"][0]
    same = all(result.weights.tolist() == reference.weights.tolist() and
               [step.score for step in result.steps] == [step.score for step in reference.steps]
               for result, _, _ in runs.values())
    print(f"{'Identical' if same else 'DIFFERENT'} weights from the {len(runs)} runs "
          f"({reference.games} games each); scores of theta+ per iteration: "
          + " ".join(f"{step.score:g}" for step in reference.steps))
    print(weights_table(tunable, {"hand-set": tunable.hand_weights, "Texel": fit.weights, "SPSA": reference.weights}))
    timing.flush()

    for label, weights in (("Texel", fit.weights), ("SPSA", reference.weights)):
        match, wall, _ = timed(lambda weights=weights: verify(tunable, weights, args.verify_games, depth=depth,
                                                              seed=args.seed, sprt=VERIFY_SPRT, executor=pool))
        print(f"verifying match, {label} weights vs hand-set at depth {depth} ({timing.format_seconds(wall)} wall):")
        print(match.summary())
        print(f"=> {label}: {verdict(match)}")
        timing.flush()
    against_levels(tunable, fit.weights, positions.states[:50], depth, args, pool)
    return 0 if same else 1


def against_levels(tunable: Tunable, weights: Any, sample: list[Any], depth: int, args: argparse.Namespace,
                   pool: Executor) -> None:
    """The Texel weights against the evaluation the game's levels search with, when that is not
    the hand-set evaluation itself (it scores ``sample`` otherwise): would the levels gain?"""
    start = tunable.new_game()
    levels_evaluation = game_evaluation(start)
    assert levels_evaluation is not None
    hand = tunable.evaluation(tunable.hand_weights)
    if all(levels_evaluation(state, state.to_move) == hand(state, state.to_move) for state in sample):
        print(f"the levels search with the hand-set evaluation itself "
              f"({getattr(levels_evaluation, '__name__', levels_evaluation)}): the verifying matches are theirs")
        return
    name = getattr(levels_evaluation, "__name__", "the levels' evaluation")
    levels_agent = SearchAgent(depth=depth, evaluate=levels_evaluation, order=search_order(start), name=name)
    book = opening_book(start, (args.levels_games + 1) // 2, start.game.opening_plies, args.seed)
    match, wall, _ = timed(lambda: play_match(tuning_agent(tunable, weights, depth, "tuned"), levels_agent,
                                              tunable.new_game, args.levels_games, args.seed, openings=book,
                                              executor=pool, progress=False))
    print(f"the levels search with {name}: the Texel weights against it at depth {depth} "
          f"({timing.format_seconds(wall)} wall):")
    print(match.summary())
    print(f"=> Texel vs {name}: {verdict(match)}")


if __name__ == "__main__":
    raise SystemExit(main())
