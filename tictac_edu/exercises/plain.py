"""What a learner's function returns, as plain data the checks can trust.

A check compares what her function returned with the right answer, shows it, looks inside it.
If that value were her own object, her code would run in the check: an ``__eq__`` that is
always true passes every test, an ``__iter__`` or ``__repr__`` that never ends hangs it. So
what she returns is turned, inside her own time limit, into data of the exact built-in types
(:func:`exact`): a subclass of ``int``, ``str``, ``list``, ``tuple``, ``dict``, ... becomes its
base type, read with the base type's own methods (her ``__eq__`` is never called), and is
reported as such; any other object of hers becomes a :class:`Foreign` that only says its type.
Numbers of numpy and the game positions of the package stay what they are.

When her function runs in a process of its own (grading), what crosses back to the checks is
that data written as JSON (:func:`encode`, :func:`decode`): nothing of hers can be rebuilt on
the checks' side but built-in values, numpy numbers and game positions (rebuilt by the games'
own code from their moves).
"""

from __future__ import annotations

import importlib
import json
import math
from dataclasses import dataclass
from typing import Any

MAX_ITEMS = 200_000
"""Values (all the items of all the containers) an answer may hold."""

MAX_DEPTH = 60
"""How deeply an answer's containers may nest."""

MAX_BYTES = 16 << 20
"""The largest answer, written as JSON, that crosses from her process."""

_SCALARS = (type(None), bool, int, float, complex, str, bytes)
_CONTAINERS = (list, tuple, dict, set, frozenset)
_GAME_MODULES = "tictac_edu.games"


class LearnerProcessEnded(BaseException):
    """The process that runs the learner's code ended (or was stopped) during a call; the
    message says how. Derived from ``BaseException`` so that no check takes it for an
    answer."""


class TooBig(Exception):
    """An answer too large or too deeply nested to check."""


class Foreign:
    """An object of the learner's own (or of a kind the checks cannot trust) that her function
    returned: it says its type and nothing else, and equals only itself."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<a {self.type_name} object>"


class Generator(Foreign):
    """A generator her function returned (it contains ``yield``)."""

    def __init__(self) -> None:
        super().__init__("generator")


def type_label(kind: type) -> str:
    """``Board`` or ``mymodule.Board``: a type's name as an explanation shows it."""
    module = getattr(kind, "__module__", "") or ""
    name = getattr(kind, "__qualname__", None) or getattr(kind, "__name__", "?")
    ownerless = module in ("builtins", "__main__", "") or module.startswith("learner_")  # her file's module
    return str(name) if ownerless else f"{module}.{name}"


def _trusted(kind: type) -> bool:
    """A type whose methods the checks may call: numpy's numbers, the games' positions."""
    module = getattr(kind, "__module__", "") or ""
    if module == "numpy":
        import numpy

        return kind in set(numpy.sctypeDict.values())
    if module == _GAME_MODULES or module.startswith(_GAME_MODULES + ".") or package_enum(kind):
        import sys

        return getattr(sys.modules.get(module), getattr(kind, "__qualname__", ""), None) is kind
    return False


def package_enum(kind: Any) -> bool:
    """Whether ``kind`` is an enumeration of the package (``Bound``, say): its members are plain
    values."""
    import enum
    import sys

    module = getattr(kind, "__module__", "") or ""
    return isinstance(kind, type) and issubclass(kind, enum.Enum) and module.startswith("tictac_edu.") and \
        getattr(sys.modules.get(module), getattr(kind, "__qualname__", ""), None) is kind


def _base(kind: type) -> type | None:
    for base in (bool, int, float, complex, str, bytes, list, tuple, dict, frozenset, set):
        if issubclass(kind, base):
            return base
    return None


def exact(value: Any, notes: list[str] | None = None) -> Any:
    """``value`` as data of the exact built-in types (see the module's documentation); what
    was converted is said in ``notes``.

    Raises:
        TooBig: more than :data:`MAX_ITEMS` values, or nested deeper than :data:`MAX_DEPTH`
            (a list that contains itself, say).
    """
    seen = [0]
    said: set[str] = set()

    def note(text: str) -> None:
        if notes is not None and text not in said:
            said.add(text)
            notes.append(text)

    def walk(item: Any, depth: int) -> Any:
        seen[0] += 1
        if seen[0] > MAX_ITEMS:
            raise TooBig(f"the answer holds more than {MAX_ITEMS:,} values")
        if depth > MAX_DEPTH:
            raise TooBig(f"the answer is nested more than {MAX_DEPTH} levels deep (does a list contain itself?)")
        kind = type(item)
        if kind in _SCALARS:
            return item
        if kind is list:
            return [walk(element, depth + 1) for element in list.__iter__(item)]
        if kind is tuple:
            return tuple(walk(element, depth + 1) for element in tuple.__iter__(item))
        if kind is dict:
            return {walk(key, depth + 1): walk(element, depth + 1) for key, element in dict.items(item)}
        if kind is set or kind is frozenset:
            return kind(walk(element, depth + 1) for element in kind.__iter__(item))
        if _trusted(kind) or (kind is type and _trusted(item)):
            return item
        import inspect

        if inspect.isgenerator(item):
            item.close()
            return Generator()
        base = _base(kind)
        if base is None:
            note(f"Your function returned a {type_label(kind)}, an object of its own kind: the check sees only "
                 "its type. Return plain values (numbers, strings, lists, tuples, dicts).")
            return Foreign(type_label(kind))
        note(f"Your function returned a {type_label(kind)}, a subclass of {base.__name__}: the check used it as a "
             f"plain {base.__name__} (its own methods, such as __eq__, are not used).")
        if base in (bool, int):
            plain: Any = int.__index__(item) if base is int else bool(int.__index__(item))
        elif base is float:
            plain = float.__float__(item)
        elif base is complex:
            plain = complex.__complex__(item)
        elif base is str:
            plain = str.__str__(item)
        elif base is bytes:
            plain = bytes(memoryview(item))
        elif base is list:
            plain = [walk(element, depth + 1) for element in list.__iter__(item)]
        elif base is tuple:
            plain = tuple(walk(element, depth + 1) for element in tuple.__iter__(item))
        elif base is dict:
            plain = {walk(key, depth + 1): walk(element, depth + 1) for key, element in dict.items(item)}
        else:
            plain = base(walk(element, depth + 1) for element in base.__iter__(item))  # type: ignore[attr-defined]
        return plain

    return walk(value, 0)


# -- across processes ----------------------------------------------------------------------------

def to_json(value: Any) -> Any:
    """Exact data (what :func:`exact` gives) as JSON-ready data, tagged so that :func:`from_json`
    gives back the same types."""
    kind = type(value)
    if kind in (type(None), bool, int, str):
        return value
    if kind is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if kind is list:
        return {"list": [to_json(item) for item in value]}
    if kind is tuple:
        return {"tuple": [to_json(item) for item in value]}
    if kind is dict:
        return {"dict": [[to_json(key), to_json(item)] for key, item in value.items()]}
    if kind is set or kind is frozenset:
        return {kind.__name__: [to_json(item) for item in value]}
    if kind is complex:
        return {"complex": [value.real, value.imag]}
    if kind is bytes:
        return {"bytes": value.hex()}
    if isinstance(value, Generator):
        return {"generator": True}
    if isinstance(value, Foreign):
        return {"foreign": value.type_name}
    if getattr(kind, "__module__", "") == "numpy":
        return {"numpy": kind.__name__, "value": to_json(value.item())}
    if kind is type and _trusted(value):
        return {"class": f"{value.__module__}:{value.__qualname__}"}
    if package_enum(kind):
        return {"enum": f"{kind.__module__}:{kind.__qualname__}", "name": value.name}
    if _trusted(kind):
        return {"game": f"{kind.__module__}:{kind.__qualname__}", "reduce": _reduced(value)}
    return {"foreign": type_label(kind)}


def _reduced(state: Any) -> Any:
    """How a game position rebuilds itself (as :mod:`pickle` would), as JSON: its rebuilding
    function, the arguments and the attributes to set."""
    import copyreg

    reduce = state.__reduce_ex__(2)
    rebuild, arguments = reduce[:2]
    attributes = reduce[2] if len(reduce) > 2 else None
    newobj = vars(copyreg)["__newobj__"]
    name = "copyreg:__newobj__" if rebuild is newobj else \
        f"{getattr(rebuild, '__module__', '')}:{getattr(rebuild, '__qualname__', '')}"
    return {"function": name, "arguments": to_json(exact(tuple(arguments))), "state": to_json(exact(attributes))}


def encode(value: Any) -> bytes:
    """Exact data as JSON bytes (at most :data:`MAX_BYTES`)."""
    data = json.dumps(to_json(value), separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_BYTES:
        raise TooBig(f"the answer takes more than {MAX_BYTES >> 20} MB")
    return data


def _game_callable(name: str) -> Any:
    module, _, qualname = str(name).partition(":")
    if not (module == _GAME_MODULES or module.startswith(_GAME_MODULES + ".")) or "." in qualname:
        raise ValueError(f"not a function of the games: {name!r}")
    found = getattr(importlib.import_module(module), qualname)
    if not callable(found):
        raise ValueError(f"not a function of the games: {name!r}")
    return found


def from_json(data: Any) -> Any:
    """The value :func:`to_json` wrote.

    Raises:
        ValueError: the data is not what :func:`to_json` writes.
    """
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is not dict or len(data) not in (1, 2):
        raise ValueError("not an encoded value")
    (tag, body), *rest = data.items()
    if tag == "list":
        return [from_json(item) for item in body]
    if tag == "tuple":
        return tuple(from_json(item) for item in body)
    if tag == "dict":
        return {from_json(key): from_json(item) for key, item in body}
    if tag == "set":
        return {from_json(item) for item in body}
    if tag == "frozenset":
        return frozenset(from_json(item) for item in body)
    if tag == "float":
        return float(str(body))
    if tag == "complex":
        return complex(float(body[0]), float(body[1]))
    if tag == "bytes":
        return bytes.fromhex(str(body))
    if tag == "generator":
        return Generator()
    if tag == "foreign":
        return Foreign(str(body)[:200])
    if tag == "numpy":
        import numpy

        kind = getattr(numpy, str(body), None)
        if not (isinstance(kind, type) and issubclass(kind, numpy.generic)):
            raise ValueError(f"not a numpy number: {body!r}")
        return kind(from_json(rest[0][1]))
    if tag == "enum":
        module, _, qualname = str(body).partition(":")
        kind = getattr(importlib.import_module(module), qualname, None) if module.startswith("tictac_edu.") else None
        if not package_enum(kind):
            raise ValueError(f"not an enumeration of the package: {body!r}")
        return kind[str(rest[0][1])]  # type: ignore[index]
    if tag == "class":
        kind = _game_callable(body)
        if not isinstance(kind, type):
            raise ValueError(f"not a class of the games: {body!r}")
        return kind
    if tag == "game":
        return _rebuilt(_game_callable(body), rest[0][1])
    raise ValueError(f"not an encoded value: {tag!r}")


def _rebuilt(kind: Any, reduce: Any) -> Any:
    """A game position (or a part of one) rebuilt by the games' own code, as :mod:`pickle` would."""
    import copyreg

    arguments = from_json(reduce["arguments"])
    if type(arguments) is not tuple:
        raise ValueError("not the arguments of a game's position")
    if reduce["function"] == "copyreg:__newobj__":
        if not arguments or arguments[0] is not kind:
            raise ValueError("not a game's position")
        state = vars(copyreg)["__newobj__"](*arguments)
    else:
        state = _game_callable(reduce["function"])(*arguments)
    attributes = from_json(reduce.get("state"))
    if type(attributes) is tuple and len(attributes) == 2:
        merged = {**(attributes[0] or {}), **(attributes[1] or {})}
    else:
        merged = attributes or {}
    if type(merged) is not dict:
        raise ValueError("not the attributes of a game's position")
    for key, value in merged.items():
        object.__setattr__(state, str(key), value)
    if type(state) is not kind:
        raise ValueError(f"not a {type_label(kind)}")
    return state


def decode(data: bytes) -> Any:
    """The value :func:`encode` wrote.

    Raises:
        ValueError: it is not (too deep, not JSON, not what :func:`encode` writes).
    """
    try:
        return from_json(json.loads(data.decode("utf-8")))
    except RecursionError as exc:
        raise ValueError("nested too deeply") from exc
    except Exception as exc:  # noqa: BLE001 - whatever her data makes the rebuilding raise
        raise ValueError(f"not an encoded value ({type(exc).__name__}: {exc})") from exc


@dataclass(frozen=True)
class RemoteTrace:
    """Where in her code an exception raised in her process came from."""

    where: str | None
    inner: str | None
    at_call: bool


def learner_trace(exc: BaseException) -> RemoteTrace | None:
    """The :class:`RemoteTrace` of an exception raised in her process, else ``None``."""
    trace = getattr(exc, "learner_trace", None)
    return trace if isinstance(trace, RemoteTrace) else None


def sign(secret: str, text: str) -> str:
    """The signature of a record of the grading worker's: HMAC-SHA256 of ``text`` with the
    run's ``secret``, which only the grader and its worker know (never the learner's process)."""
    import hashlib
    import hmac

    return hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()
