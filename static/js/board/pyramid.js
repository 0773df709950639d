/* The board (static/js/board/, see util.js): the Pyramid: a diamond whose four sides are the edges, with the list
   of edges beside it. */
(function () {
  "use strict";

  var B = window.CodexBoard, P = B.page;
  var bar = B.bar, clear = B.clear, el = B.el, sideOf = B.sideOf, svgEl = B.svgEl;

  // The Pyramid: a diamond whose four sides are the edges, seats at the corners (rulebook: Seating).
  var CORNERS = { S1: [130, 22], S2: [238, 130], S3: [130, 238], S4: [22, 130] };
  var EDGE_ENDS = { E1: ["S1", "S2"], E2: ["S2", "S3"], E3: ["S3", "S4"], E4: ["S4", "S1"] };

  function renderPyramid(root, listRoot, view, ctx) {
    var me = view.players[P.me];
    var targets = {};
    ctx.legal.forEach(function (a) { if (typeof a.target === "string" && /^E\d$/.test(a.target)) targets[a.target] = true; });
    clear(root);
    clear(listRoot);
    var svg = svgEl("svg", { viewBox: "-24 0 308 260", class: "gf-pyramid-svg", role: "img",
      "aria-label": "The Pyramid: four edges, charge out of 20" });
    svg.appendChild(svgEl("polygon", { points: "130,22 238,130 130,238 22,130", class: "gf-pyr-body" }));
    svg.appendChild(svgEl("text", { x: 130, y: 126, class: "gf-pyr-center", "text-anchor": "middle", text: "Round " + (view.round || "–") }));
    svg.appendChild(svgEl("text", { x: 130, y: 144, class: "gf-pyr-sub", "text-anchor": "middle",
      text: view.pyramid.tide ? "tide " + view.pyramid.tide : "the Pyramid" }));
    var corner = function (seat) { return CORNERS[window.CodexSeats ? window.CodexSeats.turned(seat, me.seat) : seat]; };
    view.pyramid.edges.forEach(function (edge) {
      var ends = EDGE_ENDS[edge.edge];
      var a = corner(ends[0]), b = corner(ends[1]);
      var ratio = Math.max(0, Math.min(1, edge.charge / edge.max));
      var mine = edge.adjacent.indexOf(P.me) >= 0;
      var cls = "gf-edge" + (edge.locked ? " locked" : "") + (edge.dead ? " dead" : "") + (mine ? " mine" : "") +
        (targets[edge.edge] ? " targetable" : "");
      var picks = ctx.readonly ? [] : ctx.legal.filter(function (x) { return x.target === edge.edge; });
      if (ctx.touched && ctx.touched.edges[edge.edge]) cls += " last-move";
      var choose = picks.length === 1 && ctx.act ? function () { ctx.act(picks[0].id); } : null;
      var group = svgEl("g", { class: cls, on: choose ? { click: choose } : null });
      group.appendChild(svgEl("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "gf-edge-track" }));
      group.appendChild(svgEl("line", { x1: a[0], y1: a[1], x2: a[0] + (b[0] - a[0]) * ratio, y2: a[1] + (b[1] - a[1]) * ratio,
        class: "gf-edge-fill" }));
      var mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      var ox = mx < 130 ? -1 : 1, oy = my < 130 ? -1 : 1;
      var lx = mx + ox * 8, ly = my + oy * 12;
      var anchor = ox < 0 ? "end" : "start";
      group.appendChild(svgEl("text", { x: lx, y: ly, class: "gf-edge-label", "text-anchor": anchor,
        text: edge.edge + " " + edge.charge + "/" + edge.max }));
      var shared = edge.adjacent.length > 1;
      var sub = edge.locked ? "locked " + edge.discharge_counter + "/" + edge.discharge_at :
        (edge.dead ? "dead" : (shared ? "shared" : sideOf(edge.adjacent[0]).mine));
      if (sub) group.appendChild(svgEl("text", { x: lx, y: ly + 13, class: "gf-edge-sub", "text-anchor": anchor, text: sub }));
      svg.appendChild(group);

      var who = edge.adjacent.map(function (p) { return sideOf(p).name; });
      var text = edge.dead ? "dead edge: adjacent to no one" : "adjacent to " + who.join(" and ");
      listRoot.appendChild(el("li", { class: cls, data: { edge: edge.edge }, role: choose ? "button" : null,
        tabindex: choose ? "0" : null, "aria-label": choose ? edge.edge + ": " + picks[0].label : null,
        on: choose ? { click: choose, keydown: function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(); } } } : null }, [
        el("span", { class: "gf-edge-line" }, [el("strong", { text: edge.edge }),
          bar(edge.charge, edge.max, "edge" + (edge.locked ? " locked" : "")),
          el("span", { class: "gf-edge-num", text: edge.charge + "/" + edge.max }),
          edge.locked ? el("span", { class: "tag locked", text: "locked · " + edge.discharge_counter + "/" + edge.discharge_at }) : null]),
        el("span", { class: "gf-edge-who muted", text: text })
      ]));
    });
    var bySeat = {};
    view.players.forEach(function (p, i) { bySeat[p.seat] = i; });
    Object.keys(CORNERS).forEach(function (seat) {
      var c = corner(seat);
      var label = bySeat[seat] === undefined ? "" : sideOf(bySeat[seat]).short;
      var r = label ? 9 : 5;
      svg.appendChild(svgEl("circle", { cx: c[0], cy: c[1], r: r, class: "gf-seat" + (seat === me.seat ? " me" : (label ? " opp" : "")) }));
      var dx = c[0] < 60 ? -(r + 4) : (c[0] > 200 ? r + 4 : 0);  // a side corner's label beside its dot, clear of it
      var dy = c[1] < 60 ? -14 : (c[1] > 200 ? 24 : 4);
      svg.appendChild(svgEl("text", { x: c[0] + dx, y: c[1] + dy, class: "gf-seat-label" + (label ? "" : " muted"),
        "text-anchor": c[0] < 60 ? "end" : (c[0] > 200 ? "start" : "middle"), text: label ? label + " " + seat : seat }));
    });
    root.appendChild(svg);
    var flipped = view.pyramid.last_flipped;
    if (flipped && window.CodexFaces) {
      var info = ctx.cards[flipped.card];
      root.appendChild(window.CodexFaces.mark(el("figure", { class: "gf-pyr-last", id: "gf-pyr-last" }, [
        window.CodexFaces.thumb(flipped.card, flipped.name, info),
        el("figcaption", { class: "small" }, [el("span", { class: "muted", text: "Last flipped: " }), flipped.name])
      ]), flipped.card, flipped.name, info));
    }
  }

  B.renderPyramid = renderPyramid;
})();
