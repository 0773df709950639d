/* The board (static/js/board/, see util.js), loaded last: once the page is read, the page's words (page.js, from
   the element with data-seat) are taken and the board (#goldfish) or the replay (#goldfish-replay) starts. Other
   scripts reach them as window.goldfishBoard and window.goldfishReplay (keys.js, live.js, the browser tests). */
(function () {
  "use strict";

  var B = window.CodexBoard;

  document.addEventListener("DOMContentLoaded", function () {
    var page = document.querySelector("[data-seat]");
    if (page) B.readPage(page);
    var board = B.byId("goldfish");
    if (board) window.goldfishBoard = new B.Board(board);
    var replay = B.byId("goldfish-replay");
    if (replay) window.goldfishReplay = new B.Replay(replay);
  });
})();
