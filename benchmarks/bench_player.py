"""How fast the browser player steps and plays, measured in Debian's Chromium (headless, through Playwright).

    python benchmarks/bench_player.py [--steps 300] [--seconds 3] [--repeat 3]

Writes the naive ABEL LAND player (every hide and unhide recorded) as a static page, opens it from
``file://`` and measures, inside the page:

* Step latency: from the click on Step to the next animation frame after the new frame is drawn
  (and, beside it, the click handler alone), over ``--steps`` steps at the finest granularity;
* Play: the frames per second that Play sustains at its fastest speed, over ``--seconds`` seconds.

It prints the medians beside the targets (step under 30 ms, play at least 30 frames per second).
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
  const handler = [], painted = [];
  for (let k = 0; k < steps; k++) {
    const t0 = performance.now();
    button.click();
    const t1 = performance.now();
    await new Promise(requestAnimationFrame);
    painted.push(performance.now() - t0);
    handler.push(t1 - t0);
  }
  return {handler, painted};
}"""

MEASURE_PLAY = """async (seconds) => {
  const root = document.querySelector('[data-wordcover-player]');
  const speed = document.querySelector('select[aria-label=speed]');
  speed.value = '60';
  speed.dispatchEvent(new Event('change'));
  document.querySelector('[data-action=step]').click();  // leave frame 0
  const start = Number(root.dataset.frame);
  const t0 = performance.now();
  document.querySelector('[data-action=play]').click();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const frames = Number(root.dataset.frame) - start;
  const elapsed = (performance.now() - t0) / 1000;
  document.querySelector('[data-action=play]').click();
  return frames / elapsed;
}"""


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

    abel_land = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
    tracer = Tracer(abel_land.problem, "naive")
    handler: list[float] = []
    painted: list[float] = []
    rates: list[float] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        page_file = pathlib.Path(folder) / "player.html"
        tracer.save_html(page_file)
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--headless"])
        for _ in range(args.repeat):
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(page_file.as_uri())
            page.wait_for_selector("[data-wordcover-player]")
            steps = page.evaluate(MEASURE_STEPS, args.steps)
            handler += steps["handler"]
            painted += steps["painted"]
            page.reload()
            page.wait_for_selector("[data-wordcover-player]")
            rates.append(page.evaluate(MEASURE_PLAY, args.seconds))
            page.close()
        browser.close()
    print(f"naive ABEL LAND player: {tracer.trace.frames:,} frames, static page from file://, Chromium headless")
    print(f"{'measure':<44}{'median':>10}{'target':>10}{'ratio':>8}")
    step_ms = statistics.median(painted)
    fps = statistics.median(rates)
    ratio = step_ms / STEP_TARGET_MS
    print(f"{'Step, click to next animation frame (ms)':<44}{step_ms:>10.1f}{STEP_TARGET_MS:>10.0f}{ratio:>8.2f}")
    print(f"{'Step, click handler alone (ms)':<44}{statistics.median(handler):>10.1f}{'':>10}{'':>8}")
    print(f"{'Play at the fastest speed (frames/s)':<44}{fps:>10.1f}{FPS_TARGET:>10.0f}{fps / FPS_TARGET:>8.2f}")
    print(f"({len(painted)} steps and {len(rates)} plays of {args.seconds:g} s)")


if __name__ == "__main__":
    main()
