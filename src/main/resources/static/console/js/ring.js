// The ring view: ownership by data centre, rack and node (GET /ring), a picked node's ranges on the token ring
// (GET /ranges/node), ownership per node, and whether the node can be stopped (GET /availability/safe-to-stop, GET /load).
import { get, ApiProblem } from './api.js';
import { draw } from './charts.js';
import { barOption } from './bars-model.js';
import { table } from './dom.js';
import { bytes, percent } from './format.js';
import { nodeRanges, ownershipBars, positions, ringOption, segments } from './ring-model.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);
let current = { keyspace: null, version: null, overview: null, node: null, ranges: null, tokens: null };
export const ringView = new View('ring', ['ring-chart', 'ownership-chart'], () => showRing());

/** The picked node's ranges of a keyspace (GET /ranges/node), fetched once per keyspace, node and ring version. */
async function nodeRangesOf(keyspace, node, version) {
  if (current.ranges && current.keyspace === keyspace && current.node === node && current.version === version) {
    return current.ranges;
  }
  const ranges = await get('ranges/node', { keyspace, node });
  current = { ...current, keyspace, node, version, ranges };
  return ranges;
}

/**
 * The ring's tokens where a token's place on the ring is its rank among them (ordered partitioners; small rings in
 * practice), else null: Murmur3 and Random place a token by its value.
 */
async function ringTokens(keyspace, partitioner, version) {
  if (partitioner === 'Murmur3Partitioner' || partitioner === 'RandomPartitioner') {
    return null;
  }
  if (current.tokens && current.tokens.version === version) {
    return current.tokens.list;
  }
  const list = (await get('ranges', { keyspace })).tokens;
  current.tokens = { version, list };
  return list;
}

async function showRing() {
  const started = performance.now();
  const keyspace = $('ring-keyspace').value;
  const overview = await get('ring', { keyspace, tokens: false });
  current.overview = overview;
  // the nodes first, then the picked node's ranges: both small at any size (GET /ranges/node of a 1000 x 256 ring
  // is about 1,500 ranges, where the whole map is 12 MB)
  const version = overview.snapshot && overview.snapshot.version;
  const picked = $('ring-node').value;
  const known = current.ranges && current.keyspace === keyspace && current.node === picked
    && current.version === version;
  if (!known) {
    drawRing([], overview.partitioner);
    $('ring-chart').dataset.renderMs = Math.round(performance.now() - started);
  }
  draw('ownership-chart', barOption(ownershipBars(overview.nodes, keyspace)));
  table($('ring-nodes'), `Nodes (${overview.nodes.length})`, [['Node', 'Address', 'Data centre', 'Rack', 'State',
    'Tokens', 'Ownership', `Effective ownership (${keyspace})`], ...overview.nodes.map(n => [n.hostId, n.address,
    n.datacenter, n.rack, n.state, String(n.tokenCount), percent(n.ownership), percent(n.effectiveOwnership || 0)])],
  [5, 6, 7]);
  await ringTokens(keyspace, overview.partitioner, version);
  await nodeRangesOf(keyspace, picked, version);
  drawPicked();
  if (known) {
    $('ring-chart').dataset.renderMs = Math.round(performance.now() - started);
  }
  $('ring-chart').dataset.rangesMs = Math.round(performance.now() - started);
  await details(keyspace);
}

/** Draws the ring: the nodes, and the picked node's ranges `mine` on the token ring. */
function drawRing(mine, partitioner) {
  const picked = $('ring-node').value;
  const pos = positions(partitioner, current.tokens ? current.tokens.list : []);
  const c = draw('ring-chart', ringOption({ nodes: current.overview.nodes, picked, partitioner,
    segs: segments(pos, mine, 'other') }));
  c.off('click');
  c.on('click', p => {
    if (p.seriesId === 'ownership' && p.data && p.data.address) {
      $('ring-node').value = p.data.address;
      ringView.run(async () => {
        const keyspace = $('ring-keyspace').value;
        await nodeRangesOf(keyspace, p.data.address, current.overview.snapshot && current.overview.snapshot.version);
        drawPicked();
        await details(keyspace);
      });
    }
  });
}

/** Draws the ring with the picked node's ranges highlighted. */
function drawPicked() {
  const mine = nodeRanges(current.ranges);
  drawRing(mine, current.ranges.partitioner);
  const dom = $('ring-chart');
  dom.dataset.primary = mine.filter(r => r.kind === 'primary').length;
  dom.dataset.replica = mine.filter(r => r.kind === 'replica').length;
}

/** The picked node: its ranges, whether it can be stopped at the level, its load against its ownership. */
async function details(keyspace) {
  const address = $('ring-node').value;
  const consistency = $('ring-consistency').value;
  const mine = nodeRanges(current.ranges);
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
