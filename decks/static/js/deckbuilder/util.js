/* Cataclysm Codex — the deck pages' scripts (decks/static/js/deckbuilder/): the deckbuilder (/decks/new/,
 * /decks/<id>/edit/) and a deck page's live parts. Plain scripts loaded in order by the templates (the site's CSP
 * allows only its own files and no inline handlers, and there is no bundler); they share one object,
 * window.CodexDeck: `util` (this file's helpers), `parts` (each builder file adds one: a function given the builder's
 * shared context `b` that adds its functions to it, called in order by builder.js).
 *
 * This file: the small helpers every part uses (elements, SVG, debounce, the JSON API with the CSRF token, cost pips,
 * copying, the card preview beside a row).
 */
(function () {
  "use strict";

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

  // A card row's − and + buttons (out of the tab order: the row takes the focus and its keys), in the search
  // results and the deck list alike; the − disabled where there is no copy to remove.
  function stepButtons(name, noCopy) {
    return el("span", { class: "row-buttons" },
      el("button", { type: "button", class: "step minus", "aria-label": "Remove a copy of " + name, tabindex: "-1", text: "−",
                     disabled: noCopy }),
      el("button", { type: "button", class: "step plus", "aria-label": "Add a copy of " + name, tabindex: "-1", text: "+" }));
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

  window.CodexDeck = {
    util: { el, svg, debounce, api, percent, costPips, stepButtons, costTotal, copyText, cardPreview },
    parts: {},
  };
})();
