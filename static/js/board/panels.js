/* The board (static/js/board/, see util.js): the stack, the event log and a card's detail panel (with its tap-and-pay
   button). */
(function () {
  "use strict";

  var B = window.CodexBoard, P = B.page;
  var actionButton = B.actionButton, actionsFor = B.actionsFor, clear = B.clear, cpuWords = B.cpuWords, el = B.el,
      pips = B.pips, plural = B.plural, sideOf = B.sideOf, typeName = B.typeName;

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

  /* Who made a computer's decision: at a table of three or four, that seat's name ("Computer 2 (hard)", seats.js),
     since several computers play between two of yours; at two, "Computer". */
  function cpuName(seat) {
    var named = window.CodexSeats && window.CodexSeats.named(seat);
    return named ? named.Name : "Computer";
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
          el("strong", { text: cpuName(m.player) + ": " }), m.label,
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
     energy its printed cost names and pays it (rules/goldfish/static/js/quick_pay.js), when the untapped Energy
     cards can. */
  function quickPlay(here, info, view, ctx) {
    var qp = window.CodexQuickPay;
    if (!qp || !ctx.quick || here.zone !== "hand" || here.entry.type === "energy" || actionsFor(here.entry.id, ctx).length ||
        !ctx.legal.some(function (a) { return a.kind === "end_turn"; })) return null;
    var me = view.players[P.me];
    var taps = qp.plan(info.cost, me.pool, me.energy || [], ctx.cards, ctx.legal);
    if (!taps) return null;
    var entry = here.entry;
    return el("div", { class: "gf-detail-actions" }, el("button", {
      type: "button", class: "gf-act gf-quick-play", data: { kind: "quick_play" },
      on: { click: function () { ctx.quick(taps, entry.id, info.cost); } }
    }, "Tap " + qp.costText(info.cost) + " and play " + entry.name));
  }

  B.renderDetail = renderDetail;
  B.renderLog = renderLog;
  B.renderStack = renderStack;
})();
