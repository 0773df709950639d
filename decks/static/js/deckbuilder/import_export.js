/* The deckbuilder's export (text, code, with a link), import (a pasted list or a deck code replaces the deck) and
 * quick add (one line adds its cards, a misspelt name offers the importer's suggestions as buttons). */
(function () {
  "use strict";

  const { el, api } = CodexDeck.util;

  CodexDeck.parts.importExport = function (b) {
    const { config, state, ui, heroes } = b;

    let exportKind = "text";
    async function showExport(kind = exportKind) {
      exportKind = kind;
      for (const tab of ui.exportDialog.querySelectorAll("[data-export]")) {
        tab.setAttribute("aria-selected", tab.dataset.export === kind ? "true" : "false");
      }
      ui.exportOutput.value = "…";
      const result = await api(`${config.urls.export}?format=${kind}`, { method: "POST", body: b.decklist() });
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
      b.markDirty();
      b.renderHeroes();
      b.renderDeck();
      b.renderResults();
      b.refresh();
      if (unread.length) {
        ui.importErrors.replaceChildren(el("li", { class: "muted", text: "Imported what could be read. Skipped:" }),
          ...unread.map((p) => el("li", { text: p.message })));
      } else {
        ui.importErrors.replaceChildren();
        ui.importDialog.close();
        b.status("Imported. Save to keep it.", "ok");
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
        b.markDirty();
        b.renderDeck();
        b.renderResults();
        b.refresh();
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

    Object.assign(b, { showExport, doImport, quickAdd });
  };
})();
