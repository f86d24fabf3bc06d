"""Positions side by side, each with a caption, in one notebook output.

A position draws itself in a notebook (``_repr_svg_``), but two positions shown one after the
other are stacked without saying which is which. :func:`side_by_side` puts them in a row, each
above its caption; in a plain terminal it prints each caption and position's text.

>>> from tictac_edu.games import TicTacToe
>>> row = side_by_side({"before": TicTacToe(), "after X took the centre": TicTacToe().play(4)})
>>> print(row)
before:
. . .
. . .
. . .
<BLANKLINE>
after X took the centre:
. . .
. X .
. . .
>>> "<figcaption" in row._repr_html_()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

GAP_PX = 28
"""The room between two pictures."""
CAPTION_STYLE = "text-align:center;font-size:13px;margin-top:4px;max-width:260px"


def _picture_html(item: Any) -> str:
    """The item's own picture, as HTML: its SVG or HTML rendering, else its text."""
    for method in ("_repr_svg_", "_repr_html_"):
        render = getattr(item, method, None)
        if render is not None:
            picture = render()
            if picture:
                return str(picture)
    return f"<pre>{escape(str(item))}</pre>"


class SideBySide:
    """Items (positions, usually) in a row, each with its caption; see :func:`side_by_side`.

    Attributes:
        items: ``{caption: item}``, left to right.
    """

    def __init__(self, items: Mapping[str, Any]) -> None:
        if not items:
            raise ValueError("side_by_side needs at least one item to show")
        self.items = dict(items)

    def _repr_html_(self) -> str:
        figures = "".join(
            f'<figure style="margin:0">{_picture_html(item)}'
            f'<figcaption style="{CAPTION_STYLE}">{escape(caption)}</figcaption></figure>'
            for caption, item in self.items.items())
        return f'<div style="display:flex;flex-wrap:wrap;gap:{GAP_PX}px;align-items:flex-start">{figures}</div>'

    def __str__(self) -> str:
        return "\n\n".join(f"{caption}:\n{item}" for caption, item in self.items.items())

    def __repr__(self) -> str:
        return f"side_by_side({list(self.items)})"


def side_by_side(items: Mapping[str, Any]) -> SideBySide:
    """Show positions (or anything that draws itself) in a row, each above its caption.

    Args:
        items: ``{caption: position}``, shown left to right.

    Returns:
        An object that a notebook shows as the row of pictures (put it last in a cell, or pass
        it to ``display``).

    Raises:
        ValueError: ``items`` is empty.
    """
    return SideBySide(items)
