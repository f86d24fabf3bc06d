"""Loading a learner's work from a file, for the teacher's routes (grading and pytest).

A ``.py`` file is run as a module. From a ``.ipynb`` notebook, the code cells tagged
``exercise:<name>`` are run, together with the cells that only import or define things
(so her helpers and imports are there); cells that run searches, checks or widgets are
skipped. ``jupyter nbconvert --to script alice.ipynb`` turns a notebook into a ``.py``
file if the tags are missing.

Only the functions the learner wrote are graded: those defined in the ``.py`` file itself, or
in a notebook's tagged cells. A name imported from the package (the notebooks' import cells
bring in ``minimax`` and ``alphabeta``) is never taken for hers.

Her code runs with the same protection as a check: a CPU-time limit, a memory limit and
captured printing. A cell that raises is reported and the next cells still run, as in a
notebook; a ``.py`` file that raises keeps the functions it defined before the error.
"""

from __future__ import annotations

import ast
import inspect
import json
import linecache
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tictac_edu.exercises.guard import CheckTimeout, LearnerClock, captured_output, learner_location, memory_limit

LOAD_CPU_LIMIT = 10.0
"""CPU seconds a learner's file may take to load (its top-level code and its cells)."""

EXERCISE_TAG = "exercise:"


class LearnerFileError(Exception):
    """The learner's file cannot be read or run at all; the message says why."""


@dataclass
class LearnerWork:
    """What loading a learner's file found.

    Attributes:
        path: the file.
        functions: the functions she defined, by name (only hers: none imported).
        tagged: the exercises whose cells a notebook tags, in order (empty for a ``.py``).
        errors: what went wrong while loading, one sentence each.
        complete: whether all of her code ran to its end (False after an exception in a
            ``.py`` file, a time-out, or an exit).
        exercise_errors: for a notebook, the error of each exercise's own tagged cell.
        printed: what her code printed while it loaded (shortened).
    """

    path: Path
    functions: dict[str, Callable[..., Any]] = field(default_factory=dict)
    tagged: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    complete: bool = True
    exercise_errors: dict[str, str] = field(default_factory=dict)
    printed: str = ""


@dataclass
class _Chunk:
    filename: str
    source: str
    label: str
    exercise: str | None = None
    graded: bool = True


def load_learner(path: str | Path) -> dict[str, Callable[..., Any]]:
    """The functions a learner defined in a ``.py`` file or in the tagged cells of an
    ``.ipynb`` notebook, by name.

    Raises:
        LearnerFileError: the file is missing, is not Python or a notebook, or fails before
            defining anything.
    """
    work = load_work(path)
    if not work.functions and work.errors:
        raise LearnerFileError("; ".join(work.errors))
    return work.functions


def load_work(path: str | Path, *, time_limit: float = LOAD_CPU_LIMIT) -> LearnerWork:
    """Load a learner's file and say what it holds and what went wrong (see :class:`LearnerWork`).

    Raises:
        LearnerFileError: the file is missing, unreadable, not a notebook, or has a syntax
            error (a ``.py`` file) or no tagged cell (a notebook).
    """
    path = Path(path)
    if not path.is_file():
        raise LearnerFileError(f"no such file: {path}")
    work = LearnerWork(path)
    if path.suffix == ".ipynb":
        chunks = _notebook_chunks(path)
        work.tagged = [chunk.exercise for chunk in chunks if chunk.exercise]  # type: ignore[misc]
    else:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise LearnerFileError(f"{path} cannot be read as Python source: {exc}") from exc
        chunks = [_Chunk(str(path.resolve()), source, path.name)]
    module = types.ModuleType(f"learner_{abs(hash(str(path.resolve())))}")
    module.__file__ = str(path.resolve())
    sys.modules[module.__name__] = module
    graded_files = {chunk.filename for chunk in chunks if chunk.graded}
    clock = LearnerClock(time_limit)
    old_limit = sys.getrecursionlimit()
    try:
        with captured_output(4000) as printed, memory_limit():
            clock.start()
            try:
                for chunk in chunks:
                    if not _run_chunk(chunk, module, clock, work, single=path.suffix != ".ipynb"):
                        break
            finally:
                clock.stop()
    finally:
        sys.setrecursionlimit(old_limit)
    work.printed = printed.summary()
    if printed.flooded:
        work.errors.append(f"{path.name} printed {printed.size:,} characters while it was loaded.")
    work.functions = {name: value for name, value in vars(module).items()
                      if not name.startswith("_") and _defined_in(value, graded_files)}
    return work


def _run_chunk(chunk: _Chunk, module: types.ModuleType, clock: LearnerClock, work: LearnerWork,
               single: bool) -> bool:
    """Run one chunk of the learner's code; False if nothing more can run."""
    linecache.cache[chunk.filename] = (len(chunk.source), None, chunk.source.splitlines(True), chunk.filename)
    try:
        code = compile(chunk.source, chunk.filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        at = f", line {exc.lineno}" if isinstance(exc, SyntaxError) else ""
        text = f"{chunk.label} has a syntax error{at}: {getattr(exc, 'msg', exc)}"
        if single:
            raise LearnerFileError(text) from exc
        _record(work, chunk, text)
        return True
    try:
        with clock.running():
            exec(code, module.__dict__)
    except CheckTimeout:
        seconds = clock.limit / clock.slowdown
        _record(work, chunk, f"{chunk.label} did not finish within {seconds:g} s of CPU time when it was "
                             "loaded: is there an endless loop at the top level?")
        work.complete = False
        return False
    except BaseException as exc:  # noqa: BLE001 - SystemExit, KeyboardInterrupt, errors: all reported
        where = learner_location(exc.__traceback__, {chunk.filename})
        line = f" at line {where.lineno}" if where is not None else ""
        kind = "called sys.exit()" if isinstance(exc, SystemExit) else f"raised {type(exc).__name__}{line}"
        _record(work, chunk, f"{chunk.label} {kind} when it was loaded: {_short(exc)}")
        if single:
            work.complete = False
            return False
    return True


def _record(work: LearnerWork, chunk: _Chunk, text: str) -> None:
    work.errors.append(text)
    if chunk.exercise:
        work.exercise_errors.setdefault(chunk.exercise, text)


def _short(exc: BaseException, limit: int = 300) -> str:
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001
        text = ""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _defined_in(value: Any, files: set[str]) -> bool:
    """Whether ``value`` is a function whose code is in one of ``files``."""
    if not callable(value) or isinstance(value, type):
        return False
    try:
        target = inspect.unwrap(value)
    except ValueError:
        return False
    code = getattr(target, "__code__", None)
    return code is not None and code.co_filename in files


def _notebook_chunks(path: Path) -> list[_Chunk]:
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise LearnerFileError(f"{path} is not a readable notebook: {exc}") from exc
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise LearnerFileError(f"{path} is not a Jupyter notebook: it has no list of cells")
    chunks = []
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source")
        if isinstance(source, list):
            source = "".join(str(line) for line in source)
        if not isinstance(source, str):
            source = ""
        source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        metadata = cell.get("metadata")
        tags = metadata.get("tags") if isinstance(metadata, dict) else None
        tags = [str(tag) for tag in tags] if isinstance(tags, list) else []
        exercises = [tag[len(EXERCISE_TAG):] for tag in tags if tag.startswith(EXERCISE_TAG)]
        label = f"{path.name} [cell {number}]"
        if exercises:
            chunks.append(_Chunk(label, source, label, exercises[0], graded=True))
        elif _only_definitions(source):
            chunks.append(_Chunk(label, source, label, None, graded=False))
    if not any(chunk.exercise for chunk in chunks):
        raise LearnerFileError(f"{path} has no cells tagged exercise:<name>; convert it with "
                               f"`jupyter nbconvert --to script {path.name}` and pass the .py file instead")
    return chunks


def _only_definitions(source: str) -> bool:
    """Whether a cell only imports modules and defines functions, classes and constants."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and not any(
                isinstance(child, ast.Call) for child in ast.walk(node)):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        return False
    return bool(tree.body)
