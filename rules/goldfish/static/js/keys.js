/* Keyboard play on the board (#goldfish: the goldfish, versus and live table pages), so that a whole game can be
   played without a mouse (issue 33). One key each:
     P        pass priority (only when passing is a legal decision: never ends a turn by surprise)
     E        end the turn
     1 to 9   the decision with that number: in the open card's panel if it offers any, else under "What now"
              (each offered button shows its number)
     H / B / A  focus your hand / your board / the decisions ("What now")
     ?        show or hide the key list (the "Keyboard" panel on the page, goldfish/_keys.html)
     Esc      close the card's panel (the board's) and the key list; focus goes back to the card
   Opening a card by keyboard (Tab to it, Enter) moves the focus to its first play, so Tab and Enter alone play it.
   Keys are ignored while typing (an input, a textarea, a select: the live table's chat) or with Ctrl/Alt/Meta.

   The board interface this module uses, and nothing else of the board (static/js/board/):
   window.goldfishBoard, its Board:
     board.game              the game as the server last sent it: { can_act, legal_actions: [{ id, kind, … }] }
     board.act(actionId)     make a decision through the board's own path (a live table sends it over its socket)
     board.select(id | null) open (or close) a card's panel
   and the regions the board draws into: #gf-hand, #gf-board-body, #gf-actions, #gf-detail, #gf-flash.
   No inline code or style (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  var TYPING = /^(INPUT|TEXTAREA|SELECT)$/;
  var OFFERED = ".gf-act:not([disabled])";
  var LETTER = { pass: "P", end_turn: "E" };

  function byId(id) { return document.getElementById(id); }

  function say(text) {
    var box = byId("gf-flash");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    box.classList.remove("bad");
  }

  /* The decisions the number keys choose among: the open card panel's plays if it offers any, else "What now". */
  function offered() {
    var detail = byId("gf-detail");
    var inPanel = detail && !detail.hidden ? detail.querySelectorAll(OFFERED) : [];
    var list = inPanel.length ? inPanel : (byId("gf-actions") ? byId("gf-actions").querySelectorAll(OFFERED) : []);
    return Array.prototype.slice.call(list);
  }

  /* Show each offered button's number (data-key, drawn by css/keys.css), name its keys (aria-keyshortcuts: the
     number, P, E) and drop stale ones. */
  function number() {
    Array.prototype.forEach.call(document.querySelectorAll("#goldfish [data-key], #goldfish [aria-keyshortcuts]"), function (b) {
      delete b.dataset.key;
      b.removeAttribute("aria-keyshortcuts");
    });
    offered().slice(0, 9).forEach(function (b, i) {
      b.dataset.key = String(i + 1);
      b.setAttribute("aria-keyshortcuts", String(i + 1));
    });
    Object.keys(LETTER).forEach(function (kind) {  // P and E, said to assistive technology on their buttons
      Array.prototype.forEach.call(document.querySelectorAll("#gf-actions .gf-act[data-kind=" + kind + "]"), function (b) {
        b.setAttribute("aria-keyshortcuts", ((b.getAttribute("aria-keyshortcuts") || "") + " " + LETTER[kind]).trim());
      });
    });
  }

  function legal(board, kind) {
    var game = board.game;
    if (!game || !game.can_act) return null;
    return game.legal_actions.filter(function (a) { return a.kind === kind; })[0] || null;
  }

  function focusFirst(selector) {
    var node = document.querySelector(selector);
    if (node) node.focus();
    return !!node;
  }

  function toggleKeys(open) {
    var keys = byId("gf-keys");
    if (!keys) return;
    keys.open = open === undefined ? !keys.open : open;
    if (keys.open) { keys.scrollIntoView({ block: "nearest" }); keys.querySelector("summary").focus(); }
  }

  function onKey(board, ev) {
    var target = ev.target || {};
    if (ev.ctrlKey || ev.altKey || ev.metaKey || TYPING.test(target.tagName || "") || target.isContentEditable) return;
    var key = ev.key;
    var done = true;
    if (key === "p" || key === "P") {
      var pass = legal(board, "pass");
      if (pass) board.act(pass.id); else say(board.game && board.game.can_act ? "There is no priority to pass now." : "It is not your decision.");
    } else if (key === "e" || key === "E") {
      var end = legal(board, "end_turn");
      if (end) board.act(end.id); else say(board.game && board.game.can_act ? "You cannot end the turn now." : "It is not your decision.");
    } else if (/^[1-9]$/.test(key)) {
      var button = offered()[parseInt(key, 10) - 1];
      if (button) button.click(); else done = false;
    } else if (key === "h" || key === "H") focusFirst("#gf-hand .gf-card");
    else if (key === "b" || key === "B") focusFirst("#gf-board-body .gf-card");
    else if (key === "a" || key === "A") focusFirst("#gf-actions " + OFFERED);
    else if (key === "?") toggleKeys();
    else if (key === "Escape") {
      var open = byId("gf-keys");
      if (open && open.open) toggleKeys(false);
      else if (lastCard) focusFirst('#goldfish .gf-card[data-card="' + lastCard + '"]');  // the board closed its panel
      done = false;
    } else done = false;
    if (done) ev.preventDefault();
  }

  var lastCard = null;  // the card last focused or opened: where Esc brings the focus back

  /* A card opened by keyboard (Enter or Space: a click with no pointer) hands the focus to its first play. */
  function onClick(ev) {
    // (The board redraws on the click: the card clicked is already out of the page, so no ancestry is asked.)
    var card = ev.target.closest ? ev.target.closest(".gf-card[data-card]") : null;
    if (card) lastCard = card.dataset.card;
    if (!card || ev.detail !== 0) return;
    var detail = byId("gf-detail");
    if (detail && !detail.hidden) {
      var first = detail.querySelector(OFFERED);
      if (first) first.focus();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var root = byId("goldfish");
    var board = window.goldfishBoard;
    if (!root || !board) return;
    // (Registered after the board's own listeners: this script is loaded after it.)
    document.addEventListener("keydown", function (ev) { onKey(window.goldfishBoard || board, ev); });
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", function (ev) {
      if (ev.target.matches && ev.target.matches("#goldfish .gf-card")) lastCard = ev.target.dataset.card;
    });
    number();
    new MutationObserver(number).observe(root, { childList: true, subtree: true });
    var detail = byId("gf-detail");
    if (detail) new MutationObserver(number).observe(detail, { attributes: true, attributeFilter: ["hidden"] });
  });

  window.CodexKeys = { offered: offered };
})();
