// The ring view: ownership by data centre, rack and node (GET /ring), a picked node's ranges on the token ring
// (GET /ranges), ownership per node, and whether the node can be stopped (GET /availability/safe-to-stop, GET /load).
import { get, ApiProblem } from './api.js';
import { draw } from './charts.js';
import { barOption } from './bars-model.js';
import { table } from './dom.js';
import { bytes, percent } from './format.js';
import { nodeRanges, ownershipBars, positions, ringOption, segments } from './ring-model.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);
let current = { keyspace: null, version: null, overview: null, ranges: null };

export const ringView = new View('ring', ['ring-chart', 'ownership-chart'], () => showRing());

/** The ranges of a keyspace, fetched once per keyspace and ring version. */
async function rangesOf(keyspace, version) {
  if (current.ranges && current.keyspace === keyspace && current.version === version) {
    return current.ranges;
  }
  const ranges = await get('ranges', { keyspace });
  current = { ...current, keyspace, version, ranges };
  return ranges;
}

async function showRing() {
  const started = performance.now();
  const keyspace = $('ring-keyspace').value;
  const overview = await get('ring', { keyspace, tokens: false });
  current.overview = overview;
  // the nodes first (GET /ring is small at any size), then the picked node's ranges (GET /ranges is 12 MB on a
  // 1000 x 256 ring)
  const version = overview.snapshot && overview.snapshot.version;
  const known = current.ranges && current.keyspace === keyspace && current.version === version;
  if (!known) {
    drawRing([], overview.partitioner);
    $('ring-chart').dataset.renderMs = Math.round(performance.now() - started);
  }
  draw('ownership-chart', barOption(ownershipBars(overview.nodes, keyspace)));
  table($('ring-nodes'), `Nodes (${overview.nodes.length})`, [['Node', 'Address', 'Data centre', 'Rack', 'State',
    'Tokens', 'Ownership', `Effective ownership (${keyspace})`], ...overview.nodes.map(n => [n.hostId, n.address,
    n.datacenter, n.rack, n.state, String(n.tokenCount), percent(n.ownership), percent(n.effectiveOwnership || 0)])],
  [5, 6, 7]);
  const ranges = await rangesOf(keyspace, version);
  drawPicked();
  if (known) {
    $('ring-chart').dataset.renderMs = Math.round(performance.now() - started);
  }
  $('ring-chart').dataset.rangesMs = Math.round(performance.now() - started);
  await details(keyspace, ranges);
}

/** Draws the ring: the nodes, and the picked node's ranges `mine` on the token ring. */
function drawRing(mine, partitioner) {
  const picked = $('ring-node').value;
  const pos = positions(partitioner, current.ranges ? current.ranges.tokens : []);
  const c = draw('ring-chart', ringOption({ nodes: current.overview.nodes, picked, partitioner,
    segs: segments(pos, mine, 'other') }));
  c.off('click');
  c.on('click', p => {
    if (p.seriesId === 'ownership' && p.data && p.data.address) {
      $('ring-node').value = p.data.address;
      ringView.run(async () => {
        drawPicked();
        await details($('ring-keyspace').value, current.ranges);
      });
    }
  });
}

/** Draws the ring with the picked node's ranges highlighted. */
function drawPicked() {
  const mine = nodeRanges(current.ranges, $('ring-node').value);
  drawRing(mine, current.ranges.partitioner);
  const dom = $('ring-chart');
  dom.dataset.primary = mine.filter(r => r.kind === 'primary').length;
  dom.dataset.replica = mine.filter(r => r.kind === 'replica').length;
}

/** The picked node: its ranges, whether it can be stopped at the level, its load against its ownership. */
async function details(keyspace, ranges) {
  const address = $('ring-node').value;
  const consistency = $('ring-consistency').value;
  const mine = nodeRanges(ranges, address);
  const box = $('ring-node-details');
  const h = document.createElement('h2');
  h.textContent = `${address}: ${mine.length} ranges (${mine.filter(r => r.kind === 'primary').length} primary)`;
  const stop = document.createElement('p');
  const load = document.createElement('p');
  box.replaceChildren(h, stop, load);
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
    if (!(e instanceof ApiProblem) || e.status !== 409) {
      throw e;
    }
    load.className = 'needs';
    load.textContent = `Load against ownership needs more than this instance has: ${e.problem.detail || e.message}`;
  }
}

/** Any change of keyspace, node or level redraws. */
export function ringControls() {
  ringView.redrawOn($('ring-form'), () => showRing());
}
