/* One click for a common path where the rules leave no real choice: to play a card from the hand at its printed
   cost, tap exactly the energy that cost names (each Energy card makes one kind) and then pay it. The page asks the
   server for every step, so nothing illegal can happen; it only saves the clicks of tapping one card at a time.
   Loaded before the board (static/js/board/), which offers the button when a plan exists. */
(function () {
  "use strict";

  /* The Energy cards (by name: the server offers one tap per name) to tap, one per missing energy of the kind
     each makes, that bring the pool up to `cost`; or null when the untapped Energy cards cannot make it exactly
     (then there is a real choice to make by hand). */
  function plan(cost, pool, energy, cards, legal) {
    var tappable = {};
    legal.forEach(function (a) { if (a.kind === "tap" && a.card_slug) tappable[a.card_slug] = true; });
    var taps = [];
    var used = {};
    var codes = Object.keys(cost || {});
    for (var i = 0; i < codes.length; i++) {
      var code = codes[i];
      var missing = cost[code] - ((pool && pool[code]) || 0);
      for (var j = 0; j < energy.length && missing > 0; j++) {
        var entry = energy[j];
        var info = cards[entry.card] || {};
        if (!entry.tapped && !used[entry.id] && tappable[entry.card] && info.produces === code) {
          used[entry.id] = true;
          taps.push(entry.card);
          missing -= 1;
        }
      }
      if (missing > 0) return null;
    }
    return taps.length ? taps : null;
  }

  /* The tap action for an Energy card of this name, in the game as it is now. */
  function tapFor(slug, legal) {
    var found = legal.filter(function (a) { return a.kind === "tap" && a.card_slug === slug; });
    return found.length ? found[0].id : null;
  }

  /* "1 LR + 2 CE", as the engine writes a payment. */
  function costText(cost) {
    return Object.keys(cost || {}).filter(function (code) { return cost[code]; })
      .map(function (code) { return cost[code] + " " + code; }).join(" + ");
  }

  function samePay(pay, cost) {
    var keys = Object.keys(cost || {}).filter(function (k) { return cost[k]; });
    var paid = Object.keys(pay || {}).filter(function (k) { return pay[k]; });
    return keys.length === paid.length && keys.every(function (k) { return pay[k] === cost[k]; });
  }

  window.CodexQuickPay = { plan: plan, tapFor: tapFor, costText: costText, samePay: samePay };
})();
