"""The agents' catalogue binds each game's evaluation, search order and solver agents with
ordinary imports; the games name none of them as text."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tictac_edu.agents import SolverAgent, ThreatAgent, difficulty_agent
from tictac_edu.agents.catalogue import CATALOGUE, game_defaults, game_evaluation, resolve, solver_agent_class
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.evaluation.mnk import line_evaluation
from tictac_edu.games import ConnectFour, GameTree, TicTacToe, game_names, new_game

GAMES = Path(__file__).resolve().parent.parent / "tictac_edu" / "games"
REFERENCE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")
"""A ``"module:function"`` reference, the way descriptions used to name code above the games."""


def string_constants(path: Path) -> list[str]:
    """Every string constant in a module's code, docstrings included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_no_module_function_string_is_left_in_the_games() -> None:
    found = {path.name: [text for text in string_constants(path) if REFERENCE.fullmatch(text.strip())]
             for path in sorted(GAMES.glob("*.py"))}
    assert {name: texts for name, texts in found.items() if texts} == {}
    assert REFERENCE.fullmatch("tictac_edu.evaluation.mnk:line_evaluation")  # the scan would see one


@pytest.mark.parametrize("name", [name for name in game_names() if name != "tree"])  # a tree has no levels
def test_every_level_of_every_game_is_bound(name: str) -> None:
    state = new_game(name)
    assert name in CATALOGUE and game_evaluation(state) is not None
    for preset in state.game.presets + state.game.extra_presets:
        if preset.kind == "solver":
            assert callable(solver_agent_class(state, preset.name))
        assert difficulty_agent(state, preset.name, seed=1).name == preset.name


def test_the_catalogue_names_the_games_code() -> None:
    assert game_evaluation(TicTacToe()) is line_evaluation
    assert game_evaluation(ConnectFour()) is threat_evaluation
    assert solver_agent_class(ConnectFour(), "expert") is SolverAgent
    assert solver_agent_class(new_game("gomoku"), "strong") is ThreatAgent
    assert isinstance(difficulty_agent(ConnectFour(), "expert"), SolverAgent)
    tree = GameTree([[3, 5], [2, 9]])
    assert game_defaults(tree).evaluation is None and game_evaluation(tree) is None
    with pytest.raises(ValueError, match="names no agent for the solver level 'hard'"):
        solver_agent_class(ConnectFour(), "hard")


def test_resolve_reads_a_name_a_person_types() -> None:
    assert resolve("tictac_edu.evaluation.mnk:line_evaluation") is line_evaluation
    with pytest.raises(ValueError, match="'module:name'"):
        resolve("line_evaluation")
    with pytest.raises(ModuleNotFoundError):
        resolve("no_such_module:evaluate")
