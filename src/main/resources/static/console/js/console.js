// The console's entry: tabs, credentials, the selectors filled from /ring, each view's form.
import { get, loadSettings, setCredential, hasCredential } from './api.js';
import { showHeatmap } from './heatmap.js';
import { showRing, showWhatIf } from './ring.js';
import { showSizes } from './sizes.js';
import { showPlans, ATLASMART } from './plans.js';

const LEVELS = ['ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM'];
const $ = id => document.getElementById(id);

function fail(e) {
  const box = $('error');
  box.textContent = e.message || String(e);
  box.hidden = false;
}

function ok() {
  $('error').hidden = true;
}

async function run(action) {
  try {
    await action();
    ok();
  } catch (e) {
    fail(e);
  } finally {
    document.body.dataset.busy = String(Math.max(0, Number(document.body.dataset.busy || 1) - 1));
  }
}

function busy() {
  document.body.dataset.busy = String(Number(document.body.dataset.busy || 0) + 1);
}

function options(select, values, selected) {
  select.replaceChildren(...values.map(v => {
    const o = document.createElement('option');
    o.value = typeof v === 'string' ? v : v.value;
    o.textContent = typeof v === 'string' ? v : v.label;
    o.selected = o.value === selected;
    return o;
  }));
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
    history.replaceState(null, '', '#' + tab.id.slice(4));
    tab.dispatchEvent(new CustomEvent('shown', { bubbles: true }));
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
  if (start) {
    show(start, false);
  }
}

async function init() {
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
      busy();
      run(load);
    });
  }
  document.querySelectorAll('select.consistency').forEach(s => options(s, LEVELS, 'QUORUM'));
  $('plans-request').value = JSON.stringify(ATLASMART, null, 2);
  $('heatmap-form').addEventListener('submit', e => {
    e.preventDefault();
    const [keyspace, table] = $('heatmap-table').value.split('.');
    busy();
    run(() => showHeatmap(keyspace, table, $('heatmap-window').value, $('heatmap-buckets').value,
      $('heatmap-source').value));
  });
  $('ring-form').addEventListener('submit', e => {
    e.preventDefault();
    busy();
    run(() => showRing($('ring-keyspace').value, $('ring-node').value, $('ring-consistency').value));
  });
  $('whatif-form').addEventListener('submit', e => {
    e.preventDefault();
    const down = [...document.querySelectorAll('#whatif-nodes input:checked')].map(i => i.value);
    busy();
    run(() => showWhatIf($('whatif-keyspace').value, down, $('whatif-consistency').value));
  });
  $('sizes-form').addEventListener('submit', e => {
    e.preventDefault();
    const [keyspace, table] = $('sizes-table').value.split('.');
    busy();
    run(() => showSizes(keyspace, table));
  });
  $('plans-form').addEventListener('submit', e => {
    e.preventDefault();
    busy();
    run(() => showPlans(JSON.parse($('plans-request').value)));
  });
  tabs();
  busy();
  await run(load);
}

/** Fills every selector from /ring and draws the view on show. */
async function load() {
  const ring = await get('ring', { tokens: false });
  const tables = ring.keyspaces.flatMap(k => k.tables.map(t => k.name + '.' + t));
  const placed = ring.keyspaces.filter(k => k.status === 'placed').map(k => k.name);
  options($('heatmap-table'), tables, tables[0]);
  options($('sizes-table'), tables, tables[0]);
  options($('ring-keyspace'), placed, placed[0]);
  options($('whatif-keyspace'), [{ value: '', label: 'every keyspace' }, ...placed], '');
  options($('ring-node'), ring.nodes.map(n => ({ value: n.address, label: `${n.hostId} (${n.address})` })),
    ring.nodes.length ? ring.nodes[0].address : '');
  const boxes = $('whatif-nodes');
  boxes.replaceChildren(boxes.firstElementChild || document.createElement('legend'));
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
  document.body.dataset.ready = 'true';
}

document.addEventListener('DOMContentLoaded', () => init().catch(fail));
