/* The computer's reasons in players' words, and the cards a move of its touched (to mark them on the board).
   The engine writes its reasons for designers ("HARD: Play X (the most Legacy now)", "won 2 of 2 sampled futures,
   Legacy margin +149"); the versus page shows what they mean. Loaded before goldfish.js, which uses it if present. */
(function () {
  "use strict";

  var RUNGS = {
    LETHAL: "it can finish a target off", DEPLOY: "it builds up its board", SPECIAL: "it uses a card's ability",
    ATTACK: "it goes on the attack", PASS: "nothing better to do: it stores its energy and ends the turn",
    "GOLDEN RULE": "its rule of thumb: the play that scores best", TRAP: "it springs a trap",
    "ONLY CHOICE": "its only option", THE_PREDATOR: "its Predator temper: it hunts the best kill",
    THE_MACHINE: "its Machine temper: it goes for your Hero", THE_TRICKSTER: "its Trickster temper: it keeps you guessing"
  };

  function futures(text) {
    var m = /won ([\d.]+) of (\d+) sampled futures, Legacy margin ([+-]\d+)/.exec(text);
    if (!m) return null;
    var margin = parseInt(m[3], 10);
    var lead = margin >= 0 ? "ahead by about " + margin + " Legacy" : "behind by about " + (-margin) + " Legacy";
    var said = "it played the game out " + m[2] + " ways ahead and this move won " + m[1] + " of them, " + lead;
    if (/the hard choice won/.test(text)) said += " (better than the obvious play)";
    return said;
  }

  /* "HARD: Tap X for energy (the most Legacy now)" -> "it gains the most Legacy right now". */
  function plain(reason) {
    if (!reason) return "";
    var head = /^([A-Z][A-Z _]*?):\s/.exec(reason);
    var tag = head ? head[1] : "";
    var aside = /\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*$/.exec(reason);
    var why = aside ? aside[1] : "";
    if (tag === "ONLY CHOICE") return RUNGS[tag];
    if (why === "a guess") return "a hunch this time, not its best judgement";
    if (why === "the most Legacy now") return "it gains the most Legacy right now";
    if (why === "as the hard player") return "the clear best move";
    var seen = futures(why || reason);
    if (seen) return seen;
    var key = tag.replace(/ /g, "_");
    return RUNGS[tag] || RUNGS[key] || (tag ? tag.charAt(0) + tag.slice(1).toLowerCase() : reason);
  }

  /* The card ids an action names: its card (play, tap, summon, use…) or, for a choice of target, the target. */
  function cardsOf(action) {
    var parts = String(action || "").split(".");
    var kind = parts[0];
    if (kind === "pass" || kind === "end_turn" || parts.length < 3) return [];
    var last = parts[parts.length - 1];
    var id = /^(target|assign|assign_damage|absorb|deflect)$/.test(kind) ? last : parts[2];
    return /^\d+$/.test(id) ? [id] : [];
  }

  window.CodexCpuWords = { plain: plain, cardsOf: cardsOf };
})();
