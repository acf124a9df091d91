// Small SVG helpers and colour-blind-safe palettes (viridis for magnitudes, Okabe-Ito for categories).
const NS = 'http://www.w3.org/2000/svg';

export function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) {
    e.setAttribute(k, v);
  }
  if (parent) {
    parent.appendChild(e);
  }
  return e;
}

export function text(parent, x, y, content, attrs) {
  const t = el('text', { x, y, ...attrs }, parent);
  t.textContent = content;
  return t;
}

export function clear(svg) {
  while (svg.firstChild) {
    svg.removeChild(svg.firstChild);
  }
  const box = svg.getBoundingClientRect();
  const w = Math.round(box.width) || 720;
  const h = Math.round(box.height) || 420;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  return { w, h };
}

// viridis, 9 stops (matplotlib's), interpolated linearly
const VIRIDIS = ['#440154', '#472c7a', '#3b518b', '#2c718e', '#21908d', '#27ad81', '#5cc863', '#aadc32', '#fde725'];

/** The viridis colour of t in 0..1. */
export function viridis(t) {
  const x = Math.max(0, Math.min(1, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const a = hex(VIRIDIS[i]);
  const b = hex(VIRIDIS[i + 1]);
  const f = x - i;
  return 'rgb(' + a.map((c, k) => Math.round(c + (b[k] - c) * f)).join(',') + ')';
}

function hex(h) {
  return [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16));
}

/** Okabe-Ito: distinguishable with every common colour-vision deficiency. */
export const CATEGORIES = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** Human-readable counts and bytes. */
export function count(n) {
  return Number(n).toLocaleString('en-US');
}

export function bytes(n) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = Number(n);
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return (u === 0 ? v : v.toFixed(1)) + ' ' + units[u];
}

export function percent(share) {
  return (share * 100).toFixed(1) + ' %';
}

/**
 * Grouped bar chart: one group per category, one bar per series, on a linear or log axis with its unit.
 * series: [{name, values: [...] }], categories: [...]
 */
export function bars(svg, { categories, series, unit, log, format }) {
  const { w, h } = clear(svg);
  const m = { l: 80, r: 10, t: 28, b: 46 };
  const all = series.flatMap(s => s.values).filter(v => v > 0);
  const max = Math.max(1, ...all);
  const min = log ? Math.max(1, Math.min(...all, max)) : 0;
  // a decade below the smallest value, so the smallest bar still stands a decade tall on a log axis
  const lo = log ? Math.pow(10, Math.floor(Math.log10(min)) - 1) : 0;
  const hi = log ? Math.pow(10, Math.ceil(Math.log10(max))) : max * 1.1;
  const y = v => {
    const f = log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo) || 1)
      : v / hi;
    return h - m.b - f * (h - m.t - m.b);
  };
  const axis = el('g', { class: 'axis' }, svg);
  el('line', { x1: m.l, y1: m.t, x2: m.l, y2: h - m.b }, axis);
  el('line', { x1: m.l, y1: h - m.b, x2: w - m.r, y2: h - m.b }, axis);
  const ticks = log ? Array.from({ length: Math.round(Math.log10(hi) - Math.log10(lo)) + 1 },
    (_, i) => lo * Math.pow(10, i)) : [0, hi / 4, hi / 2, 3 * hi / 4, hi];
  for (const t of ticks) {
    el('line', { x1: m.l - 4, y1: y(t), x2: m.l, y2: y(t) }, axis);
    text(axis, m.l - 6, y(t) + 4, (format || count)(Math.round(t)), { 'text-anchor': 'end' });
  }
  text(axis, 12, m.t + (h - m.t - m.b) / 2, unit, { transform: `rotate(-90 12 ${m.t + (h - m.t - m.b) / 2})`,
    'text-anchor': 'middle' });
  const groupWidth = (w - m.l - m.r) / categories.length;
  const barWidth = Math.max(2, (groupWidth * 0.8) / series.length);
  categories.forEach((c, ci) => {
    const gx = m.l + ci * groupWidth + groupWidth * 0.1;
    series.forEach((s, si) => {
      const v = s.values[ci] || 0;
      const r = el('rect', { x: gx + si * barWidth, y: y(v), width: barWidth - 1, height: Math.max(0, h - m.b - y(v)),
        fill: CATEGORIES[si % CATEGORIES.length], 'data-value': v }, svg);
      el('title', {}, r).textContent = `${s.name}, ${c}: ${(format || count)(v)} ${unit}`;
    });
    text(svg, gx + (groupWidth * 0.8) / 2, h - m.b + 14, c, { 'text-anchor': 'middle' });
  });
  const legend = el('g', { class: 'legend' }, svg);
  series.forEach((s, si) => {
    el('rect', { x: m.l + si * 170, y: 6, width: 12, height: 12, fill: CATEGORIES[si % CATEGORIES.length] }, legend);
    text(legend, m.l + si * 170 + 16, 16, s.name);
  });
}

/** A table from rows of cells; the first row is the header. */
export function table(node, caption, rows, numeric) {
  node.replaceChildren();
  const c = document.createElement('caption');
  c.textContent = caption;
  node.appendChild(c);
  rows.forEach((row, i) => {
    const tr = document.createElement('tr');
    row.forEach((cell, k) => {
      const td = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) {
        td.scope = 'col';
      }
      if (i > 0 && numeric && numeric.includes(k)) {
        td.className = 'num';
      }
      td.textContent = cell;
      tr.appendChild(td);
    });
    node.appendChild(tr);
  });
}
