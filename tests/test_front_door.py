"""The package's front door: its map, its version and the names a learner types most."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tictac_edu

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_one_in_pyproject() -> None:
    with open(ROOT / "pyproject.toml", "rb") as file:
        project = tomllib.load(file)["project"]
    assert tictac_edu.__version__ == project["version"]


@pytest.mark.parametrize("name", sorted(tictac_edu._HOMES))
def test_each_name_is_the_object_of_its_home_module(name: str) -> None:
    home = importlib.import_module(tictac_edu._HOMES[name])
    assert getattr(tictac_edu, name) is getattr(home, name)
    assert name in tictac_edu.__all__ and name in dir(tictac_edu)


def test_all_is_the_version_and_the_front_door_names() -> None:
    assert sorted(tictac_edu.__all__) == sorted(["__version__", *tictac_edu._HOMES])


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="'alpha_beta'"):
        tictac_edu.alpha_beta  # noqa: B018


def test_importing_the_package_loads_no_layer() -> None:
    """``import tictac_edu`` (which every submodule import runs first) stays cheap."""
    code = ("import sys, tictac_edu; "
            "print(sorted(m for m in sys.modules if m.startswith(('tictac_edu.', 'matplotlib', 'networkx'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert loaded.stdout.strip() == "[]"


def test_the_docstring_example() -> None:
    failures, tried = doctest.testmod(tictac_edu, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert (failures, tried > 0) == (0, True)
