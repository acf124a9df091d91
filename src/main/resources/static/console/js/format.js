// Pure formatting and palettes shared by the console's chart mappings (no DOM: unit-tested with node --test).

/** Okabe-Ito: distinguishable with every common colour-vision deficiency. */
export const CATEGORIES = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** Viridis (matplotlib's), 9 stops: ECharts' visualMap interpolates between them. */
export const VIRIDIS = ['#440154', '#472c7a', '#3b518b', '#2c718e', '#21908d', '#27ad81', '#5cc863', '#aadc32',
  '#fde725'];

/** A count with thousands separators. */
export function count(n) {
  return Number(n).toLocaleString('en-US');
}

/** Bytes in binary units. */
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

/** A share of 0..1 as a percentage with one decimal. */
export function percent(share) {
  return (share * 100).toFixed(1) + ' %';
}

/** Text made safe for the HTML of a chart tooltip. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
    "'": '&#39;' })[c]);
}

/** A token range as Cassandra writes it, `(start, end]`, the tokens as the API sent them (strings, never rounded). */
export function range(start, end) {
  return `(${start}, ${end}]`;
}
