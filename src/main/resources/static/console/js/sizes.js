// A table's largest partitions and size percentiles (a live cluster; elsewhere the view says what it needs).
import { get } from './api.js';
import { blank, draw } from './charts.js';
import { barOption } from './bars-model.js';
import { options } from './dom.js';
import { bytes } from './format.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);

export const sizesView = new View('sizes', ['sizes-largest', 'sizes-percentiles'], () => showSizes());

export function sizesTables(tables) {
  options($('sizes-table'), tables, tables[0]);
}

async function showSizes() {
  const [keyspace, table] = $('sizes-table').value.split('.');
  const message = $('sizes-message');
  message.textContent = '';
  const sizes = await get('sizes', { keyspace, table });
  const merged = sizes.merged || {};
  message.textContent = `${sizes.keyspace}.${sizes.table}: ${merged.partitionsEstimate ?? '?'} partitions, largest `
    + `${merged.maxPartitionBytes == null ? '?' : bytes(merged.maxPartitionBytes)}`
    + `${merged.maxPartitionExact ? '' : ' (upper bound)'}, ${merged.nodesReporting} nodes reporting.`;
  const top = (sizes.largestPartitions || []).slice(0, 10);
  draw('sizes-largest', barOption({ categories: top.map(p => p.key.length > 12 ? p.key.slice(0, 11) + '…' : p.key),
    series: [{ name: 'bytes', values: top.map(p => p.value) }], unit: 'bytes', log: true, format: bytes }));
  const p = merged.partitionSize;
  if (p) {
    draw('sizes-percentiles', barOption({ categories: ['p50', 'p75', 'p95', 'p98', 'p99', 'max'],
      series: [{ name: 'partition size', values: [p.p50, p.p75, p.p95, p.p98, p.p99, p.max] }], unit: 'bytes',
      log: true, format: bytes }));
  } else {
    blank(['sizes-percentiles']);
  }
}

export function sizesControls() {
  sizesView.redrawOn($('sizes-form'), () => showSizes());
}
