// Calls to the ringmap API with the credentials the user gave (kept in sessionStorage for this tab only).
const STORE = 'ringmap.console.credential';
let settings = { mode: 'none', header: null };

/** Reads how the API wants callers to authenticate (GET /console/settings). */
export async function loadSettings() {
  const answer = await fetch('settings', { headers: { Accept: 'application/json' } });
  if (answer.ok) {
    settings = await answer.json();
  }
  return settings;
}

export function setCredential(value) {
  if (value) {
    sessionStorage.setItem(STORE, value);
  } else {
    sessionStorage.removeItem(STORE);
  }
}

export function hasCredential() {
  return !!sessionStorage.getItem(STORE);
}

function headers(extra) {
  const h = { Accept: 'application/json', ...extra };
  const credential = sessionStorage.getItem(STORE);
  if (credential && settings.mode === 'api-key') {
    h[settings.header] = credential;
  } else if (credential && settings.mode === 'jwt') {
    h.Authorization = 'Bearer ' + credential;
  }
  return h;
}

/** An answer that was not 2xx: the RFC 9457 problem when the API sent one. */
export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem && (problem.detail || problem.title) ? (problem.title || '') + ': ' + (problem.detail || '')
      : 'HTTP ' + status);
    this.status = status;
    this.problem = problem || {};
  }
}

async function send(path, init) {
  const answer = await fetch('../' + path.replace(/^\//, ''), init);
  const type = answer.headers.get('Content-Type') || '';
  const body = type.includes('json') ? await answer.json() : null;
  if (!answer.ok) {
    throw new ApiProblem(answer.status, body);
  }
  return body;
}

export function get(path, params) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (Array.isArray(v)) {
      v.forEach(x => query.append(k, x));
    } else if (v !== undefined && v !== null && v !== '') {
      query.append(k, v);
    }
  }
  const q = query.toString();
  return send(path + (q ? '?' + q : ''), { headers: headers() });
}

export function post(path, body) {
  return send(path, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(body) });
}
