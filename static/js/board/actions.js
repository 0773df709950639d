/* The board (static/js/board/, see util.js): the decisions panel: the legal actions grouped by kind and by card. */
(function () {
  "use strict";

  var B = window.CodexBoard;
  var clear = B.clear, el = B.el;

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

  B.actionButton = actionButton;
  B.renderActions = renderActions;
})();
