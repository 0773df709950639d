/* The deckbuilder's deck list: rows grouped by type, the count and its meter, adding and removing copies by
 * click, right click, the count box and the keyboard (shared by the result rows). */
(function () {
  "use strict";

  const { el, costPips, costTotal, stepButtons } = CodexDeck.util;

  CodexDeck.parts.deckList = function (b) {
    const { state, ui, deckSize, typeOrder, typeTitle } = b;

    function addCard(card, delta) {
      const row = state.cards.get(card.slug);
      const count = (row ? row.count : 0) + delta;
      if (count <= 0) state.cards.delete(card.slug);
      else state.cards.set(card.slug, { card: row ? row.card : card, count });
      if (count < 0) return;
      b.markDirty();
      renderDeck();
      b.renderResults();
      b.refresh();
    }

    function deckRow(row) {
      const { card, count } = row;
      const problem = state.problems.get(card.slug);
      const li = el("li", {
        class: "card-row deck-card" + (problem ? " has-" + problem : "") + (b.isLegal(card.slug) ? "" : " illegal"),
        tabindex: "0", "data-slug": card.slug,  // a list item, named by its label
        "aria-label": `${count} ${card.name}. Plus adds a copy, minus removes one.`,
      },
      el("input", { type: "number", class: "qty qty-input", min: "0", max: "99", inputMode: "numeric", value: String(count),
        "aria-label": "Copies of " + card.name }),
      el("span", { class: "card-main" }, el("a", { class: "card-name", href: "/cards/" + card.slug + "/", tabindex: "-1", text: card.name }),
        b.lackOf(card.slug, count) ? el("span", { class: "lacking", title: "Copies your collection lacks", text: `lack ${b.lackOf(card.slug, count)}` }) : null),
      costPips(card.cost),
      stepButtons(card.name, false));
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
      const n = b.total();
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

    Object.assign(b, { addCard, renderDeck, wireRows });
  };
})();
