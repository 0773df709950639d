/* The board (static/js/board/, see util.js): the card tiles: which legal actions a card offers, and a card drawn as
   a button (its face, name and state). */
(function () {
  "use strict";

  var B = window.CodexBoard;
  var bar = B.bar, chargePips = B.chargePips, el = B.el, plural = B.plural;

  var RARITY_MARK = { common: "C", uncommon: "U", rare: "R" };

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

  /* A card on the table: its face (rules/goldfish/static/js/faces.js; not on an Energy chip or in the graveyard's
     list) over its name and state, the full face on hover. Clicking it chooses it when it is the one target asked
     for, else opens its panel. The last move's cards are marked (ctx.touched). */
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

  function typeName(type) {
    return { person: "Person", scene: "Scene", battery: "Battery", artifact: "Artifact", enchantment: "Enchantment",
             instant: "Instant", energy: "Energy", hero: "Hero" }[type] || type;
  }

  B.actionsFor = actionsFor;
  B.batteryTile = batteryTile;
  B.cardButton = cardButton;
  B.cardHead = cardHead;
  B.heroTile = heroTile;
  B.indexZones = indexZones;
  B.personSlot = personSlot;
  B.sceneTile = sceneTile;
  B.typeName = typeName;
})();
