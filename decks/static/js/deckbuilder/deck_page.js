/* A deck's page (/decks/<id>/) and its history: copy buttons, confirmed forms, the card preview over the decklist,
 * and the opening-hand sampler (dealt by the server, mulligans shown). Needs util.js. */
(function () {
  "use strict";

  const { el, api, copyText, cardPreview } = CodexDeck.util;

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
    const deckPage = document.getElementById("deck-page");
    if (deckPage) initDeckPage(deckPage);
  });
})();
