/* The board in words, for screen readers, on every board page (goldfish, versus, a live table and their replays).
   The board itself is a grid of buttons and an SVG diamond that a screen reader reads piece by piece; this module
   writes the same state as sentences in a visually hidden region (#gf-summary: whose turn, the phase, each
   player's Legacy, Hero HP, untapped Energy, hand, the cards in play, and the Pyramid's edges), and speaks what
   happened since the last drawing in a polite live region (#gf-announce: the new log lines, the opponent's moves
   first). The board (static/js/board/) calls CodexSummary.update once after each drawing of the board or of a
   replay's step.
   No inline code or style (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  var KEEP = 3;        // announcements kept in the live region (older ones are removed: they were read already)
  var MAX_LINES = 8;   // log lines read at once; a long burst (a bot's whole turn) is cut to its last lines

  function plural(n, word, many) { return n + " " + (n === 1 ? word : (many || word + "s")); }

  function listOf(items) {
    if (items.length < 2) return items.join("");
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }

  function energyWords(player) {
    var untapped = player.energy.filter(function (e) { return !e.tapped; }).length;
    var pool = Object.keys(player.pool || {}).filter(function (code) { return player.pool[code]; })
      .map(function (code) { return player.pool[code] + " " + code; });
    var cards = player.energy.length ? untapped + " of " + plural(player.energy.length, "Energy card") + " untapped" :
      "no Energy cards in play";
    return cards + (pool.length ? ", " + listOf(pool) + " in the pool" : "");
  }

  function cardWords(entry) {
    var bits = [];
    if (entry.hp !== undefined && entry.max_hp !== undefined) bits.push("HP " + entry.hp + " of " + entry.max_hp);
    if (entry.charge) bits.push(plural(entry.charge, "charge"));
    if (entry.tapped) bits.push("tapped");
    if (entry.dormant) bits.push("dormant");
    (entry.equipment || []).forEach(function (eq) { bits.push("equipped with " + eq.name); });
    return entry.name + (bits.length ? " (" + bits.join(", ") + ")" : "");
  }

  function inPlay(player) {
    var zones = [["People", player.people], ["Scenes", player.scenes], ["Batteries", player.batteries]];
    var said = zones.filter(function (z) { return z[1].length; })
      .map(function (z) { return z[0] + ": " + z[1].map(cardWords).join("; "); });
    return said.length ? "In play: " + said.join(". ") + "." : "No People, Scenes or Batteries in play.";
  }

  function playerWords(player, side, legacy) {
    if (player.goldfish) return side.Name + ": the goldfish's empty seat (no deck, no Hero).";
    var hand = player.hand ? player.hand.length : (player.hand_count || 0);
    var hero = player.hero ? "Hero " + player.hero.name + ", HP " + player.hero.hp + " of " + player.hero.max_hp :
      "Hero fallen";
    return side.Name + ": " + hero + (legacy === undefined ? "" : "; " + legacy + " Legacy") + "; " +
      energyWords(player) + "; " + plural(hand, "card") + " in hand, " + player.deck_count + " in the deck, " +
      player.graveyard.length + " in the graveyard. " + inPlay(player);
  }

  function pyramidWords(view, name) {
    var edges = view.pyramid.edges.map(function (edge) {
      var who = edge.dead ? "dead" : "beside " + listOf(edge.adjacent.map(name));
      return edge.edge + " " + edge.charge + " of " + edge.max + (edge.locked ? ", locked" : "") + ", " + who;
    });
    return "The Pyramid" + (view.pyramid.tide ? " (tide " + view.pyramid.tide + ")" : "") + ": " + edges.join("; ") + ".";
  }

  /* The summary's sentences, one a paragraph: the turn, each player (yours first), the Pyramid, the stack. */
  function describe(o) {
    var view = o.view;
    var side = o.sideOf || function (seat) { return seat === o.me ? o.sides.me : o.sides.opp; };
    var legacy = o.result && o.result.legacy ? o.result.legacy : [];
    var phase = o.phases[view.phase] || view.phase;
    var turn = view.is_over ? "The game is over." : (view.round ? "Round " + view.round + ". " : "") +
      (typeof view.active_player === "number" ? side(view.active_player).Poss + " turn, " : "") + phase + ".";
    var lines = [turn];
    [o.me].concat(view.players.map(function (p, i) { return i; }).filter(function (i) { return i !== o.me; })).forEach(function (seat) {
      if (view.players[seat]) lines.push(playerWords(view.players[seat], side(seat), legacy[seat]));
    });
    lines.push(pyramidWords(view, function (seat) { return side(seat).name; }));
    if (view.stack && view.stack.length) {
      lines.push("On the stack, top first: " + view.stack.slice().reverse().map(function (s) { return s.text; }).join("; ") + ".");
    }
    return lines;
  }

  function sentence(text) { return /[.!?…]$/.test(text) ? text : text + "."; }

  /* One announcement: the opponent's moves, all of them (up to MAX_LINES), then the log's new lines, cut to the
     last MAX_LINES when a burst (a whole turn of the computer's) is longer. */
  function say(region, moves, lines) {
    if (!region || !(moves.length || lines.length)) return;
    var said = moves.slice(-MAX_LINES);
    var cut = lines.length > MAX_LINES ? ["… " + lines[lines.length - MAX_LINES]].concat(lines.slice(1 - MAX_LINES)) : lines;
    var p = document.createElement("p");
    p.textContent = said.concat(cut).map(sentence).join(" ");
    region.appendChild(p);
    while (region.children.length > KEEP) region.removeChild(region.firstChild);
  }

  var seen = null;  // how many log events had been drawn (null before the first drawing: nothing to announce)

  /* o: {view, result, events, moves, me, sides, phases, opponentLabel}. Writes the summary; announces the events
     (and, in versus, the computer's moves) that are new since the last call. */
  function update(o) {
    var box = document.getElementById("gf-summary");
    if (box) {
      var paragraphs = describe(o).map(function (text) {
        var p = document.createElement("p");
        p.textContent = text;
        return p;
      });
      box.replaceChildren.apply(box, paragraphs);
    }
    var events = o.events || [];
    if (seen !== null && events.length > seen) {
      var from = seen;
      var moves = (o.moves || []).filter(function (m) { return m.events_from >= from; })
        .map(function (m) {  // whose move: at a table of three or four, that computer's own name ("Computer 2")
          return (o.sideOf ? o.sideOf(m.player).label : o.opponentLabel || "Opponent") + ": " + m.label; });
      say(document.getElementById("gf-announce"), moves, events.slice(from).map(function (ev) { return ev.text; }));
    }
    seen = events.length;
  }

  window.CodexSummary = { update: update, describe: describe };
})();
