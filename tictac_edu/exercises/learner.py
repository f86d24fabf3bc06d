"""Loading a learner's work from a file, for the pytest route.

A ``.py`` file is run as a module. From a ``.ipynb`` notebook, the code cells tagged
``exercise:<name>`` are run, together with the cells that only import or define things
(so her helpers and imports are there); cells that run searches, checks or widgets are
skipped. ``jupyter nbconvert --to script alice.ipynb`` turns a notebook into a ``.py``
file if the tags are missing.
"""

from __future__ import annotations

import ast
import json
import linecache
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any


class LearnerFileError(Exception):
    """The learner's file cannot be read or run; the message says why."""


def load_learner(path: str | Path) -> dict[str, Callable[..., Any]]:
    """The functions defined in a learner's ``.py`` file or ``.ipynb`` notebook, by name.

    Raises:
        LearnerFileError: the file is missing, is not Python, or fails when run.
    """
    path = Path(path)
    if not path.is_file():
        raise LearnerFileError(f"no such file: {path}")
    if path.suffix == ".ipynb":
        chunks = _notebook_chunks(path)
    else:
        chunks = [(str(path.resolve()), path.read_text(encoding="utf-8"))]
    module = types.ModuleType(f"learner_{abs(hash(str(path.resolve())))}")
    module.__file__ = str(path.resolve())
    sys.modules[module.__name__] = module
    for filename, source in chunks:
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except SyntaxError as exc:
            raise LearnerFileError(f"{path} has a syntax error, line {exc.lineno}: {exc.msg}") from exc
        try:
            exec(code, module.__dict__)
        except Exception as exc:
            raise LearnerFileError(f"running {filename} failed: {type(exc).__name__}: {exc}") from exc
    return {name: value for name, value in vars(module).items() if callable(value) and not name.startswith("_")}


def _notebook_chunks(path: Path) -> list[tuple[str, str]]:
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise LearnerFileError(f"{path} is not a readable notebook: {exc}") from exc
    chunks = []
    tagged = 0
    for number, cell in enumerate(notebook.get("cells", []), 1):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        tags = cell.get("metadata", {}).get("tags", [])
        is_exercise = any(str(tag).startswith("exercise:") for tag in tags)
        tagged += is_exercise
        if is_exercise or _only_definitions(source):
            chunks.append((f"{path.name} [cell {number}]", source))
    if not tagged:
        raise LearnerFileError(f"{path} has no cells tagged exercise:<name>; convert it with "
                               f"`jupyter nbconvert --to script {path.name}` and pass the .py file instead")
    return chunks


def _only_definitions(source: str) -> bool:
    """Whether a cell only imports modules and defines functions, classes and constants."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
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
