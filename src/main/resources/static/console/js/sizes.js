// A table's largest partitions and size percentiles (a live cluster; the bundled sample answers 409).
import { get, ApiProblem } from './api.js';
import { bars, clear, bytes } from './svg.js';

export async function showSizes(keyspace, table) {
  const message = document.getElementById('sizes-message');
  const largest = document.getElementById('sizes-largest');
  const percentiles = document.getElementById('sizes-percentiles');
  let sizes;
  try {
    sizes = await get('sizes', { keyspace, table });
  } catch (e) {
    if (!(e instanceof ApiProblem) || e.status >= 500 && e.status !== 503) {
      throw e;
    }
    clear(largest);
    clear(percentiles);
    message.textContent = `${e.problem.title || 'No sizes'}: ${e.problem.detail || e.message}`;
    message.dataset.problem = e.problem.type || '';
    return null;
  }
  delete message.dataset.problem;
  const merged = sizes.merged || {};
  message.textContent = `${sizes.keyspace}.${sizes.table}: ${merged.partitionsEstimate ?? '?'} partitions, largest `
    + `${merged.maxPartitionBytes == null ? '?' : bytes(merged.maxPartitionBytes)}`
    + `${merged.maxPartitionExact ? '' : ' (upper bound)'}, ${merged.nodesReporting} nodes reporting.`;
  const top = (sizes.largestPartitions || []).slice(0, 10);
  bars(largest, { categories: top.map(p => p.key.length > 12 ? p.key.slice(0, 11) + '…' : p.key),
    series: [{ name: 'bytes', values: top.map(p => p.value) }], unit: 'bytes', log: true, format: bytes });
  const p = merged.partitionSize;
  if (p) {
    bars(percentiles, { categories: ['p50', 'p75', 'p95', 'p98', 'p99', 'max'],
      series: [{ name: 'partition size', values: [p.p50, p.p75, p.p95, p.p98, p.p99, p.max] }], unit: 'bytes',
      log: true, format: bytes });
  } else {
    clear(percentiles);
  }
  return sizes;
}
