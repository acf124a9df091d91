// The key visualizer: GET /heatmap as token buckets (y, ring order) against time slices (x).
import { get } from './api.js';
import { el, text, clear, viridis, count, percent } from './svg.js';

const M = { l: 150, r: 70, t: 16, b: 46 };
let state = null;

/** What the colour counts, per source of GET /heatmap. */
const UNITS = { client: 'hits', reads: 'sampled reads', writes: 'sampled writes' };

export async function showHeatmap(keyspace, table, window, buckets, source) {
  const answer = await get('heatmap', { keyspace, table, window, buckets, source });
  const unit = UNITS[answer.source] || 'hits';
  state = { answer, bucket: 0, slice: answer.slices.length - 1 };
  draw();
  const hottest = hottestCell(answer);
  const summary = document.getElementById('heatmap-summary');
  if (hottest) {
    const b = answer.buckets[hottest.bucket];
    summary.textContent = `${answer.keyspace}.${answer.table}: ${count(answer.hits)} ${unit} in ${answer.window}`
      + ` (slices of ${answer.slice}, retention ${answer.retention}). Hottest cell: bucket ${b.index}, tokens`
      + ` (${b.start}, ${b.end}], ${count(hottest.count)} ${unit} at ${answer.slices[hottest.slice].start}.`
      + (answer.unplaced ? ` ${count(answer.unplaced)} ${unit} of keys whose token is unknown are in no bucket.` : '');
    summary.dataset.hottestBucket = b.index;
    summary.dataset.hottestStart = b.start;
    summary.dataset.hottestEnd = b.end;
    state.bucket = hottest.bucket;
    state.slice = hottest.slice;
  } else {
    summary.textContent = answer.source === 'client'
      ? `${answer.keyspace}.${answer.table}: no hits in ${answer.window}. Hits count when keys are`
        + ' looked up or reported with POST /hits.'
      : `${answer.keyspace}.${answer.table}: no ${unit} placed in ${answer.window}`
        + (answer.unplaced ? ` (${count(answer.unplaced)} of keys whose token is unknown).` : '. The servers sample'
          + ' partitions during each sizes round (ringmap.sizes.jmx.sampling).');
    delete summary.dataset.hottestBucket;
  }
  select(state.bucket, state.slice);
  showPeers(answer.peers);
  return answer;
}

/** Whose counts the heatmap sums: this instance's alone, or the peers' too, and the peers left out with the reason. */
function showPeers(peers) {
  const line = document.getElementById('heatmap-peers');
  if (!peers || peers.scope === 'local') {
    line.textContent = 'Counts of this instance only (no peers: ringmap.peers.*).';
  } else {
    line.textContent = `Counts of this instance and ${peers.contributed.length} peer`
      + `${peers.contributed.length === 1 ? '' : 's'}${peers.contributed.length ? ' (' + peers.contributed.join(', ')
        + ')' : ''}.` + (peers.missing.length ? ' Not counted: '
        + peers.missing.map(m => `${m.peer} (${m.reason})`).join('; ') + '.' : '');
  }
  line.dataset.contributed = peers ? peers.contributed.length : 0;
  line.dataset.missing = peers ? peers.missing.length : 0;
}

/** The cell with the most hits (the latest of equal ones), or null when there is none. */
export function hottestCell(answer) {
  let best = null;
  answer.slices.forEach((s, si) => s.counts.forEach((c, bi) => {
    if (c > 0 && (!best || c >= best.count)) {
      best = { bucket: bi, slice: si, count: c };
    }
  }));
  return best;
}

function draw() {
  const svg = document.getElementById('heatmap-chart');
  const { answer } = state;
  const { w, h } = clear(svg);
  svg.setAttribute('aria-label', `Heatmap of ${answer.keyspace}.${answer.table}: ${answer.buckets.length} token `
    + `buckets by ${answer.slices.length} time slices`);
  const cw = (w - M.l - M.r) / answer.slices.length;
  const ch = (h - M.t - M.b) / answer.buckets.length;
  const scale = Math.log1p(answer.maxCount || 1);
  const cells = el('g', { class: 'cells' }, svg);
  answer.slices.forEach((s, si) => s.counts.forEach((c, bi) => {
    el('rect', { x: M.l + si * cw, y: M.t + bi * ch, width: Math.ceil(cw), height: Math.ceil(ch),
      fill: c === 0 ? '#f4f4f4' : viridis(Math.log1p(c) / scale), 'data-bucket': bi, 'data-slice': si,
      'data-count': c }, cells);
  }));
  // the ring's node tokens as edges, labelled with the bucket's replicas' first node
  const axis = el('g', { class: 'axis' }, svg);
  const step = Math.max(1, Math.ceil(answer.buckets.length / 16));
  answer.buckets.forEach((b, bi) => {
    if (bi % step === 0 || bi === answer.buckets.length - 1) {
      text(axis, M.l - 6, M.t + bi * ch + ch / 2 + 4, short(b.end), { 'text-anchor': 'end' });
    }
  });
  text(axis, 12, M.t + (h - M.t - M.b) / 2, 'token (bucket end), ring order',
    { transform: `rotate(-90 12 ${M.t + (h - M.t - M.b) / 2})`, 'text-anchor': 'middle' });
  const tstep = Math.max(1, Math.ceil(answer.slices.length / 6));
  answer.slices.forEach((s, si) => {
    if (si % tstep === 0) {
      text(axis, M.l + si * cw, h - M.b + 14, s.start.slice(11, 16), {});
    }
  });
  text(axis, M.l + (w - M.l - M.r) / 2, h - 8, `time (UTC, hh:mm; one column = ${answer.slice})`,
    { 'text-anchor': 'middle' });
  // colour legend: hits per cell, log scale
  const legend = el('g', { class: 'legend' }, svg);
  for (let i = 0; i < 20; i++) {
    el('rect', { x: w - M.r + 14, y: M.t + (19 - i) * ((h - M.t - M.b) / 20), width: 14,
      height: (h - M.t - M.b) / 20 + 1, fill: viridis(i / 19), stroke: 'none' }, legend);
  }
  text(legend, w - M.r + 32, M.t + 10, count(answer.maxCount || 0));
  text(legend, w - M.r + 32, h - M.b, '1');
  text(legend, w - M.r + 8, h - M.b + 14, `${UNITS[answer.source] || 'hits'} / cell`);
  el('rect', { id: 'heatmap-selected', class: 'selected', width: Math.ceil(cw), height: Math.ceil(ch),
    x: M.l, y: M.t }, svg);
  svg.onclick = e => {
    const target = e.target;
    if (target.dataset && target.dataset.bucket !== undefined) {
      select(Number(target.dataset.bucket), Number(target.dataset.slice));
    }
  };
  svg.onkeydown = e => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      select(clamp(state.bucket + moves[e.key][0], answer.buckets.length),
        clamp(state.slice + moves[e.key][1], answer.slices.length));
    }
  };
  svg.onmousemove = e => {
    const tip = document.getElementById('tooltip');
    const d = e.target.dataset;
    if (d && d.bucket !== undefined) {
      const b = answer.buckets[Number(d.bucket)];
      tip.textContent = `(${b.start}, ${b.end}]: ${count(Number(d.count))} ${UNITS[answer.source] || 'hits'}`;
      tip.style.left = (e.clientX + 12) + 'px';
      tip.style.top = (e.clientY + 12) + 'px';
      tip.hidden = false;
    } else {
      tip.hidden = true;
    }
  };
  svg.onmouseleave = () => {
    document.getElementById('tooltip').hidden = true;
  };
}

function clamp(v, n) {
  return Math.max(0, Math.min(n - 1, v));
}

/** A long token in 3 significant digits (the full token is in the cell's details). */
function short(token) {
  const n = Number(token);
  return token.length > 8 && Number.isFinite(n) ? n.toExponential(2) : token.slice(0, 10);
}

function select(bucket, slice) {
  const { answer } = state;
  if (!answer.buckets.length || !answer.slices.length) {
    return;
  }
  state.bucket = bucket;
  state.slice = slice;
  const svg = document.getElementById('heatmap-chart');
  const box = svg.viewBox.baseVal;
  const cw = (box.width - M.l - M.r) / answer.slices.length;
  const ch = (box.height - M.t - M.b) / answer.buckets.length;
  const mark = document.getElementById('heatmap-selected');
  mark.setAttribute('x', M.l + slice * cw);
  mark.setAttribute('y', M.t + bucket * ch);
  const b = answer.buckets[bucket];
  const s = answer.slices[slice];
  const panel = document.getElementById('heatmap-cell');
  panel.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = `Bucket ${b.index}, slice from ${s.start}`;
  panel.appendChild(h);
  const dl = document.createElement('dl');
  const item = (term, value) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dl.append(dt, dd);
    return dd;
  };
  item('Token range', `(${b.start}, ${b.end}]`);
  item('Share of the ring', percent(b.ringShare));
  const unit = UNITS[answer.source] || 'hits';
  item(`${unit[0].toUpperCase()}${unit.slice(1)} in this cell`, count(s.counts[bucket]));
  item(`${unit[0].toUpperCase()}${unit.slice(1)} of the bucket in the window`, count(b.hits));
  item('Replicas', b.replicas.length ? b.replicas.map(r => `${r.address} (${r.hostId}, ${r.datacenter}/${r.rack},`
    + ` ${r.state})`).join('; ') : 'none: the keyspace cannot be placed').dataset.replicas
    = b.replicas.map(r => r.address).join(',');
  const keys = answer.keysShown === 'clear'
    ? (b.hotKeys.length ? b.hotKeys.map(k => `${k.label} (~${count(k.estimate)} hits)`).join('; ')
      : 'no tracked hot key in this range')
    : answer.keysShown === 'hashed' ? 'keys are hashed: a hashed label is not shown with a token range (see /hotkeys)'
      : answer.keysShown === 'server-side' ? 'the sampled partitions are listed by GET /hotkeys (serverSide)'
        : 'hot keys are not tracked';
  item('Hottest keys seen', keys);
  panel.appendChild(dl);
  panel.dataset.bucket = bucket;
}
