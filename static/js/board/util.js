/* The board (static/js/board/): the goldfish, versus and live pages draw one board from the JSON API, in short plain
   scripts loaded in order with `defer` (the site's Content-Security-Policy allows only its own files, and there is
   no bundler). They share one object, window.CodexBoard: each file adds its part to it, and boot.js, loaded last,
   starts the board or the replay the page holds. The page keeps no rules of its own: it shows the engine's view and
   offers exactly the engine's legal actions, so an illegal move cannot be made from here.

   This file: the small helpers every part uses (elements, SVG, the JSON API, cost pips, bars, the flash line). */
(function () {
  "use strict";

  var B = window.CodexBoard = window.CodexBoard || {};
  var SVG_NS = "http://www.w3.org/2000/svg";

  B.PHASES = {
    mulligan: "Opening hand", first_player: "Choosing who goes first", first_player_chosen: "Choosing who goes first",
    turn_start: "Start of turn", action: "Action Phase", arc_burn: "End Phase: Arc Burn", end: "End Phase",
    pyramid: "Pyramid turn", discharge: "Edge Discharge", discharge_recombine: "Edge Discharge",
    discharge_finish: "Edge Discharge", round_end: "End of round", cataclysm: "The Cataclysm",
    cataclysm_apply: "The Cataclysm", over: "Game over"
  };
  B.ENERGY_ORDER = ["DC", "LC", "DR", "LR", "CE", "Buff"];

  B.el = function (tag, attrs, children) {
    var node = document.createElement(tag);
    setAttrs(node, attrs);
    B.append(node, children);
    return node;
  };

  B.svgEl = function (tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    setAttrs(node, attrs);
    B.append(node, children);
    return node;
  };

  function setAttrs(node, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.setAttribute("class", value);
      else if (key === "on") Object.keys(value).forEach(function (ev) { node.addEventListener(ev, value[ev]); });
      else if (key === "data") Object.keys(value).forEach(function (d) { node.dataset[d] = value[d]; });
      else node.setAttribute(key, value === true ? "" : String(value));
    });
  }

  B.append = function (node, children) {
    if (children === null || children === undefined) return;
    if (!Array.isArray(children)) children = [children];
    children.forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
  };

  B.clear = function (node) {
    while (node && node.firstChild) node.removeChild(node.firstChild);
    return node;
  };

  B.byId = function (id) { return document.getElementById(id); };
  // The computer's reasons in players' words (rules/versus/static/js/cpu_words.js, loaded by the versus pages).
  B.cpuWords = function (reason) { return window.CodexCpuWords ? window.CodexCpuWords.plain(reason) : reason; };
  B.handSize = function (player) { return player.hand ? player.hand.length : (player.hand_count || 0); };
  B.plural = function (n, word, many) { return n + " " + (n === 1 ? word : (many || word + "s")); };

  /* The JSON API: the answer's status and body, whatever the status (an error's body says why). */
  B.request = function (method, url, body, csrf) {
    var options = { method: method, credentials: "same-origin", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.headers["X-CSRFToken"] = csrf || "";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, ok: response.ok, data: data };
      });
    });
  };

  B.pips = function (cost) {
    var out = [];
    B.ENERGY_ORDER.forEach(function (code) {
      if (cost && cost[code]) out.push(B.el("span", { class: "pip " + code, text: (cost[code] > 1 ? cost[code] : "") + code }));
    });
    if (cost && cost.charge) out.push(B.el("span", { class: "pip charge", text: cost.charge + "⚡" }));
    return out;
  };

  B.bar = function (value, max, kind) {
    var fill = B.el("span", { class: "gf-bar-fill" });
    var ratio = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
    fill.style.width = (ratio * 100).toFixed(1) + "%";  // CSSOM, allowed by the CSP (no style attribute in markup)
    return B.el("span", { class: "gf-bar " + kind + (ratio <= 0.34 ? " low" : ""), "aria-hidden": "true" }, fill);
  };

  B.chargePips = function (n, capacity) {
    var wrap = B.el("span", { class: "gf-charge", title: B.plural(n, "charge counter") });
    wrap.appendChild(B.el("span", { class: "gf-charge-n", text: "⚡" + n }));
    if (capacity) wrap.appendChild(B.el("span", { class: "muted", text: "/" + capacity }));
    return wrap;
  };

  /* The flash line above the board: what was refused, or a short notice. */
  B.flash = function (text, bad) {
    var box = B.byId("gf-flash");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
  };

  B.toast = function (text) {
    var box = B.byId("gf-flash");
    if (box) { box.textContent = text; box.hidden = false; box.classList.remove("bad"); }
  };

  B.copyText = function (text, done) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { B.toast(done); }, function () { B.toast(text); });
    } else B.toast(text);
  };
})();
