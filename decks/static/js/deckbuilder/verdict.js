/* The deckbuilder's server verdict: each change is sent (debounced) to the validate and stats APIs; an answer to
 * an older deck is dropped. Draws the validity badge and the errors and warnings. */
(function () {
  "use strict";

  const { el, api, debounce } = CodexDeck.util;

  CodexDeck.parts.verdict = function (b) {
    const { config, state, ui } = b;

    const refresh = debounce(async () => {
      const seq = ++state.seq;
      const body = b.decklist();
      ui.badge.dataset.state = "pending";
      ui.badge.textContent = "Checking…";
      const [verdict, stats] = await Promise.all([
        api(config.urls.validate, { method: "POST", body }),
        api(config.urls.stats, { method: "POST", body }),
      ]);
      if (seq !== state.seq) return; // an answer to an older deck
      if (verdict.ok) renderVerdict(verdict.data);
      else renderVerdictFailure(verdict.data);
      if (stats.ok) b.renderStats(stats.data.statistics);
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
      b.renderDeck();
    }

    function renderVerdictFailure(data) {
      ui.badge.dataset.state = "invalid";
      ui.badge.className = "badge bad";
      ui.badge.textContent = "Not checked";
      ui.errors.replaceChildren(el("li", { text: (data && data.message) || "The deck could not be checked." }));
    }

    Object.assign(b, { refresh });
  };
})();
