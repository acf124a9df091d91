// The key visualizer view: GET /heatmap drawn by heatmap-model.js, opened on the hottest table with the slices
// that have data, refreshed live (pausable), zoomable in time and token space.
import { get, ApiProblem } from './api.js';
import { chart, draw, onResize } from './charts.js';
import { definitions, options } from './dom.js';
import { count, percent, range } from './format.js';
import { UNITS, bucketKeys, bucketLabel, cellKeys, cellsIn, fitBuckets, fitWindow, heatmapOption, hottestCell,
  hottestTable, keysText, selectionSummary, visibleRange } from './heatmap-model.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);
const CHART = 'heatmap-chart';
/** The chart's height less the grid's top and bottom margins (heatmapOption's grid). */
const GRID_MARGINS = 90;
const LIVE_EVERY_MS = 15000;

let state = { answer: null, table: null, configuredBuckets: null, selected: null, brushed: [] };

export const heatmapView = new View('heatmap', [CHART], openHeatmap);

/** Fills the table selector and opens on the table with the most hits, the sources that cannot be had disabled. */
export function heatmapTables(tables) {
  options($('heatmap-table'), tables, tables[0]);
}

async function openHeatmap() {
  // Cassandra's own keyspaces are never the hottest, and some of their tables cannot be placed (system.batches has
  // its own partitioner): probing them would only fill the browser's log with refusals
  const tables = [...$('heatmap-table').options].map(o => o.value).filter(t => !t.startsWith('system'))
    .slice(0, 32);
  const probes = await Promise.all(tables.map(async table => {
    const [keyspace, name] = table.split('.');
    try {
      const answer = await get('heatmap', { keyspace, table: name, buckets: 1 });
      return { table, hits: answer.hits };
    } catch (e) {
      return { table, hits: 0 }; // a table that cannot be shown is no candidate; the others still are
    }
  }));
  const hottest = hottestTable(probes);
  if (hottest) {
    $('heatmap-table').value = hottest;
  }
  await sources();
  await show(true);
}

/** Disables the server-sampled series where they cannot be had, naming why (the API's 409). */
async function sources() {
  const [keyspace, table] = $('heatmap-table').value.split('.');
  const note = $('heatmap-sources');
  note.hidden = true;
  for (const o of $('heatmap-source').options) {
    if (o.value === 'client') {
      continue;
    }
    try {
      await get('heatmap', { keyspace, table, buckets: 1, source: o.value });
      o.disabled = false;
      o.textContent = `${UNITS[o.value]} (servers)`;
    } catch (e) {
      if (!(e instanceof ApiProblem) || e.status !== 409) {
        throw e;
      }
      o.disabled = true;
      o.textContent = `${UNITS[o.value]} (servers): not here, see below`;
      note.textContent = `Sampled reads and writes: ${e.problem.detail || e.problem.title}`;
      note.hidden = false;
    }
  }
  if ($('heatmap-source').selectedOptions[0].disabled) {
    $('heatmap-source').value = 'client';
  }
}

function request(buckets) {
  const [keyspace, table] = $('heatmap-table').value.split('.');
  const window = $('heatmap-window').value;
  return get('heatmap', { keyspace, table, window: window === 'fit' ? '' : window, buckets,
    source: $('heatmap-source').value });
}

/** Asks for the heatmap with as many buckets as fit the chart, and draws it (refit: zoom to the data). */
async function show(refit) {
  const choice = $('heatmap-buckets').value;
  const plot = $(CHART).clientHeight - GRID_MARGINS;
  let answer;
  if (choice !== 'fit') {
    answer = await request(choice);
  } else {
    answer = await request(state.configuredBuckets ? fitBuckets(plot, state.configuredBuckets) : '');
    if (!state.configuredBuckets) {
      state.configuredBuckets = answer.buckets.length;
      const fitting = fitBuckets(plot, answer.buckets.length);
      if (fitting < answer.buckets.length) {
        answer = await request(fitting);
      }
    }
  }
  const previous = state.answer;
  const same = previous && !refit && previous.keyspace === answer.keyspace && previous.table === answer.table
    && previous.buckets.length === answer.buckets.length && previous.slices.length === answer.slices.length;
  const zoom = same ? keptZoom() : {
    x: $('heatmap-window').value === 'fit' ? fitWindow(answer) : { startValue: 0, endValue: answer.slices.length - 1 },
    y: { startValue: 0, endValue: answer.buckets.length - 1 } };
  state.answer = answer;
  const c = draw(CHART, heatmapOption(answer, zoom));
  c.off('datazoom');
  c.on('datazoom', () => visible());
  c.off('click');
  c.on('click', p => select(p.data[1], p.data[0]));
  c.off('brush');
  c.on('brush', p => selected(p.areas));
  // a live refresh of the same layout keeps the cells a person selected (the redraw clears the chart's brush); any
  // other redraw clears the selection and its sum
  const brushed = same ? state.brushed : [];
  selected([]);
  if (brushed.length) {
    c.dispatchAction({ type: 'brush', areas: brushed });
  }
  visible();
  summary(answer);
  peers(answer.peers);
  const hottest = hottestCell(answer);
  if (!same || !state.selected) {
    state.selected = hottest ? { bucket: hottest.bucket, slice: hottest.slice } : null;
  }
  if (state.selected) {
    select(state.selected.bucket, state.selected.slice);
  } else {
    $('heatmap-cell').replaceChildren(heading('Cell'), text('No cell with a count yet.'));
  }
}

/** The zoom the person left: the same slice positions, which follow the newest slice as the window moves on. */
function keptZoom() {
  const o = chart(CHART).getOption().dataZoom;
  return { x: { startValue: o[0].startValue, endValue: o[0].endValue },
    y: { startValue: o[2].startValue, endValue: o[2].endValue } };
}

/** The sum of the cells a person brushed, in the line under the chart. */
function selected(areas) {
  state.brushed = areas.filter(a => a.coordRange).map(a => ({ brushType: a.brushType, xAxisIndex: 0, yAxisIndex: 0,
    coordRange: a.coordRange }));
  const summary = selectionSummary(state.answer, cellsIn(state.answer, areas.filter(a => a.coordRange)
    .map(a => a.coordRange)));
  const line = $('heatmap-selection');
  line.textContent = summary.text;
  if (summary.cells) {
    line.dataset.cells = summary.cells;
    line.dataset.total = summary.total;
  } else {
    delete line.dataset.cells;
    delete line.dataset.total;
  }
}

/** What the zoom shows, in words and in the element's data (the browser test reads it). */
function visible() {
  const o = chart(CHART).getOption().dataZoom;
  const v = visibleRange(state.answer, o[0], o[2]);
  const line = $('heatmap-visible');
  line.textContent = v.text + ' Scroll or drag in the chart to zoom time (shift+scroll: tokens), or use the sliders.';
  line.dataset.slices = v.slices;
  line.dataset.buckets = v.buckets;
  line.dataset.from = v.from || '';
  line.dataset.to = v.to || '';
}

function summary(answer) {
  const unit = UNITS[answer.source] || 'hits';
  const line = $('heatmap-summary');
  const hottest = hottestCell(answer);
  if (hottest) {
    const b = answer.buckets[hottest.bucket];
    line.textContent = `${answer.keyspace}.${answer.table}: ${count(answer.hits)} ${unit} in ${answer.window} `
      + `(slices of ${answer.slice}, ${answer.buckets.length} buckets). Hottest cell: ${bucketLabel(b)}, tokens `
      + `${range(b.start, b.end)}, ${count(hottest.count)} ${unit} at ${answer.slices[hottest.slice].start}.`
      + (answer.unplaced ? ` ${count(answer.unplaced)} ${unit} of keys whose token is unknown are in no bucket.` : '');
    line.dataset.hottestBucket = b.index;
    line.dataset.hottestStart = b.start;
    line.dataset.hottestEnd = b.end;
  } else {
    line.textContent = answer.source === 'client'
      ? `${answer.keyspace}.${answer.table}: no hits in ${answer.window}. Hits count when keys are looked up or `
        + 'reported with POST /hits.'
      : `${answer.keyspace}.${answer.table}: no ${unit} placed in ${answer.window}.`;
    delete line.dataset.hottestBucket;
  }
}

/** Whose counts the heatmap sums: this instance's alone, or the peers' too, and the peers left out with the reason. */
function peers(p) {
  const line = $('heatmap-peers');
  if (!p || p.scope === 'local') {
    line.textContent = 'Counts of this instance only (no peers: ringmap.peers.*).';
  } else {
    line.textContent = `Counts of this instance and ${p.contributed.length} peer${p.contributed.length === 1 ? '' : 's'}`
      + `${p.contributed.length ? ' (' + p.contributed.join(', ') + ')' : ''}.`
      + (p.missing.length ? ' Not counted: ' + p.missing.map(m => `${m.peer} (${m.reason})`).join('; ') + '.' : '');
  }
}

function heading(t) {
  const h = document.createElement('h2');
  h.textContent = t;
  return h;
}

function text(t) {
  const p = document.createElement('p');
  p.textContent = t;
  return p;
}

/** Shows a cell in the side panel, its tooltip on the chart. */
function select(bucket, slice) {
  const answer = state.answer;
  if (!answer || !answer.buckets[bucket] || !answer.slices[slice]) {
    return;
  }
  state.selected = { bucket, slice };
  const b = answer.buckets[bucket];
  const s = answer.slices[slice];
  const unit = UNITS[answer.source] || 'hits';
  const panel = $('heatmap-cell');
  const list = definitions([
    ['Time (UTC)', `${s.start}, one slice of ${answer.slice}`],
    ['Token range', range(b.start, b.end)],
    ['Owner', bucketLabel(b)],
    ['Share of the ring', percent(b.ringShare)],
    [`${unit} in this cell`, count(s.counts[bucket])],
    [`${unit} of the range in the window`, count(b.hits)],
    ['Replicas', b.replicas.length ? b.replicas.map(r => `${r.address} (${r.hostId}, ${r.datacenter}/${r.rack},`
      + ` ${r.state})`).join('; ') : 'none: the keyspace cannot be placed'],
    ['Hottest keys in this cell', keysText(cellKeys(answer, bucket, slice))],
    [`Hottest keys of the range over the window (${answer.window})`, keysText(bucketKeys(answer, bucket))]]);
  panel.replaceChildren(heading(`Cell: ${bucketLabel(b)}, ${s.start.slice(11, 19)}`), list);
  panel.dataset.bucket = bucket;
  panel.dataset.slice = slice;
  const c = chart(CHART);
  const dataIndex = c.getOption().series[0].data.findIndex(d => d[0] === slice && d[1] === bucket);
  if (dataIndex >= 0) {
    c.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex });
  } else {
    c.dispatchAction({ type: 'hideTip' });
  }
}

function move(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (!moves[e.key] || !state.answer || !state.selected) {
    return;
  }
  e.preventDefault();
  const clamp = (v, n) => Math.max(0, Math.min(n - 1, v));
  select(clamp(state.selected.bucket + moves[e.key][0], state.answer.buckets.length),
    clamp(state.selected.slice + moves[e.key][1], state.answer.slices.length));
}

/** Wires the controls: any change redraws, Live refreshes every 15 s while the view is shown. */
export function heatmapControls() {
  const redraw = refit => () => heatmapView.run(() => show(refit));
  $('heatmap-form').addEventListener('submit', e => {
    e.preventDefault();
    redraw(false)();
  });
  $('heatmap-table').addEventListener('change', () => heatmapView.run(async () => {
    await sources();
    await show(true);
  }));
  for (const id of ['heatmap-window', 'heatmap-buckets', 'heatmap-source']) {
    $(id).addEventListener('change', redraw(true));
  }
  $(CHART).addEventListener('keydown', move);
  onResize(CHART, () => {
    if (state.selected) {
      select(state.selected.bucket, state.selected.slice);
    }
  });
  const live = $('heatmap-live');
  live.addEventListener('click', () => {
    const on = live.getAttribute('aria-pressed') !== 'true';
    live.setAttribute('aria-pressed', String(on));
    live.textContent = on ? 'Live: on (every 15 s)' : 'Live: paused';
  });
  setInterval(() => {
    if (live.getAttribute('aria-pressed') === 'true' && heatmapView.visible && heatmapView.opened
      && document.visibilityState === 'visible' && document.body.dataset.busy === '0') {
      redraw(false)();
    }
  }, LIVE_EVERY_MS);
}
