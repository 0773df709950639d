/* The deckbuilder's save and fork: a new deck is POSTed, a saved one PUT with its version (a 409 offers to load
 * the saved deck or overwrite it); logged out, saving keeps the draft and goes to the login page. */
(function () {
  "use strict";

  const { el, api } = CodexDeck.util;

  CodexDeck.parts.saving = function (b) {
    const { root, config, state, ui, heroes, DRAFT_KEY } = b;

    function status(message, kind) {
      ui.status.replaceChildren();
      ui.status.className = "save-status" + (kind ? " " + kind : "");
      if (typeof message === "string") ui.status.textContent = message;
      else ui.status.append(message);
    }

    async function save({ overwrite = false } = {}) {
      if (!config.authenticated) {
        b.markDirty();
        window.location.href = config.loginUrl;
        return;
      }
      const body = {
        ...b.decklist(),
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

    Object.assign(b, { status, save, fork });
  };
})();
