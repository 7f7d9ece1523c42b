"""The widgets in a real browser: JupyterLab and Voila driven by headless Chromium.

Run just these with ``python -m pytest -m browser``. They skip, saying why, where
Chromium or Playwright is missing; ``.ci/run`` installs both so CI runs them.
Screenshots go to ``screenshots/`` (ignored by git).
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest

from wordcover.generator import make_puzzle

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOTS = ROOT / "screenshots"
TOKEN = "wordcover-browser-test"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DEMO = "notebooks/widgets_demo.ipynb"
PUZZLE = dict(rows=6, cols=6, words=["ABEL", "CANTOR", "GAUSS", "EULER"], seed=1, difficulty="medium")

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")
if chromium is None:
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 90) -> None:
    """Wait until a server accepts connections on the URL's port (a GET may itself take long)."""
    port = int(url.split(":")[2].split("/")[0])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    raise TimeoutError(f"nothing answered at {url} within {seconds} s")


@contextlib.contextmanager
def server(command: list[str], url: str, env: dict):
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(url)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def settings_env(tmp_path_factory):
    """A clean Jupyter environment: own config and runtime folders, JupyterLab's news switched off."""
    base = tmp_path_factory.mktemp("jupyter")
    settings = base / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    env = dict(os.environ)
    env.update(JUPYTER_CONFIG_DIR=str(base / "config"), JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(base / "lab-settings"), JUPYTERLAB_WORKSPACES_DIR=str(base / "ws"))
    return env


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as profile, playwright.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=chromium, headless=True,
                                                        args=CHROMIUM_ARGS, viewport={"width": 1500, "height": 1100})
        yield context
        context.close()


def expected_puzzle():
    p = make_puzzle(PUZZLE["rows"], PUZZLE["cols"], PUZZLE["words"], seed=PUZZLE["seed"],
                    difficulty=PUZZLE["difficulty"])
    return p


def drive_widgets(page, name: str) -> None:
    """Step the tracer, check the frame and counters change; find a word in the puzzle."""
    status = page.locator("text=/frame 0 of 2352/").first
    status.wait_for(timeout=120_000)
    counters = page.locator("table.wordcover-counters").first
    before = counters.inner_text()
    page.screenshot(path=str(SHOTS / f"{name}-1-tracer-frame0.png"), full_page=True)
    page.locator("button:has-text('Step')").first.click()
    page.locator("text=/frame 1 of 2352: L0 cover ABEL/").first.wait_for(timeout=30_000)
    page.wait_for_function("(t) => document.querySelector('table.wordcover-counters').innerText !== t", arg=before,
                           timeout=30_000)
    assert counters.inner_text() != before
    page.screenshot(path=str(SHOTS / f"{name}-2-tracer-frame1.png"), full_page=True)

    puzzle = expected_puzzle()
    target = puzzle.placements[0]
    cells = page.locator(".widget-gridbox button")
    assert cells.count() == PUZZLE["rows"] * PUZZLE["cols"]
    (r0, c0), (r1, c1) = target.cells[0], target.cells[-1]
    assert cells.nth(r0 * PUZZLE["cols"] + c0).inner_text().strip() == target.word[0]
    cells.nth(r0 * PUZZLE["cols"] + c0).click()
    page.locator("text=/now click the last letter/").first.wait_for(timeout=30_000)
    cells.nth(r1 * PUZZLE["cols"] + c1).click()
    page.locator(f"text=/found {target.word}!/").first.wait_for(timeout=30_000)
    page.locator(f"s:has-text('{target.word}')").first.wait_for(timeout=30_000)
    page.locator(".widget-gridbox").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}-3-puzzle-found.png"), full_page=True)


def test_jupyterlab(browser, settings_env):
    port = free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
               f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with server(command, f"http://127.0.0.1:{port}/api/status?token={TOKEN}", settings_env):
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/lab/tree/{DEMO}?token={TOKEN}")
        page.locator("text=/Python 3 \\(ipykernel\\) \\| Idle/").first.wait_for(timeout=120_000)
        for label in ("Dismiss", "No"):  # any pop-up left, such as the news question
            button = page.locator(f".jp-Notification-Toast button:has-text('{label}')")
            if button.count():
                button.first.click()
        page.locator("div.lm-MenuBar-itemLabel:text-is('Run')").click()
        page.locator("li.lm-Menu-item:has-text('Run All Cells')").first.click()
        drive_widgets(page, "jupyterlab")
        page.close()


def test_voila(browser, settings_env):
    port = free_port()
    command = [sys.executable, "-m", "voila", DEMO, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               f"--token={TOKEN}"]
    with server(command, f"http://127.0.0.1:{port}/?token={TOKEN}", settings_env):
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/?token={TOKEN}", timeout=180_000)
        drive_widgets(page, "voila")
        text = page.inner_text("body")
        assert re.search(r"frame 128: L1 purify r0c3 = L", text)
        page.close()
