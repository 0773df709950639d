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
    this.hookBoard();
    this.bind();
    this.connect();
    var self = this;
    setInterval(function () { self.tick(); }, 1000);
    setInterval(function () { self.heartbeat(); }, HEARTBEAT);
  }

  // The versus board draws a seat's view; a spectator's view has no hand at all, which it shows as an empty hand
  // (hidden below), and its words about "the computer" are replaced after each drawing.
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
    board.act = function (actionId) { self.decide({ type: "action", action: actionId }); };
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
      .catch(function () { self.flash("Could not reach the server; nothing was changed.", true); });
  };

  Live.prototype.receive = function (message) {
    if (message.type === "table") this.show(message.table);
    else if (message.type === "chat") this.chatLine(message.line);
    else if (message.type === "rematch") location.href = message.table.url;
    else if (message.type === "error") {
      this.flash(message.message || "That was refused.", true);
      if (message.table) this.show(message.table);
    }
  };

  Live.prototype.show = function (table) {
    if (this.waiting) {  // the waiting page: once someone sits down, the board page takes over
      if (table.status !== "open") location.reload();
      if (table.chat) this.chat(table.chat);
      return;
    }
    if (table.chat) this.chat(table.chat);
    if (this.board) {
      this.flash("");
      this.board.accept(table, table.log_from || 0);  // a socket's update carries only the new events
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
  Live.prototype.decorate = function () {
    var t = this.table;
    if (!t || !t.state) return;
    var me = this.seat, view = t.state;
    var name = function (seat) {
      if (me !== null) return seat === me ? "You" : "Your opponent";
      return "Player " + (seat + 1) + (t.players[seat].name ? " (" + t.players[seat].name + ")" : "");
    };
    var ownSeat = me === null ? 0 : me;
    var oppTitle = byId("vs-opp-title");
    if (oppTitle) oppTitle.textContent = me === null ? name(1) + "'s board" : "Your opponent's board";
    var myTitle = byId("gf-board-title");
    if (myTitle) myTitle.textContent = me === null ? name(0) + "'s board" : "Your board";
    renameInPyramid(me === null);
    var note = this.root.querySelector("#gf-actions p.muted");
    if (note && me === null) note.textContent = "You are watching: only the two players at this table can act.";
    var hand = byId("gf-hand");
    if (hand && hand.parentNode) hand.parentNode.hidden = me === null;
    var parts = [];
    if (view.round) parts.push("Round " + view.round);
    if (t.status === "finished") parts.push("Game over");
    else if (t.can_act) parts.push("Your decision");
    else if (view.current_player !== undefined && view.current_player !== null) parts.push(name(view.current_player) + (me !== null && view.current_player !== me ? " is deciding" : " deciding"));
    if (t.draw_offer !== null && t.status === "live") parts.push(t.draw_offer === me ? "you offered a draw" : name(t.draw_offer) + " offered a draw");
    byId("gf-status").textContent = parts.join(" · ");
    var draw = byId("live-draw");
    if (draw) {
      draw.textContent = t.draw_offer !== null && t.draw_offer !== me ? "Accept the draw" : "Offer a draw";
      draw.disabled = t.status !== "live" || t.draw_offer === me;
    }
    ["live-resign", "live-claim"].forEach(function (id) { var b = byId(id); if (b) b.disabled = t.status !== "live"; });
    var verdict = byId("vs-verdict");
    if (verdict) verdict.textContent = t.prompt.text;
    Array.prototype.forEach.call(this.root.querySelectorAll("#gf-result .gf-result-links"), function (n) { n.remove(); });
    var end = byId("live-end");
    if (end) {
      end.hidden = t.status !== "finished";
      byId("live-end-text").textContent = t.prompt.text + (t.legacy ? " Legacy " + t.legacy[0] + "–" + t.legacy[1] + "." : "");
      var again = byId("live-rematch");
      if (again) again.textContent = t.rematch && t.rematch.status === "open" ? "Accept the rematch" : "Rematch (seats swapped)";
      if (t.status === "finished" && this.wasLive && end.scrollIntoView) end.scrollIntoView({ block: "start" });
    }
    this.wasLive = t.status === "live";
    this.root.dataset.status = t.status;
    this.root.dataset.seatView = String(ownSeat);
    this.tick();
  };

  // The versus Pyramid names the other seat "the computer" (and a spectator's seats "you" and "the computer").
  var FOR_PLAYERS = [[/^CPU /, "Opp "], [/the computer/g, "your opponent"], [/computer's/g, "opponent's"]];
  var FOR_SPECTATORS = [[/^CPU /, "P2 "], [/^You /, "P1 "], [/the computer and you/g, "both players"],
    [/adjacent to you/g, "adjacent to Player 1"], [/the computer/g, "Player 2"], [/computer's/g, "Player 2's"],
    [/^yours$/, "Player 1's"]];

  function renameInPyramid(spectator) {
    var rules = spectator ? FOR_SPECTATORS : FOR_PLAYERS;
    ["gf-pyramid-figure", "gf-edges"].forEach(function (id) {
      var root = byId(id);
      if (!root) return;
      var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
      for (var node = walker.nextNode(); node; node = walker.nextNode()) {
        var text = node.nodeValue;
        rules.forEach(function (rule) { text = text.replace(rule[0], rule[1]); });
        if (text !== node.nodeValue) node.nodeValue = text;
      }
    });
  }

  Live.prototype.tick = function () {
    var t = this.table, box = byId("live-clocks");
    if (!box || !t || !t.clock) return;
    var elapsed = (Date.now() - this.clockAt) / 1000;
    var self = this;
    box.hidden = false;
    box.textContent = [0, 1].map(function (seat) {
      var left = t.clock.remaining[seat] - (t.clock.running === seat ? elapsed : 0);
      var who = self.seat === null ? "Player " + (seat + 1) : (seat === self.seat ? "You" : "Opponent");
      return who + " " + clockText(left) + (t.clock.running === seat ? " ⏳" : "");
    }).join(" · ");
  };

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
    var who = line.seat === 2 ? "Spectator" :
      this.seat === null ? "Player " + (line.seat + 1) : (line.seat === this.seat ? "You" : "Opponent");
    var item = el("li", { "data-seat": String(line.seat) });
    item.appendChild(el("strong", {}, who + ": "));
    var body = el("span", { class: "live-chat-text" });
    body.innerHTML = line.html;  // rendered and sanitized by the server (decks.markdown: nh3), like comments
    item.appendChild(body);
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
  };

  // The replay of a finished table is goldfish.js's versus replay: name the two players as players, not "you" and
  // "the computer".
  function LiveReplay() {
    var titles = { "vs-opp-title": "Player 2's board", "gf-board-title": "Player 1's board", "gf-hand-title": "Player 1's hand" };
    Object.keys(titles).forEach(function (id) { var n = byId(id); if (n) n.textContent = titles[id]; });
    var what = byId("rp-what");
    if (!what || !window.MutationObserver) return;
    var rename = function () {
      var text = what.textContent;
      var fixed = text.replace(/^You: /, "Player 1: ").replace(/^(Computer|Opponent): /, "Player 2: ");
      if (fixed !== text) what.textContent = fixed;
    };
    new MutationObserver(rename).observe(what, { childList: true, characterData: true, subtree: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var root = document.querySelector("[data-live]");
    if (root) window.liveTable = new Live(root);
    if (document.querySelector("[data-live-replay]")) LiveReplay();
  });
})();
