/* The board (static/js/board/, see util.js): the Replay (#goldfish-replay), a game step by step from the API,
   drawn read-only with the board's own drawing; the arrow keys, Home and End step through it. */
(function () {
  "use strict";

  var B = window.CodexBoard;
  var byId = B.byId, copyText = B.copyText, drawTable = B.drawTable, indexZones = B.indexZones,
      renderDetail = B.renderDetail, renderLog = B.renderLog, renderResult = B.renderResult, request = B.request,
      sideOf = B.sideOf, statusLine = B.statusLine, tellScreenReaders = B.tellScreenReaders, toast = B.toast;

  function Replay(root) {
    this.root = root;
    this.api = root.dataset.api;
    this.frames = {};
    this.step = 0;
    this.timer = null;
    this.selected = null;
    this.bind();
    this.load();
  }

  Replay.prototype.bind = function () {
    var self = this;
    var on = function (id, fn) { var n = byId(id); if (n) n.addEventListener("click", fn); };
    on("rp-first", function () { self.go(0); });
    on("rp-prev", function () { self.go(self.step - 1); });
    on("rp-next", function () { self.go(self.step + 1); });
    on("rp-last", function () { self.go(self.index ? self.index.steps.length : 0); });
    on("rp-play", function () { self.toggle(); });
    on("gf-share", function () { copyText(byId("gf-share").dataset.url, "Link copied."); });
    on("gf-detail-close", function () { self.selected = null; self.draw(); });
    var range = byId("rp-range");
    if (range) range.addEventListener("input", function () { self.go(parseInt(range.value, 10) || 0); });
    document.addEventListener("keydown", function (ev) {
      if (ev.target && /INPUT|TEXTAREA|SELECT/.test(ev.target.tagName)) return;  // a range slider steps by itself
      if (ev.key === "ArrowRight") { ev.preventDefault(); self.go(self.step + 1); }
      else if (ev.key === "ArrowLeft") { ev.preventDefault(); self.go(self.step - 1); }
      else if (ev.key === "Home") self.go(0);
      else if (ev.key === "End" && self.index) self.go(self.index.steps.length);
    });
  };

  Replay.prototype.load = function () {
    var self = this;
    request("GET", this.api).then(function (res) {
      if (!res.ok) { toast(res.data.message || "This game cannot be replayed."); return; }
      self.index = res.data;
      var range = byId("rp-range");
      range.max = String(res.data.steps.length);
      var start = parseInt((location.hash.match(/step=(\d+)/) || [])[1], 10);
      self.go(self.wanted !== undefined ? self.wanted : isNaN(start) ? 0 : start);
    });
  };

  Replay.prototype.toggle = function () {
    var self = this;
    var button = byId("rp-play");
    if (this.timer) { clearInterval(this.timer); this.timer = null; button.textContent = "▶ Play"; return; }
    button.textContent = "Pause";
    this.timer = setInterval(function () {
      if (!self.index || self.step >= self.index.steps.length) { self.toggle(); return; }
      self.go(self.step + 1);
    }, 900);
  };

  Replay.prototype.fetchFrame = function (n) {
    var self = this;
    if (this.frames[n]) return Promise.resolve(this.frames[n]);
    return request("GET", this.api + n + "/").then(function (res) {
      if (!res.ok) throw new Error(res.data.message || "step not available");
      self.frames[n] = res.data;
      return res.data;
    });
  };

  Replay.prototype.go = function (n) {
    var self = this;
    // A step asked for (Next, a key) before the replay has loaded is kept and taken when it has.
    if (!this.index) { this.step = this.wanted = Math.max(0, n); return; }
    n = Math.max(0, Math.min(this.index.steps.length, n));
    this.step = n;
    byId("rp-range").value = String(n);
    this.fetchFrame(n).then(function (frame) {
      if (self.step !== n) return;
      self.frame = frame;
      self.draw();
      if (n + 1 <= self.index.steps.length) self.fetchFrame(n + 1).catch(function () {});
    }).catch(function (err) { toast(err.message); });
  };

  Replay.prototype.draw = function () {
    var self = this;
    var frame = this.frame;
    var index = this.index;
    var view = frame.state;
    var step = frame.action;
    var before = this.frames[frame.step - 1];
    var touched = window.CodexFaces && step ? window.CodexFaces.touched(before ? before.state : null, view,
      window.CodexFaces.cardsOf(step.action)) : null;
    var ctx = { cards: index.cards, legal: [], selected: this.selected, zones: indexZones(view), readonly: true,
                touched: touched, onSelect: function (id) { self.selected = self.selected === id ? null : id; self.draw(); } };
    byId("rp-step").textContent = "Step " + frame.step + " of " + frame.of;
    var why = (index.cpu_moves || []).filter(function (m) { return m.step === frame.step; })[0];
    // (A hidden seat's decision comes as the whole sentence the public log wrote: "Player 2 plays Light Resonance".)
    byId("rp-what").textContent = step ? (step.action === "hidden" ? "" : sideOf(step.player).label + ": ") + step.label +
      (why && why.reason ? " — " + why.reason : "") : "Before the first decision";
    byId("gf-status").textContent = statusLine(view, { result: frame.result });
    byId("gf-prompt-text").textContent = frame.prompt.text;
    drawTable(view, ctx);  // the same drawing as the board (board.js)
    renderLog(byId("gf-log"), index.events.slice(0, frame.events_to), step ? [step.events_from, step.events_to] : null,
      (index.cpu_moves || []).filter(function (m) { return m.step <= frame.step; }));
    if (window.CodexFaces) window.CodexFaces.linkLog(byId("gf-log"), index.cards);
    renderDetail(byId("gf-detail"), view, ctx, null);
    var over = frame.result && frame.result.final;
    renderResult(byId("gf-result"), { id: index.id, result: frame.result, record: null, rounds: index.rounds, state: view,
      seed: index.seed, seating: index.seating, replay_url: null, deck: index.deck, bot_assisted: false }, index.cards);
    byId("gf-result").hidden = !over;
    byId("rp-first").disabled = byId("rp-prev").disabled = frame.step === 0;
    byId("rp-next").disabled = byId("rp-last").disabled = frame.step >= frame.of;
    this.root.dataset.step = String(frame.step);
    this.root.dataset.digest = frame.digest;
    if (history.replaceState) history.replaceState(null, "", "#step=" + frame.step);
    tellScreenReaders(view, frame.result, index.events.slice(0, frame.events_to),
      (index.cpu_moves || []).filter(function (m) { return m.step <= frame.step; }));
  };

  B.Replay = Replay;
})();
