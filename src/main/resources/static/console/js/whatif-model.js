// Pure mapping of GET /availability to the what-if chart: per keyspace, the ring cut into available, partly lost
// and lost segments, drawn apart by colour and by pattern. No DOM, no chart library.
import { escapeHtml, percent, range } from './format.js';
import { segments, segmentData } from './ring-model.js';

/** Lost: neither read nor written at the level; partly lost: one of them. Pattern as well as colour. */
export const STATES = {
  available: { name: 'available', color: '#d9e8d2' },
  partly: { name: 'partly lost (reads or writes)', color: '#e69f00',
    decal: { symbol: 'rect', symbolSize: 1, dashArrayX: [1, 0], dashArrayY: [3, 5], rotation: Math.PI / 4,
      color: 'rgba(0, 0, 0, 0.55)' } },
  lost: { name: 'lost (reads and writes)', color: '#b00020',
    decal: { symbol: 'rect', symbolSize: 1, dashArrayX: [1, 0], dashArrayY: [2, 3], rotation: -Math.PI / 4,
      color: 'rgba(0, 0, 0, 0.7)' } }
};

/** available, partly or lost, for one unavailable range of the answer. */
export function stateOf(r) {
  return r.readable || r.writable ? 'partly' : 'lost';
}

/** Per keyspace of the answer, its ring as segments [{from, to, kind, ranges}] (kind: available, partly, lost). */
export function keyspaceRings(availability, pos) {
  return availability.keyspaces.map(k => ({
    keyspace: k.keyspace, readShareLost: k.readShareLost, writeShareLost: k.writeShareLost,
    segs: segments(pos, k.unavailableRanges.map(r => ({ ...r, kind: stateOf(r) })), 'available')
  }));
}

/** The what-if chart: one ring per keyspace (outermost first), a legend naming each state with its pattern. */
export function whatIfOption(rings, consistency, down) {
  const names = Object.fromEntries(Object.entries(STATES).map(([k, v]) => [k, v.name]));
  const colours = Object.fromEntries(Object.entries(STATES).map(([k, v]) => [k, { color: v.color, decal: v.decal }]));
  const width = Math.min(14, 56 / Math.max(1, rings.length));
  const series = rings.map((ring, i) => {
    const outer = 84 - i * (width + 3);
    const tip = s => `<b>${escapeHtml(ring.keyspace)}: ${escapeHtml(STATES[s.kind].name)}</b><br>`
      + `${percent(s.to - s.from)} of the ring` + s.ranges.slice(0, 3).map(r => `<br>${escapeHtml(range(r.start, r.end))}`
        + `: replicas ${escapeHtml(r.replicas.join(', '))}; ${escapeHtml(r.readable ? 'reads ok' : r.readReason)}`)
        .join('') + (s.ranges.length > 3 ? `<br>… ${s.ranges.length - 3} more` : '');
    return {
      type: 'pie', id: 'ring-' + ring.keyspace, name: ring.keyspace, radius: [`${outer - width}%`, `${outer}%`],
      center: ['50%', '52%'], startAngle: 90, clockwise: true, label: { show: false }, labelLine: { show: false },
      emphasis: { scale: false }, data: segmentData(ring.segs, colours, names, tip)
    };
  });
  // every state in the legend, drawn or not: zero-width items of the states the first ring lacks
  if (series.length) {
    for (const [kind, s] of Object.entries(STATES)) {
      if (!series[0].data.some(d => d.kind === kind)) {
        series[0].data.push({ value: 0, name: s.name, kind, itemStyle: colours[kind], tip: '' });
      }
    }
  }
  return {
    animation: false,
    aria: { enabled: true, decal: { show: false } },
    title: { text: `${down.length ? down.join(', ') : 'no node'} down at ${consistency}`, left: 'center', top: 0,
      textStyle: { fontSize: 13 },
      subtext: rings.map(r => r.keyspace).join(', ') + ' (outside in)' },
    tooltip: { trigger: 'item', confine: true, formatter: p => p.data.tip },
    legend: { bottom: 0, data: Object.values(STATES).map(s => s.name), selectedMode: false },
    series
  };
}
