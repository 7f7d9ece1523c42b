"""How fast the browser player steps and plays, to the painted frame, in Debian's Chromium (headless, Playwright).

    python benchmarks/bench_player.py [--steps 300] [--seconds 3] [--repeat 3]

Two players, each written as a static page and opened from ``file://``:

* the naive ABEL LAND search alone (every hide and unhide recorded), and
* the 5 x 5 word search of the anagrams HEART, EARTH and HATER in all eight directions, the naive search beside
  the sticker search (8,140 and 28,956 frames, the size a real lecture example reaches).

Measured inside the page:

* Step: from the click on Step to the moment after the next frame is painted (a requestAnimationFrame
  callback, then a task queued from it, which runs once that frame has been drawn), over ``--steps`` steps at
  the finest granularity; the click handler alone is printed beside it;
* Play: painted frames per second at the fastest speed over ``--seconds`` seconds, counting a frame only when
  the player's frame changed since the last painted one (an animation frame with nothing new is not a frame).

It prints the medians beside the targets (step under 30 ms, play at least 30 painted frames per second).
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import statistics
import sys
import tempfile

from wordcover.widgets import Tracer
from wordcover.word_search import WordSearch

STEP_TARGET_MS = 30.0
FPS_TARGET = 30.0

MEASURE_STEPS = """async (steps) => {
  const button = document.querySelector('[data-action=step]');
  document.querySelector('select[aria-label=granularity]').value = 'fine';
  document.querySelector('select[aria-label=granularity]').dispatchEvent(new Event('change'));
  const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  await painted();
  const handler = [], shown = [];
  for (let k = 0; k < steps; k++) {
    const t0 = performance.now();
    button.click();
    const t1 = performance.now();
    await painted();  // the frame with the new state has been drawn
    shown.push(performance.now() - t0);
    handler.push(t1 - t0);
  }
  return {handler, shown};
}"""

MEASURE_PLAY = """async (seconds) => {
  const root = document.querySelector('[data-wordcover-player]');
  const speed = document.querySelector('select[aria-label=speed]');
  speed.value = '60';
  speed.dispatchEvent(new Event('change'));
  document.querySelector('[data-action=step]').click();  // leave frame 0
  let last = root.dataset.frame, painted = 0, running = true;
  const watch = () => {  // once per animation frame: was a new player frame drawn since the last one?
    if (!running) return;
    if (root.dataset.frame !== last) { painted++; last = root.dataset.frame; }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const t0 = performance.now();
  document.querySelector('[data-action=play]').click();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  running = false;
  const elapsed = (performance.now() - t0) / 1000;
  document.querySelector('[data-action=play]').click();
  return painted / elapsed;
}"""


def players() -> list[tuple[str, Tracer]]:
    abel_land = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    anagrams = WordSearch(5, 5, ["HEART", "EARTH", "HATER"], "all")
    return [
        ("naive ABEL LAND, alone", Tracer(abel_land.problem, "naive")),
        ("HEART EARTH HATER 5x5, naive beside sticker", Tracer(anagrams.problem, "naive", compare="sticker")),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("bench_player.py needs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    print(f"Chromium headless, static pages from file://, 1440 x 900; {args.repeat} rounds")
    print(f"{'player':<46}{'frames':>16}{'page KB':>9}{'step ms':>9}{'handler':>9}{'play fps':>10}")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--headless"])
        for name, tracer in players():
            page_file = pathlib.Path(folder) / "player.html"
            tracer.save_html(page_file)
            handler: list[float] = []
            shown: list[float] = []
            rates: list[float] = []
            for _ in range(args.repeat):
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.goto(page_file.as_uri())
                page.wait_for_selector("[data-wordcover-player]")
                steps = page.evaluate(MEASURE_STEPS, args.steps)
                handler += steps["handler"]
                shown += steps["shown"]
                page.reload()
                page.wait_for_selector("[data-wordcover-player]")
                rates.append(page.evaluate(MEASURE_PLAY, args.seconds))
                page.close()
            frames = " + ".join(f"{t.frames:,}" for t in tracer.traces)
            size = page_file.stat().st_size // 1024
            print(
                f"{name:<46}{frames:>16}{size:>9,}{statistics.median(shown):>9.1f}{statistics.median(handler):>9.1f}"
                f"{statistics.median(rates):>10.1f}"
            )
        browser.close()
    print(f"targets: step under {STEP_TARGET_MS:.0f} ms to the painted frame, play at least {FPS_TARGET:.0f} frames/s")
    print("(medians; step ms is click to painted frame, handler the click handler alone)")


if __name__ == "__main__":
    main()
