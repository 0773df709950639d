/* The deckbuilder's catalogue search: type chips, the query (sent to the cards API), the result rows, load more. */
(function () {
  "use strict";

  const { el, api, costPips, stepButtons } = CodexDeck.util;

  CodexDeck.parts.search = function (b) {
    const { config, state, ui, typeName } = b;

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

    function resultRow(card) {
      const row = state.cards.get(card.slug);
      const inDeck = row ? row.count : 0;
      const owned = b.ownedOf(card.slug);
      const ok = b.isLegal(card.slug);
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
      stepButtons(card.name, !inDeck));
      li.card = card;
      return li;
    }

    function renderResults() {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#card-results .card-row");
      const focusedSlug = focused ? focused.dataset.slug : null;
      const shown = state.results.filter((card) => !ui.legalOnly.checked || b.isLegal(card.slug));
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

    Object.assign(b, { renderChips, search, renderResults });
  };
})();
