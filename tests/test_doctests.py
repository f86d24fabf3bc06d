"""The examples in the package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tictac_edu

MODULES = sorted(info.name for info in pkgutil.walk_packages(tictac_edu.__path__, "tictac_edu.")
                 if not info.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failures == 0, f"{failures} docstring example(s) in {name} failed (run python -m doctest -v on it)"
