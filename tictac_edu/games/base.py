"""The game protocol: what every game in the course offers to search, agents and boards.

States are immutable. ``state.play(move)`` returns a *new* state and leaves ``state``
untouched, so a search can never forget to undo a move, and a learner's function cannot
break the position it was given. ``state.undo()`` returns the position before the last move.

Every game implements :class:`GameState`:

===================  ==========================================================
``to_move``          the player to move (``"X"``/``"O"``, ``"MAX"``/``"MIN"``, ...)
``players``          both players, first player first
``ply``              how many moves have been played from the starting position
``max_plies``        an upper bound on the length of a game (used to score faster wins)
``last_move``        the move that led here, or ``None`` at the start
``legal_moves()``    the legal moves, in a fixed, documented order
``play(move)``       the position after ``move``; raises :class:`IllegalMoveError`
``undo()``           the position before the last move
``is_terminal()``    is the game over?
``winner``           the winning player, or ``None`` (game not over, or a draw)
``utility(player)``  the final score for ``player``: +1 win, 0 draw, -1 loss
                     (:class:`~tictac_edu.games.GameTree` leaves carry their own values)
``outcome()``        for a finished game, who won and why (:class:`GameOutcome`),
                     ``None`` while it goes on (every course game, from :class:`GameStateBase`)
``key()``            a hashable, deterministic key of the position (for tables)
``game``             the :class:`GameDescription` of the position's game
``str(state)``       a text board; ``_repr_svg_``/``_repr_html_`` draw it in a notebook
===================  ==========================================================

A game *describes itself* in a :class:`GameDescription`: its name, players and board shape,
the longest game, its difficulty levels (:class:`Preset`), its static move order, how a board
draws it and how to write a position back as code (the evaluation, the position-dependent search
order and the solver levels' agents are bound in :mod:`tictac_edu.agents.catalogue`, above the
games). The rest of the
package reads the description instead of asking which class a position is, so adding a game
means writing its module and registering it (:mod:`tictac_edu.games.registry`).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar, runtime_checkable

Player = str
"""A player's name, such as ``"X"`` or ``"MAX"``."""

Move = Any
"""A move, as search sees it: any value a game's ``legal_moves`` lists. Each game's position
class names its own move type as the parameter of :class:`GameStateBase`: a cell or a column
(``int``) for tic-tac-toe, m,n,k and Connect Four, a child index (``int``) for textbook trees,
a point (``tuple[int, int]``) for gomoku."""

M = TypeVar("M")
"""A game's move type (the parameter of :class:`GameStateBase`)."""

S = TypeVar("S", bound="GameState")
T = TypeVar("T", bound="GameStateBase[Any]")


class Outcome(StrEnum):
    """A game-theoretic result, always for the player to move: ``WIN``, ``DRAW`` or ``LOSS``.

    The members are strings, so ``Outcome.LOSS == "loss"``; :meth:`for_opponent` turns the
    result round.

    >>> Outcome.WIN.for_opponent(), Outcome.DRAW.for_opponent()
    (<Outcome.LOSS: 'loss'>, <Outcome.DRAW: 'draw'>)
    >>> Outcome("loss") == "loss"
    True
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    def for_opponent(self) -> Outcome:
        """The same result seen by the other player."""
        return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(self, Outcome.DRAW)


class Termination(StrEnum):
    """Why a game ended: a winning ``LINE`` (k, four or five in a row), a ``FULL_BOARD`` with
    no line (a draw), ``NO_LEGAL_MOVE`` (renju: every empty point is forbidden to Black, who
    loses), or a textbook tree's ``LEAF``, whose value decides."""

    LINE = "line"
    FULL_BOARD = "full board"
    NO_LEGAL_MOVE = "no legal move"
    LEAF = "leaf"


@dataclass(frozen=True)
class GameOutcome:
    """How a finished game ended (like python-chess's ``board.outcome()``): the winner, or
    ``None`` for a draw, and the reason.

    >>> from tictac_edu.games import TicTacToe
    >>> done = play_moves(TicTacToe(), [0, 3, 1, 4, 2])
    >>> done.outcome()
    GameOutcome(winner='X', termination=<Termination.LINE: 'line'>)
    >>> done.outcome().result("O"), TicTacToe().outcome()
    (<Outcome.LOSS: 'loss'>, None)
    """

    winner: Player | None
    termination: Termination

    def result(self, player: Player) -> Outcome:
        """The game's result from ``player``'s point of view."""
        if self.winner is None:
            return Outcome.DRAW
        return Outcome.WIN if self.winner == player else Outcome.LOSS


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.

    The message names the move, shows the position and says why the move is illegal.
    """


PresetKind = Literal["search", "solver", "mcts"]
"""How a difficulty level plays: ``"search"`` (a :class:`~tictac_edu.agents.SearchAgent`),
``"solver"`` (the game's exact solver, wrapped by the agent class the agents' catalogue names
for the level: :mod:`tictac_edu.agents.catalogue`) or
``"mcts"`` (Monte Carlo tree search, a :class:`~tictac_edu.agents.MCTSAgent`)."""


@dataclass(frozen=True)
class Preset:
    """A difficulty level of a game: how the course's agent of that level plays.

    Attributes:
        name: the level's name (``"easy"``, ``"medium"``, ``"hard"``, ...).
        depth: plies of look-ahead; ``None`` searches to the end of the game (or, with a
            ``time_limit``, deepens until the clock runs out).
        time_limit: seconds per move (iterative deepening), or ``None`` for a fixed depth.
        randomness: the chance of playing a random legal move instead of the searched one.
        use_table: search with a transposition table.
        proven: the level plays only proven-optimal moves (it is *perfect*).
        kind: ``"search"``, ``"solver"`` or ``"mcts"``.
        description: one line for people.
        playouts: for ``kind="mcts"``, the iterations per move (give this or ``time_limit``).
        mcts_solver: for ``kind="mcts"``, back up proven results (MCTS-solver).

    An MCTS level has a budget (``playouts`` or ``time_limit``, not both) and nothing else of
    a search level: no depth, randomness or table.

    >>> Preset("mcts", kind="mcts", playouts=2000).playouts
    2000
    >>> Preset("mcts", kind="mcts")
    Traceback (most recent call last):
    ...
    ValueError: preset 'mcts': an MCTS level gives playouts or a time_limit (one of them)
    """

    name: str
    depth: int | None = None
    time_limit: float | None = None
    randomness: float = 0.0
    use_table: bool = False
    proven: bool = False
    kind: PresetKind = "search"
    description: str = ""
    playouts: int | None = None
    mcts_solver: bool = False

    def __post_init__(self) -> None:
        if not 0.0 <= self.randomness <= 1.0:
            raise ValueError(f"preset {self.name!r}: randomness is a probability, not {self.randomness!r}")
        if self.proven and (self.randomness or self.depth is not None or self.kind != "search"):
            raise ValueError(f"preset {self.name!r}: only a full-depth search without randomness is proven")
        if self.kind == "mcts":
            self._check_mcts()
        elif self.playouts is not None or self.mcts_solver:
            raise ValueError(f"preset {self.name!r}: playouts and mcts_solver are for kind='mcts' levels")

    def _check_mcts(self) -> None:
        """Raise ``ValueError`` unless this MCTS level has one budget and nothing of a search level."""
        if (self.playouts is None) == (self.time_limit is None):
            raise ValueError(f"preset {self.name!r}: an MCTS level gives playouts or a time_limit (one of them)")
        if self.playouts is not None and (not isinstance(self.playouts, int) or isinstance(self.playouts, bool)
                                          or self.playouts < 1):
            raise ValueError(f"preset {self.name!r}: playouts is a whole number >= 1, not {self.playouts!r}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise ValueError(f"preset {self.name!r}: time_limit is a positive number of seconds, "
                             f"not {self.time_limit!r}")
        if self.depth is not None or self.randomness or self.use_table:
            raise ValueError(f"preset {self.name!r}: an MCTS level has no depth, randomness or table")


BoardKind = Literal["cells", "columns", "grid", "tree"]
"""How a board draws a game: ``"cells"`` (click a cell), ``"columns"`` (drop into a column),
``"grid"`` (place a stone on a point named like ``H8``: gomoku) or ``"tree"`` (a textbook
tree, not played on a board)."""


@dataclass(frozen=True)
class GameDescription:
    """What a game says about itself, for search, agents, boards, the command line and checks.

    Attributes:
        name: the registry name (``"tictactoe"``, ``"mnk"``, ``"connect4"``, ...).
        title: the name for people (``"Tic-tac-toe"``, ``"5x5, three in a row"``).
        players: both players, the first player first.
        rows, columns: the board's shape (0 for games without a board).
        max_plies: the longest possible game.
        presets: the difficulty levels, weakest first: the ladder of :attr:`difficulties`.
        extra_presets: levels offered by name beside the ladder, not ranked in it (the Monte
            Carlo levels, ``kind="mcts"``): :meth:`preset` finds them, :attr:`levels` lists them.
        move_order: the moves from most to least promising (an order for alpha-beta:
            :class:`~tictac_edu.search.ordering.StaticOrder`); empty to keep the game's order.
        board: how a board draws the game (:data:`BoardKind`).
        start_code: Python code that builds the starting position (``"MNKGame(5, 5, 3)"``).
        options: the options that built the game (``{"rows": 5, "columns": 5, "k": 3}``).
        opening_plies: how many random moves a match's book opening makes (0: matches start
            from the starting position): enough to vary the games, few enough not to hand
            either side a lost position.
    """

    name: str
    title: str
    players: tuple[Player, Player]
    rows: int
    columns: int
    max_plies: int
    presets: tuple[Preset, ...] = ()
    move_order: tuple[Any, ...] = ()
    board: BoardKind = "cells"
    start_code: str = ""
    options: dict[str, Any] = field(default_factory=dict, compare=False)
    extra_presets: tuple[Preset, ...] = ()
    opening_plies: int = 0

    def __post_init__(self) -> None:
        if any(preset.kind == "mcts" for preset in self.presets):
            raise ValueError(f"{self.title}: MCTS levels are not ranked among the difficulties; "
                             "give them as extra_presets")
        names = [preset.name for preset in self.presets + self.extra_presets]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.title}: two levels share a name: {names}")

    @property
    def difficulties(self) -> tuple[str, ...]:
        """The names of the difficulty levels, weakest first (the ladder: no extra level)."""
        return tuple(preset.name for preset in self.presets)

    @property
    def levels(self) -> tuple[str, ...]:
        """The names of every level: the :attr:`difficulties`, then the extra levels.

        >>> from tictac_edu.games import TicTacToe
        >>> TicTacToe().game.levels
        ('easy', 'medium', 'hard', 'perfect', 'mcts', 'mcts-solver')
        """
        return self.difficulties + tuple(preset.name for preset in self.extra_presets)

    def preset(self, name: str) -> Preset:
        """The level called ``name``: a difficulty or an extra level.

        Raises:
            ValueError: the game has no such level (the message lists the levels it has).
        """
        for preset in self.presets + self.extra_presets:
            if preset.name == name:
                return preset
        levels = ", ".join(self.levels) or "none"
        raise ValueError(f"{self.title} has no difficulty {name!r}; its levels are: {levels}")


@runtime_checkable
class GameState(Protocol):
    """One position of a two-player, zero-sum game with perfect information."""

    @property
    def to_move(self) -> Player:
        """The player whose turn it is."""
        ...

    @property
    def players(self) -> tuple[Player, Player]:
        """Both players, the first player first."""
        ...

    @property
    def ply(self) -> int:
        """The number of moves played from the starting position."""
        ...

    @property
    def max_plies(self) -> int:
        """An upper bound on the number of moves in a game."""
        ...

    @property
    def last_move(self) -> Move | None:
        """The move that led to this position, ``None`` at the start."""
        ...

    @property
    def winner(self) -> Player | None:
        """The player who has won, or ``None`` if nobody has (yet)."""
        ...

    def legal_moves(self) -> list[Move]:
        """The legal moves in a fixed, documented order (empty when the game is over)."""
        ...

    def play(self, move: Move) -> Self:
        """The position after ``move``; raises :class:`IllegalMoveError` if it is illegal."""
        ...

    def undo(self) -> Self:
        """The position before the last move; raises ``ValueError`` at the start."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def utility(self, player: Player) -> float:
        """The final score of a finished game from ``player``'s point of view."""
        ...

    def key(self) -> Hashable:
        """A hashable key, equal for equal positions, the same in every run."""
        ...

    @property
    def game(self) -> GameDescription:
        """The description of this position's game."""
        ...

    def as_code(self) -> str:
        """Python code that rebuilds this position (for messages and exercise reports)."""
        ...


class GameStateBase(Generic[M]):
    """What every game's position class shares, ``M`` being its move type: the protocol's
    read-only facts (:attr:`to_move`, :attr:`ply`, :attr:`winner`, :attr:`last_move`) kept in
    slots that each game's ``play`` fills in, :meth:`utility` from the winner, :meth:`undo`
    (each position keeps the one before its last move, so undo costs nothing: ``play`` sets
    ``_previous`` on the new position), a plain :meth:`random_playout` that games may replace
    by a faster one, and immutability.

    A game whose facts are computed rather than stored (renju's winner when Black cannot move,
    a textbook tree's leaf values) overrides just that property or :meth:`utility`.

    **A position cannot be changed**, not its public attributes (read-only properties) and not
    its private slots either: ``state._winner = "X"`` raises ``AttributeError``. A game's own
    module builds a position *open* and then *seals* it: each position class has an open twin,
    ``cls._open``, the same class with assignable slots, and a new position is made as one
    (:func:`open_position`, or :func:`unseal` in ``__init__``), filled in, and turned into the
    sealed class by assigning ``__class__``. That costs one assignment per position, where
    routing every write through ``object.__setattr__`` would make ``play`` several times
    slower. Caches filled in later (a board built on demand) go through ``object.__setattr__``.
    """

    __slots__ = ("_previous", "_to_move", "_ply", "_winner", "_last_move")

    _previous: Any
    _to_move: Player
    _ply: int
    _winner: Player | None
    _last_move: M | None
    _open: ClassVar[type[Any]]
    """The open twin of the class: the same slots, assignable (for the game's module only)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_sealed" not in cls.__dict__:  # the open twin itself gets no twin
            cls._open = type(cls.__name__, (cls,), {
                "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
                "_sealed": cls, "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}._open"})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a position cannot be changed (not even {name!r}): play(move) returns a new "
                             f"{type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a position cannot be changed (not even {name!r})")

    @property
    def to_move(self) -> Player:
        """The player whose turn it is."""
        return self._to_move

    @property
    def ply(self) -> int:
        """The number of moves played from the starting position."""
        return self._ply

    @property
    def winner(self) -> Player | None:
        """The player who has won, or ``None`` (the game is not over, or it is a draw)."""
        return self._winner

    @property
    def last_move(self) -> M | None:
        """The move that led to this position, ``None`` at the start."""
        return self._last_move

    def utility(self, player: Player) -> float:
        """The result for ``player``'s point of view: +1 if ``player`` has won, -1 if they have
        lost, 0 for a draw or an unfinished game."""
        winner = self.winner
        if winner is None:
            return 0
        return 1 if winner == player else -1

    def outcome(self) -> GameOutcome | None:
        """Who won a finished game and why (:class:`GameOutcome`); ``None`` while it goes on."""
        if not self.is_terminal():
            return None
        return GameOutcome(self.winner, self.termination())

    def termination(self) -> Termination:
        """Why this finished position ended the game (games whose ends differ override it)."""
        return Termination.LINE if self.winner is not None else Termination.FULL_BOARD

    def is_terminal(self) -> bool:
        """Whether the game is over (every game defines it)."""
        raise NotImplementedError

    def undo(self) -> Self:
        """The position before the last move.

        Raises:
            ValueError: no move has been played.
        """
        if self._previous is None:
            raise ValueError("Nothing to undo: no move has been played.")
        return self._previous  # type: ignore[no-any-return]

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Pickle and copy a position as its starting position and the moves played since: a
        long game's chain of previous positions is never walked recursively."""
        if self._previous is None:
            cls = type(self)
            slots = {name: getattr(self, name) for name in slot_names(cls) if hasattr(self, name)}
            return _rebuild_position, (cls, slots)
        moves: list[Any] = []
        state: Any = self
        while state._previous is not None:
            moves.append(state.last_move)
            state = state._previous
        moves.reverse()
        return play_moves, (state, moves)

    def random_playout(self, rng: random.Random) -> Player | None:
        """Play uniformly random legal moves to the end of the game and return the winner
        (``None`` for a draw), leaving this position unchanged. Monte Carlo search calls this
        thousands of times; games override it with a faster version of the same thing."""
        state: Any = self
        while not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        return state.winner  # type: ignore[no-any-return]


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of a position class, its bases' included (what a copy of a position fills in).

    >>> from tictac_edu.games import TicTacToe
    >>> slot_names(TicTacToe)[-5:]
    ('_previous', '_to_move', '_ply', '_winner', '_last_move')
    """
    return tuple(name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ()))


def whole_number(value: object) -> int | None:
    """``value`` as a Python ``int`` if it is a whole number: an ``int`` or a NumPy integer (any
    object with ``__index__``), never a bool; ``None`` for anything else (floats included).
    Games take moves through it, so ``numpy.argmax(...)`` is a move like ``4``.

    >>> whole_number(3), whole_number(True), whole_number(3.0), whole_number("3")
    (3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def open_position(cls: type[T]) -> T:
    """A new position of ``cls`` with nothing set yet, open for its game's module to fill in;
    ``position.__class__ = cls`` seals it (see :class:`GameStateBase`)."""
    position: T = object.__new__(cls._open)
    return position


def unseal(state: GameStateBase[Any]) -> type:
    """Open ``state`` (in its ``__init__``) and return its sealed class, to assign back to
    ``state.__class__`` once its slots are filled in."""
    sealed = type(state)
    object.__setattr__(state, "__class__", sealed._open)
    return sealed


def _rebuild_position(cls: type[T], slots: dict[str, Any]) -> T:
    """A position of ``cls`` with these slots (how a starting position unpickles)."""
    state = open_position(cls)
    for name, value in slots.items():
        setattr(state, name, value)
    state.__class__ = cls
    return state


def opponent(state: GameState, player: Player) -> Player:
    """The other player of ``state``'s game.

    >>> from tictac_edu.games import TicTacToe
    >>> opponent(TicTacToe(), "X")
    'O'
    """
    first, second = state.players
    if player == first:
        return second
    if player == second:
        return first
    raise ValueError(f"{player!r} is not a player of this game; the players are {first!r} and {second!r}")


def moves_from_start(state: GameState) -> list[Move]:
    """The moves played from the starting position to ``state``, in order."""
    moves: list[Move] = []
    while state.ply > 0:
        moves.append(state.last_move)
        state = state.undo()
    moves.reverse()
    return moves


def play_moves(state: S, moves: Sequence[Move]) -> S:
    """Play ``moves`` one after the other from ``state`` and return the final position.

    >>> from tictac_edu.games import TicTacToe
    >>> print(play_moves(TicTacToe(), [4, 0, 8]))
    O . .
    . X .
    . . X
    """
    for move in moves:
        state = state.play(move)
    return state
