"""Every notebook runs top to bottom in a real Jupyter kernel, twice:

* as the learner gets it: exercise cells unimplemented, so their checks report "not
  attempted" and the notebook carries on with the package's own implementation;
* with the reference solutions injected into the exercise cells (tagged ``exercise:NAME``),
  and every check required to pass (``TICTAC_EDU_STRICT_CHECKS=1`` makes a failing check
  raise in the kernel).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tictac_edu.exercises import exercise_names, solution_source

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CELL_TIMEOUT = 60
"""Seconds a cell may run; short, so a stalled kernel cannot eat the CI's time."""
EXERCISE_TAG = "exercise:"


def exercise_cells(notebook: nbformat.NotebookNode) -> list[tuple[nbformat.NotebookNode, str]]:
    """The exercise cells of ``notebook`` with their exercise names."""
    found = []
    for cell in notebook.cells:
        for tag in cell.get("metadata", {}).get("tags", []):
            if tag.startswith(EXERCISE_TAG):
                found.append((cell, tag[len(EXERCISE_TAG):]))
    return found


def execute(notebook: nbformat.NotebookNode, path: Path) -> nbformat.NotebookNode:
    client = NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return notebook


def outputs_text(cell: nbformat.NotebookNode) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append(output["text"])
        for kind in ("text/plain", "text/html"):
            if kind in output.get("data", {}):
                parts.append(output["data"][kind])
    return "\n".join(parts)


def test_there_are_notebooks_and_their_exercises_exist() -> None:
    assert NOTEBOOKS, "no notebooks found in notebooks/"
    known = set(exercise_names())
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        names = [name for _, name in exercise_cells(notebook)]
        assert len(names) >= 1, f"{path.name} has no exercise cell (tag a cell exercise:NAME)"
        assert set(names) <= known, f"{path.name}: unknown exercises {set(names) - known}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs_as_the_learner_gets_it(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TICTAC_EDU_STRICT_CHECKS", raising=False)
    notebook = execute(nbformat.read(path, as_version=4), path)
    checks = [cell for cell in notebook.cells if cell.cell_type == "code" and "check(" in cell.source]
    assert checks, f"{path.name} has no check cell"
    assert any("not attempted" in outputs_text(cell) for cell in checks), \
        f"{path.name}: no check reported 'not attempted' although the exercises are stubs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs_with_the_solutions_injected(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TICTAC_EDU_STRICT_CHECKS", "1")
    notebook = nbformat.read(path, as_version=4)
    for cell, name in exercise_cells(notebook):
        cell.source = solution_source(name)
    notebook = execute(notebook, path)
    for cell in notebook.cells:
        if cell.cell_type == "code" and "check(" in cell.source:
            assert "not attempted" not in outputs_text(cell)
