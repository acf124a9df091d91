// Pure mapping of POST /plan/restart and its guide to chart data: each node's primary ranges on the token ring in
// the colour of its wave, and the guide's answer as lines. No DOM, no chart library.
import { CATEGORIES, escapeHtml, percent, range } from './format.js';
import { segments, segmentData } from './ring-model.js';

/** Per node address, its wave number (1 for the first), from the plan's answer. */
export function waveOf(plan) {
  const out = {};
  for (const w of plan.waves) {
    for (const n of w.nodes) {
      out[n] = w.wave;
    }
  }
  return out;
}

/**
 * The ring cut into segments of the wave restarting each range's primary replica ('wave N', or 'kept' for a node
 * not restarted), from GET /ranges (range i is `(tokens[i-1], tokens[i]]`, its first replica is primary).
 */
export function waveSegments(ranges, plan, pos) {
  const waves = waveOf(plan);
  const out = [];
  for (let i = 0; i < ranges.tokens.length; i++) {
    const primary = ranges.nodes[ranges.replicas[i][0]].address;
    const wave = waves[primary];
    out.push({ start: ranges.tokens[(i - 1 + ranges.tokens.length) % ranges.tokens.length], end: ranges.tokens[i],
      kind: wave ? 'wave ' + wave : 'kept', primary });
  }
  return segments(pos, out, 'kept');
}

/** The colour of each kind: a wave by its number (Okabe-Ito), a node not restarted grey. */
export function waveColours(plan) {
  const colours = { kept: { color: '#e6e6e6' } };
  plan.waves.forEach((w, i) => {
    colours['wave ' + w.wave] = { color: CATEGORIES[i % CATEGORIES.length],
      decal: i >= CATEGORIES.length ? { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: 1 }
        : undefined };
  });
  return colours;
}

/** The plan's chart: the token ring, each node's primary ranges in its wave's colour, a legend of the waves. */
export function restartOption(plan, segs) {
  const colours = waveColours(plan);
  const names = Object.fromEntries(Object.keys(colours).map(k => [k, k === 'kept' ? 'not restarted' : k]));
  const nodesOf = Object.fromEntries(plan.waves.map(w => ['wave ' + w.wave, w.nodes]));
  const tip = s => `<b>${escapeHtml(names[s.kind])}</b>` + (nodesOf[s.kind]
    ? `: ${escapeHtml(nodesOf[s.kind].join(', '))}` : '') + `<br>${percent(s.to - s.from)} of the ring`
    + s.ranges.slice(0, 3).map(r => `<br>${escapeHtml(range(r.start, r.end))} primary ${escapeHtml(r.primary)}`)
      .join('') + (s.ranges.length > 3 ? '<br>…' : '');
  return {
    animation: false,
    aria: { enabled: true },
    title: { text: `${plan.waveCount} wave${plan.waveCount === 1 ? '' : 's'} (one node at a time: `
      + `${plan.oneAtATime})`, left: 'center', top: 0, textStyle: { fontSize: 13 },
    subtext: 'each node\'s primary ranges in the colour of its wave' },
    tooltip: { trigger: 'item', confine: true, formatter: p => p.data.tip },
    legend: { bottom: 0, data: plan.waves.map(w => 'wave ' + w.wave), selectedMode: false },
    series: [{
      type: 'pie', id: 'waves', radius: ['52%', '78%'], center: ['50%', '52%'], startAngle: 90, clockwise: true,
      label: { show: false }, labelLine: { show: false }, emphasis: { scale: false },
      data: segmentData(segs, colours, names, tip)
    }]
  };
}

/** The rows of the waves' table: wave, nodes, whole racks, and why it is safe (one line per keyspace checked). */
export function waveRows(plan) {
  return plan.waves.map(w => [String(w.wave), w.nodes.join(', '), w.wholeRacks.join(', ') || '-',
    w.checks.map(c => c.reason).join(' | ')]);
}

/** The guide's answer as [term, value] pairs: what to do, which nodes, why to wait, the views read and their age. */
export function guideLines(answer) {
  const lines = [['Action', answer.action]];
  if (answer.stop.length) {
    lines.push(['Stop now', answer.stop.join(', ')]);
  }
  if (answer.next && answer.action !== 'STOP') {
    lines.push(['Next wave', answer.next.nodes.join(', ')]);
  }
  lines.push(['Restarted', answer.restarted.join(', ') || 'none'], ['Waves left', String(answer.wavesLeft)]);
  answer.waits.forEach((w, i) => lines.push([i === 0 ? 'Wait' : '', w.reason]));
  answer.views.forEach((v, i) => lines.push([i === 0 ? 'Views read' : '', `${v.node}: ${v.source}, `
    + `${v.ageMillis} ms old` + (v.error ? `, not read: ${v.error}` : `, ${v.members} members`)]));
  return lines;
}
