// The key visualizer's mapping of GET /heatmap answers to chart data (run by ConsoleScriptsTest: node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEYS_PER_CELL, bucketKeys, bucketLabel, cellKeys, cellTooltip, cells, cellsIn, fitBuckets, fitWindow,
  heatmapOption, hottestCell, hottestTable, keysText, ownerChanges, selectionSummary, sliceLabel, visibleRange }
  from '../../../main/resources/static/console/js/heatmap-model.js';

const N1 = { address: '127.0.0.1', hostId: 'N1', datacenter: 'dc1', rack: 'rack1', state: 'UP' };
const N2 = { address: '127.0.0.2', hostId: 'N2', datacenter: 'dc1', rack: 'rack2', state: 'UP' };

/** An answer of 3 buckets by `counts.length` slices of a minute. */
function answer(counts) {
  return {
    keyspace: 'iot', table: 'readings', source: 'client', slice: 'PT1M', window: 'PT1H', to: '2026-12-05T13:00:00Z',
    hits: counts.flat().reduce((a, b) => a + b, 0), maxCount: Math.max(0, ...counts.flat()), keysShown: 'clear',
    buckets: [
      { index: 0, start: '-9223372036854775808', end: '-3074457345618258603', ringShare: 1 / 3, replicas: [N1, N2],
        hits: 0, hotKeys: [] },
      { index: 1, start: '-3074457345618258603', end: '3074457345618258602', ringShare: 1 / 3, replicas: [N1, N2],
        hits: 0, hotKeys: [] },
      { index: 2, start: '3074457345618258602', end: '9223372036854775807', ringShare: 1 / 3, replicas: [N2, N1],
        hits: 0, hotKeys: [] }],
    slices: counts.map((c, i) => ({ start: `2026-12-05T12:${String(60 - counts.length + i).padStart(2, '0')}:00Z`,
      counts: c, keys: [] }))
  };
}

test('hottestCellIsTheLatestOfTheLargestCounts', () => {
  // given two cells with the largest count
  const a = answer([[0, 5, 0], [1, 0, 5]]);
  // then the later one is the hottest
  assert.deepEqual(hottestCell(a), { bucket: 2, slice: 1, count: 5 });
  assert.equal(hottestCell(answer([[0, 0, 0]])), null);
});

test('opensOnTheTableWithMostHitsElseTheFirst', () => {
  assert.equal(hottestTable([{ table: 'a.t', hits: 0 }, { table: 'b.t', hits: 7 }, { table: 'c.t', hits: 3 }]),
    'b.t');
  assert.equal(hottestTable([{ table: 'a.t', hits: 0 }, { table: 'b.t', hits: 0 }]), 'a.t');
  assert.equal(hottestTable([]), null);
});

test('windowFitsTheSlicesWithDataAndShowsEverythingWhenNothingWasCounted', () => {
  // given 60 slices, counts only in the last two
  const counts = Array.from({ length: 60 }, (_, i) => (i >= 58 ? [1, 0, 0] : [0, 0, 0]));
  // then the chart opens on at least 5 slices ending with the last
  assert.deepEqual(fitWindow(answer(counts)), { startValue: 55, endValue: 59 });
  // and from the slice before the first count when the data spans more
  counts[20] = [0, 1, 0];
  assert.deepEqual(fitWindow(answer(counts)), { startValue: 19, endValue: 59 });
  assert.deepEqual(fitWindow(answer([[0, 0, 0], [0, 0, 0]])), { startValue: 0, endValue: 1 });
});

test('bucketsFitTheChartWithCellsAtLeastSixPixelsHigh', () => {
  assert.equal(fitBuckets(420, 128), 70);
  assert.equal(fitBuckets(2000, 128), 128);
  assert.equal(fitBuckets(3, 128), 1);
});

test('tokenAxisNamesTheOwnerAndLabelsOnlyWhereTheOwnerChanges', () => {
  const a = answer([[0, 0, 0]]);
  const labels = a.buckets.map(bucketLabel);
  assert.deepEqual(labels, ['N1 · dc1/rack1', 'N1 · dc1/rack1', 'N2 · dc1/rack2']);
  assert.deepEqual([0, 1, 2].map(ownerChanges(labels)), [true, false, true]);
  assert.equal(bucketLabel({ replicas: [] }), 'no replica');
});

test('cellsAreTheNonZeroCountsOnALogScale', () => {
  assert.deepEqual(cells(answer([[0, 100, 0], [1, 0, 0]])), [[0, 1, 2, 100], [1, 0, 0, 1]]);
});

test('tooltipGivesTimeRangeHitsAndReplicasWithTokensAsStrings', () => {
  const tip = cellTooltip(answer([[0, 0, 1234567]]), 2, 0);
  assert.match(tip, /2026-12-05T12:59:00Z to 2026-12-05T13:00:00Z/);
  assert.match(tip, /tokens \(3074457345618258602, 9223372036854775807\]/);
  assert.match(tip, /1,234,567 hits/);
  assert.match(tip, /N2 \(127\.0\.0\.2, dc1\/rack2, UP\), N1/);
  assert.doesNotMatch(tip, /e\+/);
});

test('visibleRangeNamesTheZoomedSlicesAndTokens', () => {
  const v = visibleRange(answer([[0, 0, 0], [0, 0, 0], [0, 0, 0]]), { startValue: 1, endValue: 2 },
    { startValue: 1, endValue: 1 });
  assert.equal(v.slices, 2);
  assert.equal(v.buckets, 1);
  assert.equal(v.from, '2026-12-05T12:58:00Z');
  assert.equal(v.to, '2026-12-05T13:00:00Z');
  assert.equal(v.start, '-3074457345618258603');
});

test('sliceLabelsShowSecondsOnlyForSlicesShorterThanAMinute', () => {
  assert.equal(sliceLabel('2026-12-05T12:58:30Z', 'PT1M'), '12:58');
  assert.equal(sliceLabel('2026-12-05T12:58:30Z', 'PT10S'), '12:58:30');
});

test('optionZoomsBothAxesAndColoursOnALogScale', () => {
  const option = heatmapOption(answer([[0, 0, 1000]]), { x: { startValue: 0, endValue: 0 },
    y: { startValue: 0, endValue: 2 } });
  assert.deepEqual(option.dataZoom.map(z => [z.type, z.xAxisIndex ?? z.yAxisIndex, z.xAxisIndex === undefined]),
    [['slider', 0, false], ['inside', 0, false], ['slider', 0, true], ['inside', 0, true]]);
  assert.equal(option.visualMap.max, 3);
  assert.equal(option.visualMap.formatter(3), '1,000');
  assert.equal(option.yAxis.inverse, true);
  assert.equal(option.series[0].data.length, 1);
  // a cell's tooltip names its hits; anything else of the chart under a kept tooltip has none
  assert.match(option.tooltip.formatter({ componentType: 'series', data: option.series[0].data[0] }), /1,000 hits/);
  assert.equal(option.tooltip.formatter({ componentType: 'visualMap' }), '');
});

test('aSelectionSumsItsCellsAndNamesTheTimesAndTokensItSpans', () => {
  const a = answer([[0, 5, 0], [0, 7, 1], [0, 0, 0]]);
  const summary = selectionSummary(a, [[0, 1], [1, 1], [1, 2]]);
  assert.equal(summary.cells, 3);
  assert.equal(summary.total, 13);
  assert.equal(summary.text, 'Selected: 13 hits in 3 cells, 2026-12-05T12:57:00Z to 2026-12-05T12:59:00Z, tokens '
    + '(-3074457345618258603, 9223372036854775807].');
  assert.deepEqual(selectionSummary(a, []), { cells: 0, total: 0, text: '' });
});

test('brushedRectanglesPickTheCellsWithACountInsideThem', () => {
  const a = answer([[0, 5, 0], [0, 7, 1], [2, 0, 0]]);
  // a rectangle drawn right to left and bottom to top is the same rectangle
  assert.deepEqual(cellsIn(a, [[[1, 0], [2, 1]]]), [[0, 1], [1, 1], [1, 2]]);
  assert.deepEqual(cellsIn(a, [[[2, 2], [0, 0]], [[0, 0], [1, 1]]]), [[0, 1], [2, 0]]);
  assert.deepEqual(cellsIn(a, []), []);
});

/** The answer of `counts` whose slice `si` has these keys ({label, hits, bucket}, hottest first). */
function withKeys(counts, si, keys) {
  const a = answer(counts);
  a.slices[si].keys = keys;
  return a;
}

test('aCellsKeysAreItsSlicesKeysInItsBucketHottestFirst', () => {
  // given a slice whose keys are in buckets 2 and 0, and a slice before it with a key of its own
  const a = withKeys([[0, 0, 9], [1, 0, 12]], 1, [{ label: 'sensor-1:2026-12-01', hits: 9, bucket: 2 },
    { label: 'sensor-9:2026-12-01', hits: 1, bucket: 0 }, { label: 'sensor-2:2026-12-01', hits: 3, bucket: 2 }]);
  a.slices[0].keys = [{ label: 'sensor-5:2026-12-01', hits: 9, bucket: 2 }];
  // then the cell of slice 1, bucket 2 lists that slice's keys of that bucket, in the answer's order
  assert.deepEqual(cellKeys(a, 2, 1), { keys: [{ label: 'sensor-1:2026-12-01', hits: 9 },
    { label: 'sensor-2:2026-12-01', hits: 3 }], more: 0, note: '' });
  assert.equal(keysText(cellKeys(a, 2, 1)), 'sensor-1:2026-12-01 (9 hits); sensor-2:2026-12-01 (3 hits)');
  // and a cell of the same bucket a slice earlier its own key only
  assert.deepEqual(cellKeys(a, 2, 0).keys, [{ label: 'sensor-5:2026-12-01', hits: 9 }]);
});

test('aCellListsAtMostFiveKeysAndSaysHowManyMore', () => {
  const keys = Array.from({ length: KEYS_PER_CELL + 2 }, (_, i) => ({ label: `k${i}`, hits: 100 - i, bucket: 1 }));
  const cell = cellKeys(withKeys([[0, 1234, 0]], 0, keys), 1, 0);
  assert.equal(cell.keys.length, 5);
  assert.equal(cell.more, 2);
  assert.match(keysText(cell), /^k0 \(100 hits\); .*k4 \(96 hits\); and 2 more$/);
});

test('aCellWithoutKeysSaysSoAndAnAnswerWithoutKeysSaysWhy', () => {
  assert.equal(keysText(cellKeys(answer([[0, 3, 0]]), 1, 0)),
    'none of the table\'s tracked keys (its top K) was hit in this cell');
  const hashed = withKeys([[0, 3, 0]], 0, [{ label: 'never-shown', hits: 3, bucket: 1 }]);
  hashed.keysShown = 'hashed';
  assert.match(keysText(cellKeys(hashed, 1, 0)), /^keys are hashed: a hashed label is never shown with a token range/);
  assert.doesNotMatch(cellTooltip(hashed, 1, 0), /never-shown/);
  assert.match(keysText(cellKeys({ ...answer([[0, 3, 0]]), keysShown: 'server-side' }, 1, 0)), /GET \/hotkeys/);
  assert.match(keysText(cellKeys({ ...answer([[0, 3, 0]]), keysShown: 'not-tracked' }, 1, 0)), /not tracked/);
});

test('tooltipNamesTheKeysHottestInTheCellEscaped', () => {
  const a = withKeys([[0, 0, 5]], 0, [{ label: '<b>x</b>:1', hits: 5, bucket: 2 }]);
  const tip = cellTooltip(a, 2, 0);
  assert.match(tip, /hottest keys in this cell: &lt;b&gt;x&lt;\/b&gt;:1 \(5 hits\)/);
  assert.match(cellTooltip(a, 1, 0), /hottest keys in this cell: none of the table&#39;s tracked keys/);
});

test('aBucketsKeysOverTheWindowAreItsHotKeys', () => {
  const a = answer([[0, 0, 5]]);
  a.buckets[2].hotKeys = [{ label: 'sensor-1:2026-12-01', hits: 1200 }];
  assert.equal(keysText(bucketKeys(a, 2)), 'sensor-1:2026-12-01 (1,200 hits)');
  assert.equal(keysText(bucketKeys(a, 0)), 'none of the table\'s tracked keys was hit in this range');
});
