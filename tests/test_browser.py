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
from wordcover.playback import record_writes
from wordcover.word_search import WordSearch

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
ABEL_LAND = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")  # the demo's player: naive beside sticker
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


def drifting(page, engine: str) -> list[str]:
    """The items whose counter shows LEN differing from the nodes really linked, in one engine's panel."""
    return page.eval_on_selector_all(
        f"[data-wordcover-player][data-engine={engine}] [data-item]",
        "els => els.filter(e => e.dataset.len !== e.dataset.real).map(e => e.dataset.item)",
    )


def frame_of(page, engine: str = "naive") -> int:
    return int(page.get_attribute(f"[data-wordcover-player][data-engine={engine}]", "data-frame"))


def wait_frame(page, test, engine: str = "naive", seconds: float = 30) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        f = frame_of(page, engine)
        if test(f):
            return f
        page.wait_for_timeout(100)
    raise AssertionError(f"the {engine} panel stayed at frame {frame_of(page, engine)}")


def check_player(page, shot: str) -> None:
    """Step; jump to the first double purify (LEN drifts in the naive panel only); go back (they agree)."""
    trace = record_writes(ABEL_LAND.problem, "naive")
    # stopping at search steps (the default), the jump lands on the stop that shows the purify done, its hide too
    double, drift = trace.jump("next-double-purify", 1, False), trace.marks["drift"]
    assert trace.head(double) == trace.marks["double-purify"][0] < drift <= double
    root = page.locator("[data-wordcover-player][data-engine=naive]").first
    root.wait_for(timeout=120_000)
    assert root.get_attribute("data-frames") == str(trace.frames)
    start = frame_of(page)
    page.locator("[data-action=step]").first.click()
    wait_frame(page, lambda f: f > start)
    page.locator("[data-action=next-double-purify]").first.click()
    assert wait_frame(page, lambda f: f == double) == double
    assert drifting(page, "naive") == ["LAND", "r1c3", "r2c3", "r3c3"]
    assert drifting(page, "sticker") == []
    root.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{shot}-double-purify.png"))
    page.locator("[data-action=back]").first.click()  # search steps only: past the hide, to before the drift
    assert wait_frame(page, lambda f: f < double) < drift
    assert drifting(page, "naive") == []
    page.screenshot(path=str(SHOTS / f"{shot}-back.png"))


def check_puzzle(page, shot: str) -> None:
    """Click the first and the last letter of a word; it must be marked found."""
    target = expected_puzzle().placements[0]
    cells = page.locator(".widget-gridbox button")
    cells.first.wait_for(timeout=120_000)
    assert cells.count() == PUZZLE["rows"] * PUZZLE["cols"]
    # the buttons may be drawn before their letters arrive from the kernel (a busy machine): wait for the letter
    page.locator(".widget-gridbox").first.scroll_into_view_if_needed()
    (r0, c0), (r1, c1) = target.cells[0], target.cells[-1]
    first = cells.nth(r0 * PUZZLE["cols"] + c0)
    for _ in range(60):
        if first.inner_text().strip():
            break
        page.wait_for_timeout(500)
    assert first.inner_text().strip() == target.word[0]
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
        run_in_lab(page, port, "widgets_demo.ipynb")
        check_player(page, "lab-demo-player")
        page.close()
        page = browser.new_page()
        run_in_lab(page, port, "01_find_words.ipynb")
        check_puzzle(page, "lab-01-puzzle-found")
        page.close()


def test_voila(browser, settings_env):
    for notebook, check in (("widgets_demo.ipynb", "player"), ("01_find_words.ipynb", "puzzle")):
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
            if check == "player":
                check_player(page, "voila-demo-player")
            else:
                check_puzzle(page, "voila-01-puzzle-found")
            page.close()


def test_static_export(browser, tmp_path):
    """The exported page plays with every request but file: and data: blocked."""
    out = tmp_path / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "notebooks" / "tools" / "export.py"), "--out", str(out), "widgets_demo"], check=True
    )
    page = browser.new_page()
    asked: list[str] = []

    def only_files(route):
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", only_files)
    page.goto((out / "widgets_demo.html").as_uri())
    check_player(page, "static-demo-player")
    # a projector: 1280 x 720 at 150% is a 853 x 480 CSS-pixel viewport; the controls must stay usable
    page.set_viewport_size({"width": 853, "height": 480})
    page.locator("[data-action=next-double-purify]").first.scroll_into_view_if_needed()
    box = page.locator("[data-action=next-double-purify]").first.bounding_box()
    assert box is not None and box["width"] > 60 and box["height"] >= 20
    page.screenshot(path=str(SHOTS / "static-demo-player-853x480.png"))
    assert asked == []
    page.close()


def test_a_cut_trace_says_so_on_the_page(browser, tmp_path):
    """data-complete on each player root, a banner on the cut one, and its partner's note where it ran out."""
    from wordcover.widgets import Tracer

    page_path = tmp_path / "cut.html"
    # the sticker search takes 2,243 events and the naive one 2,376: 2,300 cuts the naive one only
    Tracer(ABEL_LAND.problem, "sticker", compare="naive", max_events=2300).save_html(page_path)
    page = browser.new_page()
    asked: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:")) else (
        asked.append(route.request.url), route.abort()))  # fmt: skip
    page.goto(page_path.as_uri())
    page.wait_for_selector("[data-wordcover-player]")
    roots = page.locator("[data-wordcover-player]")
    assert [roots.nth(k).get_attribute("data-complete") for k in range(roots.count())] == ["true", "false"]
    banners = page.locator(".wc-banner:not(:empty)")  # the complete panel keeps an empty one, for its rows' line
    assert banners.count() == 1 and banners.first.is_visible()
    rows = [roots.nth(k).locator(".wc-event").bounding_box()["y"] for k in range(2)]
    assert rows[0] == rows[1]  # the banner does not push the cut panel's rows below the other's
    assert banners.first.inner_text().startswith("stopped after 2,300 events")
    assert "solutions past here are not shown" in banners.first.inner_text()
    slider = page.locator("input.wc-slider").first
    slider.fill(str(slider.get_attribute("max")))
    note = roots.nth(1).locator(".wc-note").inner_text()
    assert "the naive recording was cut at its event limit: it has no more events to show" in note
    last = int(roots.nth(1).get_attribute("data-frames")) - 1
    assert int(roots.nth(1).get_attribute("data-frame")) == last  # the cut recording shows its last frame
    slider.fill("1500")  # well before the cut: the naive panel says nothing of it
    assert "cut" not in roots.nth(1).locator(".wc-note").inner_text()
    page.screenshot(path=str(SHOTS / "static-cut-trace.png"))
    assert asked == []
    page.close()


def test_the_player_holds_on_a_projector(browser, tmp_path):
    """Controls stay on screen when the page scrolls; side by side stays side by side at 1280 x 720 and 150%."""
    from wordcover import examples
    from wordcover.widgets import Tracer

    side = tmp_path / "side.html"
    tracer = Tracer(ABEL_LAND.problem, "naive", compare="sticker", ws=ABEL_LAND)
    tracer.goto("next-double-purify")
    tracer.save_html(side)
    for width, height in ((1440, 900), (853, 480)):  # 853 x 480 CSS pixels: 1280 x 720 at 150%
        page = browser.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(side.as_uri())
        page.wait_for_selector("[data-wordcover-player]")
        roots = page.locator("[data-wordcover-player]")
        left, right = roots.nth(0).bounding_box(), roots.nth(1).bounding_box()
        assert left["y"] == right["y"] and left["x"] + left["width"] <= right["x"]  # one row, not stacked
        assert right["x"] + right["width"] <= width  # both counter panels on screen together
        for k in range(2):  # each matrix fits its panel or scrolls inside it, never past it
            main = roots.nth(k).locator(".wc-main").bounding_box()
            assert (
                main["x"] + main["width"] <= roots.nth(k).bounding_box()["x"] + roots.nth(k).bounding_box()["width"] + 1
            )
        page.mouse.wheel(0, 1500)  # 1,500 px, or to the bottom of the page where it is shorter
        bottom = "document.scrollingElement.scrollHeight - window.innerHeight"
        page.wait_for_function(f"window.scrollY >= Math.min(1500, {bottom}) - 2 && window.scrollY > 400")
        step = page.locator("[data-action=step]").first.bounding_box()
        assert step["y"] >= 0 and step["y"] + step["height"] <= height  # the Step button is still in view
        page.screenshot(path=str(SHOTS / f"static-side-by-side-{width}x{height}-scrolled.png"))
        page.close()
    plain = tmp_path / "x.html"
    Tracer(examples.load("knuth_exact_cover").problem, "x").save_html(plain)
    page = browser.new_page()
    page.goto(plain.as_uri())
    page.wait_for_selector("[data-wordcover-player]")
    assert page.locator("[data-action=next-purify]").is_hidden()
    assert page.locator("[data-action=next-double-purify]").is_hidden()
    legend = page.locator(".wc-legend").inner_text()
    assert "sticker" not in legend and "purified" not in legend
    assert "colour" not in page.locator("svg.wc-matrix").text_content()
    page.close()


def test_the_item_list_is_drawn_and_its_relink_by_cover_shown(browser, tmp_path):
    """The list of items still to cover is drawn as links; a step onto a cover draws the LLINK/RLINK it wrote."""
    from wordcover import examples
    from wordcover.playback import record_writes
    from wordcover.widgets import Tracer

    problem = examples.load("knuth_exact_cover").problem
    page_path = tmp_path / "x.html"
    Tracer(problem, "x").save_html(page_path)
    trace = record_writes(problem, "x")
    page = browser.new_page()
    page.goto(page_path.as_uri())
    page.wait_for_selector("[data-wordcover-player]")
    assert page.locator("path.wc-itemlist").count() == 2  # the primary items from the root, the secondary ones
    seen = {"cover": 0, "uncover": 0}
    previous = 0
    for _ in range(40):
        page.click("[data-action=step]")
        frame = int(page.locator("[data-wordcover-player]").get_attribute("data-frame"))
        drawn = page.locator('path[data-write^="RLINK"], path[data-write^="LLINK"]').count()
        step = trace.kind_at(trace.head(frame))  # a stop shows its step with all it did: a cover and its hides
        changed = [k for k in ("LLINK", "RLINK") if trace.arrays_at(frame)[k] != trace.arrays_at(previous)[k]]
        assert bool(changed) == (step in seen), (frame, step)
        assert (drawn > 0) == (step in seen), (frame, step, drawn)
        if step in seen:
            seen[step] += 1
        previous = frame
        if frame == trace.frames - 1:
            break
    assert seen["cover"] >= 1 and seen["uncover"] >= 1, seen
    page.close()


def test_the_player_takes_keys_and_speaks(browser, tmp_path):
    """Focus on load, keys for every jump, one live region, the slider's text, Play's pressed state, the LEN table."""
    from wordcover.analysis import align
    from wordcover.widgets import Tracer

    page_path = tmp_path / "side.html"
    tracer = Tracer(ABEL_LAND.problem, "naive", compare="sticker", ws=ABEL_LAND)
    tracer.save_html(page_path)
    naive, sticker = tracer.traces
    timeline = align(naive, sticker)
    page = browser.new_page()
    page.goto(page_path.as_uri())
    page.wait_for_selector("[data-wordcover-player]")
    assert page.evaluate("document.activeElement.classList.contains('wc-player')")  # the keys work at once
    step = lambda: int(page.get_attribute(".wc-player", "data-step"))  # noqa: E731
    page.keyboard.press("ArrowRight")
    assert step() > 0
    page.keyboard.press("End")
    assert step() == len(timeline) - 1
    page.keyboard.press("Home")
    assert step() == 0
    page.keyboard.press("m")  # the first solution only the sticker finds
    assert step() == min(timeline.missed)
    assert "the naive search never finds it" in page.locator("[data-engine=sticker] .wc-note").inner_text()
    page.keyboard.press("Home")
    page.keyboard.press("x")  # at search steps, the stop that shows the first stranding done
    first = naive.analysis.strandings[0]
    assert timeline.lead[step()] == naive.jump("next-stranded", 0, False) >= first.frame
    text = page.get_attribute("input.wc-slider", "aria-valuetext")
    assert text.startswith(f"step {step():,} of {len(timeline) - 1:,}: naive: frame ")
    assert f"node {first.node} of option {first.option} is off its list" in text
    assert page.locator("[aria-live]").count() == 1
    assert page.locator("[aria-live]").inner_text().startswith("naive: frame ")
    assert page.locator("[data-wordcover-player][data-engine=naive] [data-state='stranded']").count() >= 1
    play = page.locator("[data-action=play]")
    assert play.get_attribute("aria-pressed") == "false"
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "true"
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "false"
    rows = page.eval_on_selector_all(
        "[data-engine=naive] .wc-table tbody tr", "rs => rs.map(r => [...r.children].map(c => c.textContent))"
    )
    counters = page.eval_on_selector_all(
        "[data-engine=naive] [data-item]", "gs => gs.map(g => [g.dataset.item, g.dataset.len, g.dataset.real])"
    )
    assert rows == counters  # the table says what the matrix draws
    page.close()
