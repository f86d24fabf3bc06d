"""Every notebook runs top to bottom in a real Jupyter kernel, twice:

* as the learner gets it: exercise cells unimplemented, so their checks report "not
  attempted" and the notebook carries on with the package's own implementation;
* with the reference solutions injected into the exercise cells (tagged ``exercise:NAME``),
  and every check required to pass (``TICTAC_EDU_STRICT_CHECKS=1`` makes a failing check
  raise in the kernel).

Both runs share one kernel, started afresh for the learner's run: between the two, every name
the first run defined is deleted, so the second run starts from nothing the first defined,
without paying for a second kernel and a second import of the package.

The learner's run also measures every picture the notebook shows, as it is saved for the page
(matplotlib figures and the search viewer's frames): no text may be smaller than
:data:`SMALLEST_TEXT_PX` pixels at the width a notebook column shows it (see
``tests/test_viz_legibility.py`` for the rule).

The per-cell time limit is generous (the slowest cell, minimax to depth 4 in notebook 04, takes
10 to 20 s on a busy two-core machine) but short enough that a stalled kernel cannot eat the
CI's time. That the checks pass on a busy machine (they count the learner's CPU time only) is
tested under load in ``tests/test_exercises_load.py``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from tictac_edu.exercises import exercise_names, solution_source, stub_source
from tictac_edu.exercises.api import STRICT_ENV

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CELL_TIMEOUT = 90
"""Seconds a cell may run: several times the slowest cell on a busy two-core machine, and short
enough that a stalled kernel cannot eat the CI's time."""
EXERCISE_TAG = "exercise:"
NOTEBOOK_COLUMN_PX = 970
"""The widest a notebook column shows a picture; a wider one is scaled down to it."""
SMALLEST_TEXT_PX = 9.0
"""No text of a picture may be smaller than this, as shown."""
PICTURES_MARK = "TICTAC-PICTURES "

RECORD_PICTURES = f"""
_names_at_start = set(globals()) | {{"_names_at_start"}}
import io as _io, json as _json, struct as _struct
import matplotlib.backend_bases as _backend_bases
from matplotlib.text import Text as _Text
_pictures = []
_print_figure = _backend_bases.FigureCanvasBase.print_figure

def _record_picture(self, filename, *args, **kwargs):
    result = _print_figure(self, filename, *args, **kwargs)
    if isinstance(filename, _io.BytesIO) and filename.getvalue()[:4] == b"\\x89PNG":
        figure, width = self.figure, _struct.unpack(">I", filename.getvalue()[16:20])[0]
        dpi = kwargs.get("dpi") if isinstance(kwargs.get("dpi"), (int, float)) else figure.dpi
        scale = min(width, {NOTEBOOK_COLUMN_PX}) / width
        sizes = [(text.get_text(), text.get_fontsize() * dpi / 72 * scale) for text in figure.findobj(_Text)
                 if text.get_visible() and text.get_text().strip()]
        _pictures.append({{"width": width, "smallest": sorted(sizes, key=lambda item: item[1])[:3]}})
    return result

_backend_bases.FigureCanvasBase.print_figure = _record_picture
"""
"""A first cell for the learner's run: note the names the kernel starts with; remember, for
every PNG a figure is saved as, its width and its smallest texts as shown."""
REPORT_PICTURES = (f"print({PICTURES_MARK!r} + _json.dumps(_pictures))\n"
                   "_backend_bases.FigureCanvasBase.print_figure = _print_figure")
"""The learner's run's last cell: print what was recorded, and stop recording."""
SOLUTIONS_RUN = f"""
for _name in set(globals()) - _names_at_start:
    del globals()[_name]
del _name
import os as _os
_os.environ[{STRICT_ENV!r}] = "1"
"""
"""Between the two runs: every name the first run defined forgotten (the kernel's own names,
such as ``__spec__`` which process pools need, are kept), and every check required to pass
from now on."""


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


def test_every_exercise_cell_holds_the_exercise_stub() -> None:
    """The cell a learner fills in is exactly the stub the checks describe (its docstring is
    the contract the check holds her to)."""
    for path in NOTEBOOKS:
        for cell, name in exercise_cells(nbformat.read(path, as_version=4)):
            assert cell.source.strip() == stub_source(name).strip(), f"{path.name}: the cell of {name!r}"


def pictures_shown(cell: nbformat.NotebookNode) -> list[dict]:
    """What the recording cell found: one entry per picture, its width and smallest texts."""
    for line in outputs_text(cell).splitlines():
        if line.startswith(PICTURES_MARK):
            return list(json.loads(line[len(PICTURES_MARK):]))
    raise AssertionError(f"the pictures were not reported: {outputs_text(cell)[:500]}")


def solutions_injected(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """A copy of the notebook's cells with the reference solutions in its exercise cells."""
    solved = copy.deepcopy(notebook)
    for cell, name in exercise_cells(solved):
        cell.source = solution_source(name)
    return list(solved.cells)


def run(notebook: nbformat.NotebookNode, path: Path, first_of_second_run: int) -> nbformat.NotebookNode:
    """Execute ``notebook``; a failing cell is reported with the run it belongs to."""
    try:
        return execute(notebook, path)
    except CellExecutionError as error:
        failed = next((index for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"
                       and any(output.get("output_type") == "error" for output in cell.get("outputs", []))), None)
        which = "with the solutions injected" if failed is not None and failed >= first_of_second_run else \
            "as the learner gets it"
        raise AssertionError(f"{path.name}, run {which}: a cell failed\n{error}") from None


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's copy, then the solutions, in one kernel: see the module's docstring."""
    monkeypatch.delenv(STRICT_ENV, raising=False)
    notebook = nbformat.read(path, as_version=4)
    learner = [nbformat.v4.new_code_cell(RECORD_PICTURES), *notebook.cells,
               nbformat.v4.new_code_cell(REPORT_PICTURES)]
    solutions = solutions_injected(notebook)
    both = copy.deepcopy(notebook)
    both.cells = [*learner, nbformat.v4.new_code_cell(SOLUTIONS_RUN), *solutions]
    first_solution = len(learner) + 1
    both = run(both, path, first_solution)
    learner_run, solutions_run = both.cells[:len(learner)], both.cells[first_solution:]

    checks = [cell for cell in learner_run if cell.cell_type == "code" and "check(" in cell.source]
    assert checks, f"{path.name} has no check cell"
    assert any("not attempted" in outputs_text(cell) for cell in checks), \
        f"{path.name}: no check reported 'not attempted' although the exercises are stubs"
    small = [(picture["width"], text, round(px, 1)) for picture in pictures_shown(learner_run[-1])
             for text, px in picture["smallest"] if px < SMALLEST_TEXT_PX]
    assert not small, f"{path.name}: texts smaller than {SMALLEST_TEXT_PX} px where the notebook shows them " \
                      f"(picture width, text, px): {small}"

    solved = [cell for cell in solutions_run if cell.cell_type == "code" and "check(" in cell.source]
    assert len(solved) == len(checks)
    for cell in solved:
        assert "not attempted" not in outputs_text(cell), f"{path.name}: {cell.source!r} with the solution injected"
