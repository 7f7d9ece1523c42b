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
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
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
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed when the server stops)
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
    env.update(
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(base / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "ws"),
    )
    return env


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as profile, playwright.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1500, "height": 1100},
        )
        yield context
        context.close()


def expected_puzzle():
    return make_puzzle(
        PUZZLE["rows"], PUZZLE["cols"], PUZZLE["words"], seed=PUZZLE["seed"], difficulty=PUZZLE["difficulty"]
    )


def check_tracer(page, shot: str, button: str, before: str, after: str, watch: str = "counters") -> None:
    """Press Step or Back; the frame line must change, and so must the counter table (or the pictures)."""
    page.locator(f"text=/{before}/").first.wait_for(timeout=120_000)
    if watch == "counters":
        counters = page.locator("table.wordcover-counters:visible").first
        read = counters.inner_text
    else:  # the frame pictures, when the counters stay the same from one frame to the next
        images = page.locator("img.widget-image:visible")
        read = lambda: "".join(images.nth(k).get_attribute("src") or "" for k in range(images.count()))  # noqa: E731
    old = read()
    page.locator(".widget-button", has_text=button).first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{shot}-a.png"))
    page.locator(".widget-button", has_text=button).first.click()
    page.locator(f"text=/{after}/").first.wait_for(timeout=30_000)
    deadline = time.monotonic() + 30
    while read() == old and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert read() != old, f"the {watch} did not change"
    page.screenshot(path=str(SHOTS / f"{shot}-b.png"))


def check_puzzle(page, shot: str) -> None:
    """Click the first and the last letter of a word; it must be marked found."""
    target = expected_puzzle().placements[0]
    cells = page.locator(".widget-gridbox button")
    cells.first.wait_for(timeout=120_000)
    assert cells.count() == PUZZLE["rows"] * PUZZLE["cols"]
    (r0, c0), (r1, c1) = target.cells[0], target.cells[-1]
    assert cells.nth(r0 * PUZZLE["cols"] + c0).inner_text().strip() == target.word[0]
    cells.nth(r0 * PUZZLE["cols"] + c0).click()
    page.locator("text=/now click the last letter/").first.wait_for(timeout=30_000)
    cells.nth(r1 * PUZZLE["cols"] + c1).click()
    page.locator(f"text=/found {target.word}!/").first.wait_for(timeout=30_000)
    page.locator(f"s:has-text('{target.word}')").first.wait_for(timeout=30_000)
    page.locator(".widget-gridbox").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{shot}.png"))


def run_in_lab(page, port: int, notebook: str) -> None:
    """Open a notebook in JupyterLab, wait for the kernel, then Run All Cells."""
    page.goto(f"http://127.0.0.1:{port}/lab/tree/notebooks/{notebook}?reset&token={TOKEN}")  # reset: no old tabs
    page.locator("text=/Python 3 \\(ipykernel\\) \\| Idle/").first.wait_for(timeout=120_000)
    for label in ("Dismiss", "No"):  # any pop-up left, such as the news question
        button = page.locator(f".jp-Notification-Toast button:has-text('{label}')")
        if button.count():
            button.first.click()
    page.locator("div.lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator("li.lm-Menu-item:has-text('Run All Cells')").first.click()


def test_jupyterlab(browser, settings_env):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={ROOT}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with server(command, f"http://127.0.0.1:{port}/api/status?token={TOKEN}", settings_env):
        page = browser.new_page()
        run_in_lab(page, port, "05_double_purify.ipynb")
        check_tracer(
            page,
            "lab-05-tracer",
            "Back",
            "naive</b> frame 128 of 2352|naive frame 128 of 2352",
            "frame 127 of 2352: L1 try",
        )
        page.close()
        page = browser.new_page()
        run_in_lab(page, port, "06_sticker_fix.ipynb")
        check_tracer(
            page,
            "lab-06-side-by-side",
            "Step",
            "sticker frame 128 of 2434",
            "sticker frame 129 of 2434: L1 purify r1c3",
            watch="pictures",
        )
        page.close()
        page = browser.new_page()
        run_in_lab(page, port, "01_find_words.ipynb")
        check_puzzle(page, "lab-01-puzzle-found")
        page.close()


def test_voila(browser, settings_env):
    for notebook, check in (("05_double_purify.ipynb", "tracer"), ("01_find_words.ipynb", "puzzle")):
        port = free_port()
        command = [
            sys.executable,
            "-m",
            "voila",
            f"notebooks/{notebook}",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            f"--token={TOKEN}",
        ]
        with server(command, f"http://127.0.0.1:{port}/?token={TOKEN}", settings_env):
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/?token={TOKEN}", timeout=180_000)
            if check == "tracer":
                check_tracer(page, "voila-05-tracer", "Back", "naive frame 128 of 2352", "frame 127 of 2352: L1 try")
                assert "first double purify: frame 128 - L1 purify r0c3 = L" in page.inner_text("body")
            else:
                check_puzzle(page, "voila-01-puzzle-found")
            page.close()
