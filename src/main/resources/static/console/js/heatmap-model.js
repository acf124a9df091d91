// Pure mapping of GET /heatmap to the key visualizer's chart: cells, axes, zoom, tooltip. No DOM, no chart library.
import { VIRIDIS, count, escapeHtml, percent, range } from './format.js';

/** What the colour counts, per source of GET /heatmap. */
export const UNITS = { client: 'hits', reads: 'sampled reads', writes: 'sampled writes' };

/** Cells shorter than this are not drawn: fewer buckets are asked for (the API adds neighbours together). */
export const MIN_CELL_PX = 6;

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

/** The table to open on: the one with the most hits (probes [{table, hits}]), else the first. */
export function hottestTable(probes) {
  let best = probes.length ? probes[0] : null;
  for (const p of probes) {
    if (p.hits > best.hits) {
      best = p;
    }
  }
  return best ? best.table : null;
}

/**
 * The slices to show first: from the slice before the first one with a count to the last slice (so minutes of data
 * fill the chart, not a strip of an hour), at least `minimum` slices; every slice when nothing was counted.
 */
export function fitWindow(answer, minimum = 5) {
  const last = answer.slices.length - 1;
  const first = answer.slices.findIndex(s => s.counts.some(c => c > 0));
  if (first < 0 || last < 0) {
    return { startValue: 0, endValue: Math.max(0, last) };
  }
  return { startValue: Math.max(0, Math.min(first - 1, last - minimum + 1)), endValue: last };
}

/** How many buckets fit a plot this tall with cells at least MIN_CELL_PX high, at most the configured count. */
export function fitBuckets(plotHeight, configured) {
  return Math.max(1, Math.min(configured, Math.floor(plotHeight / MIN_CELL_PX)));
}

/** A bucket's place named as people know it: its first replica (the node owning its start), DC and rack. */
export function bucketLabel(bucket) {
  const r = bucket.replicas[0];
  return r ? `${r.hostId || r.address} · ${r.datacenter}/${r.rack}` : 'no replica';
}

/** A slice's time of day, UTC (seconds only when slices are shorter than a minute). */
export function sliceLabel(start, slice) {
  return start.slice(11, /^PT\d+(\.\d+)?S$/.test(slice) ? 19 : 16);
}

function sliceEnd(answer, si) {
  return si + 1 < answer.slices.length ? answer.slices[si + 1].start : answer.to;
}

/** An axis interval labelling a bucket only where its owner differs from the bucket before (a node's run). */
export function ownerChanges(labels) {
  return i => i === 0 || labels[i] !== labels[i - 1];
}

/** Keys named per cell at most, in its tooltip and in the side panel. */
export const KEYS_PER_CELL = 5;

/** Why an answer names no keys, per keysShown of GET /heatmap. */
const NO_KEYS = {
  hashed: 'keys are hashed: a hashed label is never shown with a token range (GET /hotkeys lists them)',
  'server-side': 'the sampled partitions are listed by GET /hotkeys (serverSide)',
  'not-tracked': 'hot keys are not tracked (ringmap.hotkeys.enabled=false)'
};

/**
 * The keys hottest in a cell (that slice, that bucket), hottest first, at most KEYS_PER_CELL: { keys: [{label, hits}],
 * more (keys of the cell not listed), note (why none are listed, else '') }.
 */
export function cellKeys(answer, bi, si) {
  if (answer.keysShown !== 'clear') {
    return { keys: [], more: 0, note: NO_KEYS[answer.keysShown] || 'keys are not shown' };
  }
  const all = (answer.slices[si].keys || []).filter(k => k.bucket === bi);
  const keys = all.slice(0, KEYS_PER_CELL).map(k => ({ label: k.label, hits: k.hits }));
  return { keys, more: all.length - keys.length,
    note: keys.length ? '' : 'none of the table\'s tracked keys (its top K) was hit in this cell' };
}

/** Keys as words: "label (n hits); ...", with "and n more", or the note when there are none. */
export function keysText({ keys, more, note }) {
  if (!keys.length) {
    return note;
  }
  return keys.map(k => `${k.label} (${count(k.hits)} hits)`).join('; ') + (more ? `; and ${more} more` : '');
}

/** A bucket's hottest keys over the window (hits summed over its slices), as cellKeys gives a cell's. */
export function bucketKeys(answer, bi) {
  if (answer.keysShown !== 'clear') {
    return { keys: [], more: 0, note: NO_KEYS[answer.keysShown] || 'keys are not shown' };
  }
  const keys = answer.buckets[bi].hotKeys.map(k => ({ label: k.label, hits: k.hits }));
  return { keys, more: 0, note: keys.length ? '' : 'none of the table\'s tracked keys was hit in this range' };
}

/** The tooltip of a cell: its time, token range, count, replicas and the keys hottest in it. */
export function cellTooltip(answer, bi, si) {
  const b = answer.buckets[bi];
  const s = answer.slices[si];
  const unit = UNITS[answer.source] || 'hits';
  return `<b>${escapeHtml(s.start)} to ${escapeHtml(sliceEnd(answer, si))}</b>`
    + `<br>tokens ${escapeHtml(range(b.start, b.end))} (${percent(b.ringShare)} of the ring, bucket ${b.index})`
    + `<br>${count(s.counts[bi])} ${escapeHtml(unit)}`
    + `<br>replicas: ${b.replicas.length ? b.replicas.map(r => escapeHtml(`${r.hostId || r.address} (${r.address}, `
      + `${r.datacenter}/${r.rack}, ${r.state})`)).join(', ') : 'none (the keyspace cannot be placed)'}`
    + `<br>hottest keys in this cell: ${escapeHtml(keysText(cellKeys(answer, bi, si)))}`;
}

/** The cells with a count as [slice, bucket, log10(count), count]; empty cells are the grid's background. */
export function cells(answer) {
  const out = [];
  answer.slices.forEach((s, si) => s.counts.forEach((c, bi) => {
    if (c > 0) {
      out.push([si, bi, Math.log10(c), c]);
    }
  }));
  return out;
}

/** What a zoom shows, in words: the time span and the token range of the visible slices and buckets. */
export function visibleRange(answer, x, y) {
  const xs = Math.max(0, x.startValue);
  const xe = Math.min(answer.slices.length - 1, x.endValue);
  const ys = Math.max(0, y.startValue);
  const ye = Math.min(answer.buckets.length - 1, y.endValue);
  if (xe < xs || ye < ys) {
    return { text: 'nothing to show', slices: 0, buckets: 0 };
  }
  return {
    from: answer.slices[xs].start, to: sliceEnd(answer, xe), start: answer.buckets[ys].start,
    end: answer.buckets[ye].end, slices: xe - xs + 1, buckets: ye - ys + 1,
    text: `Showing ${answer.slices[xs].start} to ${sliceEnd(answer, xe)} (${xe - xs + 1} of ${answer.slices.length} `
      + `slices) and tokens ${range(answer.buckets[ys].start, answer.buckets[ye].end)} (${ye - ys + 1} of `
      + `${answer.buckets.length} buckets).`
  };
}

/**
 * The cells with a count inside brushed rectangles (ECharts' brush gives each rectangle's coordRange in the axes'
 * category indexes, [[first slice, last slice], [first bucket, last bucket]]; its heatmap has no selection of its
 * own), as [[slice, bucket], ...].
 */
export function cellsIn(answer, coordRanges) {
  const out = [];
  answer.slices.forEach((s, si) => s.counts.forEach((c, bi) => {
    if (c > 0 && coordRanges.some(([[x0, x1], [y0, y1]]) => si >= Math.min(x0, x1) && si <= Math.max(x0, x1)
      && bi >= Math.min(y0, y1) && bi <= Math.max(y0, y1))) {
      out.push([si, bi]);
    }
  }));
  return out;
}

/**
 * What a brushed selection of cells holds: their count, their sum, and the times and tokens they span.
 *
 * @param cellsPicked [[slice, bucket], ...] the cells selected (those with a count; empty cells are not data)
 */
export function selectionSummary(answer, cellsPicked) {
  if (!cellsPicked.length) {
    return { cells: 0, total: 0, text: '' };
  }
  const slices = cellsPicked.map(c => c[0]);
  const buckets = cellsPicked.map(c => c[1]);
  const first = Math.min(...slices);
  const last = Math.max(...slices);
  const low = Math.min(...buckets);
  const high = Math.max(...buckets);
  const total = cellsPicked.reduce((sum, [si, bi]) => sum + answer.slices[si].counts[bi], 0);
  const unit = UNITS[answer.source] || 'hits';
  return {
    cells: cellsPicked.length, total,
    text: `Selected: ${count(total)} ${unit} in ${cellsPicked.length} cell${cellsPicked.length === 1 ? '' : 's'}, `
      + `${answer.slices[first].start} to ${sliceEnd(answer, last)}, tokens `
      + `${range(answer.buckets[low].start, answer.buckets[high].end)}.`
  };
}

/**
 * The ECharts option of the key visualizer: time slices across (one column per slice), token buckets down in ring
 * order (labelled with the node owning them, tokens on hover), colour the count on a log scale (viridis), zoom by
 * wheel or drag inside the chart and by the sliders below (time) and right (token space).
 *
 * @param zoom {x: {startValue, endValue}, y: {startValue, endValue}} the slices and buckets to show
 */
export function heatmapOption(answer, zoom) {
  const unit = UNITS[answer.source] || 'hits';
  const top = Math.max(1, Math.log10(Math.max(1, answer.maxCount || 1)));
  const labels = answer.buckets.map(bucketLabel);
  return {
    animation: false,
    aria: { enabled: true, label: { description: `Key visualizer of ${answer.keyspace}.${answer.table}: `
      + `${answer.buckets.length} token buckets by ${answer.slices.length} time slices of ${answer.slice}, `
      + `${count(answer.hits)} ${unit}.` } },
    grid: { left: 200, right: 110, top: 24, bottom: 78, show: true, backgroundColor: '#f4f4f4', borderWidth: 0 },
    // only a cell has a tooltip: ECharts also asks for one when a shown tooltip is kept through a redraw and its place
    // now holds another part of the chart (a legend handle, a slider)
    tooltip: { trigger: 'item', confine: true,
      formatter: p => (p.componentType === 'series' && Array.isArray(p.data) ? cellTooltip(answer, p.data[1], p.data[0])
        : '') },
    xAxis: {
      type: 'category', name: `time (UTC; one column = ${answer.slice})`, nameLocation: 'middle', nameGap: 28,
      data: answer.slices.map(s => sliceLabel(s.start, answer.slice)), splitArea: { show: false },
      axisLabel: { hideOverlap: true }
    },
    yAxis: {
      type: 'category', inverse: true, name: 'token range (node owning it · DC/rack)', nameLocation: 'middle',
      nameGap: 186, data: labels, axisTick: { interval: ownerChanges(labels) },
      axisLabel: { interval: ownerChanges(labels), hideOverlap: true, width: 180, overflow: 'truncate' }
    },
    visualMap: {
      type: 'continuous', dimension: 2, min: 0, max: top, calculable: true, orient: 'vertical', right: 8,
      top: 'middle', itemHeight: 200, inRange: { color: VIRIDIS },
      formatter: v => count(Math.round(Math.pow(10, v)))
    },
    toolbox: { right: 120, top: 0, itemSize: 14, feature: {
      dataZoom: { title: { zoom: 'zoom to a box', back: 'zoom back' } },
      brush: { type: ['rect', 'clear'], title: { rect: 'select cells (their sum below the chart)',
        clear: 'clear the selection' } } } },
    brush: { xAxisIndex: 0, yAxisIndex: 0, throttleType: 'debounce', throttleDelay: 150,
      brushStyle: { borderWidth: 1, color: 'rgba(245, 163, 0, 0.15)', borderColor: '#f5a300' } },
    dataZoom: [
      { type: 'slider', id: 'time', xAxisIndex: 0, bottom: 8, height: 18, ...zoom.x, labelFormatter: '' },
      { type: 'inside', id: 'time-inside', xAxisIndex: 0, ...zoom.x },
      { type: 'slider', id: 'tokens', yAxisIndex: 0, right: 84, width: 16, ...zoom.y, labelFormatter: '' },
      { type: 'inside', id: 'tokens-inside', yAxisIndex: 0, ...zoom.y, zoomOnMouseWheel: 'shift',
        moveOnMouseWheel: false }
    ],
    series: [{ type: 'heatmap', name: unit, data: cells(answer), progressive: 0,
      emphasis: { itemStyle: { borderColor: '#f5a300', borderWidth: 2 } } }]
  };
}
