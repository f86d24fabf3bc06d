"""``python -m tictac_edu.exercises FILE [pytest options]``: check a learner's file.

Runs the exercise tests (:mod:`tictac_edu.exercises.tests`) under pytest on the functions
``FILE`` defines; pytest options such as ``-k winner``, ``-q`` or ``-x`` pass through.
``--list`` lists the exercises.
"""

from __future__ import annotations

import sys
from pathlib import Path

USAGE = """usage: python -m tictac_edu.exercises FILE [pytest options]
       python -m tictac_edu.exercises --list

Checks the exercise functions defined in FILE (a .py file, or a .ipynb notebook whose exercise
cells are tagged exercise:<name>) with the course's tests. Examples:

    python -m tictac_edu.exercises alice.py
    python -m tictac_edu.exercises alice.py -k "winner or minimax"
"""


def main(argv: list[str] | None = None) -> int:
    """Run the tests on a learner's file; returns pytest's exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "--list":
        from tictac_edu.exercises.registry import all_exercises

        for exercise in all_exercises():
            print(f"{exercise.notebook}  {exercise.name:<18} {exercise.summary}")
        return 0
    learner, rest = args[0], args[1:]
    if not Path(learner).is_file():
        print(f"no such file: {learner}\n\n{USAGE}", file=sys.stderr)
        return 2
    import pytest

    tests = Path(__file__).with_name("tests.py")
    return int(pytest.main([str(tests), "--learner", str(Path(learner).resolve()), "-p", "no:cacheprovider",
                            "-p", "tictac_edu.exercises.pytest_plugin", *rest]))


if __name__ == "__main__":
    sys.exit(main())
