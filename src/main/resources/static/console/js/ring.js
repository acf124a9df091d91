// The ring (nodes by DC, rack and state; ownership; a picked node's ranges and safe-to-stop) and what-if outages.
import { get, ApiProblem } from './api.js';
import { el, text, clear, CATEGORIES, percent, bars, table, bytes } from './svg.js';
import { positions, span } from './ring-geometry.js';

const SHAPES = ['circle', 'square', 'diamond', 'triangle'];

/** Draws the ring of /ranges: arcs for the ranges of `highlight` (ranges [{start, end, cls, label}]). */
function drawRing(svg, ring, ranges, down) {
  const { w, h } = clear(svg);
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) / 2 - 60;
  const pos = positions(ring.partitioner, ring.tokens);
  const at = (p, radius) => [cx + radius * Math.sin(2 * Math.PI * p), cy - radius * Math.cos(2 * Math.PI * p)];
  el('circle', { cx, cy, r, fill: 'none', stroke: '#888', 'stroke-width': 10 }, svg);
  for (const range of ranges) {
    const [a, b] = span(pos, range.start, range.end);
    const [x1, y1] = at(a, r);
    const [x2, y2] = at(b, r);
    const arc = el('path', { d: `M ${x1} ${y1} A ${r} ${r} 0 ${b - a > 0.5 ? 1 : 0} 1 ${x2} ${y2}`, fill: 'none',
      stroke: range.colour, 'stroke-width': 22, class: range.cls, 'data-start': range.start,
      'data-end': range.end }, svg);
    el('title', {}, arc).textContent = range.label;
  }
  const dcs = [...new Set(ring.nodes.map(n => n.datacenter))];
  const racks = [...new Set(ring.nodes.map(n => n.rack))];
  ring.tokens.forEach((t, i) => {
    const node = ring.nodes[ring.owners[i]];
    const [x, y] = at(pos(t), r);
    const colour = CATEGORIES[dcs.indexOf(node.datacenter) % CATEGORIES.length];
    const up = node.state === 'UP' && !(down || []).includes(node.address);
    const mark = shape(svg, SHAPES[racks.indexOf(node.rack) % SHAPES.length], x, y, 8,
      { fill: up ? colour : '#fff', stroke: colour, 'stroke-width': 3, 'data-node': node.address });
    el('title', {}, mark).textContent = `${node.hostId} ${node.address} ${node.datacenter}/${node.rack} `
      + `${up ? node.state : 'DOWN'} token ${t}`;
    if (ring.tokens.length <= 32) {
      const [lx, ly] = at(pos(t), r + 28);
      text(svg, lx, ly + 4, node.hostId, { 'text-anchor': 'middle' });
    }
  });
  const legend = el('g', { class: 'legend' }, svg);
  dcs.forEach((dc, i) => {
    el('circle', { cx: 12, cy: 12 + i * 16, r: 5, fill: CATEGORIES[i % CATEGORIES.length] }, legend);
    text(legend, 22, 16 + i * 16, dc);
  });
  racks.forEach((rack, i) => {
    shape(legend, SHAPES[i % SHAPES.length], w - 90, 12 + i * 16, 5, { fill: '#fff', stroke: '#333' });
    text(legend, w - 80, 16 + i * 16, rack);
  });
  text(svg, cx, cy + 4, `${ring.partitioner.replace('Partitioner', '')} ring`, { 'text-anchor': 'middle' });
}

function shape(parent, kind, x, y, s, attrs) {
  if (kind === 'circle') {
    return el('circle', { cx: x, cy: y, r: s, ...attrs }, parent);
  }
  if (kind === 'square') {
    return el('rect', { x: x - s, y: y - s, width: 2 * s, height: 2 * s, ...attrs }, parent);
  }
  const points = kind === 'diamond' ? [[x, y - s - 2], [x + s + 2, y], [x, y + s + 2], [x - s - 2, y]]
    : [[x, y - s - 2], [x + s + 2, y + s], [x - s - 2, y + s]];
  return el('polygon', { points: points.map(p => p.join(',')).join(' '), ...attrs }, parent);
}

/** The ring as /ranges gives it, with each token's owner (the first replica of its range). */
async function ringOf(keyspace) {
  const ranges = await get('ranges', { keyspace });
  return { partitioner: ranges.partitioner, nodes: ranges.nodes, tokens: ranges.tokens,
    owners: ranges.replicas.map(r => r[0]), replicas: ranges.replicas };
}

export async function showRing(keyspace, address, consistency) {
  const [ring, overview] = await Promise.all([ringOf(keyspace), get('ring', { keyspace, tokens: false })]);
  const index = ring.nodes.findIndex(n => n.address === address);
  const ranges = [];
  ring.tokens.forEach((t, i) => {
    const prev = ring.tokens[(i - 1 + ring.tokens.length) % ring.tokens.length];
    const replica = ring.replicas[i].indexOf(index);
    if (replica >= 0) {
      ranges.push({ start: prev, end: t, colour: replica === 0 ? '#00429d' : '#73a2c6',
        cls: replica === 0 ? 'primary' : 'replica', label: `(${prev}, ${t}]: ${replica === 0 ? 'primary' : 'replica'}` });
    }
  });
  drawRing(document.getElementById('ring-chart'), ring, ranges, []);
  bars(document.getElementById('ownership-chart'), {
    categories: overview.nodes.map(n => n.hostId),
    series: [{ name: 'ownership', values: overview.nodes.map(n => n.ownership * 100) },
      { name: `effective ownership (${keyspace})`, values: overview.nodes.map(n => (n.effectiveOwnership || 0) * 100) }],
    unit: '% of the ring', format: v => v.toFixed(0) });
  table(document.getElementById('ring-nodes'), 'Nodes', [['Node', 'Address', 'Data centre', 'Rack', 'State',
    'Tokens', 'Ownership', `Effective ownership (${keyspace})`], ...overview.nodes.map(n => [n.hostId, n.address,
    n.datacenter, n.rack, n.state, String(n.tokenCount), percent(n.ownership), percent(n.effectiveOwnership || 0)])],
  [5, 6, 7]);
  const details = document.getElementById('ring-node-details');
  details.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = `${address}: ${ranges.length} ranges (${ranges.filter(r => r.cls === 'primary').length} primary)`;
  const list = document.createElement('ul');
  for (const r of ranges) {
    const li = document.createElement('li');
    li.textContent = r.label;
    list.appendChild(li);
  }
  const stop = document.createElement('p');
  const load = document.createElement('p');
  details.append(h, stop, load, list);
  try {
    await get('availability/safe-to-stop', { node: address, consistency, keyspace });
    stop.textContent = `Safe to stop at ${consistency}: yes.`;
    stop.dataset.safe = 'true';
  } catch (e) {
    if (!(e instanceof ApiProblem) || e.status !== 409) {
      throw e;
    }
    stop.textContent = `Safe to stop at ${consistency}: no. ${(e.problem.reasons || [e.problem.detail]).join(' ')}`;
    stop.dataset.safe = 'false';
  }
  try {
    const l = await get('load', { keyspace });
    const n = l.nodes.find(x => x.address === address);
    load.textContent = n ? `Load ${n.loadBytes == null ? 'not collected' : bytes(n.loadBytes)}`
      + ` (${n.loadShare == null ? '-' : percent(n.loadShare)} of all) against effective ownership`
      + ` ${percent(n.effectiveOwnership)}; client hits as a replica ${n.clientHits}.` : '';
  } catch (e) {
    if (!(e instanceof ApiProblem)) {
      throw e;
    }
    load.textContent = `Load against ownership: ${e.problem.detail || e.message}`;
  }
}

export async function showWhatIf(keyspace, down, consistency) {
  const [ring, availability] = await Promise.all([ringOf(keyspace || undefined),
    get('availability', { consistency, keyspace, down: down.join(','), limit: 10000 })]);
  const lost = [];
  for (const k of availability.keyspaces) {
    for (const r of k.unavailableRanges) {
      lost.push({ start: r.start, end: r.end, colour: r.readable || r.writable ? '#e69f00' : '#000',
        cls: 'lost', label: `${k.keyspace} (${r.start}, ${r.end}]: ${r.readable ? 'readable' : 'not readable'}, `
          + `${r.writable ? 'writable' : 'not writable'}; replicas ${r.replicas.join(', ')}` });
    }
  }
  drawRing(document.getElementById('whatif-chart'), ring, lost, down);
  bars(document.getElementById('whatif-share'), {
    categories: availability.keyspaces.map(k => k.keyspace),
    series: [{ name: 'reads lost', values: availability.keyspaces.map(k => k.readShareLost * 100) },
      { name: 'writes lost', values: availability.keyspaces.map(k => k.writeShareLost * 100) }],
    unit: '% of the ring', format: v => v.toFixed(0) });
  table(document.getElementById('whatif-ranges'), `Unavailable ranges at ${availability.consistency} with `
    + `${availability.assumedDown.join(', ') || 'no node'} down`, [['Keyspace', 'Start (exclusive)', 'End',
    'Share of the ring', 'Replicas', 'Reads', 'Writes'], ...availability.keyspaces.flatMap(k => k.unavailableRanges
    .map(r => [k.keyspace, r.start, r.end, percent(r.ringShare), r.replicas.join(', '),
      r.readable ? 'ok' : r.readReason, r.writable ? 'ok' : r.writeReason]))], [3]);
  return availability;
}
