"""How fast the browser player loads, steps and plays, to the painted frame, in Debian's Chromium (headless).

    python benchmarks/bench_player.py [--steps 300] [--seconds 3] [--repeat 3]

Two players, each written as a static page and opened from ``file://``:

* the naive ABEL LAND search alone (every hide and unhide recorded), and
* the 5 x 5 word search of the anagrams HEART, EARTH and HATER in all eight directions, the naive search beside
  the sticker search on one timeline (8,140 and 28,956 frames, the size a real lecture example reaches).

Measured inside the page, each time to the painted frame (a requestAnimationFrame callback, then a task queued
from it, which runs once that frame has been drawn):

* load: from the start of navigation to the first frame painted with the player in it;
* click: from a click on Step to the painted frame, at the finest granularity, from ``--steps`` places spread
  evenly over the whole recording (each reached first with the slider, not timed);
* key: the same with the right arrow key sent to the player;
* Play: painted frames per second at the fastest speed over ``--seconds`` seconds from the middle of the
  recording, counting a frame only when the player's step changed since the last painted one.

It prints the median and the 95th percentile beside the targets (click and key at most 25 ms median and 50 ms
p95, Play at least 30 painted frames per second).
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

MEDIAN_TARGET_MS = 25.0
P95_TARGET_MS = 50.0
FPS_TARGET = 30.0

FIRST_PAINT = """(() => {
  const seen = () => {
    if (window.__firstPaint !== undefined || !document.querySelector('[data-wordcover-player]')) return false;
    window.__firstPaint = null;
    requestAnimationFrame(() => setTimeout(() => (window.__firstPaint = performance.now()), 0));
    return true;
  };
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();"""

MEASURE_STEPS = """async (steps) => {
  const wrapper = document.querySelector('.wc-player');
  const button = document.querySelector('[data-action=step]');
  const slider = document.querySelector('input.wc-slider');
  const grain = document.querySelector('select[aria-label=granularity]');
  grain.value = 'fine';
  grain.dispatchEvent(new Event('change'));
  const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const last = Number(slider.max);
  const click = [], key = [];
  for (let k = 0; k < steps; k++) {
    for (const [how, out] of [['click', click], ['key', key]]) {
      slider.value = String(Math.floor((k * (last - 1)) / Math.max(1, steps - 1)));
      slider.dispatchEvent(new Event('input'));
      await painted();
      const t0 = performance.now();
      if (how === 'click') button.click();
      else wrapper.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await painted();  // the frame with the new state has been drawn
      out.push(performance.now() - t0);
    }
  }
  return {click, key};
}"""

MEASURE_PLAY = """async (seconds) => {
  const root = document.querySelector('[data-wordcover-player]');
  const speed = document.querySelector('select[aria-label=speed]');
  speed.value = '60';
  speed.dispatchEvent(new Event('change'));
  const slider = document.querySelector('input.wc-slider');
  slider.value = String(Math.floor(Number(slider.max) / 2));  // from the middle of the recording
  slider.dispatchEvent(new Event('input'));
  const wrapper = document.querySelector('.wc-player');
  const at = () => wrapper.dataset.step || root.dataset.frame;
  let last = at(), painted = 0, running = true;
  const watch = () => {  // once per animation frame: was a new step drawn since the last one?
    if (!running) return;
    if (at() !== last) { painted++; last = at(); }
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


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300, help="places spread over the recording (default 300)")
    parser.add_argument("--seconds", type=float, default=3.0, help="how long Play runs in each round (default 3)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds, each in a fresh page (default 3)")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("bench_player.py needs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    print(f"Chromium headless, static pages from file://, 1440 x 900; {args.repeat} rounds, {args.steps} places each")
    print(
        f"{'player':<44}{'frames':>16}{'page KB':>9}{'load ms':>9}"
        f"{'click med':>10}{'p95':>7}{'key med':>9}{'p95':>7}{'play fps':>10}"
    )
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--headless"])
        for name, tracer in players():
            page_file = pathlib.Path(folder) / "player.html"
            tracer.save_html(page_file)
            loads: list[float] = []
            click: list[float] = []
            key: list[float] = []
            rates: list[float] = []
            for _ in range(args.repeat):
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.add_init_script(FIRST_PAINT)
                page.goto(page_file.as_uri())
                page.wait_for_function("typeof window.__firstPaint === 'number'")
                loads.append(page.evaluate("window.__firstPaint"))
                steps = page.evaluate(MEASURE_STEPS, args.steps)
                click += steps["click"]
                key += steps["key"]
                page.reload()
                page.wait_for_selector("[data-wordcover-player]")
                rates.append(page.evaluate(MEASURE_PLAY, args.seconds))
                page.close()
            frames = " + ".join(f"{t.frames:,}" for t in tracer.traces)
            size = page_file.stat().st_size // 1024
            med = statistics.median
            print(
                f"{name:<44}{frames:>16}{size:>9,}{med(loads):>9.0f}{med(click):>10.1f}{p95(click):>7.1f}"
                f"{med(key):>9.1f}{p95(key):>7.1f}{med(rates):>10.1f}"
            )
        browser.close()
    print(
        f"targets: click and key at most {MEDIAN_TARGET_MS:.0f} ms median and {P95_TARGET_MS:.0f} ms p95 to the painted"
        f" frame; Play at least {FPS_TARGET:.0f} painted frames/s"
    )


if __name__ == "__main__":
    main()
