/* The board (static/js/board/, see util.js): the status line, the result after the Cataclysm, the computer's last
   moves and the screen readers' summary. */
(function () {
  "use strict";

  var B = window.CodexBoard, P = B.page;
  var PHASES = B.PHASES, append = B.append, clear = B.clear, cpuWords = B.cpuWords, el = B.el, plural = B.plural,
      sideOf = B.sideOf;

  function renderResult(section, game, cards) {
    var result = game.result;
    clear(section);
    section.hidden = !(result && result.final);
    if (section.hidden) return;
    var rows = result.breakdown[P.me] || [];
    var total = result.legacy[P.me];
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
    if (P.versus && P.verdict) {  // the page's own words for who won (a live table: the table's prompt)
      section.appendChild(el("p", { class: "vs-verdict", id: "vs-verdict", text: P.verdict(game) }));
    } else if (P.versus) {
      var table = result.legacy.length > 2 && window.CodexSeats;
      var verdict = table ? window.CodexSeats.verdict(result, P.me) : (result.winner === null ? "A draw" : sideOf(result.winner).wins);
      section.appendChild(el("p", { class: "vs-verdict", id: "vs-verdict" }, [el("strong", { text: verdict }),
        " — " + P.sides.me.poss + " Legacy " + total + ", " + (table ? window.CodexSeats.othersLegacy(result.legacy, P.me) :
          P.sides.opp.poss + " " + result.legacy[1 - P.me]) +
        (result.tiebreak && result.tiebreak !== "draw" ? " (tiebreak: " + result.tiebreak + ")" : "")]));
    }
    if (result.eliminated[P.me]) section.appendChild(el("p", { class: "danger", text: "No Hero and no cards on the board: eliminated, 0 Legacy." }));
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
    if (!P.resultLinks) return;  // (a live table offers its own: the rematch, the replay)
    if (P.versus) {
      section.appendChild(el("p", { class: "gf-result-links" }, [
        game.replay_url ? el("a", { class: "button primary", href: game.replay_url, text: "Replay this game" }) : null, " ",
        // The start page filled with this game's whole line-up (every computer, its deck and level; seat, teams), a new seed
        el("a", { class: "button", id: "vs-again", href: "/versus/?again=" + encodeURIComponent(game.id), text: "Play again" })]));
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
    if (!view.is_over && game.result) parts.push((P.meNamed ? P.sides.me.poss + " " : "") + "board worth " + game.result.legacy[P.me] + " Legacy now" +
      (P.versus ? " (" + (game.result.legacy.length > 2 && window.CodexSeats ? window.CodexSeats.othersLegacy(game.result.legacy, P.me) :
        P.sides.opp.poss + " " + game.result.legacy[1 - P.me]) + ")" : ""));
    return parts.join(" · ");
  }

  /* After each drawing: the board in words for screen readers and the new log lines spoken
     (rules/goldfish/static/js/summary.js). */
  function tellScreenReaders(view, result, events, moves) {
    if (window.CodexSummary) window.CodexSummary.update({ view: view, result: result, events: events, moves: moves,
      me: P.me, sides: P.sides, phases: PHASES, opponentLabel: P.sides.opp.label, sideOf: sideOf });
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
    // At a table of three or four several computers move between two of your decisions: each move says whose.
    var named = function (seat) { return window.CodexSeats ? window.CodexSeats.named(seat) : null; };
    var table = shown.some(function (m) { return named(m.player); });
    var labels = shown.slice(-4).map(function (m) { return (named(m.player) ? named(m.player).label + ": " : "") + m.label; });
    append(summary, [el("strong", { text: table ? "The computers just: " : "The computer just: " }),
      (shown.length > 4 ? "… " : "") + labels.join(" · ") + ".",
      el("span", { class: "muted", text: " Why: " + cpuWords(shown[shown.length - 1].reason) + "." })]);
  }

  B.markCpuMoves = markCpuMoves;
  B.renderResult = renderResult;
  B.statusLine = statusLine;
  B.tellScreenReaders = tellScreenReaders;
})();
