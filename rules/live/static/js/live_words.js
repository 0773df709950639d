/* Play a friend (rules/live/static/js/, see live.js): the table in this viewer's words, given to the shared board
   (static/js/board/page.js) as its status line and titles, and this page's own controls after each drawing (draw
   offers, resign and claim, the end panel with the rematch). Methods of live.js's Live, added to
   window.CodexLive.methods. */
(function () {
  "use strict";

  var methods = (window.CodexLive = window.CodexLive || { methods: {} }).methods;

  function byId(id) { return document.getElementById(id); }

  // How this viewer calls a seat: "You", "Your opponent" at two; at three or four "Player 3 (cy)", a partner "Your
  // partner, Player 3 (cy)"; for a spectator always "Player N (name)". Every seat of any table: no loop over [0, 1].
  methods.seatName = function (seat) {
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

  /* The status line in this viewer's words: whose decision, the draw offers, who resigned. */
  methods.statusText = function (t) {
    var self = this, me = this.seat, view = t.state;
    var name = function (seat) { return self.seatName(seat); };
    var offers = t.draw_seats && t.draw_seats.length ? t.draw_seats : (t.draw_offer !== null ? [t.draw_offer] : []);
    var resigned = t.resigned || [];
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
    return parts.join(" · ");
  };

  /* The titles over the boards: "Your board" and "Your opponent's board", a spectator's "Player 1 (ann)'s board". */
  methods.titles = function () {
    if (this.seat !== null) return { me: "Your board", opp: "Your opponent's board" };
    return { me: this.seatName(0) + "'s board", opp: this.seatName(1) + "'s board" };
  };

  /* This page's own controls after each drawing: draw, resign and claim, the end panel with the rematch, the clocks. */
  methods.controls = function () {
    var t = this.table;
    if (!t || !t.state) return;
    var self = this, me = this.seat;
    var name = function (seat) { return self.seatName(seat); };
    var offers = t.draw_seats && t.draw_seats.length ? t.draw_seats : (t.draw_offer !== null ? [t.draw_offer] : []);
    var resigned = t.resigned || [];
    var out = me !== null && resigned.indexOf(me) >= 0, agreed = offers.indexOf(me) >= 0;
    var draw = byId("live-draw");
    if (draw) {
      draw.textContent = offers.length && !agreed ? "Accept the draw" : "Offer a draw";
      draw.disabled = t.status !== "live" || agreed || out;
    }
    ["live-resign", "live-claim"].forEach(function (id) { var b = byId(id); if (b) b.disabled = t.status !== "live" || out; });
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
    this.root.dataset.seatView = String(me === null ? 0 : me);
    this.tick();
  };
})();
