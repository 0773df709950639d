/* The board (static/js/board/, see util.js): the Board, a game drawn from the API (#goldfish) and its decisions
   posted back; on a live table the page's own transport (CodexBoard.configure's act: the table's socket) takes them
   and the page's words (page.js) name the sides, the status and the titles. */
(function () {
  "use strict";

  var B = window.CodexBoard, P = B.page;
  var byId = B.byId, copyText = B.copyText, el = B.el, handSize = B.handSize, indexZones = B.indexZones,
      markCpuMoves = B.markCpuMoves, renderActions = B.renderActions, renderBoard = B.renderBoard,
      renderDetail = B.renderDetail, renderHand = B.renderHand, renderLog = B.renderLog,
      renderPyramid = B.renderPyramid, renderResult = B.renderResult, renderStack = B.renderStack,
      request = B.request, statusLine = B.statusLine, tellScreenReaders = B.tellScreenReaders;

  function Board(root) {
    this.root = root;
    this.api = root.dataset.api;
    this.csrf = root.dataset.csrf;
    this.game = null;
    this.cards = {};
    this.log = [];
    this.moves = [];  // versus: the computer's decisions with their reasons
    this.fresh = undefined;
    this.selected = null;
    this.busy = false;
    var hand = byId("gf-hand");  // a viewer with no hand (a live table's spectator): no hand box
    if (P.handless && hand && hand.parentNode) hand.parentNode.hidden = true;
    this.bind();
    this.load();
  }

  Board.prototype.bind = function () {
    var self = this;
    var on = function (id, fn) { var n = byId(id); if (n) n.addEventListener("click", fn); };
    on("gf-undo", function () { self.post("undo/", {}); });
    on("gf-bot-turn", function () { self.post("bot/", { bot: self.botName(), until: "turn" }); });
    on("gf-bot-end", function () { self.post("bot/", { bot: self.botName(), until: "end" }); });
    on("gf-share", function () { copyText(byId("gf-share").dataset.url, "Link copied."); });
    on("gf-detail-close", function () { self.select(null); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") self.select(null); });
  };

  Board.prototype.botName = function () {
    var select = byId("gf-bot-name");
    return select ? select.value : "greedy";
  };

  Board.prototype.load = function () {
    var self = this;
    request("GET", this.api).then(function (res) {
      if (!res.ok) { self.flash(res.data.message || "Could not load the game.", true); return; }
      self.accept(res.data, 0);
    }).catch(function () { self.flash("Could not reach the server.", true); });
  };

  Board.prototype.setBusy = function (busy) {
    this.busy = busy;
    var thinking = byId("vs-thinking");   // versus: a request that takes a moment is the computer thinking
    if (thinking) {
      clearTimeout(this.thinkingTimer);
      if (busy) this.thinkingTimer = setTimeout(function () { thinking.hidden = false; }, 250);
      else thinking.hidden = true;
    }
    this.root.classList.toggle("busy", busy);
    this.root.setAttribute("aria-busy", busy ? "true" : "false");
    Array.prototype.forEach.call(this.root.querySelectorAll(".gf-act, .gf-tools button"), function (b) {
      if (busy) { b.dataset.wasDisabled = b.disabled ? "1" : ""; b.disabled = true; } else if (!b.dataset.wasDisabled) b.disabled = false;
    });
  };

  Board.prototype.post = function (path, body) {
    var self = this;
    if (this.busy || !this.game) return Promise.resolve();
    body.version = this.game.version;
    if (path !== "undo/") body.log_from = this.log.length;
    if (path === "bot/") this.lastUntil = body.until;  // "end": ask again while a capped request left the game on
    else if (path !== "continue/") this.lastUntil = null;
    this.setBusy(true);
    this.flash("");
    return request("POST", this.api + path, body, this.csrf).then(function (res) {
      self.setBusy(false);
      if (res.status === 409 && res.data.game) {
        self.flash(res.data.message, true);
        self.accept(res.data.game, 0);
      } else if (!res.ok) {
        var why = res.data.rule ? " (" + res.data.rule + ")" : "";
        self.flash((res.data.message || "That was refused.") + why, true);
        if (res.data.code === "illegal_action") self.load();
      } else {
        self.accept(res.data, body.log_from === undefined ? 0 : body.log_from);
      }
    }).catch(function () { self.setBusy(false); self.flash("Could not reach the server; nothing was changed.", true); });
  };

  Board.prototype.act = function (actionId) {
    if (P.act) return P.act(actionId);  // the page's transport (a live table's socket)
    var chosen = this.game ? this.game.legal_actions.filter(function (a) { return a.id === actionId; })[0] : null;
    this.acted = chosen ? [chosen.card, chosen.target] : [];
    return this.post("actions/", { action: actionId });
  };

  /* Tap the Energy cards the card's printed cost names, one decision after another, then pay the cost. Each step
     is planned afresh from the game as the server last sent it (`act` settles once the board has moved on: at a
     live table the socket's update, whoever's move it was), so a step refused or overtaken by another move never
     taps on from a stale plan: it stops, the flash says why, and whatever choice remains is the player's. */
  Board.prototype.quickPlay = function (taps, card, cost) {
    var self = this;
    var qp = window.CodexQuickPay;
    var step = function (left) {
      var game = self.game;
      var here = indexZones(game.state)[card];  // (the engine may offer the play on another copy of the name)
      var pay = game.legal_actions.filter(function (a) {
        return qp.samePay(a.pay, cost) && (a.card === card || (here && here.zone === "hand" && a.card_slug === here.entry.card));
      });
      var exact = pay.filter(function (a) { return a.card === card; });
      if (exact.length) pay = exact;
      if (pay.length === 1) return self.act(pay[0].id);
      if (pay.length) { self.flash("The energy is in your pool: choose where the card goes."); return; }  // (equip: which Person)
      var own = game.can_act && game.legal_actions.some(function (a) { return a.kind === "end_turn"; });
      var me = game.state.players[P.me];
      var plan = own && left > 0 ? qp.plan(cost, me.pool, me.energy || [], self.cards, game.legal_actions) : null;
      var tap = plan ? qp.tapFor(plan[0], game.legal_actions) : null;
      if (!tap) {
        self.flash(!own ? "The game moved on before the card was paid; carry on by hand." :
          "The energy is in your pool, but the card cannot be played right now.", true);
        return;
      }
      var version = game.version;
      return Promise.resolve(self.act(tap)).then(function () { if (self.game.version !== version) return step(left - 1); });
    };
    return step(2 * taps.length + 2);  // (a bound, not a count: a tap overtaken by another move is planned again)
  };

  Board.prototype.accept = function (game, logFrom) {
    var self = this;
    if (P.accepted) P.accepted(game);
    if (game.cards) this.cards = game.cards;
    // What the last moves (yours, the opponent's) touched, marked on the board: faces.js compares the two boards.
    if (window.CodexFaces && (!this.game || this.game.version !== game.version)) {
      this.touched = window.CodexFaces.touched(this.game ? this.game.state : null, game.state, this.acted);
    }
    this.acted = [];
    this.log = this.log.slice(0, logFrom).concat(game.log || []);
    if (this.log.length !== game.log_count) { this.game = game; this.load(); return; }
    this.moves = this.moves.filter(function (m) { return m.events_from < logFrom; }).concat(game.cpu_moves || []);
    this.fresh = logFrom ? logFrom : undefined;
    this.game = game;
    var now = this.selected !== null ? indexZones(game.state)[this.selected] : null;
    if (!now || now.zone !== this.selectedZone) this.selected = null;  // a card that moved (played, destroyed)
    this.render();
    // Versus: a request stops the computer (and the bot playing for you) at a cap; ask it to go on.
    if (game.is_owner && game.cpu_to_move) setTimeout(function () { self.post("continue/", {}); }, 50);
    else if (this.lastUntil === "end" && game.can_act) setTimeout(function () { self.post("bot/", { until: "end" }); }, 50);
  };

  Board.prototype.select = function (id) {
    this.selected = this.selected === id ? null : id;
    var here = this.selected !== null && this.game ? indexZones(this.game.state)[this.selected] : null;
    this.selectedZone = here ? here.zone : null;
    this.render();
  };

  Board.prototype.flash = function (text, bad) { B.flash(text, bad); };

  Board.prototype.render = function () {
    var self = this;
    var focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset : {};
    var refocus = focused.action ? '[data-action="' + focused.action + '"]' : (focused.card ? '.gf-card[data-card="' + focused.card + '"]' : null);
    var game = this.game;
    var view = game.state;
    var ctx = { cards: this.cards, legal: game.legal_actions, selected: this.selected, zones: indexZones(view),
                readonly: !game.can_act, onSelect: function (id) { self.select(id); }, touched: this.touched,
                act: function (id) { self.act(id); },
                quick: function (taps, card, cost) { self.quickPlay(taps, card, cost); } };
    var act = function (id) { self.act(id); };
    byId("gf-status").textContent = P.status ? P.status(game) : statusLine(view, game);
    if (P.titles) drawTitles(P.titles(game));
    byId("gf-prompt-text").textContent = game.prompt.text;
    byId("gf-prompt").dataset.kind = game.prompt.kind;
    renderActions(byId("gf-actions"), game.legal_actions, act);
    if (!game.can_act && !view.is_over) {
      byId("gf-actions").appendChild(el("p", { class: "muted small", text: game.is_owner ? "" : P.watching }));
    }
    drawTable(view, ctx);
    renderLog(byId("gf-log"), this.log, null, this.moves, this.fresh);
    if (window.CodexFaces) window.CodexFaces.linkLog(byId("gf-log"), this.cards);
    renderDetail(byId("gf-detail"), view, ctx, act);
    renderResult(byId("gf-result"), game, this.cards);
    markCpuMoves(this.root, byId("vs-last"), this.fresh === undefined ? [] : this.moves.filter(
      function (m) { return m.events_from >= self.fresh; }));
    var undo = byId("gf-undo");
    if (undo) undo.disabled = !game.can_act || !game.moves;
    ["gf-bot-turn", "gf-bot-end"].forEach(function (id) { var b = byId(id); if (b) b.disabled = !game.can_act; });
    this.root.dataset.version = String(game.version);
    this.root.dataset.status = game.status;
    this.root.dataset.digest = game.digest;
    if (refocus) {
      var again = this.root.querySelector(refocus);
      if (again) again.focus({ preventScroll: true });
    }
    if (view.is_over && this.wasPlaying) {  // the Cataclysm came just now: show its result (above the board)
      var result = byId("gf-result");
      if (result && result.scrollIntoView) result.scrollIntoView({ block: "start" });
    }
    this.wasPlaying = !view.is_over;
    tellScreenReaders(view, game.result, this.log, this.moves);
    if (P.drawn) P.drawn(game);
  };

  /* The table as it stands, the same on the board and in the replay (replay.js): the Pyramid, your board, the other
     seats' (one opponent's, or every computer's around a table of three or four: seats.js), your hand and the stack.
     `ctx` says what may be clicked (the replay's is read-only). */
  function drawTable(view, ctx) {
    renderPyramid(byId("gf-pyramid-figure"), byId("gf-edges"), view, ctx);
    renderBoard(byId("gf-board-body"), view, ctx);
    if (byId("vs-opp-body")) renderBoard(byId("vs-opp-body"), view, ctx, 1 - P.me);
    if (window.CodexSeats) window.CodexSeats.draw(view, ctx, renderBoard);
    renderHand(byId("gf-hand"), view, ctx);
    byId("gf-hand-count").textContent = String(handSize(view.players[P.me]));
    renderStack(byId("gf-stack"), byId("gf-stack-list"), view);
  }

  /* The titles over the two boards, in the page's words (a live table: "Your board", "Player 1 (ann)'s board"). */
  function drawTitles(titles) {
    var mine = byId("gf-board-title"), theirs = byId("vs-opp-title");
    if (mine && titles.me) mine.textContent = titles.me;
    if (theirs && titles.opp) theirs.textContent = titles.opp;
  }

  B.Board = Board;
  B.drawTable = drawTable;
})();
