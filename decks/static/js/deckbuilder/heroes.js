/* The deckbuilder's Hero picker: a radio group of buttons, arrow keys move the choice. */
(function () {
  "use strict";

  const { el } = CodexDeck.util;

  CodexDeck.parts.heroes = function (b) {
    const { config, state, ui } = b;

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
      b.markDirty();
      renderHeroes();
      b.renderResults();
      b.refresh();
    }

    Object.assign(b, { renderHeroes, chooseHero });
  };
})();
