"""``python -m tictac_edu``: see :mod:`tictac_edu.cli`."""

import sys

from tictac_edu.cli import main

sys.exit(main())
