/* The board (static/js/board/, see util.js): what the page tells the board. One board draws goldfish, versus and
   live tables; what differs between them is said here, never patched onto the board after it is drawn:
   - the page's data attributes (read once by boot.js from the element with data-seat): the seat it plays
     (data-seat), versus or not (data-versus="1": the opponent's board is drawn too), how it names the two sides
     (data-me, data-me-short, data-opp, data-opp-short: "you" and "your opponent", or a spectator's "Player 1" and
     "Player 2"), what a viewer who cannot act reads (data-watching) and a viewer with no hand (data-hand="none": a
     live table's spectator);
   - a mode's own script, through CodexBoard.configure (live.js): the status line, the boards' titles and the
     verdict in its own words, no result links, and where a decision goes (the table's socket).
   A table of three or four names each other seat itself (rules/goldfish/static/js/seats.js). */
(function () {
  "use strict";

  var B = window.CodexBoard;

  /* A side's name in each form the board writes: its possessive, its short corner label, its verb. */
  function side(name, short) {
    var you = name === "you";
    var Name = name.charAt(0).toUpperCase() + name.slice(1);
    return { name: name, Name: Name, poss: you ? "your" : name + "'s", Poss: you ? "Your" : Name + "'s",
             mine: you ? "yours" : name + "'s", short: short, wins: you ? "You win" : Name + " wins",
             label: Name };  // (label: how the replay heads this side's decisions, "You: …")
  }

  B.page = {
    me: 0,             // the seat the page plays (0 in goldfish; a versus game may seat you second)
    versus: false,     // the opponent's board is drawn too, its hand only as a count
    sides: { me: side("you", "You"), opp: side("the opponent", "Opp.") },
    meNamed: false,    // the page's own side has a name ("Player 1"), not "you"
    watching: "You are watching someone else's game: only the player who started it can act.",
    handless: false,   // this viewer has no hand: its box stays hidden, the seat's hand is drawn empty
    // A mode's own words and transport (CodexBoard.configure); null: the board's own.
    status: null,      // function (game): the status line
    titles: null,      // function (game): { me, opp }, the titles over the two boards
    verdict: null,     // function (game): the result's verdict line
    resultLinks: true, // the result's "Replay this game" and "Play again" links
    act: null,         // function (actionId): send a decision; a promise that settles once the board moved on
    accepted: null,    // function (game): told of each game the board takes, before it is drawn
    drawn: null        // function (game): after each drawing, for the page's own controls (clocks, draw offers)
  };

  B.side = side;

  /* How the board names a seat: a table of three or four names each seat (seats.js), else "you" or the opponent. */
  B.sideOf = function (seat) {
    var P = B.page;
    var named = seat !== P.me && window.CodexSeats ? window.CodexSeats.named(seat) : null;
    return named || (seat === P.me ? P.sides.me : P.sides.opp);
  };

  /* Read the page's data attributes (see above). */
  B.readPage = function (page) {
    var P = B.page, d = page.dataset;
    P.me = parseInt(d.seat, 10) || 0;
    P.versus = d.versus === "1";
    if (P.versus) { P.sides.opp = side("the computer", "CPU"); P.sides.opp.label = "Computer"; }
    if (d.me) P.sides.me = side(d.me, d.meShort || d.me);
    if (d.opp) P.sides.opp = side(d.opp, d.oppShort || d.opp);
    P.meNamed = P.sides.me.name !== "you";
    if (d.watching) P.watching = d.watching;
    P.handless = d.hand === "none";
  };

  /* A mode's script gives the board its words and transport (the keys of B.page above). */
  B.configure = function (options) {
    Object.keys(options).forEach(function (key) {
      if (!(key in B.page)) throw new Error("CodexBoard.configure: no option " + key);
      B.page[key] = options[key];
    });
  };
})();
