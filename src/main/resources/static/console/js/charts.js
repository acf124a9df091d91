// The console's charts: Apache ECharts (the WebJar the page loads as the global `echarts`), one canvas chart per
// element, resized with its element. Each chart's element says whether it shows data (data-drawn), for people's
// assistive tools through ECharts' aria description and for the browser tests.
const charts = new Map();
/** What a view does after its chart was resized (e.g. show its selected cell's tooltip again, at the cell's new place). */
const afterResize = new Map();
const resizing = new ResizeObserver(entries => {
  for (const entry of entries) {
    const c = charts.get(entry.target.id);
    if (c && entry.contentRect.width > 0 && entry.contentRect.height > 0) {
      c.resize();
      afterResize.get(entry.target.id)?.();
    }
  }
});

/**
 * Calls {@code then} each time the chart in the element with this id has been resized: ECharts keeps a shown tooltip
 * at its old pixel position, which after a resize may be an empty spot (and so hides it).
 */
export function onResize(id, then) {
  afterResize.set(id, then);
}

/** The chart drawn in the element with this id (created on first use; the element must be visible). */
export function chart(id) {
  let c = charts.get(id);
  if (!c) {
    const element = document.getElementById(id);
    c = globalThis.echarts.init(element, null, { renderer: 'canvas' });
    charts.set(id, c);
    // the page's layout moves as answers arrive (banners, side panels): the canvas follows its element
    resizing.observe(element);
  }
  return c;
}

/** Draws an option afresh (nothing of the previous drawing kept) and marks the element as showing data. */
export function draw(id, option) {
  // shown first (a chart without data is hidden), so the chart measures the space it gets
  document.getElementById(id).dataset.drawn = 'true';
  const c = chart(id);
  c.resize();
  c.setOption(option, { notMerge: true, lazyUpdate: false });
  return c;
}

/** Empties charts (a view whose data could not be had shows nothing stale). */
export function blank(ids) {
  for (const id of ids) {
    const c = charts.get(id);
    if (c) {
      c.clear();
    }
    document.getElementById(id).dataset.drawn = 'false';
  }
}
