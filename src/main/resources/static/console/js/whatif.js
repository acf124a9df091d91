// The what-if view: GET /availability with nodes assumed down, each keyspace's ring in available, partly lost and
// lost segments (whatif-model.js), the share lost per keyspace, and the unavailable ranges in a table.
import { get } from './api.js';
import { draw } from './charts.js';
import { barOption } from './bars-model.js';
import { table } from './dom.js';
import { percent } from './format.js';
import { positions } from './ring-model.js';
import { STATES, keyspaceRings, stateOf, whatIfOption } from './whatif-model.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);
/** Rows of the table drawn at most (the answer may name thousands of ranges on a vnode ring). */
const ROWS = 500;
let ring = { partitioner: null, placed: [] };

export const whatIfView = new View('whatif', ['whatif-chart', 'whatif-share'], () => showWhatIf());

/** The partitioner and placed keyspaces of /ring, which the positions on the ring need. */
export function whatIfRing(partitioner, placed) {
  ring = { partitioner, placed };
}

async function positionsOf() {
  if (ring.partitioner === 'Murmur3Partitioner' || ring.partitioner === 'RandomPartitioner') {
    return positions(ring.partitioner, []);
  }
  // ordered partitioners place a token by its rank among the ring's tokens
  const ranges = await get('ranges', { keyspace: ring.placed[0] });
  return positions(ranges.partitioner, ranges.tokens);
}

async function showWhatIf() {
  const keyspace = $('whatif-keyspace').value;
  const consistency = $('whatif-consistency').value;
  const down = [...document.querySelectorAll('#whatif-nodes input:checked')].map(i => i.value);
  const [pos, availability] = await Promise.all([positionsOf(),
    get('availability', { consistency, keyspace, down: down.join(','), limit: 10000 })]);
  const rings = keyspaceRings(availability, pos);
  draw('whatif-chart', whatIfOption(rings, availability.consistency, availability.assumedDown));
  const chart = $('whatif-chart');
  const lost = availability.keyspaces.flatMap(k => k.unavailableRanges);
  chart.dataset.lost = lost.filter(r => stateOf(r) === 'lost').length;
  chart.dataset.partly = lost.filter(r => stateOf(r) === 'partly').length;
  draw('whatif-share', barOption({
    categories: availability.keyspaces.map(k => k.keyspace),
    series: [{ name: 'reads lost', values: availability.keyspaces.map(k => k.readShareLost * 100) },
      { name: 'writes lost', values: availability.keyspaces.map(k => k.writeShareLost * 100) }],
    unit: '% of the ring', format: v => v.toFixed(0), max: 100 }));
  const rows = availability.keyspaces.flatMap(k => k.unavailableRanges.map(r => [k.keyspace, STATES[stateOf(r)].name,
    r.start, r.end, percent(r.ringShare), r.replicas.join(', '), r.readable ? 'ok' : r.readReason,
    r.writable ? 'ok' : r.writeReason]));
  table($('whatif-ranges'), `Unavailable ranges at ${availability.consistency} with `
    + `${availability.assumedDown.join(', ') || 'no node'} down: ${rows.length}`
    + (rows.length > ROWS ? ` (the first ${ROWS} shown)` : ''), [['Keyspace', 'State', 'Start (exclusive)', 'End',
    'Share of the ring', 'Replicas', 'Reads', 'Writes'], ...rows.slice(0, ROWS)], [4]);
  return availability;
}

/** Any change of the nodes down, the level or the keyspace recomputes. */
export function whatIfControls() {
  whatIfView.redrawOn($('whatif-form'), () => showWhatIf());
}
