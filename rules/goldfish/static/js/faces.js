/* Card faces on the table (issue 33), for the board (static/js/board/): a card's thumbnail on its tile, the full
   face in a popover on hover (a phone: touch and hold), card names in the log that show their face too, and which cards the last moves
   touched. The thumbnails come versioned from the API (`cards[slug].image`, `.face`), so the browser keeps them;
   they load lazily and carry their size, so the board does not jump while they arrive. Loaded before the board. */
(function () {
  "use strict";

  var THUMB = { width: 188, height: 263 };   // what /cards/<slug>/thumb.png draws (cards/render/geometry.py)
  var FULL = { width: 375, height: 525 };
  var HOVER_MS = 250;
  var HOLD_MS = 450;
  var LOG_ROWS = 150;  // how many of the log's last rows name their cards' faces

  function urls(slug, info) {
    var base = "/cards/" + encodeURIComponent(slug);
    return { thumb: (info && info.image) || base + "/thumb.png", full: (info && info.face) || base + "/image.png" };
  }

  /* The card's thumbnail: its name is the alt text. */
  function thumb(slug, name, info, extra) {
    var img = document.createElement("img");
    img.className = "cx-face" + (extra ? " " + extra : "");
    img.src = urls(slug, info).thumb;
    img.alt = name;
    img.width = THUMB.width;
    img.height = THUMB.height;
    img.loading = "lazy";
    img.decoding = "async";
    img.draggable = false;
    return img;
  }

  /* Let `node` show the card's full face on hover or touch-and-hold. */
  function mark(node, slug, name, info) {
    node.dataset.face = urls(slug, info).full;
    node.dataset.faceName = name;
    if (info && info.text) node.dataset.faceText = info.text;
    return node;
  }

  // ------------------------------------------------------------------------------------------- the popover
  var pop = null, popImg = null, anchor = null, showTimer = null, holdTimer = null, holdStart = null, swallowClick = false;

  function popover() {
    if (pop) return pop;
    pop = document.createElement("div");
    pop.className = "cx-face-pop";
    pop.id = "cx-face-pop";
    pop.hidden = true;
    popImg = document.createElement("img");
    popImg.width = FULL.width;
    popImg.height = FULL.height;
    popImg.alt = "";
    var hint = document.createElement("p");
    hint.className = "cx-face-pop-hint";
    hint.textContent = "Esc or a tap elsewhere closes it";
    pop.appendChild(popImg);
    pop.appendChild(hint);
    pop.addEventListener("click", function () { hide(); });
    document.body.appendChild(pop);
    return pop;
  }

  function show(node, touch) {
    var box = popover();
    anchor = node;
    popImg.src = node.dataset.face;
    popImg.alt = node.dataset.faceName + (node.dataset.faceText ? ": " + node.dataset.faceText.replace(/\n/g, " ") : "");
    box.classList.toggle("touch", !!touch);
    box.hidden = false;
    place(box, node, touch);
  }

  /* Beside the card (right if there is room, else left), within the window; centred on a touch screen. */
  function place(box, node, touch) {
    var vw = document.documentElement.clientWidth, vh = window.innerHeight;
    var w = box.offsetWidth, h = box.offsetHeight;
    var left, top;
    if (touch || vw < 700) {
      left = (vw - w) / 2;
      top = Math.max(8, (vh - h) / 2);
    } else {
      var r = node.getBoundingClientRect();
      left = r.right + 12 + w <= vw ? r.right + 12 : Math.max(8, r.left - 12 - w);
      top = Math.min(Math.max(8, r.top + r.height / 2 - h / 2), Math.max(8, vh - h - 8));
    }
    box.style.left = Math.round(left) + "px";   // CSSOM: allowed by the CSP
    box.style.top = Math.round(top) + "px";
  }

  function hide() {
    clearTimeout(showTimer);
    anchor = null;
    if (pop) pop.hidden = true;
  }

  function faceOf(target) { return target && target.closest ? target.closest("[data-face]") : null; }

  function bind() {
    document.addEventListener("mouseover", function (ev) {
      var node = faceOf(ev.target);
      if (node === anchor) return;
      clearTimeout(showTimer);
      if (!node) { if (anchor && pop && !pop.classList.contains("touch")) hide(); return; }
      showTimer = setTimeout(function () { if (node.isConnected) show(node, false); }, HOVER_MS);
    });
    document.addEventListener("pointerdown", function (ev) {
      swallowClick = false;  // a new gesture: only the click that ends a hold is swallowed
      if (pop && !pop.hidden && !pop.contains(ev.target) && pop.classList.contains("touch")) hide();
      if (ev.pointerType === "mouse") return;
      var node = faceOf(ev.target);
      if (!node) return;
      holdStart = { x: ev.clientX, y: ev.clientY };
      clearTimeout(holdTimer);
      holdTimer = setTimeout(function () { swallowClick = true; show(node, true); }, HOLD_MS);
    });
    document.addEventListener("pointermove", function (ev) {
      if (holdStart && Math.abs(ev.clientX - holdStart.x) + Math.abs(ev.clientY - holdStart.y) > 12) clearTimeout(holdTimer);
    });
    ["pointerup", "pointercancel"].forEach(function (name) {
      document.addEventListener(name, function () { clearTimeout(holdTimer); holdStart = null; });
    });
    // The tap that ends a touch-and-hold only shows the face: it does not also choose the card.
    document.addEventListener("click", function (ev) {
      if (!swallowClick) return;
      swallowClick = false;
      ev.preventDefault();
      ev.stopPropagation();
    }, true);
    document.addEventListener("contextmenu", function (ev) { if (faceOf(ev.target)) ev.preventDefault(); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") hide(); });
    window.addEventListener("scroll", function () { if (pop && !pop.hidden && !pop.classList.contains("touch")) hide(); }, true);
  }

  // ------------------------------------------------------------------------------------------- the log
  /* Wrap each card name of the log's rows in a span that shows the card's face on hover. */
  function linkLog(list, cards) {
    var names = {};
    Object.keys(cards || {}).forEach(function (slug) { if (cards[slug].name) names[cards[slug].name] = slug; });
    var keys = Object.keys(names).sort(function (a, b) { return b.length - a.length; });
    if (!list || !keys.length) return;
    var pattern = new RegExp("(" + keys.map(function (k) { return k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")");
    var rows = Array.prototype.slice.call(list.children, -LOG_ROWS);  // the recent rows: a long log stays cheap
    rows.forEach(function (row) {
      Array.prototype.slice.call(row.childNodes).forEach(function (node) {
        if (node.nodeType !== 3 || !pattern.test(node.nodeValue)) return;
        var parts = node.nodeValue.split(pattern);
        var frag = document.createDocumentFragment();
        parts.forEach(function (part, i) {
          if (i % 2 === 0) { if (part) frag.appendChild(document.createTextNode(part)); return; }
          var span = document.createElement("span");
          span.className = "cx-name";
          span.textContent = part;
          frag.appendChild(mark(span, names[part], part, cards[names[part]]));
        });
        row.replaceChild(frag, node);
      });
    });
  }

  // ------------------------------------------------------------------------------------------- the last move
  function boardIndex(view) {
    var out = {};
    (view ? view.players : []).forEach(function (p) {
      var put = function (e) { out[e.id] = e; };
      if (p.hero) put(p.hero);
      (p.people || []).forEach(function (person) { put(person); (person.equipment || []).forEach(put); });
      ["scenes", "batteries", "energy"].forEach(function (zone) { (p[zone] || []).forEach(put); });
    });
    return out;
  }

  /* The cards (by id) and edges a move changed, from the board before it to the board after: a card that came into
     play, was tapped, or whose damage or charge counters changed; an edge whose charge or lock changed. Untapping
     at the start of a turn is not a move of anyone's and is left out. `acted`: ids the move named itself. */
  function touched(before, after, acted) {
    var out = { cards: {}, edges: {} };
    (acted || []).forEach(function (id) { if (id !== null && id !== undefined) out.cards[String(id)] = true; });
    if (!before || !after) return out;
    var was = boardIndex(before), now = boardIndex(after);
    Object.keys(now).forEach(function (id) {
      var a = was[id], b = now[id];
      if (!a || (b.tapped && !a.tapped) || a.hp !== b.hp || a.charge !== b.charge) out.cards[id] = true;
    });
    var edges = {};
    (before.pyramid ? before.pyramid.edges : []).forEach(function (e) { edges[e.edge] = e; });
    (after.pyramid ? after.pyramid.edges : []).forEach(function (e) {
      var a = edges[e.edge];
      if (a && (a.charge !== e.charge || a.locked !== e.locked)) out.edges[e.edge] = true;
    });
    return out;
  }

  /* The card ids an action's id names (as the versus page's cpu_words.js reads them). */
  function cardsOf(action) {
    var parts = String(action || "").split(".");
    var kind = parts[0];
    if (kind === "pass" || kind === "end_turn" || parts.length < 3) return [];
    var id = /^(target|assign|assign_damage|absorb|deflect)$/.test(kind) ? parts[parts.length - 1] : parts[2];
    return /^\d+$/.test(id) ? [id] : [];
  }

  window.CodexFaces = { thumb: thumb, mark: mark, urls: urls, linkLog: linkLog, touched: touched, cardsOf: cardsOf,
                        hide: hide, THUMB: THUMB };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bind); else bind();
})();
