// The bar charts' mapping (run by ConsoleScriptsTest: node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barOption } from '../../../main/resources/static/console/js/bars-model.js';

test('groupsOneBarPerSeriesWithTheUnitOnTheAxis', () => {
  const option = barOption({ categories: ['a', 'b'], unit: '% of the ring',
    series: [{ name: 'reads lost', values: [50, 0] }, { name: 'writes lost', values: [25, 0] }], max: 100 });
  assert.deepEqual(option.series.map(s => [s.name, s.data]), [['reads lost', [50, 0]], ['writes lost', [25, 0]]]);
  assert.equal(option.yAxis.name, '% of the ring');
  assert.equal(option.yAxis.max, 100);
  assert.deepEqual(option.dataZoom, []);
});

test('logAxisStartsADecadeBelowTheSmallestValueAndLeavesZerosOut', () => {
  const option = barOption({ categories: ['p50', 'max'], unit: 'rows', log: true,
    series: [{ name: 'd', values: [480, 0] }] });
  assert.equal(option.yAxis.type, 'log');
  assert.equal(option.yAxis.min, 10);
  assert.deepEqual(option.series[0].data, [480, null]);
});

test('manyCategoriesAreZoomedWithASliderAndLabelsThatDoNotOverlap', () => {
  const categories = Array.from({ length: 1000 }, (_, i) => `n${i}`);
  const option = barOption({ categories, unit: '%', series: [{ name: 'ownership', values: categories.map(() => 0.1) }] });
  assert.equal(option.dataZoom[0].endValue, 23);
  assert.equal(option.xAxis.axisLabel.hideOverlap, true);
});
