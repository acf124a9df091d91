// The console's entry: credentials, the selectors filled from /ring, the tabs; each view loads when first shown.
import { get, loadSettings, setCredential, hasCredential } from './api.js';
import { options } from './dom.js';
import { heatmapControls, heatmapTables, heatmapView } from './heatmap.js';
import { ringControls, ringView } from './ring.js';
import { whatIfControls, whatIfRing, whatIfView } from './whatif.js';
import { restartControls, restartRing, restartView } from './restart.js';
import { sizesControls, sizesTables, sizesView } from './sizes.js';
import { plansControls, plansView } from './plans.js';
import { busy, describe } from './view.js';

const LEVELS = ['ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM'];
const VIEWS = { heatmap: heatmapView, ring: ringView, whatif: whatIfView, restart: restartView, sizes: sizesView,
  plans: plansView };
const $ = id => document.getElementById(id);
let ready = false;
let shown = 'heatmap';

/** The page's own banner: what every view needs (the ring, a credential) could not be had. */
function pageProblem(e) {
  $('error').textContent = describe(e);
  $('error').hidden = false;
}

function tabs() {
  const all = [...document.querySelectorAll('[role=tab]')];
  const show = (tab, focus) => {
    for (const t of all) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls')).hidden = !on;
    }
    if (focus) {
      tab.focus();
    }
    shown = tab.id.slice(4);
    history.replaceState(null, '', '#' + shown);
    if (ready) {
      VIEWS[shown].open();
    }
  };
  all.forEach((t, i) => {
    t.addEventListener('click', () => show(t, false));
    t.addEventListener('keydown', e => {
      const next = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (next) {
        show(all[(i + next + all.length) % all.length], true);
      }
    });
  });
  const start = all.find(t => '#' + t.id.slice(4) === location.hash);
  show(start || all[0], false);
}

/** Fills every selector from /ring, then opens the view shown. */
async function load() {
  busy(1);
  try {
    const ring = await get('ring', { tokens: false });
    const tables = ring.keyspaces.flatMap(k => k.tables.map(t => k.name + '.' + t));
    const placed = ring.keyspaces.filter(k => k.status === 'placed').map(k => k.name);
    heatmapTables(tables);
    sizesTables(tables);
    whatIfRing(ring.partitioner, placed);
    restartRing(ring.partitioner, placed);
    options($('restart-keyspace'), [{ value: '', label: 'every keyspace' }, ...placed], '');
    options($('ring-keyspace'), placed, placed[0]);
    options($('whatif-keyspace'), [{ value: '', label: 'every keyspace' }, ...placed], '');
    options($('ring-node'), ring.nodes.map(n => ({ value: n.address, label: `${n.hostId} (${n.address})` })),
      ring.nodes.length ? ring.nodes[0].address : '');
    const boxes = $('whatif-nodes');
    boxes.replaceChildren(boxes.firstElementChild);
    for (const n of ring.nodes) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = n.address;
      box.id = 'down-' + n.address;
      label.htmlFor = box.id;
      label.append(box, ` ${n.hostId} (${n.address}, ${n.datacenter})`);
      boxes.appendChild(label);
    }
    $('error').hidden = true;
    ready = true;
    for (const view of Object.values(VIEWS)) {
      view.opened = false;
    }
    await VIEWS[shown].open();
  } catch (e) {
    pageProblem(e);
  } finally {
    busy(-1);
    document.body.dataset.ready = 'true';
  }
}

async function init() {
  document.body.dataset.busy = '0';
  const settings = await loadSettings();
  if (settings.mode !== 'none') {
    $('credentials').hidden = false;
    $('credential-label').textContent = settings.mode === 'jwt' ? 'Bearer token' : `API key (${settings.header})`;
    $('credential-state').textContent = hasCredential() ? 'set for this tab' : 'needed';
    $('credentials').addEventListener('submit', e => {
      e.preventDefault();
      setCredential($('credential').value.trim());
      $('credential').value = '';
      $('credential-state').textContent = hasCredential() ? 'set for this tab' : 'needed';
      load();
    });
  }
  document.querySelectorAll('select.consistency').forEach(s => options(s, LEVELS, 'QUORUM'));
  heatmapControls();
  ringControls();
  whatIfControls();
  restartControls();
  sizesControls();
  plansControls();
  tabs();
  await load();
}

document.addEventListener('DOMContentLoaded', () => init().catch(pageProblem));
