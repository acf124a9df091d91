// Pure mapping of grouped values to an ECharts bar chart (the ownership, what-if shares, sizes and plans charts).
import { CATEGORIES, count, escapeHtml } from './format.js';

/**
 * A grouped bar chart: one group per category, one bar per series, on a linear or log axis named with its unit.
 * Past `zoomAbove` categories (24) only the first ones are shown with a slider to move along; axis labels that would
 * overlap are left out by the chart (the tooltip names every bar).
 *
 * @param spec {categories: [...], series: [{name, values: [...]}], unit, log, format, max (the axis' top)}
 */
export function barOption({ categories, series, unit, log, format, max, zoomAbove = 24 }) {
  const show = format || count;
  const zoom = categories.length > zoomAbove;
  return {
    animation: false,
    aria: { enabled: true },
    color: CATEGORIES,
    legend: { top: 0, data: series.map(s => s.name) },
    grid: { left: 12, right: 16, top: 52, bottom: zoom ? 44 : 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true,
      formatter: ps => `<b>${escapeHtml(ps[0].axisValue)}</b>` + ps.map(p => `<br>${escapeHtml(p.seriesName)}: `
        + `${escapeHtml(show(p.value))} ${escapeHtml(unit)}`).join('') },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 'auto', hideOverlap: true } },
    yAxis: { type: log ? 'log' : 'value', name: unit, nameLocation: 'end', nameTextStyle: { align: 'left' },
      axisLabel: { formatter: v => show(v) }, min: log ? logFloor(series) : 0, max },
    dataZoom: zoom ? [{ type: 'slider', xAxisIndex: 0, startValue: 0, endValue: zoomAbove - 1, bottom: 8 },
      { type: 'inside', xAxisIndex: 0 }] : [],
    series: series.map(s => ({ type: 'bar', name: s.name, data: s.values.map(v => (log && !(v > 0) ? null : v)),
      large: categories.length > 500 }))
  };
}

/** A decade below the smallest positive value, so the smallest bar still stands a decade tall on a log axis. */
function logFloor(series) {
  const positive = series.flatMap(s => s.values).filter(v => v > 0);
  return positive.length ? Math.pow(10, Math.floor(Math.log10(Math.min(...positive))) - 1) : 1;
}
