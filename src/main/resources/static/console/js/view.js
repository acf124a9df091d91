// One view of the console (a tab): it loads when first opened, keeps its own banner for what went wrong (an error,
// or a 409 saying what the view needs) and clears it on its next success; a failed view shows no stale chart.
import { blank } from './charts.js';

/** Requests under way on the page (the body's data-busy), so a person or a test can tell when it has settled. */
export function busy(delta) {
  document.body.dataset.busy = String(Math.max(0, Number(document.body.dataset.busy || 0) + delta));
}

/** The text of a failure: the API's problem (title and detail) or the error's message. */
export function describe(e) {
  return e.message || String(e);
}

export class View {
  /**
   * @param name   the view's name: its section is view-<name>, its banner <name>-banner
   * @param charts the ids of its chart elements, emptied when it fails
   * @param load   what opening it does (async)
   */
  constructor(name, charts, load) {
    this.name = name;
    this.section = document.getElementById('view-' + name);
    this.banner = document.getElementById(name + '-banner');
    this.charts = charts;
    this.load = load;
    this.opened = false;
  }

  /** Shown: the first time it loads (its charts follow their elements' sizes by themselves). */
  open() {
    if (!this.opened) {
      this.opened = true;
      return this.run(this.load);
    }
    return Promise.resolve();
  }

  get visible() {
    return !this.section.hidden;
  }

  /** Runs `action` on the form's submit and on any change of its controls. */
  redrawOn(form, action) {
    const redraw = e => {
      if (e.type === 'submit') {
        e.preventDefault();
      }
      this.run(action);
    };
    form.addEventListener('submit', redraw);
    form.addEventListener('change', redraw);
  }

  /** Runs what the view does, its banner showing how it went. */
  async run(action) {
    busy(1);
    try {
      await action();
      this.banner.hidden = true;
      this.banner.textContent = '';
      delete this.banner.dataset.status;
      delete this.banner.dataset.problem;
    } catch (e) {
      blank(this.charts);
      const needs = e.status === 409;
      this.banner.className = needs ? 'banner needs' : 'banner error';
      this.banner.textContent = (needs ? 'Not available here: ' : '') + describe(e);
      this.banner.dataset.status = String(e.status || 'script');
      this.banner.dataset.problem = (e.problem && e.problem.type) || '';
      this.banner.hidden = false;
    } finally {
      busy(-1);
    }
  }
}
