"""The tests of the exercises, one module per notebook (see :mod:`tictac_edu.exercises.registry`)."""
