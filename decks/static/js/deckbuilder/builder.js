/* The deckbuilder (/decks/new/, /decks/<id>/edit/): its state, the page's elements and the wiring, with the parts
 * (heroes, search, deck_list, verdict, stats, saving, import_export: loaded before this file) given one shared
 * context `b`. No framework and no inline handlers (the site's CSP forbids them): every listener is attached here or
 * in a part. The server is the only judge: each change is sent to POST /api/decks/validate/ and /api/decks/stats/.
 */
(function () {
  "use strict";

  const { el, debounce, copyText, cardPreview } = CodexDeck.util;

  function initBuilder(root, config) {
    const deckSize = config.deckSize;
    const heroes = new Map(config.heroes.map((h) => [h.slug, h]));
    const legal = config.legal || {};
    const typeOrder = config.types.map((t) => t.slug);
    const typeTitle = Object.fromEntries(config.types.map((t) => [t.slug, t.title]));
    const typeName = Object.fromEntries(config.types.map((t) => [t.slug, t.name]));
    const DRAFT_KEY = "cataclysm-codex:draft";

    const state = {
      id: config.deck.id,
      version: config.deck.version,
      name: config.deck.name,
      description: config.deck.description,
      visibility: config.deck.visibility,
      format: config.deck.format,
      hero: config.deck.hero,
      cards: new Map(),        // slug -> {card, count}
      dirty: false,
      problems: new Map(),      // slug -> "error" | "warning"
      results: [],
      nextPage: null,
      typeFilter: "",
      seq: 0,
    };
    for (const row of config.deck.cards) state.cards.set(row.card.slug, { card: row.card, count: row.count });

    const ui = {
      name: root.querySelector("#deck-name"),
      description: root.querySelector("#deck-description"),
      visibility: root.querySelector("#deck-visibility"),
      count: root.querySelector("#deck-count"),
      meter: root.querySelector("#count-meter-fill"),
      badge: root.querySelector("#validity-badge"),
      dirty: root.querySelector("#dirty-flag"),
      version: root.querySelector("#version-label"),
      status: root.querySelector("#save-status"),
      heroes: root.querySelector("#hero-options"),
      query: root.querySelector("#card-query"),
      legalOnly: root.querySelector("#legal-only"),
      ownedOnly: root.querySelector("#owned-only"),
      chips: root.querySelector("#type-chips"),
      searchStatus: root.querySelector("#search-status"),
      results: root.querySelector("#card-results"),
      groups: root.querySelector("#deck-groups"),
      empty: root.querySelector("#deck-empty"),
      errors: root.querySelector("#errors"),
      warnings: root.querySelector("#warnings"),
      chart: root.querySelector("#curve-chart"),
      typeBars: root.querySelector("#type-bars"),
      energyTable: root.querySelector("#energy-table tbody"),
      pEnergy: root.querySelector("#p-energy"),
      pMulligans: root.querySelector("#p-mulligans"),
      save: root.querySelector("#save-deck"),
      fork: root.querySelector("#fork-deck"),
      exportDialog: root.querySelector("#export-dialog"),
      exportOutput: root.querySelector("#export-output"),
      importDialog: root.querySelector("#import-dialog"),
      importInput: root.querySelector("#import-input"),
      importErrors: root.querySelector("#import-errors"),
      jumpCount: root.querySelector("#jump-count"),
      jumpState: root.querySelector("#jump-state"),
    };

    // Restore an unsaved new deck (e.g. after logging in to save it).
    if (!state.id && !state.hero && state.cards.size === 0) {
      try {
        const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
        if (draft && draft.cards) {
          state.name = draft.name || "";
          state.description = draft.description || "";
          state.visibility = draft.visibility || state.visibility;
          state.hero = draft.hero || null;
          for (const row of draft.cards) state.cards.set(row.card.slug, row);
          state.dirty = state.cards.size > 0 || !!state.hero;
        }
      } catch { /* a broken draft is simply ignored */ }
    }

    ui.name.value = state.name;
    ui.description.value = state.description;
    for (const option of config.visibilities) {
      ui.visibility.append(el("option", { value: option.value, text: option.label }));
    }
    ui.visibility.value = state.visibility;

    function decklist() {
      return {
        hero: state.hero,
        cards: [...state.cards.values()].map((row) => ({ card: row.card.slug, count: row.count })),
      };
    }

    function total() {
      let n = 0;
      for (const row of state.cards.values()) n += row.count;
      return n;
    }

    function markDirty() {
      state.dirty = true;
      ui.dirty.hidden = false;
      if (!state.id) {
        try {
          localStorage.setItem(DRAFT_KEY, JSON.stringify({
            name: ui.name.value, description: ui.description.value, visibility: ui.visibility.value,
            hero: state.hero, cards: [...state.cards.values()],
          }));
        } catch { /* private mode: no draft */ }
      }
    }

    function isLegal(slug) {
      if (!state.hero || !legal[state.hero]) return true;
      return legal[state.hero].includes(slug);
    }

    // The player's collection (null when logged out): what they own, and what the deck needs beyond it.
    const collection = config.collection;
    function ownedOf(slug) { return collection ? collection[slug] || 0 : null; }
    function lackOf(slug, count) { return collection ? Math.max(0, count - ownedOf(slug)) : 0; }

    const b = {
      root, config, state, ui, heroes, deckSize, typeOrder, typeTitle, typeName, DRAFT_KEY,
      decklist, total, markDirty, isLegal, ownedOf, lackOf,
    };
    const parts = CodexDeck.parts;
    for (const part of [parts.heroes, parts.search, parts.deckList, parts.verdict, parts.stats, parts.saving,
      parts.importExport]) part(b);

    const preview = cardPreview();
    for (const container of [ui.results, ui.groups]) {
      container.addEventListener("mouseover", (event) => {
        const row = event.target.closest(".card-row");
        if (row && row.card) preview.show(row, row.card.image_url || `/cards/${row.card.slug}/image.png`);
      });
      container.addEventListener("mouseleave", preview.hide);
    }

    // Wiring ------------------------------------------------------------------------------------------------------

    b.wireRows(ui.results);
    b.wireRows(ui.groups);
    ui.query.addEventListener("input", debounce(() => b.search(), 220));
    ui.query.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") {
        const first = ui.results.querySelector(".card-row");
        if (first) { event.preventDefault(); first.focus(); }
      } else if (event.key === "Enter") {
        event.preventDefault();
        const rows = ui.results.querySelectorAll(".card-row");
        if (rows.length === 1) b.addCard(rows[0].card, +1); // the one match of a precise search
      }
    });
    root.querySelector("#catalogue-search").addEventListener("submit", (event) => event.preventDefault());
    ui.legalOnly.addEventListener("change", b.renderResults);
    if (ui.ownedOnly) ui.ownedOnly.addEventListener("change", () => b.search());
    ui.name.addEventListener("input", markDirty);
    ui.description.addEventListener("input", markDirty);
    ui.visibility.addEventListener("change", markDirty);
    ui.save.addEventListener("click", () => b.save());
    ui.fork.addEventListener("click", b.fork);
    root.querySelector("#clear-deck").addEventListener("click", () => {
      if (!state.cards.size || !window.confirm("Remove every card from the deck?")) return;
      state.cards.clear();
      markDirty();
      b.renderDeck();
      b.renderResults();
      b.refresh();
    });
    root.querySelector("#open-export").addEventListener("click", () => {
      ui.exportDialog.showModal();
      b.showExport();
    });
    for (const tab of ui.exportDialog.querySelectorAll("[data-export]")) {
      tab.addEventListener("click", () => b.showExport(tab.dataset.export));
    }
    root.querySelector("#copy-export").addEventListener("click", (event) => copyText(ui.exportOutput.value, event.currentTarget));
    root.querySelector("#open-import").addEventListener("click", () => {
      ui.importErrors.replaceChildren();
      ui.importDialog.showModal();
      ui.importInput.focus();
    });
    root.querySelector("#do-import").addEventListener("click", b.doImport);
    const head = root.querySelector(".builder-head");
    const measureHead = () => root.style.setProperty("--builder-head-h", head.offsetHeight + "px");
    if (window.ResizeObserver) new ResizeObserver(measureHead).observe(head);
    measureHead();
    ui.quickInput = root.querySelector("#quick-add-input");
    ui.quickStatus = root.querySelector("#quick-add-status");
    root.querySelector("#quick-add").addEventListener("submit", (event) => {
      event.preventDefault();
      b.quickAdd(ui.quickInput.value);
    });
    document.addEventListener("keydown", (event) => {
      const typing = event.target.closest && event.target.closest("input, textarea, select");
      if (event.key === "/" && !typing) {
        event.preventDefault();
        ui.query.focus();
      } else if ((event.ctrlKey || event.metaKey) && event.key === "s") {
        event.preventDefault();
        b.save();
      }
    });
    window.addEventListener("beforeunload", (event) => {
      if (state.dirty && state.id) { event.preventDefault(); event.returnValue = ""; }
    });

    b.renderHeroes();
    b.renderChips();
    b.renderDeck();
    ui.dirty.hidden = !state.dirty;
    b.search();
    b.refresh();
  }

  document.addEventListener("DOMContentLoaded", () => {
    const builder = document.getElementById("builder");
    const configNode = document.getElementById("builder-config");
    if (builder && configNode) initBuilder(builder, JSON.parse(configNode.textContent));
  });
})();
