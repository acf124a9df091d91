// Pure mapping of the ring (GET /ring, GET /ranges/node) to chart data: where a token sits, each node's share by
// data centre and rack, and a picked node's ranges as segments of the token space. No DOM, no chart library.
import { CATEGORIES, escapeHtml, percent, range } from './format.js';

const MIN = -(2n ** 63n);
const MURMUR3_SPAN = 2 ** 64;
const RANDOM_SPAN = 2 ** 127;

/**
 * A function from a token (as the API prints it, a string) to its position 0..1 on the ring, from the partitioner's
 * minimum token. Murmur3 and Random by value (BigInt, so 64-bit tokens keep their precision); ordered partitioners
 * by rank among the ring's tokens.
 */
export function positions(partitioner, ringTokens) {
  if (partitioner === 'Murmur3Partitioner') {
    return t => Number(BigInt(t) - MIN) / MURMUR3_SPAN;
  }
  if (partitioner === 'RandomPartitioner') {
    return t => Number(BigInt(t)) / RANDOM_SPAN;
  }
  const sorted = [...(ringTokens || [])].sort();
  return t => {
    const i = sorted.findIndex(x => x >= t);
    return (i < 0 ? sorted.length : i) / Math.max(1, sorted.length);
  };
}

/**
 * Cuts the ring 0..1 into segments of a kind: ranges [{start, end, kind, ...}] (each `(start, end]`, one may wrap
 * past the end of the ring) laid on `base` (the kind of everything not covered). Adjacent segments of one kind with
 * nothing else to tell apart are merged, so a node's 256 vnodes give at most as many segments as changes of kind.
 * Returns [{from, to, kind, ranges: [the ranges in it]}] in ring order, covering 0..1 exactly.
 */
export function segments(pos, ranges, base) {
  const cuts = [];
  for (const r of ranges) {
    const a = pos(r.start);
    const b = pos(r.end);
    if (b > a) {
      cuts.push({ from: a, to: b, r });
    } else {
      // wraps past the end of the ring (or is the whole ring when start == end)
      cuts.push({ from: a, to: 1, r });
      if (b > 0) {
        cuts.push({ from: 0, to: b, r });
      }
    }
  }
  cuts.sort((x, y) => x.from - y.from);
  const out = [];
  let at = 0;
  const push = (from, to, kind, r) => {
    if (to <= from) {
      return;
    }
    const last = out[out.length - 1];
    if (last && last.kind === kind && last.to === from) {
      last.to = to;
      if (r) {
        last.ranges.push(r);
      }
    } else {
      out.push({ from, to, kind, ranges: r ? [r] : [] });
    }
  };
  for (const c of cuts) {
    push(at, c.from, base, null);
    push(Math.max(at, c.from), c.to, c.r.kind, c.r);
    at = Math.max(at, c.to);
  }
  push(at, 1, base, null);
  return out;
}

/** A node's primary ranges (it is the first replica) and replica ranges, from the answer of GET /ranges/node. */
export function nodeRanges(answer) {
  return answer.ranges.map(r => ({ start: r.start, end: r.end, kind: r.primary ? 'primary' : 'replica' }));
}

/** The colour of a data centre, by its place among the ring's data centres. */
export function dcColour(dcs, dc) {
  return CATEGORIES[Math.max(0, dcs.indexOf(dc)) % CATEGORIES.length];
}

/**
 * The ownership donut: data centre, rack and node as three rings (a sunburst), each node's sector its share of the
 * ring (GET /ring's ownership); a node not UP drawn hatched. The picked node is outlined.
 */
export function ownershipTree(nodes, picked) {
  const dcs = [...new Set(nodes.map(n => n.datacenter))];
  return dcs.map(dc => {
    const inDc = nodes.filter(n => n.datacenter === dc);
    const racks = [...new Set(inDc.map(n => n.rack))];
    const colour = dcColour(dcs, dc);
    return {
      name: dc, itemStyle: { color: colour },
      children: racks.map(rack => ({
        name: rack, itemStyle: { color: colour, opacity: 0.75 },
        children: inDc.filter(n => n.rack === rack).map(n => ({
          name: n.hostId || n.address, value: n.ownership, address: n.address, state: n.state,
          itemStyle: {
            color: colour, opacity: 0.55,
            borderColor: n.address === picked ? '#f5a300' : '#fff', borderWidth: n.address === picked ? 3 : 0.5,
            decal: n.state === 'UP' ? undefined : { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: 1 }
          }
        }))
      }))
    };
  });
}

const KIND_COLOURS = { primary: '#00429d', replica: '#73a2c6', other: '#e6e6e6' };
const KIND_NAMES = { primary: 'primary ranges of the picked node', replica: 'its replica ranges',
  other: 'other nodes\' ranges' };

/** The token ring as a pie of segments in ring order from the minimum token at the top, clockwise. */
export function segmentData(segs, colours, names, tooltip) {
  return segs.map(s => ({
    value: s.to - s.from, name: names[s.kind], kind: s.kind, from: s.from, to: s.to,
    itemStyle: { color: colours[s.kind].color || colours[s.kind], decal: colours[s.kind].decal },
    tip: tooltip(s)
  }));
}

/** The ring chart: the ownership donut inside, the picked node's ranges on the token ring outside. */
export function ringOption({ nodes, picked, segs, partitioner }) {
  const pickedNode = nodes.find(n => n.address === picked);
  const tip = s => `<b>${escapeHtml(KIND_NAMES[s.kind])}</b><br>${percent(s.to - s.from)} of the ring`
    + (s.ranges.length ? `, ${s.ranges.length} range${s.ranges.length === 1 ? '' : 's'}<br>`
      + s.ranges.slice(0, 4).map(r => escapeHtml(range(r.start, r.end))).join('<br>')
      + (s.ranges.length > 4 ? '<br>…' : '') : '');
  return {
    animation: false,
    aria: { enabled: true },
    tooltip: { trigger: 'item', confine: true, formatter: p => p.data.tip },
    legend: { bottom: 0, data: [KIND_NAMES.primary, KIND_NAMES.replica], selectedMode: false },
    title: { text: pickedNode ? `${pickedNode.hostId || picked} (${picked})` : '', left: 'center', top: 4,
      textStyle: { fontSize: 13 },
      subtext: `${nodes.length} nodes; ${partitioner.replace('Partitioner', '')} token ring`, subtextStyle: {} },
    series: [
      {
        type: 'sunburst', id: 'ownership', radius: [0, '62%'], center: ['50%', '54%'], nodeClick: false,
        sort: null, data: ownershipTree(nodes, picked),
        label: { rotate: 'radial', minAngle: 6, fontSize: 11, color: '#1b1b1b' },
        levels: [{}, { label: { minAngle: 12 } }, { label: { minAngle: 6 } },
          { label: { minAngle: 5, fontSize: 10 } }],
        tooltip: { formatter: p => p.treePathInfo.length === 4
          ? `<b>${escapeHtml(p.name)}</b> ${escapeHtml(p.data.address)}<br>${escapeHtml(p.treePathInfo[1].name)}/`
            + `${escapeHtml(p.treePathInfo[2].name)}, ${escapeHtml(p.data.state)}<br>owns ${percent(p.value)} of the ring`
          : `<b>${escapeHtml(p.name)}</b><br>owns ${percent(p.value)} of the ring` }
      },
      {
        type: 'pie', id: 'ranges', radius: ['68%', '80%'], center: ['50%', '54%'], startAngle: 90, clockwise: true,
        avoidLabelOverlap: true, label: { show: false }, labelLine: { show: false }, emphasis: { scale: false },
        data: segmentData(segs, KIND_COLOURS, KIND_NAMES, tip)
      }
    ]
  };
}

/** A horizontal-free bar chart of ownership and effective ownership per node, zoomable past 24 nodes. */
export function ownershipBars(nodes, keyspace) {
  return {
    categories: nodes.map(n => n.hostId || n.address),
    series: [{ name: 'ownership', values: nodes.map(n => n.ownership * 100) },
      { name: `effective ownership (${keyspace})`, values: nodes.map(n => (n.effectiveOwnership || 0) * 100) }],
    unit: '% of the ring', format: v => v.toFixed(1)
  };
}
