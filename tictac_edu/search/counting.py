"""Counting a game tree: how big is it, how do games end, how many positions are there?

Works for any game on the protocol. Positions up to symmetry are counted when the game
offers ``canonical_key()`` (tic-tac-toe and the other m,n,k games do).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass

from tictac_edu.games.base import GameState

DRAW = "draw"


@dataclass
class TreeCounts:
    """The figures of a complete game tree.

    Attributes:
        nodes: every node of the tree, the root included (a position reached by two move
            orders counts twice).
        nodes_by_depth: ``nodes_by_depth[d]`` is the number of nodes ``d`` moves below the root.
        games: the number of complete games (terminal nodes).
        games_by_length: how many games end after each number of moves (from the root).
        outcomes: games won by each player, and ``"draw"``.
        positions: distinct positions reachable from the root (the root included).
        terminal_positions: how many of those are finished games.
        symmetric_positions: distinct positions up to the board's symmetries (``None`` if
            the game has no ``canonical_key``).
        symmetric_terminal_positions: finished ones among them.
    """

    nodes: int
    nodes_by_depth: list[int]
    games: int
    games_by_length: dict[int, int]
    outcomes: dict[str, int]
    positions: int
    terminal_positions: int
    symmetric_positions: int | None
    symmetric_terminal_positions: int | None

    def report(self) -> str:
        """The figures as lines of text."""
        lines = [
            f"nodes in the game tree (root included): {self.nodes:,}",
            "nodes by depth: " + ", ".join(f"{n:,}" for n in self.nodes_by_depth),
            f"complete games (terminal nodes): {self.games:,}",
            "games by length: " + "; ".join(f"{length}: {n:,}" for length, n in sorted(self.games_by_length.items())),
            "outcomes: " + " / ".join(f"{who} {n:,}" for who, n in self.outcomes.items()),
            f"reachable positions: {self.positions:,} ({self.terminal_positions:,} terminal)",
        ]
        if self.symmetric_positions is not None:
            lines.append(f"positions up to symmetry: {self.symmetric_positions:,} "
                         f"({self.symmetric_terminal_positions:,} terminal)")
        return "\n".join(lines)


def count_tree(root: GameState) -> TreeCounts:
    """Walk the whole game tree under ``root`` and count it.

    >>> from tictac_edu.games import TicTacToe
    >>> counts = count_tree(TicTacToe())
    >>> counts.nodes, counts.games, counts.positions, counts.symmetric_positions
    (549946, 255168, 5478, 765)
    """
    by_depth: Counter[int] = Counter()
    lengths: Counter[int] = Counter()
    outcomes: Counter[str] = Counter({player: 0 for player in root.players})
    outcomes[DRAW] = 0
    positions: dict[Hashable, GameState] = {}

    def walk(state: GameState, depth: int) -> None:
        by_depth[depth] += 1
        positions.setdefault(state.key(), state)
        if state.is_terminal():
            lengths[depth] += 1
            winner = state.winner
            outcomes[DRAW if winner is None else winner] += 1
            return
        for move in state.legal_moves():
            walk(state.play(move), depth + 1)

    walk(root, 0)
    terminal = sum(state.is_terminal() for state in positions.values())
    symmetric = symmetric_terminal = None
    if all(hasattr(state, "canonical_key") for state in positions.values()):
        classes = {state.canonical_key(): state.is_terminal() for state in positions.values()}  # type: ignore[attr-defined]
        symmetric, symmetric_terminal = len(classes), sum(classes.values())
    return TreeCounts(
        nodes=sum(by_depth.values()), nodes_by_depth=[by_depth[d] for d in range(max(by_depth) + 1)],
        games=sum(lengths.values()), games_by_length=dict(sorted(lengths.items())), outcomes=dict(outcomes),
        positions=len(positions), terminal_positions=terminal,
        symmetric_positions=symmetric, symmetric_terminal_positions=symmetric_terminal)
