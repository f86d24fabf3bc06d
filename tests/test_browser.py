"""One end-to-end test in a real browser: the tic-tac-toe app, served by Voila, clicked in Chromium.

It checks what no kernel-side test can: that the board renders from standard widgets in a
real page, that a click travels to the kernel and that the AI's reply comes back to the page.

Needs Voila, Playwright (the Python package) and Debian's Chromium at /usr/bin/chromium; no
browser is downloaded. Without Chromium the test is skipped, except in CI (``CI=true``),
where it fails. Set ``TICTAC_SCREENSHOT=/some/file.png`` to keep a screenshot of the board.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = Path("notebooks") / "apps" / "tictactoe_board.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT_S = 30.0
"""Time for Voila to start listening."""
PAGE_TIMEOUT_MS = 40_000
"""Time for the page to load and the board to render (Voila starts a kernel and runs the notebook)."""
REPLY_TIMEOUT_MS = 15_000
"""Time for the AI's reply to reach the page after a click."""
SCREENSHOT_VARIABLE = "TICTAC_SCREENSHOT"
CELLS = 9
CENTRE = 4

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


@pytest.fixture(scope="module")
def chromium() -> Path:
    """Debian's Chromium; skip without it (fail in CI, where it must be installed)."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM


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
    """The app served by Voila on a free local port; stopped after the tests."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))  # this checkout's package
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(APP)],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        _wait_for_port(port, process, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        _stop(process)


def test_click_the_centre_and_the_ai_replies(chromium: Path, voila_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    screenshot = Path(os.environ.get(SCREENSHOT_VARIABLE) or tmp_path / "board.png")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 760})
            page.goto(voila_url, timeout=PAGE_TIMEOUT_MS)
            centre = page.locator(f".tictac-cell-{CENTRE}")
            centre.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
            assert page.locator(".tictac-cell").count() == CELLS
            assert centre.inner_text().strip() == str(CENTRE)  # an empty cell shows its number

            centre.click()
            page.wait_for_function(BOARD_AFTER_REPLY_JS, arg=[CELLS, CENTRE], timeout=REPLY_TIMEOUT_MS)

            texts = [page.locator(f".tictac-cell-{cell}").inner_text().strip() for cell in range(CELLS)]
            assert texts[CENTRE] == "X"
            assert texts.count("O") == 1 and texts.count("X") == 1
            expect(page.locator(".tictac-figures")).to_contain_text("nodes", timeout=REPLY_TIMEOUT_MS)
            expect(page.locator(".tictac-status")).to_contain_text("X (you) to move")
            page.screenshot(path=str(screenshot), full_page=True)
        finally:
            browser.close()
