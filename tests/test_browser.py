"""End-to-end tests in a real browser: the apps of ``notebooks/apps``, served by Voila with the
course's template (``python -m tictac_edu apps``), clicked in Chromium (the tic-tac-toe board,
the Connect Four board, the gomoku board and the search viewer).

They check what no kernel-side test can: that a board renders from standard widgets in a
real page, that a click travels to the kernel and that the AI's reply comes back to the page,
that the search viewer's legend wraps on a narrow page, and that no page fetches anything from
outside the local server (the widgets' icons included: they are served by the template).

Needs Voila, Playwright (the Python package) and Debian's Chromium at /usr/bin/chromium; no
browser is downloaded. Without Chromium the tests are skipped, except in CI (``CI=true``),
where they fail. Set ``TICTAC_SCREENSHOT=/some/file.png`` (tic-tac-toe),
``TICTAC_C4_SCREENSHOT=/some/file.png`` (Connect Four) or ``TICTAC_GOMOKU_SCREENSHOT=...``
(gomoku) to keep a screenshot of a board.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tictac_edu.widgets import style

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

ROOT = Path(__file__).resolve().parents[1]
APPS = Path("notebooks") / "apps"
"""The folder Voila serves; each app is at ``voila/render/<name>`` under the server's address."""
TICTACTOE_APP = "tictactoe_board.ipynb"
CONNECT4_APP = "connect4_board.ipynb"
GOMOKU_APP = "gomoku_board.ipynb"
VIEWER_APP = "search_viewer.ipynb"
NARROW_VIEWPORT: ViewportSize = {"width": 700, "height": 900}
"""Narrower than the search viewer's row of controls: its legend must wrap."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT_S = 30.0
"""Time for Voila to start listening."""
PAGE_TIMEOUT_MS = 40_000
"""Time for the page to load and the board to render (Voila starts a kernel and runs the notebook)."""
REPLY_TIMEOUT_MS = 15_000
"""Time for the AI's reply to reach the page after a click."""
SCREENSHOT_VARIABLE = "TICTAC_SCREENSHOT"
C4_SCREENSHOT_VARIABLE = "TICTAC_C4_SCREENSHOT"
GOMOKU_SCREENSHOT_VARIABLE = "TICTAC_GOMOKU_SCREENSHOT"
VIEWPORT: ViewportSize = {"width": 1000, "height": 760}
C4_VIEWPORT: ViewportSize = {"width": 1000, "height": 1150}
GOMOKU_VIEWPORT: ViewportSize = {"width": 1000, "height": 1100}
GOMOKU_POINTS = 15 * 15
CELLS = 9
CENTRE = 4
C4_COLUMNS = 7
C4_ROWS = 6
C4_CENTRE_COLUMN = 3
"""Column 4 on the board (columns are 0-based in code and in the CSS classes)."""

BOARD_AFTER_REPLY_JS = """
([cells, centre]) => {
    const text = i => {
        const button = document.querySelector('.tictac-cell-' + i);
        return button === null ? null : button.innerText.trim();
    };
    const texts = [...Array(cells).keys()].map(text);
    return texts[centre] === 'X' && texts.filter((t, i) => i !== centre && t === 'O').length === 1;
}
"""

C4_AFTER_REPLY_JS = """
(column) => document.querySelector('.tictac-c4-cell-' + column + '-0.tictac-disc-X') !== null
    && document.querySelectorAll('.tictac-c4-cell.tictac-disc-X').length === 1
    && document.querySelectorAll('.tictac-c4-cell.tictac-disc-O').length === 1
"""

GOMOKU_AFTER_REPLY_JS = """
() => document.querySelector('.tictac-point-H8.tictac-stone-Black') !== null
    && document.querySelectorAll('.tictac-point.tictac-stone-Black').length === 1
    && document.querySelectorAll('.tictac-point.tictac-stone-White').length === 1
"""

DISC_COLOUR_JS = """
(selector) => {
    const disc = document.querySelector(selector + ' .tictac-c4-disc');
    return disc === null ? null : getComputedStyle(disc).backgroundColor;
}
"""
"""The colour of the disc (or empty hole) drawn in a Connect Four cell, as the browser computes it."""


def rgb(colour: str) -> str:
    """``"#d62828"`` as browsers report computed colours: ``"rgb(214, 40, 40)"``."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Voila exited with code {process.returncode} before serving:\n{log.read_text()[-3000:]}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    pytest.fail(f"Voila did not listen on port {port} within {SERVER_START_TIMEOUT_S:.0f} s:\n"
                f"{log.read_text()[-3000:]}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop Voila and the kernels it started (they share its process group)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # anything of its group still running
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The apps folder served by Voila on a free local port, as the README says to
    (``python -m tictac_edu apps``: Voila with the course's template), one server for all the
    tests of this module; stopped after them. An app's page is ``voila_url + "voila/render/" +
    name``."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))  # this checkout's package
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "tictac_edu", "apps", str(APPS), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        _wait_for_port(port, process, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        _stop(process)


def app_url(voila_url: str, name: str) -> str:
    """The page of one app of the served folder."""
    return f"{voila_url}voila/render/{name}"


LOCAL_SCHEMES = ("data:", "blob:", "about:")
"""Addresses that are no request to any server."""


def leaving_requests(urls: list[str], server: str) -> list[str]:
    """The requests of ``urls`` that go anywhere but ``server`` (an address such as
    ``http://127.0.0.1:8866/``): what a page would fetch from the internet."""
    return [url for url in urls if not url.startswith(server) and not url.startswith(LOCAL_SCHEMES)]


@contextmanager
def local_page(chromium: Path, url: str, viewport: ViewportSize, server: str) -> Iterator[Page]:
    """A headless Chromium page at ``url``; when the block ends, no request of the page may
    have left ``server`` (a page offline must not miss a font or a script). The browser closes
    after."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=viewport)
            requested: list[str] = []
            page.on("request", lambda request: requested.append(request.url))
            page.goto(url, timeout=PAGE_TIMEOUT_MS)
            yield page
            page.wait_for_load_state("networkidle", timeout=PAGE_TIMEOUT_MS)
            away = leaving_requests(requested, server)
            assert not away, f"the page fetched from outside {server}: {away}"
        finally:
            browser.close()


@contextmanager
def app_page(chromium: Path, voila_url: str, name: str, viewport: ViewportSize) -> Iterator[Page]:
    """A headless Chromium page showing the app notebook ``name``, which fetches nothing from
    outside the server; the browser closes after."""
    with local_page(chromium, app_url(voila_url, name), viewport, voila_url) as page:
        yield page


def test_click_the_centre_and_the_ai_replies(chromium: Path, voila_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    screenshot = Path(os.environ.get(SCREENSHOT_VARIABLE) or tmp_path / "board.png")
    with app_page(chromium, voila_url, TICTACTOE_APP, VIEWPORT) as page:
        centre = page.locator(f".tictac-cell-{CENTRE}")
        centre.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        assert page.locator(".tictac-cell").count() == CELLS
        assert centre.inner_text().strip() == ""  # an empty cell is blank: no digit beside the letter O
        assert centre.get_attribute("title") == f"cell {CENTRE} (row 1, column 1)"  # its number is the tooltip

        centre.click()
        page.wait_for_function(BOARD_AFTER_REPLY_JS, arg=[CELLS, CENTRE], timeout=REPLY_TIMEOUT_MS)

        texts = [page.locator(f".tictac-cell-{cell}").inner_text().strip() for cell in range(CELLS)]
        assert texts[CENTRE] == "X"
        assert texts.count("O") == 1 and texts.count("X") == 1
        expect(page.locator(".tictac-figures")).to_contain_text("nodes", timeout=REPLY_TIMEOUT_MS)
        expect(page.locator(".tictac-status")).to_contain_text("X (you) to move")
        page.screenshot(path=str(screenshot), full_page=True)


def test_drop_a_disc_in_column_4_and_the_ai_replies(chromium: Path, voila_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    screenshot = Path(os.environ.get(C4_SCREENSHOT_VARIABLE) or tmp_path / "c4_board.png")
    with app_page(chromium, voila_url, CONNECT4_APP, C4_VIEWPORT) as page:
        drop = page.locator(f".tictac-drop-{C4_CENTRE_COLUMN}")
        drop.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        assert page.locator(".tictac-drop").count() == C4_COLUMNS
        assert page.locator(".tictac-c4-cell").count() == C4_COLUMNS * C4_ROWS
        assert page.locator(".tictac-disc-X, .tictac-disc-O").count() == 0  # an empty board
        assert drop.inner_text().strip() == str(C4_CENTRE_COLUMN + 1)

        drop.click()
        page.wait_for_function(C4_AFTER_REPLY_JS, arg=C4_CENTRE_COLUMN, timeout=REPLY_TIMEOUT_MS)

        bottom = page.locator(f".tictac-c4-cell-{C4_CENTRE_COLUMN}-0")
        expect(bottom).to_have_class(re.compile(r"\btictac-disc-X\b"))
        assert page.locator(".tictac-c4-cell.tictac-disc-X").count() == 1
        assert page.locator(".tictac-c4-cell.tictac-disc-O").count() == 1
        reply = page.locator(".tictac-c4-cell.tictac-disc-O")
        column, row = (int(part) for part in re.findall(r"tictac-c4-cell-(\d+)-(\d+)",
                                                         reply.get_attribute("class") or "")[0])
        assert row == (1 if column == C4_CENTRE_COLUMN else 0)  # the reply fell as far as it could
        assert page.evaluate(DISC_COLOUR_JS, f".tictac-c4-cell-{C4_CENTRE_COLUMN}-0") == rgb(style.C4_X_COLOUR)
        assert page.evaluate(DISC_COLOUR_JS, f".tictac-c4-cell-{column}-{row}") == rgb(style.C4_O_COLOUR)
        assert page.evaluate(DISC_COLOUR_JS, ".tictac-c4-cell-0-5") == rgb(style.C4_HOLE_COLOUR)
        expect(page.locator(".tictac-figures")).to_contain_text(f"AI (medium) played column {column + 1} for O",
                                                                timeout=REPLY_TIMEOUT_MS)
        expect(page.locator(".tictac-status")).to_contain_text("X (you) to move")
        page.screenshot(path=str(screenshot), full_page=True)


def test_place_a_stone_on_h8_and_the_ai_answers(chromium: Path, voila_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    screenshot = Path(os.environ.get(GOMOKU_SCREENSHOT_VARIABLE) or tmp_path / "gomoku_board.png")
    with app_page(chromium, voila_url, GOMOKU_APP, GOMOKU_VIEWPORT) as page:
        centre = page.locator(".tictac-point-H8")
        centre.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        assert page.locator(".tictac-point").count() == GOMOKU_POINTS
        assert page.locator(".tictac-stone-Black, .tictac-stone-White").count() == 0  # an empty board
        assert page.locator(".tictac-coordinate").count() == 4 * 15 + 4  # A..O above and below, 15..1 each side
        expect(page.locator(".tictac-clock")).to_contain_text("for this move")

        centre.click()
        page.wait_for_function(GOMOKU_AFTER_REPLY_JS, timeout=REPLY_TIMEOUT_MS)

        reply = page.locator(".tictac-point.tictac-stone-White")
        expect(reply).to_have_class(re.compile(r"\btictac-last\b"))
        name = re.findall(r"tictac-point-([A-O]\d+)\b", reply.get_attribute("class") or "")[0]
        assert reply.inner_text().strip() == "●" == centre.inner_text().strip()
        expect(page.locator(".tictac-figures")).to_contain_text(f"AI (medium) played {name} for White",
                                                                timeout=REPLY_TIMEOUT_MS)
        expect(page.locator(".tictac-status")).to_contain_text("Black (you) to move")
        page.screenshot(path=str(screenshot), full_page=True)


LEGEND_JS = """
() => {
    const legend = document.querySelector('.tictac-tree-legend');
    const right = legend.getBoundingClientRect().right;
    const keys = [...legend.querySelectorAll('span[style*="nowrap"]')];
    return {overflow: legend.scrollWidth - legend.clientWidth, keys: keys.length,
            cut: keys.filter(key => key.getBoundingClientRect().right > right + 1).map(key => key.innerText)};
}
"""

ICON_FONT_JS = """
() => {
    const icon = document.querySelector('.tictac-search-viewer i.fa');
    return icon === null ? null : getComputedStyle(icon).fontFamily;
}
"""


def test_the_viewers_legend_wraps_on_a_narrow_page_and_its_icons_are_local(chromium: Path, voila_url: str) -> None:
    with app_page(chromium, voila_url, VIEWER_APP, NARROW_VIEWPORT) as page:
        page.locator(".tictac-tree-legend").wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        page.locator(".tictac-tree").wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        legend = page.evaluate(LEGEND_JS)
        assert legend["keys"] == 7 and legend["overflow"] <= 0 and legend["cut"] == [], legend
        assert "Font Awesome" in (page.evaluate(ICON_FONT_JS) or ""), "the Play button's icon font did not load"
        page.locator(".tictac-search-viewer button", has_text="Next").click()
        expect_event = page.locator(".tictac-event")
        expect_event.wait_for(state="visible", timeout=REPLY_TIMEOUT_MS)
        page.wait_for_function("() => document.querySelector('.tictac-event').innerText.includes('trace[1]')",
                               timeout=REPLY_TIMEOUT_MS)
