/* Play a friend: the live table page (rules/live/static/js/, loaded after the shared board, static/js/board/, which
   draws the table as the versus board, both sides drawn). Three short scripts, loaded in order, share
   window.CodexLive.methods, the methods of one Live object: live_socket.js (the table's WebSocket: views in,
   decisions out, reconnects and the heartbeat), live_words.js (the table in this viewer's words for the board, and
   this page's controls) and this file (the Live object, its hook-up to the board, the buttons, the clocks and the
   chat). The board is given this page's words and transport (CodexBoard.configure), never patched after it draws.
   No inline code or style (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  function byId(id) { return document.getElementById(id); }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clockText(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  var parts = window.CodexLive;  // live_socket.js and live_words.js, loaded first
  var SETTLE_MS = 20000;  // a decision nobody answered (a dropped socket) stops waiting; the reconnect redraws

  function Live(root) {
    this.root = root;
    this.api = root.dataset.api;
    this.csrf = root.dataset.csrf;
    this.seat = root.dataset.player ? parseInt(root.dataset.seat, 10) : null;
    this.waiting = root.dataset.status === "open";
    this.table = null;
    this.board = window.goldfishBoard || null;
    this.socket = null;
    this.retry = 0;
    this.heardAt = 0;
    this.clockAt = 0;
    this.waiters = [];  // decisions made from the board, waiting for the table that follows them
    this.hookBoard();
    this.bind();
    this.connect();
    var self = this;
    setInterval(function () { self.tick(); }, 1000);
    setInterval(function () { self.heartbeat(); }, parts.HEARTBEAT);
  }

  Object.keys(parts.methods).forEach(function (name) { Live.prototype[name] = parts.methods[name]; });

  // The board (static/js/board/page.js) takes from this page: the table it accepts (kept here for the clocks and the
  // decisions), where a decision goes (the socket), the status line, the boards' titles and the verdict in this
  // viewer's words (never "the computer"), no result links (the end panel has the rematch and the replay), and after
  // each drawing this page's own controls. The page itself names the sides (data-me/data-opp), a spectator's note
  // (data-watching) and that a spectator has no hand (data-hand="none"): rules/live/templates/live/table.html.
  Live.prototype.hookBoard = function () {
    var self = this;
    if (!this.board || !window.CodexBoard) return;
    window.CodexBoard.configure({
      accepted: function (game) { self.table = game; self.clockAt = Date.now(); },
      act: function (actionId) { return self.act(actionId); },
      status: function (game) { return self.statusText(game); },
      titles: function () { return self.titles(); },
      verdict: function (game) { return game.prompt.text; },
      resultLinks: false,
      drawn: function () { self.controls(); }
    });
  };

  // A decision from the board (a button, a key, each step of tap-and-pay) goes out over the socket; the promise
  // settles once the table has moved on from the version it was made at (whoever's move that was) or the server
  // refused it, so a multi-step play (the board's quickPlay) takes its next step from the board as it is then.
  Live.prototype.act = function (actionId) {
    var self = this, after = this.table ? this.table.version : -1;
    return new Promise(function (resolve) {
      var timer = setTimeout(done, SETTLE_MS);
      function done() { clearTimeout(timer); resolve(); }
      self.waiters.push({ after: after, resolve: done });
      self.decide({ type: "action", action: actionId });
    });
  };

  /* Settle the decisions waiting for the table to move past their version (all of them: a refusal). */
  Live.prototype.settle = function (version) {
    var still = [];
    this.waiters.forEach(function (w) { if (version === undefined || version > w.after) w.resolve(); else still.push(w); });
    this.waiters = still;
  };

  Live.prototype.bind = function () {
    var self = this;
    var on = function (id, fn) { var n = byId(id); if (n) n.addEventListener("click", fn); };
    on("live-resign", function () { if (window.confirm("Resign this game?")) self.decide({ type: "resign" }); });
    on("live-draw", function () { self.decide({ type: "draw" }); });
    on("live-claim", function () { self.decide({ type: "claim" }); });
    on("live-rematch", function () { self.decide({ type: "rematch" }); });
    on("live-copy-invite", function () {
      var box = byId("live-invite");
      if (box) { box.select(); if (navigator.clipboard) navigator.clipboard.writeText(box.value); }
    });
    if (!this.board) on("gf-share", function () { if (navigator.clipboard) navigator.clipboard.writeText(byId("gf-share").dataset.url); });
    var form = byId("live-chat-form");
    if (form) form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var input = byId("live-chat-text");
      if (input.value.trim()) self.decide({ type: "chat", text: input.value });
      input.value = "";
    });
    var join = byId("live-join-form");
    if (join) join.addEventListener("submit", function () { self.joining = true; });
    var mute = byId("live-mute");
    if (mute) mute.addEventListener("change", function () { self.decide({ type: "mute", muted: mute.checked }); });
  };

  // ------------------------------------------------------------------------------------------- the clocks
  Live.prototype.tick = function () {
    var t = this.table, box = byId("live-clocks");
    if (!box || !t || !t.clock) return;
    var elapsed = (Date.now() - this.clockAt) / 1000;
    var self = this;
    box.hidden = false;
    while (box.firstChild) box.removeChild(box.firstChild);
    t.clock.remaining.forEach(function (_, seat) {
      var running = t.clock.running === seat;
      var left = t.clock.remaining[seat] - (running ? elapsed : 0);
      var who = self.seat === null || t.seats > 2 ? (seat === self.seat ? "You" : "Player " + (seat + 1)) :
        (seat === self.seat ? "You" : "Opponent");
      if (seat) box.appendChild(document.createTextNode(" · "));
      var clock = el("span", { class: "live-clock" + (running ? " running" : ""), "data-seat": String(seat) }, who + " " + clockText(left));
      if (running) clock.appendChild(hourglass());
      box.appendChild(clock);
    });
  };

  // The running clock's hourglass, drawn as an inline SVG (not an hourglass character: a box where the font lacks it).
  var SVG = "http://www.w3.org/2000/svg";
  var HOURGLASS = "M6 2h12v2h-1v3.2a5 5 0 0 1-2.6 4.4L13.2 12l1.2.4A5 5 0 0 1 17 16.8V20h1v2H6v-2h1v-3.2a5 5 0 0 1 " +
    "2.6-4.4l1.2-.4-1.2-.4A5 5 0 0 1 7 7.2V4H6zm3 2v3.2a3 3 0 0 0 1.6 2.6L12 10.6l1.4-.8A3 3 0 0 0 15 7.2V4zm3 " +
    "9.4-1.4.8A3 3 0 0 0 9 16.8V20h6v-3.2a3 3 0 0 0-1.6-2.6z";

  function hourglass() {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("class", "live-hourglass");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "running");
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", HOURGLASS);
    path.setAttribute("fill", "currentColor");
    svg.appendChild(path);
    return svg;
  }

  // ------------------------------------------------------------------------------------------- the chat
  Live.prototype.chat = function (lines) {
    var list = byId("live-chat");
    if (!list) return;
    while (list.firstChild) list.removeChild(list.firstChild);
    var self = this;
    lines.forEach(function (line) { self.chatLine(line); });
  };

  Live.prototype.chatLine = function (line) {
    var list = byId("live-chat");
    if (!list) return;
    var count = this.table && this.table.seats ? this.table.seats : 2;  // a spectator's line: the first seat past them
    var who = line.seat >= count ? "Spectator" : this.seat === null || count > 2 ?
      (line.seat === this.seat ? "You" : "Player " + (line.seat + 1)) : (line.seat === this.seat ? "You" : "Opponent");
    var item = el("li", { "data-seat": String(line.seat) });
    item.appendChild(el("strong", {}, who + ": "));
    var body = el("span", { class: "live-chat-text" });
    body.innerHTML = line.html;  // rendered and sanitized by the server (decks.markdown: nh3), like comments
    item.appendChild(body);
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
  };

  document.addEventListener("DOMContentLoaded", function () {
    var root = document.querySelector("[data-live]");
    if (root) window.liveTable = new Live(root);
  });
})();
