// What-if's mapping of GET /availability answers to chart data (run by ConsoleScriptsTest: node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positions } from '../../../main/resources/static/console/js/ring-model.js';
import { STATES, keyspaceRings, stateOf, whatIfOption }
  from '../../../main/resources/static/console/js/whatif-model.js';

const pos = positions('Murmur3Partitioner', []);
const range = (start, end, readable, writable) => ({ start, end, ringShare: 0.25, replicas: ['127.0.0.3'], readable,
  writable, readReason: readable ? null : 'QUORUM needs 2 live replicas, 1 is live',
  writeReason: writable ? null : 'QUORUM needs 2 live replicas, 1 is live' });

const answer = {
  consistency: 'QUORUM', assumedDown: ['127.0.0.3', '127.0.0.4'],
  keyspaces: [
    { keyspace: 'iot', readShareLost: 0.5, writeShareLost: 0.25, unavailableRanges: [
      range('-4611686018427387904', '0', false, false), range('0', '4611686018427387904', false, true)] },
    { keyspace: 'other', readShareLost: 0, writeShareLost: 0, unavailableRanges: [] }]
};

test('lostIsNeitherReadNorWrittenPartlyLostIsOneOfThem', () => {
  assert.equal(stateOf(range('0', '1', false, false)), 'lost');
  assert.equal(stateOf(range('0', '1', true, false)), 'partly');
  assert.equal(stateOf(range('0', '1', false, true)), 'partly');
});

test('eachKeyspaceIsARingOfAvailablePartlyLostAndLostSegments', () => {
  const rings = keyspaceRings(answer, pos);
  assert.deepEqual(rings[0].segs.map(s => [s.kind, s.from, s.to]), [['available', 0, 0.25], ['lost', 0.25, 0.5],
    ['partly', 0.5, 0.75], ['available', 0.75, 1]]);
  assert.deepEqual(rings[1].segs.map(s => s.kind), ['available']);
});

test('lostAndPartlyLostDifferInColourAndPatternAndAreAllInTheLegend', () => {
  assert.notEqual(STATES.lost.color, STATES.partly.color);
  assert.notEqual(STATES.lost.color, STATES.available.color);
  assert.ok(STATES.lost.decal && STATES.partly.decal && !STATES.available.decal);
  assert.notDeepEqual(STATES.lost.decal, STATES.partly.decal);
  const option = whatIfOption(keyspaceRings(answer, pos), 'QUORUM', answer.assumedDown);
  assert.deepEqual(option.legend.data, [STATES.available.name, STATES.partly.name, STATES.lost.name]);
  const lost = option.series[0].data.find(d => d.kind === 'lost');
  assert.equal(lost.itemStyle.color, STATES.lost.color);
  assert.deepEqual(lost.itemStyle.decal, STATES.lost.decal);
  assert.match(lost.tip, /\(-4611686018427387904, 0\]: replicas 127\.0\.0\.3; QUORUM needs 2 live replicas/);
  // a keyspace with nothing lost still names every state in the legend
  const clear = whatIfOption(keyspaceRings({ ...answer, keyspaces: [answer.keyspaces[1]] }, pos), 'QUORUM', []);
  assert.deepEqual(clear.series[0].data.map(d => d.kind).sort(), ['available', 'lost', 'partly']);
  assert.equal(option.title.text, '127.0.0.3, 127.0.0.4 down at QUORUM');
});
