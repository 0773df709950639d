/* The board (static/js/board/, see util.js): a player's board (Hero, People, Scenes, Batteries, Energy, graveyard;
   an opponent's hand as a count) and the hand. */
(function () {
  "use strict";

  var B = window.CodexBoard, P = B.page;
  var ENERGY_ORDER = B.ENERGY_ORDER, batteryTile = B.batteryTile, cardButton = B.cardButton, cardHead = B.cardHead,
      clear = B.clear, el = B.el, heroTile = B.heroTile, personSlot = B.personSlot, pips = B.pips, plural = B.plural,
      sceneTile = B.sceneTile, sideOf = B.sideOf, typeName = B.typeName;

  function zone(title, count, items, emptyText, cls) {
    var body = items.length ? el("div", { class: "gf-row-cards " + (cls || "") }, items) :
      el("p", { class: "muted small gf-empty", text: emptyText });
    return el("section", { class: "gf-zone" }, [
      el("h3", { class: "gf-zone-title" }, [title, count !== null ? el("span", { class: "muted", text: " " + count }) : null]),
      body
    ]);
  }

  function energyZone(player, ctx) {
    var groups = {};
    var order = [];
    player.energy.forEach(function (entry) {
      if (!groups[entry.card]) { groups[entry.card] = []; order.push(entry.card); }
      groups[entry.card].push(entry);
    });
    var rows = order.map(function (slug) {
      var list = groups[slug];
      var info = ctx.cards[slug] || {};
      var untapped = list.filter(function (e) { return !e.tapped; }).length;
      return el("div", { class: "gf-energy-row" }, [
        el("span", { class: "gf-energy-name" }, [
          window.CodexFaces ? window.CodexFaces.mark(window.CodexFaces.thumb(slug, list[0].name, info, "mini"), slug, list[0].name, info) : null,
          info.produces ? el("span", { class: "pip " + info.produces, text: info.produces }) : null, " " + list[0].name]),
        el("span", { class: "gf-energy-chips" }, list.map(function (entry) {
          var chip = cardButton(entry, ctx, "chip energy-" + (info.produces || "CE"), el("span", { class: "gf-chip-code", text: info.produces || "" }));
          chip.setAttribute("title", entry.name + (entry.tapped ? " — tapped" : " — untapped"));
          return chip;
        })),
        el("span", { class: "muted small", text: untapped + " of " + list.length + " untapped" })
      ]);
    });
    var pool = ENERGY_ORDER.filter(function (code) { return player.pool[code]; }).map(function (code) {
      return el("span", { class: "pip big " + code, text: player.pool[code] + " " + code });
    });
    return el("section", { class: "gf-zone gf-energy" }, [
      el("h3", { class: "gf-zone-title" }, ["Energy", el("span", { class: "muted", text: " " + player.energy.length })]),
      rows.length ? el("div", { class: "gf-energy-rows" }, rows) : el("p", { class: "muted small gf-empty", text: "No Energy cards in play yet." }),
      el("p", { class: "gf-pool", id: "gf-pool" }, [el("strong", { text: "Pool: " }),
        pool.length ? el("span", {}, pool) : el("span", { class: "muted", text: "empty" })])
    ]);
  }

  /* A card of a hand, face up: its face, name, type and cost (the viewer's own hand and a hand the view reveals). */
  function handCard(entry, ctx) {
    var info = ctx.cards[entry.card] || {};
    return cardButton(entry, ctx, "in-hand", [
      cardHead(entry, info),
      el("span", { class: "gf-card-type", text: typeName(entry.type) }),
      el("span", { class: "gf-cost" }, entry.type === "energy" ? [el("span", { class: "free-cost", text: "free" })] : pips(info.cost))
    ]);
  }

  /* Another seat's hand on its board: face up when the view has its cards (a finished game shows the hands its
     viewer may see: every one in goldfish and versus, the public decks' at a live table), else face-down backs,
     only how many. A revealed hand offers no actions: only the viewer's own hand (#gf-hand) is played. */
  function handZone(player, ctx, seat) {
    var count = player.hand ? player.hand.length : (player.hand_count || 0);
    if (player.hand) {
      var shown = Object.assign({}, ctx, { readonly: true });
      return el("section", { class: "gf-zone vs-opp-hand vs-hand-shown", data: { seat: String(seat) } }, [
        el("h3", { class: "gf-zone-title" }, ["Hand", el("span", { class: "muted", text: " " + count + " face up" })]),
        count ? el("div", { class: "gf-hand" }, player.hand.map(function (entry) { return handCard(entry, shown); })) :
          el("p", { class: "muted small gf-empty", text: sideOf(seat).Poss + " hand is empty." })]);
    }
    var backs = [];
    for (var i = 0; i < count; i++) backs.push(el("span", { class: "vs-card-back", "aria-hidden": "true" }));
    return el("section", { class: "gf-zone vs-opp-hand", data: { seat: String(seat) } }, [
      el("h3", { class: "gf-zone-title" }, ["Hand", el("span", { class: "muted", text: " " + count + " face down" })]),
      el("div", { class: "vs-backs", title: plural(count, "card") + " in " + sideOf(seat).poss + " hand" }, backs)]);
  }

  /* A player's board: yours by default; `who` = another seat draws that seat's (versus, a live table), its hand
     drawn by handZone; a viewer with no hand of their own (a spectator) sees their panel's seat's hand there too. */
  function renderBoard(root, view, ctx, who) {
    var mine = who === undefined || who === P.me;
    var me = view.players[mine ? P.me : who];
    var opp = view.players[1 - P.me];
    var pre = who === 1 - P.me ? "vs-opp" : "vs-seat-" + who;
    var ids = mine ? { deck: "gf-deck-count", grave: "gf-grave-count", hand: "gf-hand-size" } :
      { deck: pre + "-deck-count", grave: pre + "-grave-count", hand: pre + "-hand-count" };
    clear(root);
    root.appendChild(el("div", { class: "gf-board-top" }, [
      el("div", { class: "gf-hero-slot" }, me.hero ? heroTile(me.hero, ctx) :
        el("p", { class: "gf-empty danger", text: sideOf(mine ? P.me : who).Poss + " Hero has fallen: no Hero abilities; the game goes on." })),
      el("dl", { class: "gf-counts" }, [
        el("div", {}, [el("dt", { text: "Deck" }), el("dd", { id: ids.deck, text: String(me.deck_count) })]),
        el("div", {}, [el("dt", { text: "Hand" }), el("dd", { id: ids.hand, text: String(me.hand_count !== undefined ? me.hand_count : me.hand.length) })]),
        el("div", {}, [el("dt", { text: "Graveyard" }), el("dd", { id: ids.grave, text: String(me.graveyard.length) })]),
        el("div", {}, [el("dt", { text: "Seat" }), el("dd", { text: me.seat + " · " + me.edges.join(", ") })])
      ])
    ]));
    root.appendChild(zone("People", me.people.length, me.people.map(function (p) { return personSlot(p, ctx); }),
      "No People in play.", "people"));
    var sideBySide = el("div", { class: "gf-two" }, [
      zone("Scenes", me.scenes.length, me.scenes.map(function (s) { return sceneTile(s, ctx); }), "No Scenes."),
      zone("Batteries", me.batteries.length, me.batteries.map(function (b) { return batteryTile(b, ctx); }), "No Batteries.")
    ]);
    root.appendChild(sideBySide);
    root.appendChild(energyZone(me, ctx));
    if (me.graveyard.length) {
      var grave = el("details", { class: "gf-grave" }, [el("summary", { text: "Graveyard (" + me.graveyard.length + ")" }),
        el("div", { class: "gf-row-cards" }, me.graveyard.map(function (g) {
          return cardButton(g, ctx, "small", [cardHead(g, ctx.cards[g.card] || {})]);
        }))]);
      root.appendChild(grave);
    }
    if (!mine || P.handless) {  // another seat's hand (a spectator's panel too): face up if the view has it
      root.appendChild(handZone(me, ctx, mine ? P.me : who));
      return;
    }
    if (P.versus) return;
    root.appendChild(el("p", { class: "gf-opponent muted small" }, [
      el("strong", { text: "Opponent: " }),
      opp.goldfish ? "the goldfish's empty opponent (no deck, no Hero; it passes, and deflects every discharge) · seat "
        + opp.seat + " · edges " + opp.edges.join(", ") : "Player 2"
    ]));
  }

  function renderHand(root, view, ctx) {
    var me = view.players[P.me];
    clear(root);
    if (!me.hand) {  // a replay's view of a seat whose hand this viewer may not see: only how many
      root.appendChild(el("p", { class: "muted small gf-empty", text: plural(me.hand_count || 0, "card") + " face down." }));
      return;
    }
    if (!me.hand.length) {
      root.appendChild(el("p", { class: "muted small gf-empty", text: P.sides.me.Poss + " hand is empty." }));
      return;
    }
    me.hand.forEach(function (entry) { root.appendChild(handCard(entry, ctx)); });
  }

  B.renderBoard = renderBoard;
  B.renderHand = renderHand;
})();
