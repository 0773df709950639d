/* A versus table of three or four (issue 34): the other players' boards around the Pyramid, named in words, and a
   switcher that shows one of them at a time on a phone. The boards themselves are drawn by the board's own
   board drawing (passed in to draw), so faces, click targets, the last-move outline and keyboard play are the same
   as for two players. The page names each seat (rules/versus/templates/versus/_ring.html: data-who, data-short);
   this module hands the board (static/js/board/) those names, the Pyramid's turn (your seat at the bottom) and the
   result's words.
   No inline code (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  var named = {};   // seat -> how the page names it, as the board's side() does (board/page.js): "Computer 2 (hard)"
  var sections = [];

  function side(name, short) {
    var Name = name.charAt(0).toUpperCase() + name.slice(1);
    return { name: name, Name: Name, poss: name + "'s", Poss: Name + "'s", mine: name + "'s", short: short,
             wins: Name + " wins", label: name.split(" (")[0] };
  }

  function show(seat) {  // the switcher: one other board at a time (a second tap hides it again)
    sections.forEach(function (section) {
      var on = section.dataset.seat === seat && !section.classList.contains("shown");
      section.classList.toggle("shown", on);
      var button = document.querySelector('.vs-switch-btn[data-seat="' + section.dataset.seat + '"]');
      if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function setUp() {
    sections = Array.prototype.slice.call(document.querySelectorAll(".vs-seat[data-seat]"));
    sections.forEach(function (section) { named[section.dataset.seat] = side(section.dataset.who, section.dataset.short); });
    Array.prototype.forEach.call(document.querySelectorAll(".vs-switch-btn"), function (button) {
      button.addEventListener("click", function () { show(button.dataset.seat); });
    });
  }

  function isTable() { return sections.length > 0; }

  /* Draw every other seat's board with the board's renderBoard(root, view, ctx, who). */
  function draw(view, ctx, renderBoard) {
    sections.forEach(function (section) {
      var seat = parseInt(section.dataset.seat, 10);
      if (view.players[seat]) renderBoard(section.querySelector("[data-seat-body]"), view, ctx, seat);
    });
  }

  /* The Pyramid turned so that your seat is at the bottom: which of the figure's corners (S1 top, S2 right, S3
     bottom, S4 left) a seat takes. Two players keep the printed figure. */
  function turned(seat, mine) {
    if (!isTable()) return seat;
    var k = parseInt(seat.slice(1), 10) - 1, m = parseInt(mine.slice(1), 10) - 1;
    return "S" + ((((k - m + 2) % 4) + 4) % 4 + 1);
  }

  /* "Computer 1 (hard) 12 · Computer 2 (easy) 9": every other player's Legacy. */
  function othersLegacy(legacy, me) {
    return legacy.map(function (n, seat) { return seat === me ? null : (named[seat] ? named[seat].name : "Player " + (seat + 1)) + " " + n; })
      .filter(Boolean).join(" · ");
  }

  /* Who won, in words: a team game's side, a shared first place, or one player. */
  function verdict(result, me) {
    if (result.teams) {
      if (result.winning_team === null || result.winning_team === undefined) return "A draw between the teams";
      return result.teams[result.winning_team].indexOf(me) >= 0 ? "Your team wins" : "The other team wins";
    }
    if (result.winner !== null && result.winner !== undefined) return result.winner === me ? "You win" : named[result.winner].wins;
    var shared = (result.winners || []).map(function (s) { return s === me ? "you" : named[s].name; });
    return shared.length ? "A draw shared by " + shared.join(" and ") : "A draw";
  }

  window.CodexSeats = { named: function (seat) { return named[seat] || null; }, draw: draw, turned: turned,
                        isTable: isTable, othersLegacy: othersLegacy, verdict: verdict };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
