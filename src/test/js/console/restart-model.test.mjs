// The restart view's mapping of POST /plan/restart and its guide to chart data (run by ConsoleScriptsTest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positions } from '../../../main/resources/static/console/js/ring-model.js';
import { guideLines, restartOption, waveOf, waveRows, waveSegments }
  from '../../../main/resources/static/console/js/restart-model.js';

const pos = positions('Murmur3Partitioner', []);
// the bundled sample's four nodes, one token each; range i is (tokens[i-1], tokens[i]], its first replica primary
const ranges = {
  partitioner: 'Murmur3Partitioner',
  tokens: ['-4611686018427387904', '0', '4611686018427387904', '9223372036854775807'],
  nodes: [{ address: '127.0.0.1' }, { address: '127.0.0.2' }, { address: '127.0.0.3' }, { address: '127.0.0.4' }],
  replicas: [[0, 1, 2], [1, 2, 3], [2, 3, 0], [3, 0, 1]]
};
const check = { keyspace: 'iot', level: 'ONE', reason: 'every range of iot keeps ONE' };
const plan = { waveCount: 2, oneAtATime: 4, waves: [
  { wave: 1, nodes: ['127.0.0.1', '127.0.0.3'], wholeRacks: ['dc1/rack1'], checks: [check] },
  { wave: 2, nodes: ['127.0.0.2'], wholeRacks: [], checks: [check] }] };

test('eachNodesPrimaryRangesTakeItsWaveAndANodeNotRestartedIsKept', () => {
  assert.deepEqual(waveOf(plan), { '127.0.0.1': 1, '127.0.0.3': 1, '127.0.0.2': 2 });
  const segs = waveSegments(ranges, plan, pos);
  assert.deepEqual(segs.map(s => [s.kind, s.from, s.to]), [['wave 1', 0, 0.25], ['wave 2', 0.25, 0.5],
    ['wave 1', 0.5, 0.75], ['kept', 0.75, 1]]);
});

test('theChartNamesTheWavesAndTheirCountAgainstOneAtATime', () => {
  const option = restartOption(plan, waveSegments(ranges, plan, pos));
  assert.equal(option.title.text, '2 waves (one node at a time: 4)');
  assert.deepEqual(option.legend.data, ['wave 1', 'wave 2']);
  const colours = option.series[0].data.map(d => d.itemStyle.color);
  assert.notEqual(colours[0], colours[1]);
  assert.equal(colours[0], colours[2]);
  assert.match(option.series[0].data[0].tip, /127\.0\.0\.1, 127\.0\.0\.3/);
});

test('theTableListsWhyEachWaveIsSafe', () => {
  assert.deepEqual(waveRows(plan)[1], ['2', '127.0.0.2', '-', 'every range of iot keeps ONE']);
});

test('theGuidesAnswerSaysWhatToDoWhyToWaitAndTheViewsItRead', () => {
  const lines = guideLines({ action: 'WAIT', stop: [], next: { nodes: ['127.0.0.2'] }, restarted: ['127.0.0.1'],
    wavesLeft: 1, waits: [{ node: '127.0.0.1', peer: '127.0.0.3', reason: '127.0.0.3 still has 127.0.0.1 at '
      + 'generation 100' }], views: [{ node: '127.0.0.3', source: 'system_views.gossip_info', ageMillis: 12,
      members: 4, error: null }] });
  assert.deepEqual(lines, [['Action', 'WAIT'], ['Next wave', '127.0.0.2'], ['Restarted', '127.0.0.1'],
    ['Waves left', '1'], ['Wait', '127.0.0.3 still has 127.0.0.1 at generation 100'],
    ['Views read', '127.0.0.3: system_views.gossip_info, 12 ms old, 4 members']]);
});
