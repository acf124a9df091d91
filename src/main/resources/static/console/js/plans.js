// The key-design planner's comparison (POST /plan) as side-by-side charts.
import { post } from './api.js';
import { draw } from './charts.js';
import { barOption } from './bars-model.js';
import { table } from './dom.js';
import { bytes, count } from './format.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);

/** The AtlasMart example of the partition key design reference. */
export const ATLASMART = {
  keyspace: 'iot',
  workload: { entities: { 'normal-1': 12000, 'normal-2': 8000, 'celebrity-display': 480000 },
    start: '2026-08-01', retentionDays: 30, bytesPerRow: 420 },
  designs: [
    { name: 'tenant only', columns: [{ name: 'tenant_id', type: 'text',
      generator: { kind: 'fixed', value: 'tenant-7' } }] },
    { name: 'tenant + device + day', columns: [
      { name: 'tenant_id', type: 'text', generator: { kind: 'fixed', value: 'tenant-7' } },
      { name: 'device_id', type: 'text', generator: { kind: 'entity' } },
      { name: 'day', type: 'date', generator: { kind: 'timeBucket', unit: 'day' } }] }]
};

export const plansView = new View('plans', ['plans-rows', 'plans-bytes', 'plans-nodes'], () => showPlans());

async function showPlans() {
  let request;
  try {
    request = JSON.parse($('plans-request').value);
  } catch (e) {
    throw new Error(`The request is not JSON: ${e.message}`);
  }
  const plan = await post('plan', request);
  const quantiles = ['p50', 'p95', 'p99', 'max'];
  draw('plans-rows', barOption({ categories: quantiles, log: true, unit: 'rows per partition',
    series: plan.designs.map(d => ({ name: d.name, values: quantiles.map(q => d.rowsPerPartition[q]) })) }));
  draw('plans-bytes', barOption({ categories: quantiles, log: true, unit: 'bytes per partition', format: bytes,
    series: plan.designs.map(d => ({ name: d.name, values: quantiles.map(q => d.bytesPerPartition[q]) })) }));
  const nodes = plan.designs[0].nodes.map(n => n.address);
  draw('plans-nodes', barOption({ categories: nodes, unit: 'rows stored (millions)', format: v => v.toFixed(1),
    series: plan.designs.map(d => ({ name: d.name,
      values: nodes.map(a => (d.nodes.find(n => n.address === a) || { rows: 0 }).rows / 1e6) })) }));
  table($('plans-table'), 'Designs compared', [['Design', 'Partitions', 'Largest (rows)', 'Largest (bytes)',
    'Node skew', 'Over the guideline', 'Shards needed'], ...plan.comparison.map(c => [c.design, count(c.partitions),
    count(c.largestRows), bytes(c.largestBytes), c.nodeSkew.toFixed(2), count(c.partitionsOverGuideline),
    c.shardsNeeded == null ? '-' : count(c.shardsNeeded)])], [1, 2, 3, 4, 5, 6]);
}

export function plansControls() {
  $('plans-request').value = JSON.stringify(ATLASMART, null, 2);
  $('plans-form').addEventListener('submit', e => {
    e.preventDefault();
    plansView.run(() => showPlans());
  });
}
