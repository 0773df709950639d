/* Play a friend (rules/live/static/js/, see live.js): the table's WebSocket. Each socket is sent its own seat's view
   (or the spectators' view) after every decision; decisions go out over it (over HTTP while it is down); a dropped
   connection is retried after a growing pause and resumes from the server's current view. The heartbeat: a ping
   every 15 s, which the server answers (a pong, or the table if it changed); a socket that has heard nothing for two
   heartbeats is taken for dead (a lost network, a proxy that dropped it silently) and a new one is opened.
   Methods of live.js's Live, added to window.CodexLive.methods. */
(function () {
  "use strict";

  var live = window.CodexLive = window.CodexLive || { methods: {} };
  var methods = live.methods;

  function byId(id) { return document.getElementById(id); }

  // (window.liveHeartbeatMs: a test's shorter heartbeat; nothing on the site sets it.)
  var HEARTBEAT = live.HEARTBEAT = window.liveHeartbeatMs || 15000, SILENCE = 2 * HEARTBEAT + HEARTBEAT / 3;

  methods.connect = function () {
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
  methods.dropped = function (socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    var self = this, wait = Math.min(10000, 500 * Math.pow(2, this.retry++));
    this.status("reconnecting…");
    setTimeout(function () { self.connect(); }, wait);
  };

  methods.heartbeat = function () {
    var socket = this.socket;
    if (!socket || socket.readyState !== 1) return;
    if (Date.now() - this.heardAt > SILENCE) {
      this.dropped(socket);
      socket.close();
      return;
    }
    this.send({ type: "ping" });
  };

  methods.status = function (text) {
    var box = byId("live-conn");
    if (box) box.textContent = text;
    this.root.dataset.connection = text;
  };

  methods.send = function (message) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  };

  // A decision, a resignation, a draw offer, a chat line: over the socket, or over HTTP while it is down.
  methods.decide = function (message) {
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

  methods.receive = function (message) {
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

  methods.show = function (table) {
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

  methods.flash = function (text, bad) {
    var box = byId("gf-flash");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
  };
})();
