/* Play a friend: the live table page. The board itself is goldfish.js's (the versus board, both sides drawn); this
   script keeps it live over the table's WebSocket: each socket is sent its own seat's view (or the spectators' view)
   after every decision, decisions go out over the socket (over HTTP while it is down), a dropped connection is
   retried and resumes from the server's current view, plus the clocks, the chat, draw/resign/claim and the rematch.
   The heartbeat: a ping every 15 s, which the server answers (a pong, or the table if it changed); a socket that
   has heard nothing for two heartbeats is taken for dead (a lost network, a proxy that dropped it silently) and a
   new one is opened.
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

  // (window.liveHeartbeatMs: a test's shorter heartbeat; nothing on the site sets it.)
  var HEARTBEAT = window.liveHeartbeatMs || 15000, SILENCE = 2 * HEARTBEAT + HEARTBEAT / 3;
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
    setInterval(function () { self.heartbeat(); }, HEARTBEAT);
  }

  // The versus board draws a seat's view; a spectator's view has no hand at all, which it shows as an empty hand
  // (hidden below). The page names the two sides for goldfish.js (data-me/data-opp): "you" and "your opponent",
  // or for a spectator "Player 1" and "Player 2" — never "the computer".
  Live.prototype.hookBoard = function () {
    var self = this, board = this.board;
    if (!board) return;
    var accept = Object.getPrototypeOf(board).accept, render = Object.getPrototypeOf(board).render;
    board.accept = function (game, logFrom) {
      if (game.state && self.seat === null) game.state.players[0].hand = [];
      self.table = game;
      self.clockAt = Date.now();
      accept.call(board, game, logFrom);
    };
    board.render = function () { render.call(board); self.decorate(); };
    // A decision from the board (a button, a key, each step of tap-and-pay) goes out over the socket; the promise
    // settles once the table has moved on from the version it was made at (whoever's move that was) or the server
    // refused it, so a multi-step play (goldfish.js's quickPlay) takes its next step from the board as it is then.
    board.act = function (actionId) {
      var after = self.table ? self.table.version : -1;
      return new Promise(function (resolve) {
        var timer = setTimeout(done, SETTLE_MS);
        function done() { clearTimeout(timer); resolve(); }
        self.waiters.push({ after: after, resolve: done });
        self.decide({ type: "action", action: actionId });
      });
    };
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

  // ------------------------------------------------------------------------------------------- the socket
  Live.prototype.connect = function () {
    var self = this;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + this.root.dataset.ws);
    this.socket = socket;
    this.status("connecting…");
    socket.addEventListener("open", function () { self.retry = 0; self.heardAt = Date.now(); self.status("live"); });
    socket.addEventListener("message", function (ev) {
      if (self.socket === socket) self.heardAt = Date.now();
      self.receive(JSON.parse(ev.data));
    });
    socket.addEventListener("close", function () { self.dropped(socket); });
  };

  // The socket closed, or fell silent: open another after a growing pause (the server sends the current table).
  Live.prototype.dropped = function (socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    var self = this, wait = Math.min(10000, 500 * Math.pow(2, this.retry++));
    this.status("reconnecting…");
    setTimeout(function () { self.connect(); }, wait);
  };

  Live.prototype.heartbeat = function () {
    var socket = this.socket;
    if (!socket || socket.readyState !== 1) return;
    if (Date.now() - this.heardAt > SILENCE) {
      this.dropped(socket);
      socket.close();
      return;
    }
    this.send({ type: "ping" });
  };

  Live.prototype.status = function (text) {
    var box = byId("live-conn");
    if (box) box.textContent = text;
    this.root.dataset.connection = text;
  };

  Live.prototype.send = function (message) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  };

  // A decision, a resignation, a draw offer, a chat line: over the socket, or over HTTP while it is down.
  Live.prototype.decide = function (message) {
    if (this.table && message.version === undefined) message.version = this.table.version;
    if (this.send(message)) return;
    var self = this;
    var path = { action: "actions/", resign: "resign/", draw: "draw/", claim: "claim/", rematch: "rematch/",
                 chat: "chat/", mute: "mute/" }[message.type];
    var body = Object.assign({}, message);
    delete body.type;
    if (message.type === "chat" || message.type === "mute" || message.type === "claim" || message.type === "rematch") delete body.version;
    fetch(this.api + path, { method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": this.csrf, Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (data) { return { ok: r.ok, data: data }; }); })
      .then(function (res) {
        if (!res.ok) self.receive(Object.assign({ type: "error" }, res.data));
        else if (message.type === "chat") self.receive({ type: "chat", line: res.data });
        else if (message.type === "rematch") location.href = res.data.url;
        else self.receive({ type: "table", table: res.data });
      })
      .catch(function () { self.flash("Could not reach the server; nothing was changed.", true); self.settle(); });
  };

  Live.prototype.receive = function (message) {
    if (message.type === "table") this.show(message.table);
    else if (message.type === "chat") this.chatLine(message.line);
    else if (message.type === "rematch") location.href = message.table.url;
    else if (message.type === "error") {
      // A decision sent just before a move this page has already shown (the opponent's draw offer between two
      // steps of tap-and-pay): refused as stale, and already settled by that move; nothing to say.
      if (message.code === "conflict" && message.table && this.table && message.table.version <= this.table.version) return;
      if (message.table) this.show(message.table);
      this.flash(message.message || "That was refused.", true);
      this.settle();
    }
  };

  Live.prototype.show = function (table) {
    if (this.waiting) {  // the waiting page: once someone sits down, the board page takes over
      // ... unless this page is itself sitting down: the table's update (sent as the join commits) comes over the
      // socket before the join's answer, and a reload then would cancel the join's request, with the session cookie
      // its answer brings: the seat taken, and this browser left watching it.
      if (table.status !== "open" && !this.joining) location.reload();
      var status = byId("gf-status");  // a table of three or four: "Waiting for players: 3 of 4 seated."
      if (status && table.prompt) status.textContent = table.prompt.text;
      if (table.chat) this.chat(table.chat);
      return;
    }
    if (table.chat) this.chat(table.chat);
    if (this.board) {
      this.flash("");
      this.board.accept(table, table.log_from || 0);  // a socket's update carries only the new events
      this.settle(table.version);
    }
  };

  Live.prototype.flash = function (text, bad) {
    var box = byId("gf-flash");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
  };

  // ------------------------------------------------------------------------------------------- around the board
  // How this viewer calls a seat: "You", "Your opponent" at two; at three or four "Player 3 (cy)", a partner "Your
  // partner, Player 3 (cy)"; for a spectator always "Player N (name)". Every seat of any table: no loop over [0, 1].
  Live.prototype.seatName = function (seat) {
    var t = this.table, me = this.seat;
    var count = t && t.seats ? t.seats : 2;
    var person = t && t.players[seat] && t.players[seat].name ? " (" + t.players[seat].name + ")" : "";
    if (me !== null && seat === me) return "You";
    if (me !== null && count === 2) return "Your opponent";
    if (me !== null && t.teams && seat % 2 === me % 2) return "Your partner, Player " + (seat + 1) + person;
    return "Player " + (seat + 1) + person;
  };

  function names(list, name) {
    var words = list.map(name);
    return words.length > 1 ? words.slice(0, -1).join(", ") + " and " + words[words.length - 1] : words.join("");
  }

  Live.prototype.decorate = function () {
    var t = this.table;
    if (!t || !t.state) return;
    var self = this, me = this.seat, view = t.state;
    var name = function (seat) { return self.seatName(seat); };
    var offers = t.draw_seats && t.draw_seats.length ? t.draw_seats : (t.draw_offer !== null ? [t.draw_offer] : []);
    var resigned = t.resigned || [];
    var ownSeat = me === null ? 0 : me;
    var oppTitle = byId("vs-opp-title");
    if (oppTitle) oppTitle.textContent = me === null ? name(1) + "'s board" : "Your opponent's board";
    var myTitle = byId("gf-board-title");
    if (myTitle) myTitle.textContent = me === null ? name(0) + "'s board" : "Your board";
    var note = this.root.querySelector("#gf-actions p.muted");
    if (note && me === null) {
      note.textContent = "You are watching: only the " + (t.seats > 2 ? t.seats : "two") + " players at this table can act.";
    }
    var hand = byId("gf-hand");
    if (hand && hand.parentNode) hand.parentNode.hidden = me === null;
    var parts = [];
    if (view.round) parts.push("Round " + view.round);
    if (t.status === "finished") parts.push("Game over");
    else if (t.can_act) parts.push("Your decision");
    else if (view.current_player !== undefined && view.current_player !== null) parts.push(name(view.current_player) + (me !== null && view.current_player !== me ? " is deciding" : " deciding"));
    if (offers.length && t.status === "live") {
      parts.push(offers.length === 1 && offers[0] === me ? "you offered a draw" :
        names(offers, name) + (offers.length > 1 ? " agree to a draw" : " offered a draw"));
    }
    if (resigned.length && t.status === "live") parts.push(names(resigned, name) + " resigned (the board stays)");
    byId("gf-status").textContent = parts.join(" · ");
    var out = me !== null && resigned.indexOf(me) >= 0, agreed = offers.indexOf(me) >= 0;
    var draw = byId("live-draw");
    if (draw) {
      draw.textContent = offers.length && !agreed ? "Accept the draw" : "Offer a draw";
      draw.disabled = t.status !== "live" || agreed || out;
    }
    ["live-resign", "live-claim"].forEach(function (id) { var b = byId(id); if (b) b.disabled = t.status !== "live" || out; });
    var verdict = byId("vs-verdict");
    if (verdict) verdict.textContent = t.prompt.text;
    Array.prototype.forEach.call(this.root.querySelectorAll("#gf-result .gf-result-links"), function (n) { n.remove(); });
    var end = byId("live-end");
    if (end) {
      end.hidden = t.status !== "finished";
      byId("live-end-text").textContent = t.prompt.text + (t.legacy ? " Legacy " + t.legacy.join("–") + "." : "") +
        (t.places && t.places.length > 2 ? " Places: " + t.places.map(function (place, seat) {
          return name(seat) + " " + place; }).join(", ") + "." : "");
      var again = byId("live-rematch");
      if (again) again.textContent = t.rematch && t.rematch.status === "open" ? "Accept the rematch" :
        (t.seats > 2 ? "Rematch (everyone moves one seat on)" : "Rematch (seats swapped)");
      if (t.status === "finished" && this.wasLive && end.scrollIntoView) end.scrollIntoView({ block: "start" });
    }
    this.wasLive = t.status === "live";
    this.root.dataset.status = t.status;
    this.root.dataset.seatView = String(ownSeat);
    this.tick();
  };

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
