/* The deckbuilder's statistics: the cost curve (SVG), the type bars, the energy table and the opening-hand odds. */
(function () {
  "use strict";

  const { el, svg, percent } = CodexDeck.util;

  CodexDeck.parts.stats = function (b) {
    const { config, ui } = b;

    function renderStats(stats) {
      drawCurve(stats.cost_curve);
      const types = config.types.map((t) => [t, stats.by_type[t.slug] || 0]).filter(([, n]) => n);
      const most = Math.max(1, ...types.map(([, n]) => n));
      ui.typeBars.replaceChildren(...types.map(([t, n]) => {
        const fill = el("span", { class: "bar-fill type-" + t.slug });
        fill.style.width = (n / most) * 100 + "%";
        return el("div", { class: "type-bar" }, el("span", { class: "bar-label", text: t.title }),
          el("span", { class: "bar-track" }, fill), el("span", { class: "bar-value", text: n }));
      }));
      if (!types.length) ui.typeBars.append(el("p", { class: "muted small", text: "No cards yet." }));
      ui.energyTable.replaceChildren(...stats.energy.filter((r) => r.needed || r.provided).map((r) =>
        el("tr", { class: r.code !== "CE" && r.needed && !r.provided ? "short" : "" },
          el("td", {}, el("span", { class: "pip " + r.code, text: r.code }), " " + r.name),
          el("td", { text: r.needed }), el("td", { text: r.provided }))));
      const opening = stats.opening_hand;
      ui.pEnergy.textContent = stats.count ? percent(opening.p_energy) : "—";
      ui.pMulligans.textContent = stats.count
        ? "With mulligans: " + opening.p_energy_within_mulligans.map((r) => `${r.mulligans}: ${percent(r.p)}`).join(" · ")
        : "";
    }

    function drawCurve(points) {
      const width = 320, height = 150, pad = 20, axis = 16;
      ui.chart.replaceChildren();
      const counts = new Map(points.map((p) => [p.cost, p.count]));
      const low = Math.min(1, ...counts.keys()), high = Math.max(5, ...counts.keys());
      const curve = points.length ? Array.from({ length: high - low + 1 }, (_, i) => ({ cost: low + i, count: counts.get(low + i) || 0 })) : [];
      if (!curve.length) {
        ui.chart.append(svg("text", { x: width / 2, y: height / 2, "text-anchor": "middle", class: "chart-empty" }, "Add cards to see the curve"));
        return;
      }
      const peak = Math.max(1, ...curve.map((p) => p.count));
      const slot = width / curve.length;
      const usable = height - pad - axis;
      ui.chart.append(svg("line", { x1: 0, x2: width, y1: height - axis, y2: height - axis, class: "chart-axis" }));
      curve.forEach((point, index) => {
        const h = (usable * point.count) / peak;
        const x = index * slot + slot * 0.18;
        const w = slot * 0.64;
        const bar = svg("rect", { x, y: height - axis - h, width: w, height: Math.max(h, 0), rx: 3, class: "chart-bar" });
        bar.append(svg("title", {}, `${point.count} card${point.count === 1 ? "" : "s"} costing ${point.cost}`));
        ui.chart.append(bar);
        if (point.count) ui.chart.append(svg("text", { x: x + w / 2, y: height - axis - h - 4, "text-anchor": "middle", class: "chart-count" }, point.count));
        ui.chart.append(svg("text", { x: x + w / 2, y: height - 3, "text-anchor": "middle", class: "chart-label" }, point.cost));
      });
    }

    Object.assign(b, { renderStats });
  };
})();
