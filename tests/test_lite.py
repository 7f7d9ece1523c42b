"""The browser edition (notebooks/tools/lite.py): its pins, its own wheels, the folders it refuses, and the site built,
served on 127.0.0.1 and run in Chromium with every request that would leave the server refused and counted.

The site test builds from the cache alone first (``--offline``); only when the cache lacks something does it fetch
from npm and PyPI, and where neither works it is skipped, saying why. After one build with network access, it runs
offline. It prints the site's size and the time from opening the page to a ready kernel.
"""

from __future__ import annotations

import contextlib
import json
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import zipfile

import lite
import pytest

from wordcover import engines
from wordcover.errors import ExtraNeeded

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
# nothing leaves the machine, whoever asks (the page, the kernel's worker, the service worker, Chromium itself): every
# host name but 127.0.0.1 fails to resolve. What the site asks for is recorded by Playwright (the page and its workers).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def test_a_missing_extra_in_the_browser_names_no_pip_command(monkeypatch):
    here = str(ExtraNeeded("a picture", "notebooks", "matplotlib"))
    assert here == "a picture needs matplotlib: pip install 'wordcover[notebooks]'"
    monkeypatch.setattr(sys, "platform", "emscripten")  # what Pyodide reports
    there = str(ExtraNeeded("the fast engine", "fast", "numba"))
    assert there == "the fast engine needs numba: not available in the browser edition"
    assert "pip" not in there
    monkeypatch.setattr(engines, "installed", lambda name: False)  # no numba, as in the browser
    engine, notice = engines.best_engine()
    assert engine == "sticker" and notice is not None
    assert notice.endswith("the compiled one: not available in the browser edition") and "pip" not in notice


def test_every_wheel_is_pinned_with_its_hash():
    pins = lite.read_requirements()
    wanted = {lite.canonical(n) for n in [*lite.KERNEL, *lite.NOTEBOOKS, *lite.FRONT_END]}
    assert wanted <= set(pins)
    assert all(len(digest) == 64 for _version, digest in pins.values())
    assert pins["jupyterlite-pyodide-kernel"][0] == "0.8.6"  # the lite extra's pin: its front end and its wheels


def test_the_requirements_reader_refuses_a_line_without_a_hash(tmp_path):
    listing = tmp_path / "requirements.txt"
    listing.write_text("tqdm==4.67.3\n")
    with pytest.raises(SystemExit, match="want NAME==VERSION --hash=sha256:HEX"):
        lite.read_requirements(listing)


def test_own_wheels_carry_a_version_of_their_sources(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    wheels = lite.own_wheels(first)
    again = lite.own_wheels(second)
    assert [w.read_bytes() for w in wheels] == [w.read_bytes() for w in again]  # the same sources, the same bytes
    library, answers = wheels
    meta, names = lite.wheel_metadata(library)
    assert meta["Name"] == "wordcover" and "+lite." in meta["Version"]
    assert meta.get_all("Requires-Dist") == ["tqdm>=4.66"]
    with zipfile.ZipFile(library) as whl:
        init = whl.read("wordcover/__init__.py").decode()
        record = whl.read(f"wordcover-{meta['Version']}.dist-info/RECORD").decode().splitlines()
    assert f'__version__ = "{meta["Version"]}"' in init  # the library reports the build it is
    assert "wordcover/data/words/english/COPYRIGHT-SCOWL.txt" in names
    assert "wordcover/static/playback.js" in names
    assert len(record) == len(names)
    assert lite.top_level(names) == ["wordcover"]
    meta, names = lite.wheel_metadata(answers)
    assert meta["Name"] == "wordcover-solutions" and lite.top_level(names) == ["lessons", "solutions"]


def test_the_browser_markers_leave_out_what_pyodide_cannot_run():
    email = __import__("email.message").message.Message()
    for line in [
        "pexpect>4.3; sys_platform != 'win32' and sys_platform != 'emscripten'",
        "decorator",
        "x; extra == 'y'",
    ]:
        email["Requires-Dist"] = line
    assert lite.requirements_of(email, "3.14.2") == ["decorator"]


def test_it_replaces_only_a_site_it_built(tmp_path):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "todo.txt").write_text("mine")
    with pytest.raises(SystemExit, match="not a site this script built"):
        lite.check_out(mine, force=False)
    lite.check_out(mine, force=True)  # --force: the caller said so
    built = tmp_path / "site"
    built.mkdir()
    (built / lite.MARKER).write_text("{}")
    lite.check_out(built, force=False)
    for never in (lite.ROOT, lite.ROOT.parent, lite.HERE):
        with pytest.raises(SystemExit, match="holds more than a site"):
            lite.check_out(never, force=True)


def test_a_note_replaces_notebook_8_and_keeps_its_links():
    nb = lite.note_for("08_making_it_fast.ipynb", lite.LEFT_OUT["08_making_it_fast.ipynb"])
    assert nb.cells[0].source == nb.cells[-1].source  # the series' link lines
    assert "07_word_squares.ipynb" in nb.cells[0].source
    note = nb.cells[1].source
    assert note.startswith("# 8. Making it fast")
    assert "(pages/08_making_it_fast.html)" in note and "numba" in note


@pytest.mark.slow
def test_ctrl_c_while_it_builds_says_one_line_and_leaves_the_old_site(tmp_path):
    pytest.importorskip("jupyterlite_core", reason="the lite extra is not installed (pip install -e '.[lite]')")
    out = tmp_path / "site"
    out.mkdir()
    (out / lite.MARKER).write_text("{}")  # a site built before, to be replaced whole or not at all
    (out / "old.txt").write_text("the previous build")
    command = [sys.executable, str(lite.TOOLS / "lite.py"), "--out", str(out), "--offline"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=lite.ROOT)
    lines = []
    for line in proc.stdout:  # wait until jupyter lite build runs, the longest step
        lines.append(line)
        if "jupyter lite build" in line:
            proc.send_signal(signal.SIGINT)
            break
    else:
        proc.wait(timeout=60)
        pytest.skip(f"the cache cannot build the site offline: {proc.stderr.read().strip()}")
    _rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["lite: interrupted"]
    assert sorted(p.name for p in out.iterdir()) == sorted([lite.MARKER, "old.txt"])
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # its work folder is gone


# ---------------------------------------------------------------------------------------------------------------------
# the site in Chromium


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(folder):
    """``python -m http.server`` on 127.0.0.1, as the README says to serve the site."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-d", str(folder), "-b", "127.0.0.1", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise TimeoutError("http.server did not start")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


# the committed notebooks show their old prompts ([1]: ...): a cell has run again once its prompt went [*] and back
WATCH_PROMPT = """k => {
  const prompt = document.querySelectorAll('.jp-Notebook .jp-CodeCell')[k].querySelector('.jp-InputPrompt');
  let busy = false;
  window.wordcoverRan = false;
  new MutationObserver((changes, watcher) => {
    if (prompt.textContent.includes('*')) busy = true;
    else if (busy && /\\[\\d+\\]/.test(prompt.textContent)) { window.wordcoverRan = true; watcher.disconnect(); }
  }).observe(prompt, { childList: true, subtree: true, characterData: true });
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("jupyterlite_core", reason="the lite extra is not installed (pip install -e '.[lite]')")
    if shutil.which("npm") is None and not (lite.DEFAULT_CACHE / "npm").is_dir():
        pytest.skip("npm is missing and Pyodide's core is not in the cache")
    out = tmp_path_factory.mktemp("lite") / "site"
    try:
        measured = lite.build(out, offline=True)
    except lite.CannotFetch:  # the cache lacks something: fetch it, once
        try:
            measured = lite.build(out)
        except lite.CannotFetch as err:
            pytest.skip(f"the site cannot be built here: {err}")
    return out, measured


@pytest.mark.browser
@pytest.mark.slow
def test_the_site_runs_the_series_in_chromium_with_nothing_from_elsewhere(site, capsys):
    """A console draws a grid and counts; notebook 01's first cells run; the widgets demo's player steps."""
    playwright = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    folder, measured = site
    version = json.loads((folder / lite.MARKER).read_text())["versions"]["wordcover"]
    routed_away: list[str] = []  # refused by the route below
    asked: list[str] = []  # every request Playwright saw, the kernel's worker's included
    code = [
        "import wordcover, solutions; print(wordcover.__version__)",
        "from wordcover.views import grid_figure\ngrid_figure(['ABEL', 'XLAN', 'XXXD', 'XXXX'])",
        "from wordcover import WordSearch, count_solutions\n"
        "print(count_solutions(WordSearch(4, 4, ['ABEL', 'LAND'], 'orthogonal').problem))",
        "try:\n    import wordcover.fast\nexcept wordcover.ExtraNeeded as err:\n    print(err)",
        "%pip install numpy",  # not in the site, and PyPI is not asked
    ]
    with served(folder) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)

        def route(r):
            if r.request.url.startswith(base):
                r.continue_()
            else:
                routed_away.append(r.request.url)
                r.abort()

        def new_context(**options):
            context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
            context.route("**/*", route)
            context.on("request", lambda request: asked.append(request.url))
            return context

        # a fresh console, as a browser gives it over plain HTTP from another machine: no service worker, so the
        # kernel cannot read the site's folders, and solutions comes from its wheel. Each code= runs as a cell.
        page = new_context(service_workers="block").new_page()
        url = base + "repl/index.html?kernel=python&" + "&".join(f"code={urllib.parse.quote(c)}" for c in code)
        start = time.monotonic()
        page.goto(url)
        page.wait_for_selector(f".jp-OutputArea-output >> text={version}", timeout=240_000)
        ready = time.monotonic() - start
        page.wait_for_selector("text=not available in the browser edition", timeout=60_000)
        page.wait_for_selector("text=/PyPI fallback is disabled/", timeout=60_000)
        outputs = page.eval_on_selector_all(".jp-OutputArea-output", "els => els.map(e => e.innerHTML)")
        page.screenshot(path=str(folder.parent / "repl.png"))

        # the learner's copy: notebook 1 opened in JupyterLab (service worker and all, as on 127.0.0.1), its first
        # cells run one by one
        page = new_context().new_page()
        page.goto(base + "lab/index.html?path=01_find_words.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
        for k in range(3):  # one at a time: an error (the setup's %matplotlib, for now) cancels queued cells
            page.click(f".jp-Notebook .jp-CodeCell >> nth={k} >> .jp-InputPrompt")
            page.evaluate(WATCH_PROMPT, k)
            page.keyboard.press("Control+Enter")
            page.wait_for_function("() => window.wordcoverRan === true", timeout=120_000)
        grid = page.inner_text(".jp-Notebook .jp-CodeCell >> nth=1 >> .jp-OutputArea-output")

        # the widgets demo, every cell: its player steps in the browser
        page = new_context().new_page()  # a context of its own: JupyterLab would reopen notebook 01 beside it
        page.goto(base + "lab/index.html?path=widgets_demo.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        page.click("text=Run >> nth=0")
        page.click("text=Run All Cells")
        page.wait_for_timeout(3000)
        page.wait_for_function(
            "() => !document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=busy]')"
            " && document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=idle]')",
            timeout=240_000,
        )
        # JupyterLab leaves the last cell in view and lays out only the cells near it: back to the player's
        page.evaluate("() => { document.querySelector('.jp-WindowedPanel-outer').scrollTop = 600; }")
        step = page.locator("button:has-text('Step')").first
        step.wait_for(timeout=30_000)
        frame = page.locator("text=/^frame \\d+ of/").first
        first = frame.inner_text()
        step.click()
        page.wait_for_function(
            "first => [...document.querySelectorAll('pre, div')].some(e => /^frame [1-9]/.test(e.textContent)"
            " && e.textContent !== first)",
            arg=first,
            timeout=30_000,
        )
        stepped = frame.inner_text()
        page.screenshot(path=str(folder.parent / "player.png"))
        page.screenshot(path=str(folder.parent / "notebook.png"))
        browser.close()
    outside = [url for url in asked if not url.startswith((base, "data:", "blob:"))]
    assert routed_away == [] and outside == [], (routed_away, sorted(set(outside)))
    assert any(url.endswith(".whl") for url in asked)  # the kernel's worker is seen too: its wheels are among them
    assert f"<pre>{version}\n</pre>" in outputs  # wordcover and solutions imported
    assert any(o.startswith('<img src="data:image/svg+xml') for o in outputs)  # the grid, drawn as SVG
    assert "<pre>112\n</pre>" in outputs  # ABEL and LAND in 4 x 4, as on CPython
    assert grid.splitlines()[1:] == ["0: C A N T O R", "1: G A U S S X", "2: E U L E R X", "3: A B E L X X",
                                     "4: A N N A X X", "5: X L E B A X"]  # fmt: skip
    assert first.startswith("frame 0 of ") and stepped.startswith("frame ") and stepped != first
    with capsys.disabled():
        print(
            f"\nbrowser edition: {measured['files']} files, {measured['bytes'] / 1e6:.1f} MB, built in "
            f"{measured['seconds']:.1f} s; kernel ready and the first cell run {ready:.1f} s after the page opened"
        )


def test_the_browser_copy_asks_matplotlib_for_nothing():
    """The notebooks ask for matplotlib's PNGs (%matplotlib inline) in their setup cell; the browser edition's copy
    drops the line, and no other line of a notebook it runs imports matplotlib."""
    for path in sorted(lite.HERE.glob("[0-9]*.ipynb")):
        if path.name in lite.LEFT_OUT:
            continue
        sources = [c["source"] for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        sources = ["".join(s) if isinstance(s, list) else s for s in sources]
        browser = [lite.INLINE.sub(lite.BROWSER_PICTURES, s) for s in sources]
        assert not any("matplotlib" in line for s in browser for line in s.splitlines() if not line.startswith("#"))


# every cell of the open notebook as the browser's JupyterLab holds it: type, prompt, and each output's mime types
# (an error as 'error: name: value'); JupyterLab draws only the cells near the view, so the model is read, not the page
NOTEBOOK_OUTPUTS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const found = [];
  for (let k = 0; k < cells.length; k++) {
    const cell = cells.get(k);
    if (cell.type !== 'code') continue;
    const outputs = cell.outputs.toJSON().map(o => o.output_type === 'error'
      ? `error: ${o.ename}: ${o.evalue}` : Object.keys(o.data || {}).concat(o.name ? [o.name] : []).join(' '));
    found.push({ count: cell.executionCount, outputs });
  }
  return found;
}"""


def committed_pictures(path: pathlib.Path) -> int:
    """How many pictures the committed notebook shows (its outputs with an image)."""
    nb = json.loads(path.read_text())
    return sum(
        1
        for cell in nb["cells"]
        for output in cell.get("outputs", [])
        if any(key.startswith("image/") for key in output.get("data", {}))
    )


@pytest.mark.browser
@pytest.mark.slow
def test_every_notebook_but_08_runs_every_cell_with_its_pictures_in_the_browser(site, capsys):
    """Each notebook of the browser edition, Run All in Chromium: every code cell runs, none ends in an error, and it
    draws as many pictures (as SVG) as the committed notebook shows (as PNG); nothing is asked of another server."""
    playwright = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    folder, _ = site
    names = sorted(p.name for p in lite.HERE.glob("[0-9]*.ipynb") if p.name not in lite.LEFT_OUT)
    asked: list[str] = []
    ran: dict[str, tuple[list[dict], float]] = {}
    with served(folder) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for name in names:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            context.on("request", lambda request: asked.append(request.url))
            page = context.new_page()
            page.goto(base + f"lab/index.html?path={name}")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=240_000)
            start = time.monotonic()
            page.wait_for_timeout(3000)  # as a learner would: the notebook in front, then Run > Run All Cells
            page.click(".lm-MenuBar-itemLabel:text-is('Run')")
            page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
            page.wait_for_function(
                NOTEBOOK_OUTPUTS.replace(  # every cell ran, or one failed (JupyterLab runs none after it)
                    "return found;",
                    "return found.every(c => c.count !== null)"
                    " || found.some(c => c.outputs.some(o => o.startsWith('error:')));",
                ),
                timeout=900_000,
                polling=1000,
            )
            cells = page.evaluate(NOTEBOOK_OUTPUTS)
            if all(cell["count"] is not None for cell in cells):  # after an error the queued cells stay queued
                page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
            ran[name] = (page.evaluate(NOTEBOOK_OUTPUTS), time.monotonic() - start)
            page.screenshot(path=str(folder.parent / f"{name}.png"))
            context.close()
        browser.close()
    outside = [url for url in asked if not url.startswith((base, "data:", "blob:"))]
    assert outside == [], sorted(set(outside))
    for name, (cells, _) in ran.items():
        errors = [o for cell in cells for o in cell["outputs"] if o.startswith("error:")]
        assert errors == [], (name, errors)
        pictures = sum(1 for cell in cells for o in cell["outputs"] if "image/svg+xml" in o.split())
        assert pictures == committed_pictures(lite.HERE / name), name
    with capsys.disabled():
        print("\nbrowser edition, Run All:", ", ".join(f"{n[:3].rstrip('_')} {s:.0f} s" for n, (_, s) in ran.items()))
