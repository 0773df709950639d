/* Cataclysm Codex — the deckbuilder (/decks/new/, /decks/<id>/edit/) and the deck page's live parts.
 *
 * No framework and no inline handlers (the site's CSP forbids them): every listener is attached here. The server is
 * the only judge: each change is sent to POST /api/decks/validate/ and /api/decks/stats/ (debounced) and the answers
 * are drawn as they come; a slower answer to an older deck is dropped.
 */
(function () {
  "use strict";

  // --- small helpers ---------------------------------------------------------------------------------------------

  const SVG_NS = "http://www.w3.org/2000/svg";
  const ENERGY_ORDER = ["DC", "LC", "DR", "LR", "CE"];

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "type" ||
               key === "href" || key === "title" || key === "tabindex" || key === "src" || key === "alt" ||
               key === "loading" || key === "hidden" || key === "value") node.setAttribute(key, value === true ? "" : value);
      else node[key] = value;
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function debounce(fn, ms) {
    let timer = null;
    return (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), ms);
    };
  }

  function cookie(name) {
    const match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : "";
  }

  function csrfToken() {
    const holder = document.querySelector("[data-csrf]");
    return cookie("csrftoken") || (holder ? holder.dataset.csrf : "");
  }

  async function api(url, { method = "GET", body } = {}) {
    const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.headers["X-CSRFToken"] = csrfToken();
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch {
      return { ok: false, status: 0, data: { code: "network_error", message: "The server could not be reached." } };
    }
    let data = null;
    if (response.status !== 204) {
      try { data = await response.json(); } catch { data = { code: "bad_response", message: response.statusText }; }
    }
    return { ok: response.ok, status: response.status, data };
  }

  function percent(p) {
    return (p * 100).toFixed(1) + "%";
  }

  function costPips(cost) {
    const wrap = el("span", { class: "cost" });
    const entries = ENERGY_ORDER.filter((code) => cost && cost[code]).map((code) => [code, cost[code]]);
    if (!entries.length) wrap.append(el("span", { class: "free-cost", text: "free", title: "No cost" }));
    for (const [code, amount] of entries) {
      wrap.append(el("span", { class: "pip " + code, text: amount > 1 ? amount + code : code, title: amount + " " + code }));
    }
    return wrap;
  }

  function costTotal(cost) {
    return Object.entries(cost || {}).reduce((sum, [code, n]) => (code === "charge" ? sum : sum + n), 0);
  }

  async function copyText(text, button) {
    try {
      await navigator.clipboard.writeText(text);
      flash(button, "Copied");
    } catch {
      flash(button, "Select and copy");
    }
  }

  function flash(button, label) {
    if (!button) return;
    const original = button.dataset.label || button.textContent;
    button.dataset.label = original;
    button.textContent = label;
    setTimeout(() => { button.textContent = original; }, 1400);
  }

  /** A large card image beside the row under the pointer (pointer devices with room only). */
  // In the deckbuilder the preview goes over the statistics column when it stands beside the lists; with no free
  // column, no preview at all (false) rather than one covering the rows being read. Elsewhere: null, beside the row.
  function builderColumn(rect, width) {
    const stats = document.querySelector(".builder .stats-pane");
    if (!stats) return null;
    const free = stats.getBoundingClientRect();
    const lists = [...document.querySelectorAll(".catalogue-pane, .deck-pane")].map((pane) => pane.getBoundingClientRect());
    const right = Math.max(rect.right, ...lists.map((pane) => pane.right));
    return free.left < right || free.left + width > window.innerWidth ? false : free.left;
  }

  function cardPreview() {
    const box = el("div", { class: "card-preview", hidden: true, "aria-hidden": "true" }, el("img", { alt: "" }));
    document.body.append(box);
    const hide = () => { box.hidden = true; };
    function show(row, src) {
      if (!window.matchMedia("(hover: hover) and (min-width: 900px)").matches) return;
      const rect = row.getBoundingClientRect();
      const width = 250, height = 350;
      const left = builderColumn(rect, width) ?? (rect.right + 12 + width < window.innerWidth
        ? rect.right + 12 : Math.max(8, rect.left - width - 12));
      if (left === false) return;
      const img = box.firstChild;
      if (img.getAttribute("src") !== src) img.setAttribute("src", src);
      box.style.left = left + "px";
      box.style.top = Math.min(Math.max(8, rect.top - 60), window.innerHeight - height - 8) + "px";
      box.hidden = false;
    }
    window.addEventListener("scroll", hide, { passive: true });
    return { show, hide };
  }

  // --- the deckbuilder -------------------------------------------------------------------------------------------

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

    // Heroes ------------------------------------------------------------------------------------------------------

    function renderHeroes() {
      ui.heroes.replaceChildren();
      for (const hero of config.heroes) {
        const checked = hero.slug === state.hero;
        const button = el("button", {
          type: "button", role: "radio", "aria-checked": checked ? "true" : "false",
          class: "hero-option faction-" + (hero.faction || "neutral") + (checked ? " selected" : ""),
          "data-hero": hero.slug, tabindex: checked || (!state.hero && hero === config.heroes[0]) ? "0" : "-1",
        },
        el("span", { class: "hero-name", text: hero.name }),
        el("span", { class: "hero-faction", text: factionLabel(hero) }),
        hero.energy ? el("span", { class: "pip " + hero.energy, text: hero.energy }) : null);
        button.addEventListener("click", () => chooseHero(hero.slug));
        button.addEventListener("keydown", (event) => {
          const list = config.heroes;
          const index = list.findIndex((h) => h.slug === hero.slug);
          let next = null;
          if (event.key === "ArrowRight" || event.key === "ArrowDown") next = list[(index + 1) % list.length];
          if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = list[(index - 1 + list.length) % list.length];
          if (next) {
            event.preventDefault();
            chooseHero(next.slug);
            ui.heroes.querySelector(`[data-hero="${next.slug}"]`).focus();
          }
        });
        ui.heroes.append(button);
      }
    }

    function factionLabel(hero) {
      const civ = hero.civilization ? hero.civilization[0].toUpperCase() + hero.civilization.slice(1) : "";
      const ideology = { fanatic: "Fanatic", conservative: "Conservative", otf: "On-The-Fence" }[hero.ideology] || "";
      return [civ, ideology].filter(Boolean).join(" · ");
    }

    function chooseHero(slug) {
      if (state.hero === slug) return;
      state.hero = slug;
      markDirty();
      renderHeroes();
      renderResults();
      refresh();
    }

    // Catalogue search --------------------------------------------------------------------------------------------

    function renderChips() {
      const chips = [{ slug: "", title: "All" }, ...config.types];
      ui.chips.replaceChildren();
      for (const chip of chips) {
        const button = el("button", {
          type: "button", class: "chip" + (state.typeFilter === chip.slug ? " active" : ""),
          "aria-pressed": state.typeFilter === chip.slug ? "true" : "false", text: chip.title,
        });
        button.addEventListener("click", () => {
          state.typeFilter = chip.slug;
          renderChips();
          search();
        });
        ui.chips.append(button);
      }
    }

    let searchSeq = 0;
    async function search(append = false) {
      const seq = ++searchSeq;
      let url;
      if (append && state.nextPage) {
        url = state.nextPage;
      } else {
        const params = new URLSearchParams({ page_size: "100", ordering: "cost" });
        const typed = ui.query.value.trim();
        const q = ui.ownedOnly && ui.ownedOnly.checked ? (typed ? `(${typed}) owned` : "owned") : typed;
        if (q) params.set("q", q);
        if (state.typeFilter) params.set("type", state.typeFilter);
        url = config.urls.cards + "?" + params.toString();
      }
      ui.searchStatus.textContent = "Searching…";
      const { ok, data } = await api(url);
      if (seq !== searchSeq) return;
      if (!ok) {
        ui.searchStatus.textContent = (data && data.message) || "The search failed.";
        ui.searchStatus.classList.add("error");
        if (!append) { state.results = []; renderResults(); }
        return;
      }
      ui.searchStatus.classList.remove("error");
      const results = (data.results || data).filter((card) => card.type !== "hero" && card.type !== "pyramid");
      state.results = append ? state.results.concat(results) : results;
      state.nextPage = data.next || null;
      renderResults();
    }

    // The player's collection (null when logged out): what they own, and what the deck needs beyond it.
    const collection = config.collection;
    function ownedOf(slug) { return collection ? collection[slug] || 0 : null; }
    function lackOf(slug, count) { return collection ? Math.max(0, count - ownedOf(slug)) : 0; }

    function resultRow(card) {
      const row = state.cards.get(card.slug);
      const inDeck = row ? row.count : 0;
      const owned = ownedOf(card.slug);
      const ok = isLegal(card.slug);
      const li = el("li", {
        class: "card-row result" + (ok ? "" : " illegal") + (inDeck ? " in-deck" : ""),
        tabindex: "0", "data-slug": card.slug,  // a list item (no role=button: it holds the − and + buttons)
        "aria-label": `${card.name}, ${typeName[card.type] || card.type}${inDeck ? ", " + inDeck + " in deck" : ""}. Enter adds a copy, minus removes one.`,
      },
      costPips(card.cost),
      el("span", { class: "card-main" },
        el("span", { class: "card-name", text: card.name }),
        el("span", { class: "card-sub" },
          el("span", { text: [typeName[card.type] || card.type, card.rarity].filter(Boolean).join(" · ") }),
          ok ? null : el("span", { class: "not-legal", text: "not legal for this Hero" }),
          owned === null ? null : el("span", { class: owned ? "owned-count" : "owned-count none", text: owned ? `own ${owned}` : "not owned" }))),
      el("span", { class: "in-deck-count", text: inDeck ? "×" + inDeck : "" }),
      el("span", { class: "row-buttons" },
        el("button", { type: "button", class: "step minus", "aria-label": "Remove a copy of " + card.name, tabindex: "-1", text: "−", disabled: !inDeck }),
        el("button", { type: "button", class: "step plus", "aria-label": "Add a copy of " + card.name, tabindex: "-1", text: "+" })));
      li.card = card;
      return li;
    }

    function renderResults() {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#card-results .card-row");
      const focusedSlug = focused ? focused.dataset.slug : null;
      const shown = state.results.filter((card) => !ui.legalOnly.checked || isLegal(card.slug));
      ui.results.replaceChildren(...shown.map(resultRow));
      if (state.nextPage) {
        const more = el("li", { class: "more" }, el("button", { type: "button", class: "ghost", text: "Load more" }));
        more.firstChild.addEventListener("click", () => search(true));
        ui.results.append(more);
      }
      const hidden = state.results.length - shown.length;
      ui.searchStatus.textContent = `${shown.length} card${shown.length === 1 ? "" : "s"}` +
        (hidden ? ` (${hidden} not legal for this Hero hidden)` : "") + (state.nextPage ? ", more available" : "");
      if (focusedSlug) {
        const again = ui.results.querySelector(`[data-slug="${focusedSlug}"]`);
        if (again) again.focus();
      }
    }

    // Deck list ---------------------------------------------------------------------------------------------------

    function addCard(card, delta) {
      const row = state.cards.get(card.slug);
      const count = (row ? row.count : 0) + delta;
      if (count <= 0) state.cards.delete(card.slug);
      else state.cards.set(card.slug, { card: row ? row.card : card, count });
      if (count < 0) return;
      markDirty();
      renderDeck();
      renderResults();
      refresh();
    }

    function deckRow(row) {
      const { card, count } = row;
      const problem = state.problems.get(card.slug);
      const li = el("li", {
        class: "card-row deck-card" + (problem ? " has-" + problem : "") + (isLegal(card.slug) ? "" : " illegal"),
        tabindex: "0", "data-slug": card.slug,  // a list item, named by its label
        "aria-label": `${count} ${card.name}. Plus adds a copy, minus removes one.`,
      },
      el("input", { type: "number", class: "qty qty-input", min: "0", max: "99", inputMode: "numeric", value: String(count),
        "aria-label": "Copies of " + card.name }),
      el("span", { class: "card-main" }, el("a", { class: "card-name", href: "/cards/" + card.slug + "/", tabindex: "-1", text: card.name }),
        lackOf(card.slug, count) ? el("span", { class: "lacking", title: "Copies your collection lacks", text: `lack ${lackOf(card.slug, count)}` }) : null),
      costPips(card.cost),
      el("span", { class: "row-buttons" },
        el("button", { type: "button", class: "step minus", "aria-label": "Remove a copy of " + card.name, tabindex: "-1", text: "−" }),
        el("button", { type: "button", class: "step plus", "aria-label": "Add a copy of " + card.name, tabindex: "-1", text: "+" })));
      li.card = card;
      return li;
    }

    function renderDeck() {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#deck-groups .card-row");
      const focusedSlug = focused ? focused.dataset.slug : null;
      const groups = new Map();
      for (const row of state.cards.values()) {
        const type = row.card.type || "unknown";
        if (!groups.has(type)) groups.set(type, []);
        groups.get(type).push(row);
      }
      const types = [...groups.keys()].sort((a, b) => rank(a) - rank(b));
      ui.groups.replaceChildren(...types.map((type) => {
        const rows = groups.get(type).sort((a, b) => costTotal(a.card.cost) - costTotal(b.card.cost) || a.card.name.localeCompare(b.card.name));
        const n = rows.reduce((sum, row) => sum + row.count, 0);
        return el("section", { class: "deck-group" },
          el("h3", { class: "group-title" }, el("span", { text: typeTitle[type] || type }), el("span", { class: "muted", text: n })),
          el("ul", { class: "deck-rows" }, rows.map(deckRow)));
      }));
      ui.empty.hidden = state.cards.size > 0;
      const n = total();
      ui.count.replaceChildren(el("strong", { text: n }), "/" + deckSize);
      ui.count.classList.toggle("over", n > deckSize);
      ui.count.classList.toggle("exact", n === deckSize);
      ui.meter.style.width = Math.min(100, (n / deckSize) * 100) + "%";
      if (ui.jumpCount) ui.jumpCount.textContent = `${n}/${deckSize}`;
      ui.meter.parentElement.classList.toggle("over", n > deckSize);
      ui.meter.parentElement.classList.toggle("exact", n === deckSize);
      if (focusedSlug) {
        const again = ui.groups.querySelector(`[data-slug="${focusedSlug}"]`);
        if (again) again.focus();
      }
    }

    function rank(type) {
      const index = typeOrder.indexOf(type);
      return index < 0 ? typeOrder.length : index;
    }

    // Row interaction shared by results and deck: click and keyboard ----------------------------------------------

    function wireRows(container) {
      container.addEventListener("click", (event) => {
        const row = event.target.closest(".card-row");
        if (!row || !row.card) return;
        if (event.target.closest("a.card-name") && !event.target.closest(".result")) {
          event.preventDefault(); // names in the deck list are links for new tabs; a click edits
        }
        if (event.target.closest(".minus")) addCard(row.card, -1);
        else if (event.target.closest(".plus")) addCard(row.card, +1);
        else if (row.classList.contains("result")) addCard(row.card, +1);
        else return;
        event.preventDefault();
      });
      container.addEventListener("contextmenu", (event) => {
        const row = event.target.closest(".card-row");
        if (!row || !row.card) return;
        event.preventDefault(); // right click removes a copy, as in most deckbuilders
        addCard(row.card, -1);
      });
      container.addEventListener("change", (event) => {
        // the count box: type how many copies the deck holds (0 removes the card)
        const row = event.target.closest(".card-row");
        if (!row || !row.card || !event.target.matches(".qty-input")) return;
        const wanted = Math.max(0, Math.min(99, parseInt(event.target.value, 10) || 0));
        const current = state.cards.get(row.card.slug);
        addCard(row.card, wanted - (current ? current.count : 0));
      });
      container.addEventListener("keydown", (event) => {
        const row = event.target.closest(".card-row");
        if (!row || !row.card || event.target.matches("input")) return;
        const key = event.key;
        if (key === "Enter" || key === "+" || key === "=" || key === " ") {
          event.preventDefault();
          addCard(row.card, +1);
        } else if (key === "-" || key === "Backspace" || key === "Delete") {
          event.preventDefault();
          addCard(row.card, -1);
        } else if (key === "ArrowDown" || key === "ArrowUp") {
          event.preventDefault();
          const rows = [...container.querySelectorAll(".card-row")];
          const index = rows.indexOf(row) + (key === "ArrowDown" ? 1 : -1);
          if (rows[index]) rows[index].focus();
          else if (key === "ArrowUp" && container === ui.results) ui.query.focus();
        }
      });
    }

    // Server verdict and statistics --------------------------------------------------------------------------------

    const refresh = debounce(async () => {
      const seq = ++state.seq;
      const body = decklist();
      ui.badge.dataset.state = "pending";
      ui.badge.textContent = "Checking…";
      const [verdict, stats] = await Promise.all([
        api(config.urls.validate, { method: "POST", body }),
        api(config.urls.stats, { method: "POST", body }),
      ]);
      if (seq !== state.seq) return; // an answer to an older deck
      if (verdict.ok) renderVerdict(verdict.data);
      else renderVerdictFailure(verdict.data);
      if (stats.ok) renderStats(stats.data.statistics);
    }, 180);

    function renderVerdict(result) {
      ui.badge.dataset.state = result.valid ? "valid" : "invalid";
      ui.badge.textContent = result.valid ? "Valid" : `Invalid · ${result.errors.length} problem${result.errors.length === 1 ? "" : "s"}`;
      ui.badge.className = "badge " + (result.valid ? "ok" : "bad");
      if (ui.jumpState) {
        ui.jumpState.textContent = result.valid ? "Valid" : "Invalid";
        ui.jumpState.className = "badge " + (result.valid ? "ok" : "bad");
      }
      state.problems = new Map();
      for (const w of result.warnings) if (w.card) state.problems.set(w.card, "warning");
      for (const e of result.errors) if (e.card) state.problems.set(e.card, "error");
      ui.errors.replaceChildren(...result.errors.map((p) => el("li", { "data-code": p.code, text: p.message })));
      ui.warnings.replaceChildren(...result.warnings.map((p) => el("li", { "data-code": p.code, text: p.message })));
      renderDeck();
    }

    function renderVerdictFailure(data) {
      ui.badge.dataset.state = "invalid";
      ui.badge.className = "badge bad";
      ui.badge.textContent = "Not checked";
      ui.errors.replaceChildren(el("li", { text: (data && data.message) || "The deck could not be checked." }));
    }

    function renderStats(stats) {
      drawCurve(stats.cost_curve);
      const types = config.types.map((t) => [t, stats.by_type[t.slug] || 0]).filter(([, n]) => n);
      const most = Math.max(1, ...types.map(([, n]) => n));
      ui.typeBars.replaceChildren(...types.map(([t, n]) => {
        const fill = el("span", { class: "bar-fill type-" + t.slug });
        fill.style.width = (n / most) * 100 + "%";
        return el("div", { class: "type-bar" }, el("span", { class: "bar-label", text: t.title }),
          el("span", { class: "bar-track" }, fill), el("span", { class: "bar-value", text: n }));
      }));
      if (!types.length) ui.typeBars.append(el("p", { class: "muted small", text: "No cards yet." }));
      ui.energyTable.replaceChildren(...stats.energy.filter((r) => r.needed || r.provided).map((r) =>
        el("tr", { class: r.code !== "CE" && r.needed && !r.provided ? "short" : "" },
          el("td", {}, el("span", { class: "pip " + r.code, text: r.code }), " " + r.name),
          el("td", { text: r.needed }), el("td", { text: r.provided }))));
      const opening = stats.opening_hand;
      ui.pEnergy.textContent = stats.count ? percent(opening.p_energy) : "—";
      ui.pMulligans.textContent = stats.count
        ? "With mulligans: " + opening.p_energy_within_mulligans.map((r) => `${r.mulligans}: ${percent(r.p)}`).join(" · ")
        : "";
    }

    function drawCurve(points) {
      const width = 320, height = 150, pad = 20, axis = 16;
      ui.chart.replaceChildren();
      const counts = new Map(points.map((p) => [p.cost, p.count]));
      const low = Math.min(1, ...counts.keys()), high = Math.max(5, ...counts.keys());
      const curve = points.length ? Array.from({ length: high - low + 1 }, (_, i) => ({ cost: low + i, count: counts.get(low + i) || 0 })) : [];
      if (!curve.length) {
        ui.chart.append(svg("text", { x: width / 2, y: height / 2, "text-anchor": "middle", class: "chart-empty" }, "Add cards to see the curve"));
        return;
      }
      const peak = Math.max(1, ...curve.map((p) => p.count));
      const slot = width / curve.length;
      const usable = height - pad - axis;
      ui.chart.append(svg("line", { x1: 0, x2: width, y1: height - axis, y2: height - axis, class: "chart-axis" }));
      curve.forEach((point, index) => {
        const h = (usable * point.count) / peak;
        const x = index * slot + slot * 0.18;
        const w = slot * 0.64;
        const bar = svg("rect", { x, y: height - axis - h, width: w, height: Math.max(h, 0), rx: 3, class: "chart-bar" });
        bar.append(svg("title", {}, `${point.count} card${point.count === 1 ? "" : "s"} costing ${point.cost}`));
        ui.chart.append(bar);
        if (point.count) ui.chart.append(svg("text", { x: x + w / 2, y: height - axis - h - 4, "text-anchor": "middle", class: "chart-count" }, point.count));
        ui.chart.append(svg("text", { x: x + w / 2, y: height - 3, "text-anchor": "middle", class: "chart-label" }, point.cost));
      });
    }

    // Save, fork, export, import ----------------------------------------------------------------------------------

    function status(message, kind) {
      ui.status.replaceChildren();
      ui.status.className = "save-status" + (kind ? " " + kind : "");
      if (typeof message === "string") ui.status.textContent = message;
      else ui.status.append(message);
    }

    async function save({ overwrite = false } = {}) {
      if (!config.authenticated) {
        markDirty();
        window.location.href = config.loginUrl;
        return;
      }
      const body = {
        ...decklist(),
        name: ui.name.value.trim() || defaultName(),
        description: ui.description.value,
        visibility: ui.visibility.value,
      };
      ui.save.disabled = true;
      status("Saving…");
      let result;
      if (state.id) {
        if (!overwrite && state.version) body.version = state.version;
        result = await api(`${config.urls.decks}${encodeURIComponent(state.id)}/`, { method: "PUT", body });
      } else {
        result = await api(config.urls.decks, { method: "POST", body });
      }
      ui.save.disabled = false;
      if (result.ok) {
        const deck = result.data;
        const wasNew = !state.id;
        state.id = deck.id;
        state.version = deck.version;
        state.dirty = false;
        ui.dirty.hidden = true;
        ui.name.value = deck.name;
        if (ui.version) ui.version.textContent = "v" + deck.version;
        try { localStorage.removeItem(DRAFT_KEY); } catch { /* ignore */ }
        const link = el("a", { href: deck.url, text: "View deck" });
        status(el("span", {}, `Saved as version ${deck.version}${deck.validation.valid ? "" : " (a draft: not yet a legal deck)"}. `, link), "ok");
        ui.fork.hidden = false;
        if (wasNew) history.replaceState(null, "", `/decks/${deck.id}/edit/`);
        root.dataset.deckId = deck.id;
        return;
      }
      if (result.status === 409 && result.data.deck) {
        const reload = el("button", { type: "button", class: "ghost", text: "Load the saved deck" });
        const force = el("button", { type: "button", class: "danger", text: "Overwrite it" });
        reload.addEventListener("click", () => { state.dirty = false; window.location.reload(); });
        force.addEventListener("click", () => save({ overwrite: true }));
        status(el("span", {}, result.data.message + " ", reload, " ", force), "error");
        return;
      }
      const details = result.data && result.data.errors && Array.isArray(result.data.errors)
        ? " " + result.data.errors.map((e) => e.message).join(" ") : "";
      status(((result.data && result.data.message) || "Saving failed.") + details, "error");
    }

    function defaultName() {
      const hero = heroes.get(state.hero);
      return hero ? hero.name + " deck" : "Untitled deck";
    }

    async function fork() {
      if (!state.id) return;
      if (!config.authenticated) { window.location.href = config.loginUrl; return; }
      const result = await api(`${config.urls.decks}${encodeURIComponent(state.id)}/fork/`, { method: "POST", body: {} });
      if (result.ok) window.location.href = `/decks/${result.data.id}/edit/`;
      else status((result.data && result.data.message) || "Forking failed.", "error");
    }

    let exportKind = "text";
    async function showExport(kind) {
      exportKind = kind;
      for (const tab of ui.exportDialog.querySelectorAll("[data-export]")) {
        tab.setAttribute("aria-selected", tab.dataset.export === kind ? "true" : "false");
      }
      ui.exportOutput.value = "…";
      const result = await api(`${config.urls.export}?format=${kind}`, { method: "POST", body: decklist() });
      ui.exportOutput.value = result.ok ? result.data.content : (result.data && result.data.message) || "Export failed.";
      if (result.ok && kind === "code") {
        ui.exportOutput.value = result.data.content + "\n\nLink: " + window.location.origin + "/decks/new/?code=" + result.data.content;
      }
    }

    async function doImport() {
      const raw = ui.importInput.value.trim();
      if (!raw) return;
      const body = /^[A-Za-z0-9_-]{10,}$/.test(raw) ? { code: raw } : { text: raw };
      const result = await api(config.urls.validate, { method: "POST", body });
      if (!result.ok) {
        ui.importErrors.replaceChildren(el("li", { text: (result.data && result.data.message) || "Import failed." }));
        return;
      }
      const unread = result.data.errors.filter((p) => p.line);
      const known = result.data.cards.filter((row) => row.name);
      state.cards = new Map(known.map((row) => [row.card, {
        card: { slug: row.card, name: row.name, type: row.type, faction: row.faction, rarity: row.rarity, cost: row.cost, produces: row.produces },
        count: Math.max(1, row.count),
      }]));
      if (result.data.hero && heroes.has(result.data.hero)) state.hero = result.data.hero;
      markDirty();
      renderHeroes();
      renderDeck();
      renderResults();
      refresh();
      if (unread.length) {
        ui.importErrors.replaceChildren(el("li", { class: "muted", text: "Imported what could be read. Skipped:" }),
          ...unread.map((p) => el("li", { text: p.message })));
      } else {
        ui.importErrors.replaceChildren();
        ui.importDialog.close();
        status("Imported. Save to keep it.", "ok");
      }
    }

    // Quick add: one line ("14 Light Resonance", "Kalen Vos x3"), read by the server's decklist reader, so a
    // misspelt name gets the importer's "Did you mean" as buttons that add it in one click.
    async function quickAdd(line) {
      const text = line.trim();
      if (!text) return;
      const result = await api(config.urls.validate, { method: "POST", body: { text } });
      if (!result.ok) {
        quickStatus((result.data && result.data.message) || "That line could not be read.", "bad");
        return;
      }
      const added = result.data.cards.filter((row) => row.name);
      for (const row of added) {
        const card = { slug: row.card, name: row.name, type: row.type, faction: row.faction, rarity: row.rarity,
                       cost: row.cost, produces: row.produces };
        const current = state.cards.get(card.slug);
        state.cards.set(card.slug, { card: current ? current.card : card, count: (current ? current.count : 0) + Math.max(1, row.count) });
      }
      const unread = result.data.errors.filter((p) => p.line);
      if (added.length) {
        markDirty();
        renderDeck();
        renderResults();
        refresh();
      }
      if (unread.length) {
        const problem = unread[0];
        const count = problem.count || 1;
        quickStatus(problem.message, "bad", (problem.suggestions || []).map((name) =>
          el("button", { type: "button", class: "chip suggestion", text: `Add ${count} ${name}`,
                         onclick: () => quickAdd(`${count} ${name}`) })));
      } else {
        quickStatus(added.map((row) => `Added ${Math.max(1, row.count)} ${row.name}.`).join(" "), "ok");
        ui.quickInput.value = "";
      }
    }

    function quickStatus(text, kind, buttons) {
      ui.quickStatus.className = "quick-add-status small " + (kind || "");
      ui.quickStatus.replaceChildren(text, ...(buttons || []));
    }

    const preview = cardPreview();
    for (const container of [ui.results, ui.groups]) {
      container.addEventListener("mouseover", (event) => {
        const row = event.target.closest(".card-row");
        if (row && row.card) preview.show(row, row.card.image_url || `/cards/${row.card.slug}/image.png`);
      });
      container.addEventListener("mouseleave", preview.hide);
    }

    // Wiring ------------------------------------------------------------------------------------------------------

    wireRows(ui.results);
    wireRows(ui.groups);
    ui.query.addEventListener("input", debounce(() => search(), 220));
    ui.query.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") {
        const first = ui.results.querySelector(".card-row");
        if (first) { event.preventDefault(); first.focus(); }
      } else if (event.key === "Enter") {
        event.preventDefault();
        const rows = ui.results.querySelectorAll(".card-row");
        if (rows.length === 1) addCard(rows[0].card, +1); // the one match of a precise search
      }
    });
    root.querySelector("#catalogue-search").addEventListener("submit", (event) => event.preventDefault());
    ui.legalOnly.addEventListener("change", renderResults);
    if (ui.ownedOnly) ui.ownedOnly.addEventListener("change", () => search());
    ui.name.addEventListener("input", markDirty);
    ui.description.addEventListener("input", markDirty);
    ui.visibility.addEventListener("change", markDirty);
    ui.save.addEventListener("click", () => save());
    ui.fork.addEventListener("click", fork);
    root.querySelector("#clear-deck").addEventListener("click", () => {
      if (!state.cards.size || !window.confirm("Remove every card from the deck?")) return;
      state.cards.clear();
      markDirty();
      renderDeck();
      renderResults();
      refresh();
    });
    root.querySelector("#open-export").addEventListener("click", () => {
      ui.exportDialog.showModal();
      showExport(exportKind);
    });
    for (const tab of ui.exportDialog.querySelectorAll("[data-export]")) {
      tab.addEventListener("click", () => showExport(tab.dataset.export));
    }
    root.querySelector("#copy-export").addEventListener("click", (event) => copyText(ui.exportOutput.value, event.currentTarget));
    root.querySelector("#open-import").addEventListener("click", () => {
      ui.importErrors.replaceChildren();
      ui.importDialog.showModal();
      ui.importInput.focus();
    });
    root.querySelector("#do-import").addEventListener("click", doImport);
    const head = root.querySelector(".builder-head");
    const measureHead = () => root.style.setProperty("--builder-head-h", head.offsetHeight + "px");
    if (window.ResizeObserver) new ResizeObserver(measureHead).observe(head);
    measureHead();
    ui.quickInput = root.querySelector("#quick-add-input");
    ui.quickStatus = root.querySelector("#quick-add-status");
    root.querySelector("#quick-add").addEventListener("submit", (event) => {
      event.preventDefault();
      quickAdd(ui.quickInput.value);
    });
    document.addEventListener("keydown", (event) => {
      const typing = event.target.closest && event.target.closest("input, textarea, select");
      if (event.key === "/" && !typing) {
        event.preventDefault();
        ui.query.focus();
      } else if ((event.ctrlKey || event.metaKey) && event.key === "s") {
        event.preventDefault();
        save();
      }
    });
    window.addEventListener("beforeunload", (event) => {
      if (state.dirty && state.id) { event.preventDefault(); event.returnValue = ""; }
    });

    renderHeroes();
    renderChips();
    renderDeck();
    ui.dirty.hidden = !state.dirty;
    search();
    refresh();
  }

  // --- the deck page ---------------------------------------------------------------------------------------------

  function initDeckPage(root) {
    for (const button of root.querySelectorAll("[data-copy-target]")) {
      button.addEventListener("click", () => {
        const target = document.getElementById(button.dataset.copyTarget);
        copyText(target.value !== undefined ? target.value : target.textContent, button);
      });
    }
    for (const form of root.querySelectorAll("form[data-confirm]")) {
      form.addEventListener("submit", (event) => {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    }
    const preview = cardPreview();
    for (const list of root.querySelectorAll(".decklist, .markdown")) {
      list.addEventListener("mouseover", (event) => {
        const row = event.target.closest("[data-image]");
        if (row) preview.show(row, row.dataset.image);
      });
      list.addEventListener("mouseleave", preview.hide);
    }
    const hand = root.querySelector("#opening-hand");
    if (hand) initOpeningHand(hand);
  }

  function initOpeningHand(box) {
    const url = box.dataset.url;
    const output = box.querySelector("#hand-output");
    const drawButton = box.querySelector("#draw-next");
    const info = box.querySelector("#hand-info");
    let seed = null;
    let draws = 0;

    function cardChip(card, extra) {
      return el("li", { class: "hand-card type-" + card.type + (extra ? " " + extra : "") },
        el("img", { src: `/cards/${card.card}/thumb.png`, alt: "", loading: "lazy" }),
        el("span", { class: "hand-card-name", text: card.name }));
    }

    async function deal() {
      const body = seed === null ? { draws } : { seed, draws };
      const result = await api(url, { method: "POST", body });
      if (!result.ok) {
        info.textContent = (result.data && result.data.message) || "Could not deal a hand.";
        return;
      }
      const data = result.data;
      seed = data.seed;
      const parts = [];
      data.hands.slice(0, -1).forEach((h, i) => {
        parts.push(el("div", { class: "mulligan" },
          el("p", { class: "muted small", text: `Mulligan ${i + 1}: no Energy card in hand` }),
          el("ul", { class: "hand-row dimmed" }, h.map((c) => cardChip(c)))));
      });
      parts.push(el("div", {},
        el("p", { class: "small", text: data.mulligans ? `Kept after ${data.mulligans} mulligan${data.mulligans === 1 ? "" : "s"}` : "Kept the first hand" }),
        el("ul", { class: "hand-row" }, data.kept.map((c) => cardChip(c)))));
      if (data.draws.length) {
        parts.push(el("div", {},
          el("p", { class: "small", text: "Draws" }),
          el("ol", { class: "hand-row draws" }, data.draws.map((c, i) => {
            const chip = cardChip(c, "drawn");
            chip.prepend(el("span", { class: "turn-tag", text: "T" + (i + 2) }));
            return chip;
          }))));
      }
      output.replaceChildren(...parts);
      info.textContent = `Seed ${seed}` + (data.has_energy ? "" : " · no Energy card even after every mulligan");
      drawButton.disabled = false;
    }

    box.querySelector("#new-hand").addEventListener("click", () => { seed = null; draws = 0; deal(); });
    drawButton.addEventListener("click", () => { draws += 1; deal(); });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const builder = document.getElementById("builder");
    const configNode = document.getElementById("builder-config");
    if (builder && configNode) initBuilder(builder, JSON.parse(configNode.textContent));
    const deckPage = document.getElementById("deck-page");
    if (deckPage) initDeckPage(deckPage);
  });
})();
