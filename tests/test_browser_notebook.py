"""A course notebook as a learner runs it, in a real browser: notebook 00 in Notebook 7 (Run All
from the menu) and in Voila, and its tic-tac-toe board answers a click.

``tests/test_browser.py`` drives the board apps in Voila; this test opens a *course* notebook
the way the README says to work through the course, so it also checks that Notebook 7 is
installed (``requirements.txt``), that its page loads the widget manager, and that the board of
notebook 00 renders from standard widgets and talks to its kernel there.

The notebook is copied to a temporary folder first, so that nothing the servers save (Notebook
7 autosaves) touches the course's files. Needs ``notebook`` (7), Voila, Playwright and Debian's
Chromium at /usr/bin/chromium; without Chromium the tests are skipped, except in CI
(``CI=true``), where they fail. Set ``TICTAC_NB7_SCREENSHOT=/some/file.png`` to keep a
screenshot of the notebook after the click.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_browser import CHROMIUM_ARGS, _stop, local_page  # one browser, one way to stop a server and to watch

# a page's requests (the chromium fixture: conftest)

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "00_welcome.ipynb"
SERVER_START_TIMEOUT_S = 60.0
"""Time for a server to start listening (Notebook 7 loads its extensions first)."""
PAGE_TIMEOUT_MS = 60_000
"""Time for the page to load and its kernel to start."""
RUN_ALL_TIMEOUT_MS = 90_000
"""Time for Run All to reach the board (notebook 00 runs in a few seconds on its own)."""
KERNEL_SETTLE_S = 3.0
"""How long the kernel must stay idle before Run All."""
REPLY_TIMEOUT_MS = 20_000
"""Time for the AI's reply to reach the page after a click."""
SCREENSHOT_VARIABLE = "TICTAC_NB7_SCREENSHOT"
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
CELLS = 9
CENTRE = 4
LAST_CODE_CELL = "first_game = match.games[0]"
"""Text of the notebook's last code cell."""

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
"""True once the centre holds X and the AI has answered with one O somewhere else."""


@pytest.fixture(scope="module")
def course_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of notebook 00 (the servers may save into it)."""
    folder = tmp_path_factory.mktemp("course")
    shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
    return folder


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(home: Path) -> dict[str, str]:
    """This checkout's package first; Jupyter's settings and state in a folder of the test's own."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    for variable, name in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                           ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("JUPYTERLAB_SETTINGS_DIR", "settings")):
        (home / name).mkdir(parents=True, exist_ok=True)
        env[variable] = str(home / name)
    return env


@contextmanager
def _server(command: list[str], cwd: Path, log: Path, port: int, env: dict[str, str]) -> Iterator[None]:
    """Run a server until the block ends; fail with its log if it does not listen in time."""
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=output,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"{command[2]} exited with code {process.returncode} before serving:\n"
                            f"{log.read_text()[-3000:]}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                pytest.fail(f"{command[2]} did not listen on port {port} within {SERVER_START_TIMEOUT_S:.0f} s:\n"
                            f"{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield
    finally:
        _stop(process)


@contextmanager
def _page(chromium: Path, url: str) -> Iterator[Page]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url, timeout=PAGE_TIMEOUT_MS)
            yield page
        finally:
            browser.close()


def _wait_for_the_kernel(page: Page) -> None:
    """Until the notebook's kernel has been idle for a while: the toolbar says "idle" for a
    moment before it starts connecting to the new kernel, and cells run too early are lost."""
    deadline, idle_since = time.monotonic() + PAGE_TIMEOUT_MS / 1000, None
    while time.monotonic() < deadline:
        status = page.evaluate("() => document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status")
        if status == "idle":
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= KERNEL_SETTLE_S:
                return
        else:
            idle_since = None
        time.sleep(0.2)
    pytest.fail(f"the notebook's kernel did not become idle within {PAGE_TIMEOUT_MS / 1000:.0f} s")


def _click_the_centre_and_see_the_reply(page: Page) -> None:
    from playwright.sync_api import expect

    centre = page.locator(f".tictac-cell-{CENTRE}")
    centre.wait_for(state="attached", timeout=RUN_ALL_TIMEOUT_MS)
    assert page.locator(".tictac-cell").count() == CELLS
    # Notebook 7 only lays out the cells near the view (Run All ends at the last one): go to the board.
    page.evaluate(f"document.querySelector('.tictac-cell-{CENTRE}').scrollIntoView({{block: 'center'}})")
    centre.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    assert centre.inner_text().strip() == ""  # an empty cell is blank: no digit beside the letter O
    assert centre.get_attribute("title") == f"cell {CENTRE} (row 1, column 1)"  # its number is the tooltip
    centre.click()
    page.wait_for_function(BOARD_AFTER_REPLY_JS, arg=[CELLS, CENTRE], timeout=REPLY_TIMEOUT_MS)
    expect(page.locator(".tictac-status")).to_contain_text("X (you) to move", timeout=REPLY_TIMEOUT_MS)


def test_notebook_00_in_notebook_7(chromium: Path, course_copy: Path, tmp_path: Path) -> None:
    """Open notebook 00 in Notebook 7, Run All from the Run menu, play the centre."""
    from playwright.sync_api import expect

    port, token = _free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "notebook", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={course_copy}", "--allow-root",
               "--ServerApp.port_retries=0"]
    with _server(command, course_copy, tmp_path / "notebook.log", port, _environment(tmp_path / "jupyter")):
        url = f"http://127.0.0.1:{port}/notebooks/{NOTEBOOK.name}?token={token}"
        with _page(chromium, url) as page:
            page.locator(".jp-Notebook").wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
            expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=PAGE_TIMEOUT_MS)
            _wait_for_the_kernel(page)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            # Run All stops at the first cell that raises: the last code cell ran, so every cell did.
            last = page.locator(".jp-CodeCell", has_text=LAST_CODE_CELL).locator(".jp-InputPrompt").first
            expect(last).to_have_text(re.compile(r"\[\d+\]"), timeout=RUN_ALL_TIMEOUT_MS)
            _click_the_centre_and_see_the_reply(page)
            screenshot = os.environ.get(SCREENSHOT_VARIABLE)
            if screenshot:
                page.screenshot(path=screenshot, full_page=True)


def test_notebook_00_in_voila(chromium: Path, course_copy: Path, tmp_path: Path) -> None:
    """The same notebook rendered by Voila (which runs every cell) with the course's template,
    the same click, and nothing fetched from outside the local server."""
    port = _free_port()
    command = [sys.executable, "-m", "tictac_edu", "apps", str(course_copy), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1"]
    server = f"http://127.0.0.1:{port}/"
    with _server(command, course_copy, tmp_path / "voila.log", port, _environment(tmp_path / "jupyter")):
        with local_page(chromium, f"{server}voila/render/{NOTEBOOK.name}", VIEWPORT, server) as page:
            _click_the_centre_and_see_the_reply(page)
            assert "Traceback" not in page.inner_text("body")
