/* Goldfish's own pages, beside the shared board (static/js/board/, which draws the goldfish, versus and live boards
   and replays): a deck's bulk simulation (#gf-simulate, the deck page's goldfish panel) and the start page's small
   helpers (#goldfish-start). Uses the board's helpers (static/js/board/util.js, loaded first). No inline code or
   style (the site's Content-Security-Policy is 'self'). */
(function () {
  "use strict";

  var B = window.CodexBoard;
  var byId = B.byId, clear = B.clear, el = B.el, plural = B.plural, request = B.request, svgEl = B.svgEl;

  function chartSvg(chart) {
    var svg = svgEl("svg", { viewBox: "0 0 " + chart.width + " " + chart.height, class: "gf-chart", role: "img", "aria-label": chart.title });
    chart.bars.forEach(function (b) {
      var rect = svgEl("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 2, class: "gf-chart-bar" });
      rect.appendChild(svgEl("title", { text: b.label + ": " + plural(b.count, "game") }));
      svg.appendChild(rect);
      if (b.count) svg.appendChild(svgEl("text", { x: b.label_x, y: b.count_y, class: "gf-chart-count", "text-anchor": "middle", text: String(b.count) }));
      if (b.show_label) svg.appendChild(svgEl("text", { x: b.label_x, y: chart.axis_y, class: "gf-chart-label", "text-anchor": "middle", text: b.label }));
    });
    return el("figure", { class: "gf-chart-fig" }, [el("figcaption", { class: "small muted", text: chart.title }), svg]);
  }

  function simulationSummary(run, deckId) {
    var s = run.stats;
    function dist(d) { return d && d.count !== 0 ? "mean " + d.mean + " · median " + d.median + " · p10–p90 " + d.p10 + "–" + d.p90 + " · " + d.min + "–" + d.max : "—"; }
    var again = "/goldfish/?deck=" + encodeURIComponent(deckId) + "&seed=" + s.best_game.seed + "&seating=" + encodeURIComponent(s.seating);
    return el("div", { class: "gf-sim-run" }, [
      el("p", { class: "small muted", text: plural(run.games, "game") + " by the " + run.bot + " bot · " + s.seating + " · seed " + run.seed +
        (s.time_limited ? " · stopped at the time limit (" + s.requested + " asked)" : "") }),
      el("dl", { class: "gf-sim-stats" }, [
        el("div", {}, [el("dt", { text: "Legacy" }), el("dd", { text: dist(s.legacy) })]),
        el("div", {}, [el("dt", { text: "Rounds" }), el("dd", { text: dist(s.rounds) })]),
        el("div", {}, [el("dt", { text: "Hero survives" }), el("dd", { text: Math.round(s.hero_survival_rate * 100) + "%" })]),
        el("div", {}, [el("dt", { text: "Best game" }), el("dd", {}, [s.best_game.legacy + " Legacy (seed " + s.best_game.seed + ") ",
          el("a", { href: again, text: "play this shuffle" })])])
      ]),
      el("div", { class: "gf-charts" }, run.charts.map(chartSvg))
    ]);
  }

  function Simulator(form) {
    var out = byId("gf-sim-result");
    var status = byId("gf-sim-status");
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = new FormData(form);
      var body = { games: parseInt(data.get("games"), 10) || 100, bot: data.get("bot"), seating: data.get("seating") };
      var seed = String(data.get("seed") || "").trim();
      if (seed) body.seed = parseInt(seed, 10);
      var button = form.querySelector("button[type=submit]");
      button.disabled = true;
      status.textContent = "Playing " + plural(body.games, "game") + "…";
      request("POST", form.dataset.api, body, form.dataset.csrf).then(function (res) {
        button.disabled = false;
        if (!res.ok) { status.textContent = res.data.message || "The simulation was refused."; return; }
        status.textContent = "Done.";
        clear(out).appendChild(simulationSummary(res.data, form.dataset.deck));
      }).catch(function () { button.disabled = false; status.textContent = "Could not reach the server."; });
    });
  }

  // ------------------------------------------------------------------------------------------- start page
  function StartPage(root) {
    var text = byId("id_text");
    var chosen = root.querySelectorAll("[data-fill-seed]");
    Array.prototype.forEach.call(chosen, function (button) {
      button.addEventListener("click", function () { var seed = byId("id_seed"); if (seed) seed.value = button.dataset.fillSeed; });
    });
    if (text) text.addEventListener("input", function () {
      var count = byId("gf-text-count");
      if (count) count.textContent = text.value.split("\n").filter(function (l) { return l.trim(); }).length + " lines";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var sim = byId("gf-simulate");
    if (sim) new Simulator(sim);
    var start = byId("goldfish-start");
    if (start) new StartPage(start);
  });
})();
