// The deck's own script: reveal.js set up for a 1280 x 720 room, and the static players kept out of its way.
// The arrow keys move the slides until a player has the focus (Enter on its slide, or a click); then the
// player's own keys step it, and reveal.js hears none of them until Escape hands the keys back. A clicker's
// PageDown and PageUp always move the slides.
(function () {
  "use strict";
  const PLAYER = ".wc-player";
  const inPlayer = (node) => Boolean(node && node.closest && node.closest(PLAYER));

  /** Give the keys to the player on the current slide (false when it has none). */
  function focusPlayer() {
    const slide = Reveal.getCurrentSlide();
    const wrapper = slide && slide.querySelector(PLAYER);
    if (!wrapper) return false;
    wrapper.focus({ preventScroll: true });
    return true;
  }

  /** Take the keys back from any player, and pause the players of the slides not shown. */
  function settle() {
    const slide = Reveal.getCurrentSlide();
    const active = document.activeElement;
    if (inPlayer(active) && !(slide && slide.contains(active))) active.blur();
    for (const button of document.querySelectorAll(`${PLAYER} button[data-action=play][aria-pressed=true]`)) {
      if (!(slide && slide.contains(button))) button.click();
    }
  }

  Reveal.initialize({
    width: 1280,
    height: 720,
    margin: 0,
    minScale: 0.2,
    maxScale: 4,
    center: false,
    hash: true,
    controls: false, // keys and clickers; the corner stays free for the slides
    progress: true,
    slideNumber: "c/t",
    transition: "none",
    backgroundTransition: "none",
    pdfMaxPagesPerSlide: 1,
    plugins: [RevealNotes],
    keyboard: {
      13: () => (Reveal.isOverview() ? Reveal.toggleOverview(false) : focusPlayer()), // Enter
    },
    // reveal.js hears no key while a player has the focus, but a clicker's page keys
    keyboardCondition: (event) => !inPlayer(event.target) || event.key === "PageDown" || event.key === "PageUp",
  });
  Reveal.on("slidechanged", settle);

  // Escape in a player hands the keys back to the slides (and does not open reveal's overview)
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !inPlayer(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      document.activeElement.blur();
    },
    true,
  );

  /** Mount the static players (mountAll is the player module's), keep them by name, and leave the keys to the
   * slides: a page of players gives the first one the focus, which a deck must not. */
  window.deckMount = function (mountAll) {
    const players = mountAll(document);
    if (inPlayer(document.activeElement)) document.activeElement.blur();
    // a player whose matrix is too tall for a slide shows its counters only: the top of the matrix, from the item
    // names down to the drift row (the event line, the notes and the board say the rest)
    for (const host of document.querySelectorAll(".deck-player[data-crop=counters]")) {
      const matrix = host.querySelector("svg.wc-matrix");
      const drift = [...matrix.querySelectorAll("text")].find((t) => t.textContent === "drift");
      const scale = Number(host.dataset.scale || 1);
      const right = Number(drift.getAttribute("x")); // the row labels end here (text-anchor end)
      const left = Math.max(0, right - 48);
      const height = Number(drift.getAttribute("y")) + 12;
      const width = Number(matrix.getAttribute("width")) - left;
      matrix.setAttribute("viewBox", `${left} 0 ${width} ${height}`);
      matrix.setAttribute("width", String(Math.round(width * scale)));
      matrix.setAttribute("height", String(Math.round(height * scale)));
    }
    const byName = {};
    document.querySelectorAll(".deck-player[data-player]").forEach((host, k) => {
      byName[host.dataset.player] = players[k];
    });
    window.deckPlayers = byName;
    document.documentElement.dataset.playersReady = String(players.length);
  };
})();
