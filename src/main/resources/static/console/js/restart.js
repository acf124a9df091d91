// The restart view: POST /plan/restart's waves on the token ring (restart-model.js) and in a table, and the guide's
// current answer (POST /plan/restart/next) for the nodes restarted so far.
import { get, post } from './api.js';
import { draw } from './charts.js';
import { definitions, table } from './dom.js';
import { positions } from './ring-model.js';
import { guideLines, restartOption, waveRows, waveSegments } from './restart-model.js';
import { View } from './view.js';

const $ = id => document.getElementById(id);
let ring = { partitioner: null, placed: [] };

export const restartView = new View('restart', ['restart-chart'], () => showRestart());

/** The partitioner and placed keyspaces of /ring: the ranges drawn are those of the first placed keyspace. */
export function restartRing(partitioner, placed) {
  ring = { partitioner, placed };
}

/** The request both endpoints take, from the form. */
function request() {
  const keyspace = $('restart-keyspace').value;
  const consistency = $('restart-consistency').value;
  const body = keyspace ? { keyspaces: { [keyspace]: consistency } } : { consistency };
  const parallelism = $('restart-parallelism').value;
  if (parallelism) {
    body.parallelism = Number(parallelism);
  }
  return body;
}

async function showRestart() {
  const body = request();
  const restarted = $('restart-restarted').value.split(',').map(s => s.trim()).filter(s => s);
  const [plan, ranges, guide] = await Promise.all([post('plan/restart', body),
    get('ranges', { keyspace: ring.placed[0] }), post('plan/restart/next', { ...body, restarted })]);
  const pos = positions(ranges.partitioner, ranges.tokens);
  draw('restart-chart', restartOption(plan, waveSegments(ranges, plan, pos)));
  $('restart-chart').dataset.waves = String(plan.waveCount);
  table($('restart-waves'), `Waves at ${body.consistency || Object.values(body.keyspaces)[0]}: ${plan.waveCount}, `
    + `against ${plan.oneAtATime} one node at a time`, [['Wave', 'Nodes', 'Whole racks', 'Why it is safe'],
    ...waveRows(plan)], [0]);
  const aside = $('restart-guide');
  aside.dataset.action = guide.action;
  aside.replaceChildren(definitions(guideLines(guide)));
}

/** Any change of the level, keyspace, parallelism or nodes restarted recomputes the plan and asks the guide. */
export function restartControls() {
  restartView.redrawOn($('restart-form'), () => showRestart());
}
