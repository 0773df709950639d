/* Goldfish in the browser: the board (#goldfish), the replay (#goldfish-replay) and a deck's bulk simulation
   (#gf-simulate), all drawn from the JSON API. The page keeps no rules of its own: it shows the engine's view and
   offers exactly the engine's legal actions, so an illegal move cannot be made from here. No inline code or style
   (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";
  var PHASES = {
    mulligan: "Opening hand", first_player: "Choosing who goes first", first_player_chosen: "Choosing who goes first",
    turn_start: "Start of turn", action: "Action Phase", arc_burn: "End Phase: Arc Burn", end: "End Phase",
    pyramid: "Pyramid turn", discharge: "Edge Discharge", discharge_recombine: "Edge Discharge",
    discharge_finish: "Edge Discharge", round_end: "End of round", cataclysm: "The Cataclysm",
    cataclysm_apply: "The Cataclysm", over: "Game over"
  };
  var ENERGY_ORDER = ["DC", "LC", "DR", "LR", "CE", "Buff"];
  // The seat the page plays (0 in goldfish; a versus game may seat you second) and whether the opponent is the
  // computer (versus: its board is drawn too, its hand only as a count). Set from the page's data-seat/data-versus.
  var ME = 0;
  var VERSUS = false;
  // How the page names the two sides: the goldfish and versus defaults ("you" and the opponent or the computer), or
  // what the page says in data-me/data-opp (a live table: "you" and "your opponent"; a spectator's "Player 1" and
  // "Player 2"), each with its possessive, its short corner label and its verb.
  var SIDES = { me: side("you", "You"), opp: side("the opponent", "Opp.") };

  function side(name, short) {
    var you = name === "you";
    var Name = name.charAt(0).toUpperCase() + name.slice(1);
    return { name: name, Name: Name, poss: you ? "your" : name + "'s", Poss: you ? "Your" : Name + "'s",
             mine: you ? "yours" : name + "'s", short: short, wins: you ? "You win" : Name + " wins",
             label: Name };  // (label: how the replay heads this side's decisions, "You: …")
  }

  function sideOf(seat) {  // (a table of three or four names each seat: seats.js)
    var named = seat !== ME && window.CodexSeats ? window.CodexSeats.named(seat) : null;
    return named || (seat === ME ? SIDES.me : SIDES.opp);
  }
  var ME_NAMED = false;  // the page's own side has a name ("Player 1"), not "you"
  var RARITY_MARK = { common: "C", uncommon: "U", rare: "R" };

  // ------------------------------------------------------------------------------------------- DOM helpers
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    setAttrs(node, attrs);
    append(node, children);
    return node;
  }

  function svgEl(tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    setAttrs(node, attrs);
    append(node, children);
    return node;
  }

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

  function append(node, children) {
    if (children === null || children === undefined) return;
    if (!Array.isArray(children)) children = [children];
    children.forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
  }

  function clear(node) {
    while (node && node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function byId(id) { return document.getElementById(id); }
  // The computer's reasons in players' words (static/js/cpu_words.js, loaded by the versus pages).
  function cpuWords(reason) { return window.CodexCpuWords ? window.CodexCpuWords.plain(reason) : reason; }

  function handSize(player) { return player.hand ? player.hand.length : (player.hand_count || 0); }

  function plural(n, word, many) { return n + " " + (n === 1 ? word : (many || word + "s")); }

  // ------------------------------------------------------------------------------------------- the API
  function request(method, url, body, csrf) {
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
  }

  // ------------------------------------------------------------------------------------------- small pieces
  function pips(cost) {
    var out = [];
    ENERGY_ORDER.forEach(function (code) {
      if (cost && cost[code]) out.push(el("span", { class: "pip " + code, text: (cost[code] > 1 ? cost[code] : "") + code }));
    });
    if (cost && cost.charge) out.push(el("span", { class: "pip charge", text: cost.charge + "⚡" }));
    return out;
  }

  function bar(value, max, kind) {
    var fill = el("span", { class: "gf-bar-fill" });
    var ratio = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
    fill.style.width = (ratio * 100).toFixed(1) + "%";  // CSSOM, allowed by the CSP (no style attribute in markup)
    return el("span", { class: "gf-bar " + kind + (ratio <= 0.34 ? " low" : ""), "aria-hidden": "true" }, fill);
  }

  function chargePips(n, capacity) {
    var wrap = el("span", { class: "gf-charge", title: plural(n, "charge counter") });
    wrap.appendChild(el("span", { class: "gf-charge-n", text: "⚡" + n }));
    if (capacity) wrap.appendChild(el("span", { class: "muted", text: "/" + capacity }));
    return wrap;
  }

  // ------------------------------------------------------------------------------------------- the board
  /* ctx: {cards, legal, selected, zones, onSelect, readonly} */
  function indexZones(view) {
    var zones = {};
    view.players.forEach(function (p, who) {
      function put(entry, zone) { zones[entry.id] = { zone: zone, player: who, entry: entry }; }
      if (p.hero) put(p.hero, "hero");
      p.people.forEach(function (person) {
        put(person, "people");
        (person.equipment || []).forEach(function (eq) { put(eq, "equipment"); });
      });
      ["scenes", "batteries", "energy", "hand", "graveyard"].forEach(function (zone) {
        (p[zone] || []).forEach(function (entry) { put(entry, zone); });
      });
    });
    return zones;
  }

  var SLUG_SHARED = { play_energy: 1, summon: 1, play: 1, equip: 1, cast: 1, tap: 1 };

  /* The legal actions a card offers: its own, those of another copy (the engine lists one per card name), and
     those aimed at it (a target, a Person to equip). */
  function actionsFor(id, ctx) {
    var here = ctx.zones[id];
    if (!here) return [];
    return ctx.legal.filter(function (a) {
      if (a.card === id || a.target === id) return true;
      if (!SLUG_SHARED[a.kind] || a.card_slug !== here.entry.card || a.card === null) return false;
      var there = ctx.zones[a.card];
      if (!there || there.zone !== here.zone) return false;
      return a.kind !== "tap" || !here.entry.tapped;
    });
  }

  function isTarget(id, ctx) {
    return ctx.legal.some(function (a) {
      return (a.kind === "target" || a.kind === "assign" || a.kind === "absorb" || a.kind === "assign_damage" ||
              a.kind === "store_charge") && a.card === id;
    });
  }

  /* The target actions that choose this card: one of them is taken by clicking the card itself. */
  function targetActions(id, ctx) {
    return ctx.legal.filter(function (a) { return TARGET_KINDS[a.kind] && a.card === id; });
  }

  var TARGET_KINDS = { target: 1, assign: 1, absorb: 1, assign_damage: 1, store_charge: 1 };

  /* A card on the table: its face (static/js/faces.js; not on an Energy chip or in the graveyard's list) over its
     name and state, the full face on hover. Clicking it chooses it when it is the one target asked for, else opens
     its panel. The last move's cards are marked (ctx.touched). */
  function cardButton(entry, ctx, extraClass, body) {
    var info = ctx.cards[entry.card] || {};
    var offers = ctx.readonly ? [] : actionsFor(entry.id, ctx);
    var faces = window.CodexFaces;
    var withFace = faces && !/\b(chip|small)\b/.test(extraClass || "");
    var cls = "gf-card type-" + entry.type + " faction-" + (info.faction || "neutral") + (extraClass ? " " + extraClass : "");
    if (entry.tapped) cls += " tapped";
    if (ctx.selected === entry.id) cls += " selected";
    if (offers.length) cls += " has-actions";
    var picks = ctx.readonly ? [] : targetActions(entry.id, ctx);
    if (!ctx.readonly && isTarget(entry.id, ctx)) cls += " targetable";
    if (ctx.touched && ctx.touched.cards[String(entry.id)]) cls += " last-move";
    if (withFace) cls += " with-face";
    var label = entry.name + (entry.tapped ? " (tapped)" : "") + (picks.length === 1 ? ", choose it: " + picks[0].label :
      (offers.length ? ", " + plural(offers.length, "action") : ""));
    var button = el("button", {
      type: "button", class: cls, "aria-pressed": ctx.selected === entry.id ? "true" : "false",
      "aria-label": label, data: { card: String(entry.id) },
      on: { click: function () { if (picks.length === 1 && ctx.act) ctx.act(picks[0].id); else ctx.onSelect(entry.id); } }
    }, withFace ? [faces.thumb(entry.card, entry.name, info), el("span", { class: "gf-card-body" }, body)] : body);
    if (faces) faces.mark(button, entry.card, entry.name, info);
    return button;
  }

  function cardHead(entry) {
    return el("span", { class: "gf-card-head" }, [
      el("span", { class: "gf-card-name", text: entry.name }),
      entry.rarity ? el("span", { class: "gem " + entry.rarity, title: entry.rarity, text: RARITY_MARK[entry.rarity] || "" }) : null
    ]);
  }

  function statuses(entry) {
    var tags = [];
    if (entry.tapped) tags.push(el("span", { class: "tag tapped", text: "tapped" }));
    (entry.statuses || []).forEach(function (s) { tags.push(el("span", { class: "tag", text: s })); });
    return tags.length ? el("span", { class: "gf-tags" }, tags) : null;
  }

  function hpLine(entry) {
    return el("span", { class: "gf-hp" }, [
      el("span", { class: "gf-hp-text", text: "HP " + entry.hp + "/" + entry.max_hp }),
      bar(entry.hp, entry.max_hp, "hp")
    ]);
  }

  function heroTile(entry, ctx) {
    var info = ctx.cards[entry.card] || {};
    return cardButton(entry, ctx, "hero", [cardHead(entry, info), el("span", { class: "gf-card-type", text: "Hero" }),
      hpLine(entry), statuses(entry)]);
  }

  function personSlot(entry, ctx) {
    var info = ctx.cards[entry.card] || {};
    var slot = el("div", { class: "gf-slot" });
    var overload = entry.equipped_charge > entry.hp;
    slot.appendChild(cardButton(entry, ctx, "", [
      cardHead(entry, info), el("span", { class: "gf-card-type", text: "Person" }), hpLine(entry),
      entry.equipment && entry.equipment.length ? el("span", { class: "gf-eq-charge" + (overload ? " danger" : ""),
        text: "equipment charge " + entry.equipped_charge + (overload ? " > HP: Overload!" : "") }) : null,
      statuses(entry)
    ]));
    (entry.equipment || []).forEach(function (eq) {
      var eqInfo = ctx.cards[eq.card] || {};
      slot.appendChild(cardButton(eq, ctx, "equipment", [cardHead(eq, eqInfo),
        el("span", { class: "gf-card-type", text: eq.type === "artifact" ? "Artifact" : "Enchantment" }),
        chargePips(eq.charge || 0), statuses(eq)]));
    });
    return slot;
  }

  function sceneTile(entry, ctx) {
    var info = ctx.cards[entry.card] || {};
    return cardButton(entry, ctx, entry.dormant ? "dormant" : "", [cardHead(entry, info),
      el("span", { class: "gf-card-type", text: "Scene" }), chargePips(entry.charge || 0),
      entry.dormant ? el("span", { class: "tag dormant", text: "Dormant" }) : null,
      entry.entered_this_turn ? el("span", { class: "tag", text: "new: no Scene damage this turn" }) : null,
      statuses(entry)]);
  }

  function batteryTile(entry, ctx) {
    var info = ctx.cards[entry.card] || {};
    return cardButton(entry, ctx, "", [cardHead(entry, info), el("span", { class: "gf-card-type", text: "Battery" }),
      chargePips(entry.charge || 0), statuses(entry)]);
  }

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

  /* A player's board: yours by default; `who` = the other seat draws the opponent's (versus), whose hand is a count. */
  function renderBoard(root, view, ctx, who) {
    var mine = who === undefined || who === ME;
    var me = view.players[mine ? ME : who];
    var opp = view.players[1 - ME];
    var pre = who === 1 - ME ? "vs-opp" : "vs-seat-" + who;
    var ids = mine ? { deck: "gf-deck-count", grave: "gf-grave-count", hand: "gf-hand-size" } :
      { deck: pre + "-deck-count", grave: pre + "-grave-count", hand: pre + "-hand-count" };
    clear(root);
    root.appendChild(el("div", { class: "gf-board-top" }, [
      el("div", { class: "gf-hero-slot" }, me.hero ? heroTile(me.hero, ctx) :
        el("p", { class: "gf-empty danger", text: sideOf(mine ? ME : who).Poss + " Hero has fallen: no Hero abilities; the game goes on." })),
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
    if (!mine) {  // the computer's hand: face-down cards, only how many
      var backs = [];
      for (var i = 0; i < me.hand_count; i++) backs.push(el("span", { class: "vs-card-back", "aria-hidden": "true" }));
      root.appendChild(el("section", { class: "gf-zone vs-opp-hand" }, [
        el("h3", { class: "gf-zone-title" }, ["Hand", el("span", { class: "muted", text: " " + me.hand_count + " face down" })]),
        el("div", { class: "vs-backs", title: plural(me.hand_count, "card") + " in " + sideOf(who).poss + " hand" }, backs)]));
      return;
    }
    if (VERSUS) return;
    root.appendChild(el("p", { class: "gf-opponent muted small" }, [
      el("strong", { text: "Opponent: " }),
      opp.goldfish ? "the goldfish's empty opponent (no deck, no Hero; it passes, and deflects every discharge) · seat "
        + opp.seat + " · edges " + opp.edges.join(", ") : "Player 2"
    ]));
  }

  function renderHand(root, view, ctx) {
    var me = view.players[ME];
    clear(root);
    if (!me.hand) {  // a replay's view of a seat whose hand this viewer may not see: only how many
      root.appendChild(el("p", { class: "muted small gf-empty", text: plural(me.hand_count || 0, "card") + " face down." }));
      return;
    }
    if (!me.hand.length) {
      root.appendChild(el("p", { class: "muted small gf-empty", text: SIDES.me.Poss + " hand is empty." }));
      return;
    }
    me.hand.forEach(function (entry) {
      var info = ctx.cards[entry.card] || {};
      root.appendChild(cardButton(entry, ctx, "in-hand", [
        cardHead(entry, info),
        el("span", { class: "gf-card-type", text: typeName(entry.type) }),
        el("span", { class: "gf-cost" }, entry.type === "energy" ? [el("span", { class: "free-cost", text: "free" })] : pips(info.cost))
      ]));
    });
  }

  function typeName(type) {
    return { person: "Person", scene: "Scene", battery: "Battery", artifact: "Artifact", enchantment: "Enchantment",
             instant: "Instant", energy: "Energy", hero: "Hero" }[type] || type;
  }

  // The Pyramid: a diamond whose four sides are the edges, seats at the corners (rulebook: Seating).
  var CORNERS = { S1: [130, 22], S2: [238, 130], S3: [130, 238], S4: [22, 130] };
  var EDGE_ENDS = { E1: ["S1", "S2"], E2: ["S2", "S3"], E3: ["S3", "S4"], E4: ["S4", "S1"] };

  function renderPyramid(root, listRoot, view, ctx) {
    var me = view.players[ME];
    var targets = {};
    ctx.legal.forEach(function (a) { if (typeof a.target === "string" && /^E\d$/.test(a.target)) targets[a.target] = true; });
    clear(root);
    clear(listRoot);
    var svg = svgEl("svg", { viewBox: "-24 0 308 260", class: "gf-pyramid-svg", role: "img",
      "aria-label": "The Pyramid: four edges, charge out of 20" });
    svg.appendChild(svgEl("polygon", { points: "130,22 238,130 130,238 22,130", class: "gf-pyr-body" }));
    svg.appendChild(svgEl("text", { x: 130, y: 126, class: "gf-pyr-center", "text-anchor": "middle", text: "Round " + (view.round || "–") }));
    svg.appendChild(svgEl("text", { x: 130, y: 144, class: "gf-pyr-sub", "text-anchor": "middle",
      text: view.pyramid.tide ? "tide " + view.pyramid.tide : "the Pyramid" }));
    var corner = function (seat) { return CORNERS[window.CodexSeats ? window.CodexSeats.turned(seat, me.seat) : seat]; };
    view.pyramid.edges.forEach(function (edge) {
      var ends = EDGE_ENDS[edge.edge];
      var a = corner(ends[0]), b = corner(ends[1]);
      var ratio = Math.max(0, Math.min(1, edge.charge / edge.max));
      var mine = edge.adjacent.indexOf(ME) >= 0;
      var cls = "gf-edge" + (edge.locked ? " locked" : "") + (edge.dead ? " dead" : "") + (mine ? " mine" : "") +
        (targets[edge.edge] ? " targetable" : "");
      var picks = ctx.readonly ? [] : ctx.legal.filter(function (x) { return x.target === edge.edge; });
      if (ctx.touched && ctx.touched.edges[edge.edge]) cls += " last-move";
      var choose = picks.length === 1 && ctx.act ? function () { ctx.act(picks[0].id); } : null;
      var group = svgEl("g", { class: cls, on: choose ? { click: choose } : null });
      group.appendChild(svgEl("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "gf-edge-track" }));
      group.appendChild(svgEl("line", { x1: a[0], y1: a[1], x2: a[0] + (b[0] - a[0]) * ratio, y2: a[1] + (b[1] - a[1]) * ratio,
        class: "gf-edge-fill" }));
      var mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      var ox = mx < 130 ? -1 : 1, oy = my < 130 ? -1 : 1;
      var lx = mx + ox * 8, ly = my + oy * 12;
      var anchor = ox < 0 ? "end" : "start";
      group.appendChild(svgEl("text", { x: lx, y: ly, class: "gf-edge-label", "text-anchor": anchor,
        text: edge.edge + " " + edge.charge + "/" + edge.max }));
      var shared = edge.adjacent.length > 1;
      var sub = edge.locked ? "locked " + edge.discharge_counter + "/" + edge.discharge_at :
        (edge.dead ? "dead" : (shared ? "shared" : sideOf(edge.adjacent[0]).mine));
      if (sub) group.appendChild(svgEl("text", { x: lx, y: ly + 13, class: "gf-edge-sub", "text-anchor": anchor, text: sub }));
      svg.appendChild(group);

      var who = edge.adjacent.map(function (p) { return sideOf(p).name; });
      var text = edge.dead ? "dead edge: adjacent to no one" : "adjacent to " + who.join(" and ");
      listRoot.appendChild(el("li", { class: cls, data: { edge: edge.edge }, role: choose ? "button" : null,
        tabindex: choose ? "0" : null, "aria-label": choose ? edge.edge + ": " + picks[0].label : null,
        on: choose ? { click: choose, keydown: function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(); } } } : null }, [
        el("span", { class: "gf-edge-line" }, [el("strong", { text: edge.edge }),
          bar(edge.charge, edge.max, "edge" + (edge.locked ? " locked" : "")),
          el("span", { class: "gf-edge-num", text: edge.charge + "/" + edge.max }),
          edge.locked ? el("span", { class: "tag locked", text: "locked · " + edge.discharge_counter + "/" + edge.discharge_at }) : null]),
        el("span", { class: "gf-edge-who muted", text: text })
      ]));
    });
    var bySeat = {};
    view.players.forEach(function (p, i) { bySeat[p.seat] = i; });
    Object.keys(CORNERS).forEach(function (seat) {
      var c = corner(seat);
      var label = bySeat[seat] === undefined ? "" : sideOf(bySeat[seat]).short;
      svg.appendChild(svgEl("circle", { cx: c[0], cy: c[1], r: label ? 9 : 5, class: "gf-seat" + (seat === me.seat ? " me" : (label ? " opp" : "")) }));
      var dx = c[0] < 60 ? -2 : (c[0] > 200 ? 2 : 0);
      var dy = c[1] < 60 ? -14 : (c[1] > 200 ? 24 : 4);
      svg.appendChild(svgEl("text", { x: c[0] + dx, y: c[1] + dy, class: "gf-seat-label" + (label ? "" : " muted"),
        "text-anchor": c[0] < 60 ? "end" : (c[0] > 200 ? "start" : "middle"), text: label ? label + " " + seat : seat }));
    });
    root.appendChild(svg);
    var flipped = view.pyramid.last_flipped;
    if (flipped && window.CodexFaces) {
      var info = ctx.cards[flipped.card];
      root.appendChild(window.CodexFaces.mark(el("figure", { class: "gf-pyr-last", id: "gf-pyr-last" }, [
        window.CodexFaces.thumb(flipped.card, flipped.name, info),
        el("figcaption", { class: "small" }, [el("span", { class: "muted", text: "Last flipped: " }), flipped.name])
      ]), flipped.card, flipped.name, info));
    }
  }

  function renderStack(section, list, view) {
    clear(list);
    section.hidden = !view.stack.length;
    view.stack.slice().reverse().forEach(function (item, i) {
      list.appendChild(el("li", { class: i === 0 ? "top" : "" }, [
        el("span", { class: "tag", text: i === 0 ? "top" : "#" + (view.stack.length - i) }), " ", item.text,
        el("span", { class: "muted small", text: " — " + sideOf(item.controller).mine })
      ]));
    });
  }

  /* The event log; in versus, each of the computer's decisions (`moves`) heads the events it caused, with its
     reason. Moves from event `fresh` on are new since the last redraw: they fade in one after another. */
  function renderLog(list, events, highlight, moves, fresh) {
    clear(list);
    var lastRound = null;
    var next = 0;
    var shown = 0;
    moves = moves || [];
    function cpuRows(upTo) {
      while (next < moves.length && moves[next].events_from <= upTo) {
        var m = moves[next++];
        var row = el("li", { class: "gf-log-cpu", data: { step: String(m.step) } }, [
          el("strong", { text: "Computer: " }), m.label,
          m.reason ? el("span", { class: "vs-reason", text: " — " + cpuWords(m.reason) }) : null]);
        if (fresh !== undefined && m.events_from >= fresh) {
          row.classList.add("fresh");
          row.style.animationDelay = (Math.min(shown++, 40) * 90) + "ms";  // CSSOM: allowed by the CSP
        }
        list.appendChild(row);
      }
    }
    events.forEach(function (ev) {
      cpuRows(ev.seq);
      if (ev.round !== lastRound) {
        lastRound = ev.round;
        list.appendChild(el("li", { class: "gf-log-round", text: ev.round ? "Round " + ev.round : "Setup" }));
      }
      var cls = "gf-log-" + ev.type + (highlight && ev.seq >= highlight[0] && ev.seq < highlight[1] ? " now" : "");
      list.appendChild(el("li", { class: cls, text: ev.text }));
    });
    cpuRows(Infinity);
    var box = list.parentNode;
    if (box) box.scrollTop = box.scrollHeight;
  }

  function renderDetail(section, view, ctx, act) {
    var body = section.querySelector(".gf-detail-body");
    clear(body);
    var here = ctx.selected !== null ? ctx.zones[ctx.selected] : null;
    section.hidden = !here;
    section.classList.toggle("open", !!here);
    if (!here) return;
    var entry = here.entry;
    var info = ctx.cards[entry.card] || {};
    var facts = [];
    var inPlay = here.zone !== "hand" && here.zone !== "graveyard";
    if (inPlay && entry.hp !== undefined) facts.push("HP " + entry.hp + "/" + entry.max_hp);
    if (inPlay && entry.charge !== undefined) facts.push(plural(entry.charge, "charge counter"));
    if (inPlay && entry.dormant) facts.push("Dormant");
    if (inPlay && entry.tapped) facts.push("tapped");
    facts.push({ hand: "in hand", graveyard: "in the graveyard" }[here.zone] || "in play");
    body.appendChild(el("h2", { class: "gf-detail-name", id: "gf-detail-title", text: entry.name }));
    body.appendChild(el("p", { class: "muted small" }, [typeName(entry.type), info.rarity ? " · " + info.rarity : "",
      info.faction ? " · " + info.faction.replace("-", " ") : " · neutral", " "].concat(pips(info.cost))));
    body.appendChild(el("p", { class: "gf-facts", text: facts.join(" · ") }));
    if (info.text) body.appendChild(el("ul", { class: "gf-rules" }, info.text.split("\n").map(function (line) {
      return el("li", { text: line });
    })));
    if (entry.statuses && entry.statuses.length) body.appendChild(el("p", { class: "small", text: "Now: " + entry.statuses.join(", ") }));
    if (!ctx.readonly) {
      var offers = actionsFor(entry.id, ctx);
      var quick = quickPlay(here, info, view, ctx);  // tap-and-pay is one of its plays
      body.appendChild(el("h3", { class: "gf-zone-title", text: offers.length || quick ? "What you can do with it" : "Nothing to do with it now" }));
      if (offers.length) body.appendChild(el("div", { class: "gf-detail-actions" }, offers.map(function (a) {
        return actionButton(a, a.label, act, "");
      })));
      if (quick) body.appendChild(quick);
    }
    if (info.url) body.appendChild(el("p", { class: "small" }, el("a", { href: info.url, target: "_blank", rel: "noopener", text: "Card page" })));
  }

  /* A card in the hand that the pool cannot pay for yet, in your own Action Phase: one button taps exactly the
     energy its printed cost names and pays it (static/js/quick_pay.js), when the untapped Energy cards can. */
  function quickPlay(here, info, view, ctx) {
    var qp = window.CodexQuickPay;
    if (!qp || !ctx.quick || here.zone !== "hand" || here.entry.type === "energy" || actionsFor(here.entry.id, ctx).length ||
        !ctx.legal.some(function (a) { return a.kind === "end_turn"; })) return null;
    var me = view.players[ME];
    var taps = qp.plan(info.cost, me.pool, me.energy || [], ctx.cards, ctx.legal);
    if (!taps) return null;
    var entry = here.entry;
    return el("div", { class: "gf-detail-actions" }, el("button", {
      type: "button", class: "gf-act gf-quick-play", data: { kind: "quick_play" },
      on: { click: function () { ctx.quick(taps, entry.id, info.cost); } }
    }, "Tap " + qp.costText(info.cost) + " and play " + entry.name));
  }

  // ------------------------------------------------------------------------------------------- actions
  var PRIMARY = { pass: 1, end_turn: 1, keep: 1, first_player: 1, trigger: 1 };
  var BY_SLUG = { summon: 1, play: 1, cast: 1, equip: 1, play_energy: 1, tap: 1 };  // one row per card name

  function actionButton(action, text, act, extra) {
    var data = { action: action.id, kind: action.kind };
    var ref = action.card !== null ? action.card : action.target;
    if (ref !== null && ref !== undefined) data.ref = String(ref);
    return el("button", {
      type: "button", class: "gf-act kind-" + action.kind + (extra ? " " + extra : ""), title: action.label,
      data: data,
      on: { click: function () { act(action.id); }, mouseenter: hint, focus: hint, mouseleave: unhint, blur: unhint }
    }, text);
  }

  /* Point at the card (or edge) an action concerns while the pointer or focus is on its button. */
  function hint(ev) {
    var ref = ev.currentTarget.dataset.ref;
    if (ref === undefined) return;
    Array.prototype.forEach.call(document.querySelectorAll('[data-card="' + ref + '"], [data-edge="' + ref + '"]'), function (n) {
      n.classList.add("hinted");
    });
  }

  function unhint() {
    Array.prototype.forEach.call(document.querySelectorAll(".hinted"), function (n) { n.classList.remove("hinted"); });
  }

  /* Group the legal actions by kind (in the order the page lists kinds) and, within a kind, by card. */
  function renderActions(root, legal, act) {
    clear(root);
    if (!legal.length) return;
    var groups = [];
    var byGroup = {};
    legal.forEach(function (a) {
      if (!byGroup[a.group]) { byGroup[a.group] = { title: a.group, kind: a.kind, rows: [], rowIndex: {} }; groups.push(byGroup[a.group]); }
      var g = byGroup[a.group];
      var key = a.card === null || a.kind === "target" || a.kind === "assign" ? a.id :
        (BY_SLUG[a.kind] ? "slug:" + a.card_slug : "card:" + a.card);
      if (!g.rowIndex[key]) { g.rowIndex[key] = { name: a.card_name, actions: [] }; g.rows.push(g.rowIndex[key]); }
      g.rowIndex[key].actions.push(a);
    });
    var last = [];
    groups.forEach(function (g) {
      var seen = {};
      g.rows.forEach(function (row) {  // two cards of one name: number them, "(1)" and "(2)", in board order
        var text = row.actions[0].label;
        seen[text] = (seen[text] || 0) + 1;
        row.nth = seen[text];
      });
      var rows = g.rows.map(function (row) {
        var first = row.actions[0];
        if (row.actions.length === 1 && (!row.name || first.choice === first.label)) {
          var text = first.kind === "pass" ? "Pass priority — let the stack resolve" : first.label;
          if (seen[first.label] > 1) text += " (" + row.nth + ")";
          return el("div", { class: "gf-act-row" }, actionButton(first, text, act, PRIMARY[first.kind] ? "primary" : ""));
        }
        return el("div", { class: "gf-act-row" }, [
          el("span", { class: "gf-act-card", text: row.name || "" }),
          el("span", { class: "gf-act-choices" }, row.actions.map(function (a) { return actionButton(a, a.choice, act, ""); }))
        ]);
      });
      var section = el("section", { class: "gf-act-group group-" + g.kind }, [el("h3", { class: "gf-act-title", text: g.title })].concat(rows));
      if (g.kind === "end_turn") last.push(section); else root.appendChild(section);
    });
    last.forEach(function (s) { root.appendChild(s); });
  }

  function renderResult(section, game, cards) {
    var result = game.result;
    clear(section);
    section.hidden = !(result && result.final);
    if (section.hidden) return;
    var rows = result.breakdown[ME] || [];
    var total = result.legacy[ME];
    var rec = game.record;
    var headline = "Legacy " + total;
    var note = "";
    if (rec) {
      if (rec.is_record) note = "A new record for this deck" + (rec.deck_best === total ? " — the best anyone has goldfished with it." : " for you.");
      else if (rec.your_best !== null) note = "Your best with this deck: " + rec.your_best + ". Try to beat it.";
      if (rec.deck_best !== null && !rec.is_record) note += " Deck record: " + rec.deck_best + ".";
    }
    section.appendChild(el("h2", { class: "section-title", id: "gf-result-title", text: "The Cataclysm — " + headline }));
    section.appendChild(el("p", {}, [
      el("span", { class: "gf-legacy-total", id: "gf-legacy-total", text: String(total) }), " Legacy after ",
      plural(game.rounds || game.state.round, "round"),
      (game.seed === null || game.seed === undefined ? "" : " · seed " + game.seed) + " · " + game.seating,
      game.bot_assisted ? " " : null, game.bot_assisted ? el("span", { class: "tag", text: "bot-assisted" }) : null
    ]));
    if (result.ending_text) section.appendChild(el("p", { class: "gf-ending", id: "gf-ending", "data-ending": result.ending, text: result.ending_text + "." }));
    if (note) section.appendChild(el("p", { class: "gf-record" + (rec && rec.is_record ? " new" : ""), text: note }));
    if (VERSUS) {
      var table = result.legacy.length > 2 && window.CodexSeats;
      var verdict = table ? window.CodexSeats.verdict(result, ME) : (result.winner === null ? "A draw" : sideOf(result.winner).wins);
      section.appendChild(el("p", { class: "vs-verdict", id: "vs-verdict" }, [el("strong", { text: verdict }),
        " — " + SIDES.me.poss + " Legacy " + total + ", " + (table ? window.CodexSeats.othersLegacy(result.legacy, ME) :
          SIDES.opp.poss + " " + result.legacy[1 - ME]) +
        (result.tiebreak && result.tiebreak !== "draw" ? " (tiebreak: " + result.tiebreak + ")" : "")]));
    }
    if (result.eliminated[ME]) section.appendChild(el("p", { class: "danger", text: "No Hero and no cards on the board: eliminated, 0 Legacy." }));
    var tbody = el("tbody", {}, rows.map(function (r) {
      return el("tr", {}, [el("td", {}, cards[r.card] ? el("a", { href: cards[r.card].url, text: r.name }) : r.name),
        el("td", { class: "muted opt", text: r.zone }), el("td", { text: r.reason }), el("td", { class: "num", text: String(r.value) })]);
    }));
    section.appendChild(el("div", { class: "gf-table-wrap" }, el("table", { class: "gf-breakdown", id: "gf-breakdown" }, [
      el("caption", { class: "muted small", text: "Every card that survived, and why it scores what it scores" }),
      el("thead", {}, el("tr", {}, [el("th", { text: "Card" }), el("th", { class: "opt", text: "Zone" }), el("th", { text: "Why" }), el("th", { class: "num", text: "Legacy" })])),
      tbody,
      el("tfoot", {}, el("tr", {}, [el("th", { text: "Total" }), el("th", { class: "opt" }), el("th"), el("th", { class: "num", text: String(total) })]))
    ])));
    if (!rows.length) section.appendChild(el("p", { class: "muted", text: "Nothing survived the Cataclysm." }));
    if (VERSUS) {
      section.appendChild(el("p", { class: "gf-result-links" }, [
        game.replay_url ? el("a", { class: "button primary", href: game.replay_url, text: "Replay this game" }) : null, " ",
        el("a", { class: "button", href: "/versus/?" + (game.deck ? "deck=" + encodeURIComponent(game.deck.id) + "&" : "") +
          (game.opponent ? "opponent=" + encodeURIComponent(game.opponent.id) + "&" : "") + "difficulty=" + encodeURIComponent(game.difficulty || ""),
          text: "Play again" })]));
      return;
    }
    var again = "/goldfish/?seed=" + game.seed + "&seating=" + encodeURIComponent(game.seating) + (game.deck ? "&deck=" + encodeURIComponent(game.deck.id) : "") +
      (game.variants || []).map(function (v) { return "&variant=" + encodeURIComponent(v.slug || v); }).join("");
    section.appendChild(el("p", { class: "gf-result-links" }, [
      game.replay_url ? el("a", { class: "button primary", href: game.replay_url, text: "Replay this game" }) : null, " ",
      el("a", { class: "button", href: again, text: "Play the same shuffle again" }), " ",
      game.deck ? el("a", { class: "button ghost", href: "/goldfish/deck/" + encodeURIComponent(game.deck.id) + "/", text: "High scores" }) : null
    ]));
  }

  function statusLine(view, game) {
    var parts = [];
    if (view.round) parts.push("Round " + view.round);
    var phase = PHASES[view.phase] || view.phase;
    if (view.is_over) parts.push("Game over");
    else if (typeof view.active_player === "number") parts.push(sideOf(view.active_player).Poss + " turn · " + phase);
    else parts.push(phase);
    if (view.stack.length) parts.push(plural(view.stack.length, "item") + " on the stack");
    if (!view.is_over && game.result) parts.push((ME_NAMED ? SIDES.me.poss + " " : "") + "board worth " + game.result.legacy[ME] + " Legacy now" +
      (VERSUS ? " (" + (game.result.legacy.length > 2 && window.CodexSeats ? window.CodexSeats.othersLegacy(game.result.legacy, ME) :
        SIDES.opp.poss + " " + game.result.legacy[1 - ME]) + ")" : ""));
    return parts.join(" · ");
  }

  // ------------------------------------------------------------------------------------------- the live board
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
      var me = game.state.players[ME];
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

  Board.prototype.flash = function (text, bad) {
    var box = byId("gf-flash");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    box.classList.toggle("bad", !!bad);
  };

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
    byId("gf-status").textContent = statusLine(view, game);
    byId("gf-prompt-text").textContent = game.prompt.text;
    byId("gf-prompt").dataset.kind = game.prompt.kind;
    renderActions(byId("gf-actions"), game.legal_actions, act);
    if (!game.can_act && !view.is_over) {
      byId("gf-actions").appendChild(el("p", { class: "muted small", text: game.is_owner ? "" :
        "You are watching someone else's game: only the player who started it can act." }));
    }
    renderPyramid(byId("gf-pyramid-figure"), byId("gf-edges"), view, ctx);
    renderBoard(byId("gf-board-body"), view, ctx);
    if (byId("vs-opp-body")) renderBoard(byId("vs-opp-body"), view, ctx, 1 - ME);
    if (window.CodexSeats) window.CodexSeats.draw(view, ctx, renderBoard);
    renderHand(byId("gf-hand"), view, ctx);
    byId("gf-hand-count").textContent = String(handSize(view.players[ME]));
    renderStack(byId("gf-stack"), byId("gf-stack-list"), view);
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
  };

  /* After each drawing: the board in words for screen readers and the new log lines spoken (static/js/summary.js). */
  function tellScreenReaders(view, result, events, moves) {
    if (window.CodexSummary) window.CodexSummary.update({ view: view, result: result, events: events, moves: moves,
      me: ME, sides: SIDES, phases: PHASES, opponentLabel: SIDES.opp.label, sideOf: sideOf });
  }

  /* Versus: what the computer did since your last decision, said above the decision and marked on the board. */
  function markCpuMoves(root, summary, moves) {
    if (!summary || !window.CodexCpuWords) return;
    var shown = moves.filter(function (m) { return !/^pass\./.test(m.action); });
    shown.forEach(function (m) {
      window.CodexCpuWords.cardsOf(m.action).forEach(function (id) {
        var card = root.querySelector('.gf-card[data-card="' + id + '"]');
        if (card) card.classList.add("cpu-last");
      });
    });
    summary.hidden = !shown.length;
    clear(summary);
    if (!shown.length) return;
    var labels = shown.slice(-4).map(function (m) { return m.label; });
    append(summary, [el("strong", { text: "The computer just: " }),
      (shown.length > 4 ? "… " : "") + labels.join(" · ") + ".",
      el("span", { class: "muted", text: " Why: " + cpuWords(shown[shown.length - 1].reason) + "." })]);
  }

  function copyText(text, done) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { toast(done); }, function () { toast(text); });
    } else toast(text);
  }

  function toast(text) {
    var box = byId("gf-flash");
    if (box) { box.textContent = text; box.hidden = false; box.classList.remove("bad"); }
  }

  // ------------------------------------------------------------------------------------------- the replay
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
    renderPyramid(byId("gf-pyramid-figure"), byId("gf-edges"), view, ctx);
    renderBoard(byId("gf-board-body"), view, ctx);
    if (byId("vs-opp-body")) renderBoard(byId("vs-opp-body"), view, ctx, 1 - ME);
    if (window.CodexSeats) window.CodexSeats.draw(view, ctx, renderBoard);
    renderHand(byId("gf-hand"), view, ctx);
    byId("gf-hand-count").textContent = String(handSize(view.players[ME]));
    renderStack(byId("gf-stack"), byId("gf-stack-list"), view);
    renderLog(byId("gf-log"), index.events.slice(0, frame.events_to), step ? [step.events_from, step.events_to] : null,
      (index.cpu_moves || []).filter(function (m) { return m.step <= frame.step; }));
    if (window.CodexFaces) window.CodexFaces.linkLog(byId("gf-log"), index.cards);
    renderDetail(byId("gf-detail"), view, ctx, null);
    var over = frame.result && frame.result.final;
    renderResult(byId("gf-result"), { result: frame.result, record: null, rounds: index.rounds, state: view,
      seed: index.seed, seating: index.seating, replay_url: null, deck: index.deck, bot_assisted: false,
      opponent: index.opponent, difficulty: index.difficulty }, index.cards);
    byId("gf-result").hidden = !over;
    byId("rp-first").disabled = byId("rp-prev").disabled = frame.step === 0;
    byId("rp-next").disabled = byId("rp-last").disabled = frame.step >= frame.of;
    this.root.dataset.step = String(frame.step);
    this.root.dataset.digest = frame.digest;
    if (history.replaceState) history.replaceState(null, "", "#step=" + frame.step);
    tellScreenReaders(view, frame.result, index.events.slice(0, frame.events_to),
      (index.cpu_moves || []).filter(function (m) { return m.step <= frame.step; }));
  };

  // ------------------------------------------------------------------------------------------- bulk simulation
  function chartSvg(chart) {
    var svg = svgEl("svg", { viewBox: "0 0 " + chart.width + " " + chart.height, class: "gf-chart", role: "img", "aria-label": chart.title });
    chart.bars.forEach(function (b) {
      var rect = svgEl("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 2, class: "gf-chart-bar" });
      rect.appendChild(svgEl("title", { text: b.label + ": " + plural(b.count, "game") }));
      svg.appendChild(rect);
      if (b.count) svg.appendChild(svgEl("text", { x: b.label_x, y: b.count_y, class: "gf-chart-count", "text-anchor": "middle", text: String(b.count) }));
      if (b.show_label) svg.appendChild(svgEl("text", { x: b.label_x, y: chart.axis_y, class: "gf-chart-label", "text-anchor": "middle", text: b.label }));
    });
    return el("figure", { class: "gf-chart-fig" }, [el("figcaption", { class: "small muted", text: chart.title }), svg]);
  }

  function simulationSummary(run, deckId) {
    var s = run.stats;
    function dist(d) { return d && d.count !== 0 ? "mean " + d.mean + " · median " + d.median + " · p10–p90 " + d.p10 + "–" + d.p90 + " · " + d.min + "–" + d.max : "—"; }
    var again = "/goldfish/?deck=" + encodeURIComponent(deckId) + "&seed=" + s.best_game.seed + "&seating=" + encodeURIComponent(s.seating);
    return el("div", { class: "gf-sim-run" }, [
      el("p", { class: "small muted", text: plural(run.games, "game") + " by the " + run.bot + " bot · " + s.seating + " · seed " + run.seed +
        (s.time_limited ? " · stopped at the time limit (" + s.requested + " asked)" : "") }),
      el("dl", { class: "gf-sim-stats" }, [
        el("div", {}, [el("dt", { text: "Legacy" }), el("dd", { text: dist(s.legacy) })]),
        el("div", {}, [el("dt", { text: "Rounds" }), el("dd", { text: dist(s.rounds) })]),
        el("div", {}, [el("dt", { text: "Hero survives" }), el("dd", { text: Math.round(s.hero_survival_rate * 100) + "%" })]),
        el("div", {}, [el("dt", { text: "Best game" }), el("dd", {}, [s.best_game.legacy + " Legacy (seed " + s.best_game.seed + ") ",
          el("a", { href: again, text: "play this shuffle" })])])
      ]),
      el("div", { class: "gf-charts" }, run.charts.map(chartSvg))
    ]);
  }

  function Simulator(form) {
    var out = byId("gf-sim-result");
    var status = byId("gf-sim-status");
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = new FormData(form);
      var body = { games: parseInt(data.get("games"), 10) || 100, bot: data.get("bot"), seating: data.get("seating") };
      var seed = String(data.get("seed") || "").trim();
      if (seed) body.seed = parseInt(seed, 10);
      var button = form.querySelector("button[type=submit]");
      button.disabled = true;
      status.textContent = "Playing " + plural(body.games, "game") + "…";
      request("POST", form.dataset.api, body, form.dataset.csrf).then(function (res) {
        button.disabled = false;
        if (!res.ok) { status.textContent = res.data.message || "The simulation was refused."; return; }
        status.textContent = "Done.";
        clear(out).appendChild(simulationSummary(res.data, form.dataset.deck));
      }).catch(function () { button.disabled = false; status.textContent = "Could not reach the server."; });
    });
  }

  // ------------------------------------------------------------------------------------------- start page
  function StartPage(root) {
    var text = byId("id_text");
    var chosen = root.querySelectorAll("[data-fill-seed]");
    Array.prototype.forEach.call(chosen, function (button) {
      button.addEventListener("click", function () { var seed = byId("id_seed"); if (seed) seed.value = button.dataset.fillSeed; });
    });
    if (text) text.addEventListener("input", function () {
      var count = byId("gf-text-count");
      if (count) count.textContent = text.value.split("\n").filter(function (l) { return l.trim(); }).length + " lines";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var page = document.querySelector("[data-seat]");
    if (page) {
      ME = parseInt(page.dataset.seat, 10) || 0;
      VERSUS = page.dataset.versus === "1";
      if (VERSUS) { SIDES.opp = side("the computer", "CPU"); SIDES.opp.label = "Computer"; }
      if (page.dataset.me) SIDES.me = side(page.dataset.me, page.dataset.meShort || page.dataset.me);
      if (page.dataset.opp) SIDES.opp = side(page.dataset.opp, page.dataset.oppShort || page.dataset.opp);
      ME_NAMED = SIDES.me.name !== "you";
    }
    var board = byId("goldfish");
    if (board) window.goldfishBoard = new Board(board);
    var replay = byId("goldfish-replay");
    if (replay) window.goldfishReplay = new Replay(replay);
    var sim = byId("gf-simulate");
    if (sim) new Simulator(sim);
    var start = byId("goldfish-start");
    if (start) new StartPage(start);
  });
})();
