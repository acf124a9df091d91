// The ring's mapping of GET /ring and GET /ranges answers to chart data (run by ConsoleScriptsTest: node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeRanges, ownershipTree, positions, ringOption, segments }
  from '../../../main/resources/static/console/js/ring-model.js';

const pos = positions('Murmur3Partitioner', []);

test('murmur3PositionsRunFromTheMinimumTokenWithTokensAsStrings', () => {
  assert.equal(pos('-9223372036854775808'), 0);
  assert.equal(pos('0'), 0.5);
  assert.equal(pos('9223372036854775807'), 1);
  // tokens 10^10 apart (a 256,000-token ring's ranges average 7 * 10^13) stay apart: BigInt first, then a double
  assert.ok(pos('4611686028427387904') > pos('4611686018427387904'));
});

test('orderedPartitionersPlaceATokenByItsRank', () => {
  const byRank = positions('ByteOrderedPartitioner', ['0c', '0a', '0b']);
  assert.equal(byRank('0a'), 0);
  assert.equal(byRank('0b'), 1 / 3);
});

test('segmentsCoverTheRingOnceMergingNeighboursOfOneKind', () => {
  // given two adjacent primary ranges and one wrapping replica range
  const segs = segments(pos, [
    { start: '-4611686018427387904', end: '0', kind: 'primary' },
    { start: '0', end: '4611686018427387904', kind: 'primary' },
    { start: '6917529027641081856', end: '-6917529027641081856', kind: 'replica' }], 'other');
  // then the ring is cut at the kinds' changes, the wrapping range in two pieces, covering 0..1 exactly
  assert.deepEqual(segs.map(s => [s.kind, s.from, s.to]), [
    ['replica', 0, 0.125], ['other', 0.125, 0.25], ['primary', 0.25, 0.75], ['other', 0.75, 0.875],
    ['replica', 0.875, 1]]);
  assert.equal(segs[2].ranges.length, 2);
});

test('aWholeRingRangeIsOneSegment', () => {
  const segs = segments(pos, [{ start: '-9223372036854775808', end: '-9223372036854775808', kind: 'lost' }], 'ok');
  assert.deepEqual(segs.map(s => [s.kind, s.from, s.to]), [['lost', 0, 1]]);
});

test('nodeRangesAreItsPrimaryAndReplicaRangesFromItsPartOfTheMap', () => {
  // given GET /ranges/node's answer for a node that is the primary of one range and a replica of another
  const answer = { node: { address: 'a' }, ranges: [
    { start: '0', end: '100', primary: false, replicas: ['b', 'a'] },
    { start: '100', end: '-100', primary: true, replicas: ['a', 'b'] }] };
  assert.deepEqual(nodeRanges(answer), [{ start: '0', end: '100', kind: 'replica' },
    { start: '100', end: '-100', kind: 'primary' }]);
});

test('ownershipIsADonutOfDataCentreRackAndNodeWithThePickedNodeOutlined', () => {
  const nodes = [
    { address: '1', hostId: 'N1', datacenter: 'dc1', rack: 'r1', state: 'UP', ownership: 0.5 },
    { address: '2', hostId: 'N2', datacenter: 'dc1', rack: 'r2', state: 'DOWN', ownership: 0.25 },
    { address: '3', hostId: 'N3', datacenter: 'dc2', rack: 'r1', state: 'UP', ownership: 0.25 }];
  const tree = ownershipTree(nodes, '2');
  assert.deepEqual(tree.map(dc => [dc.name, dc.children.map(r => [r.name, r.children.map(n => n.name)])]),
    [['dc1', [['r1', ['N1']], ['r2', ['N2']]]], ['dc2', [['r1', ['N3']]]]]);
  const n2 = tree[0].children[1].children[0];
  assert.equal(n2.itemStyle.borderColor, '#f5a300');
  assert.ok(n2.itemStyle.decal, 'a node not UP is hatched');
  assert.equal(tree[0].children[0].children[0].itemStyle.decal, undefined);
});

test('aThousandNodesOfVnodesGiveOneSectorPerNodeNotOnePerToken', () => {
  // given 1000 nodes of 32 random tokens each, RF 3 in ring order (the browser test draws 1000 x 256)
  const nodes = Array.from({ length: 1000 }, (_, i) => ({ address: `10.0.${i >> 8}.${i & 255}`, hostId: `n${i}`,
    datacenter: `dc${i % 2}`, rack: `r${i % 3}`, state: 'UP', ownership: 0.001 }));
  let seed = 42n;
  const random = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n));
  const tokens = Array.from({ length: 32000 }, () => BigInt.asIntN(64, random())).sort((a, b) => (a < b ? -1 : 1))
    .map(String);
  const owners = tokens.map((_, i) => (i * 7919) % 1000);
  // GET /ranges/node of the first node: the ranges (tokens[i-1], tokens[i]] whose three replicas name it
  const ranges = [];
  owners.forEach((o, i) => {
    const replicas = [o, owners[(i + 1) % owners.length], owners[(i + 2) % owners.length]];
    if (replicas.includes(0)) {
      ranges.push({ start: tokens[(i - 1 + tokens.length) % tokens.length], end: tokens[i], primary: o === 0,
        replicas: replicas.map(r => nodes[r].address) });
    }
  });
  // when the first node is picked
  const mine = nodeRanges({ node: nodes[0], ranges });
  const option = ringOption({ nodes, picked: nodes[0].address, partitioner: 'Murmur3Partitioner',
    segs: segments(pos, mine, 'other') });
  // then the donut has 1000 node sectors and the token ring at most two pieces per range of the node
  const leaves = option.series[0].data.flatMap(dc => dc.children.flatMap(r => r.children));
  assert.equal(leaves.length, 1000);
  assert.equal(mine.filter(r => r.kind === 'primary').length, 32);
  assert.ok(option.series[1].data.length <= 2 * mine.length + 1);
  const covered = option.series[1].data.reduce((a, d) => a + d.value, 0);
  assert.ok(Math.abs(covered - 1) < 1e-9);
});
