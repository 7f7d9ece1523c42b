// The deck's own script: reveal.js set up for a 1280 x 720 room, and the static players kept out of its way.
// The arrow keys move the slides until a player has the focus (Enter on its slide, or a click); then the
// player's own keys step it, and reveal.js hears none of them until Escape hands the keys back. On a slide with a
// player, the player's letter keys (C, D, E, X) give it the keys and act at once. S opens the speaker view on every
// slide, a player's too, even while the player has the keys: there the player's jump to the next solution is V
// (Knuth's "visit"), and its button still works. A clicker's PageDown and PageUp always move the slides.
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

  /** A player's letter key pressed while the slides have the keys: on a slide whose player shows that jump, give
   * the player the keys and jump (true); elsewhere do nothing (false). */
  function playerKey(action) {
    const slide = Reveal.getCurrentSlide();
    const host = slide && slide.querySelector(".deck-player[data-player]");
    if (!host || !window.deckPlayers) return false;
    const button = host.querySelector(`button[data-action="${action}"]`);
    if (!button || button.hidden || getComputedStyle(button).display === "none") return false;
    focusPlayer();
    window.deckPlayers[host.dataset.player].act(action);
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

  // The speaker view (S): notes in the tall layout, where they get the whole right column and fit without scrolling
  // (a layout the lecturer picks in the view is kept); in the preview of the upcoming slide (the notes plugin loads
  // the deck with controls=false there) the title starts clear of the view's "Upcoming" label.
  try {
    if (!window.localStorage.getItem("reveal-speaker-layout")) {
      window.localStorage.setItem("reveal-speaker-layout", "tall");
    }
  } catch (error) {
    // no local storage (a private window): the speaker view opens in its default layout
  }
  if (/receiver/.test(window.location.search) && /controls=false/.test(window.location.search)) {
    document.documentElement.classList.add("deck-upcoming");
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
    pdfSeparateFragments: false, // printed, a slide shows its fragments (an answer kept back in the room) at once
    // the speaker view's pacing timer: every slide carries its own data-timing (seconds), from its minutes; this
    // default only switches the timer on
    defaultTiming: 60,
    plugins: [RevealNotes],
    keyboard: {
      13: () => (Reveal.isOverview() ? Reveal.toggleOverview(false) : focusPlayer()), // Enter
      67: (event) => playerKey(event.shiftKey ? "prev-choice" : "next-choice"), // C
      68: () => playerKey("next-double-purify"), // D
      83: () => Reveal.getPlugin("notes").open(), // S: the speaker view (a player's S is caught below)
      86: () => playerKey("next-solution"), // V: the player's next solution
      69: () => playerKey("next-early"), // E: a node back in its list too soon
      88: () => playerKey("next-stranded"), // X
    },
    // reveal.js hears no key while a player has the focus, but a clicker's page keys
    keyboardCondition: (event) => !inPlayer(event.target) || event.key === "PageDown" || event.key === "PageUp",
  });
  Reveal.on("slidechanged", settle);

  // Escape in a player hands the keys back to the slides (and does not open reveal's overview); S in a player opens
  // the speaker view, as everywhere, and V is the player's jump to the next solution (the player's own S)
  document.addEventListener(
    "keydown",
    (event) => {
      if (!inPlayer(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key;
      if (key !== "Escape" && key !== "s" && key !== "S" && key !== "v" && key !== "V") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (key === "Escape") document.activeElement.blur();
      else if (key === "v" || key === "V") playerKey("next-solution");
      else Reveal.getPlugin("notes").open();
    },
    true,
  );

  /** Mount the static players (mountAll is the player module's), keep them by name, and leave the keys to the
   * slides: a page of players gives the first one the focus, which a deck must not. */
  window.deckMount = function (mountAll) {
    const players = mountAll(document);
    if (inPlayer(document.activeElement)) document.activeElement.blur();
    // a player opens at its own frame each time its slide is entered (its notes count keys from there), not at
    // the frame it was left at: its step is kept here, before print-pdf moves it
    const opening = players.map((player) => player.step);
    // a player drawn larger than the player draws it (data-scale): its matrix's width and height, its viewBox kept
    for (const host of document.querySelectorAll(".deck-player[data-scale]")) {
      const matrix = host.querySelector("svg.wc-matrix");
      const scale = Number(host.dataset.scale);
      for (const side of ["width", "height"]) {
        matrix.setAttribute(side, String(Math.round(Number(matrix.getAttribute(side)) * scale)));
      }
    }
    // side by side, one legend for both panels, under them (the player's own legend: the entries the deck asks for)
    for (const host of document.querySelectorAll(".deck-player[data-shared-legend]")) {
      const legends = [...host.querySelectorAll(".wc-legend")];
      const shared = document.createElement("div");
      shared.className = "deck-legend";
      shared.appendChild(legends[0]);
      legends.slice(1).forEach((legend) => legend.remove());
      host.querySelector(".wc-player").appendChild(shared);
      // shorter still where the deck asks (data-legend-words: a label and its short form)
      for (const [long, short] of Object.entries(JSON.parse(host.dataset.legendWords || "{}"))) {
        for (const label of shared.querySelectorAll("[data-legend] > span")) {
          if (label.textContent === long) label.textContent = short;
        }
      }
      // the marks the player draws that its legend does not name (deck.py's more_legend), after its own entries
      const more = host.querySelector(".deck-legend-more");
      if (more) {
        shared.querySelector(".wc-legend").append(...more.children);
        more.remove();
      }
      // shorter words, so the legend keeps to two lines at the deck's size
      const shorter = { "chosen option, ": "chosen, ", " (by the step shown)": "" };
      const walker = document.createTreeWalker(shared, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (const [long, short] of Object.entries(shorter)) t.textContent = t.textContent.replace(long, short);
      }
    }
    // a line about the player set beside its search path (data-note-beside), where the column has room
    for (const host of document.querySelectorAll(".deck-player[data-note-beside]")) {
      const note = host.querySelector("p.deck-player-note");
      if (note) host.querySelector(".wc-side").appendChild(note);
    }
    // one name for one state across the deck: the players' legends use the figures' words
    const figureWords = { "purified away": "hidden by a purify", "hidden (by a cover)": "hidden by a cover" };
    for (const label of document.querySelectorAll(".deck-player .wc-legend [data-legend] > span")) {
      for (const [player, figure] of Object.entries(figureWords)) {
        label.textContent = label.textContent.replace(player, figure);
      }
    }
    // printed (reveal.js's ?print-pdf), each player shows the frame its page is about
    if (/print-pdf/.test(window.location.search)) {
      document.querySelectorAll(".deck-player[data-player]").forEach((host, k) => {
        if (host.dataset.printFrame) players[k].goto(Number(host.dataset.printFrame), true);
      });
    }
    // a line under a player that speaks of the frame it opens at shows only while the player is there
    for (const host of document.querySelectorAll(".deck-player[data-open-frame]")) {
      const wrapper = host.querySelector(".wc-player");
      const moved = () => host.classList.toggle("deck-moved", wrapper.dataset.frame !== host.dataset.openFrame);
      moved();
      new MutationObserver(moved).observe(wrapper, { attributes: true, attributeFilter: ["data-frame"] });
    }
    const byName = {};
    document.querySelectorAll(".deck-player[data-player]").forEach((host, k) => {
      byName[host.dataset.player] = players[k];
    });
    window.deckPlayers = byName;
    const hosts = [...document.querySelectorAll(".deck-player[data-player]")];
    Reveal.on("slidechanged", (event) => {
      if (/print-pdf/.test(window.location.search)) return;
      hosts.forEach((host, k) => {
        if (event.currentSlide && event.currentSlide.contains(host)) players[k].gotoStep(opening[k], true);
      });
    });
    document.documentElement.dataset.playersReady = String(players.length);
  };
})();
