// The bearer-authenticated /api/v1 client. Errors are typed: ApiError (the server answered 4xx/5xx),
// NetworkError (no answer at all: offline, server down, connection lost mid-response, or no answer in time).
// Every request has a timeout; a read with no answer at all is tried again once after a short pause. Whether
// the server answers ("ok" / "no-answer") is announced as the 'server' event, apart from the browser's
// offline state. Timeouts come from localStorage 'fe-timeouts' when set (tests use short ones).
import { emit } from './events.js';
import { session } from './session.js';

export const TIMEOUTS = { request_ms: 15000, upload_idle_ms: 60000, read_retry_ms: 800, probe_ms: 5000,
  ...JSON.parse(localStorage.getItem('fe-timeouts') || '{}') };

export class ApiError extends Error {
  constructor(status, message, detail) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.detail = detail || {};
  }

  // Field messages flattened: "consent_name: owner consent needs the name…"
  get fields() {
    const out = [];
    const walk = (obj, path) => {
      if (Array.isArray(obj)) obj.forEach((m) => (typeof m === 'string' ? out.push(`${path}: ${m}`) : walk(m, path)));
      else if (obj && typeof obj === 'object') Object.entries(obj).forEach(([k, v]) => walk(v, path ? `${path}.${k}` : k));
    };
    walk(this.detail.json || this.detail.query || this.detail.form || {}, '');
    return out;
  }

  get full() {
    return [this.message, ...this.fields].join(' — ');
  }
}

export class NetworkError extends Error {
  constructor(message, { forced = false, timedOut = false } = {}) {
    super(message);
    this.forced = forced;
    this.timedOut = timedOut;
  }
}

export let serverState = 'ok';
export function noteServer(state) {
  if (state === serverState) return;
  serverState = state;
  emit('server', { state });
}

// Requests of the sync queue can be cut short ("Send now", the server answering again): abortAll().
const live = new Set();
export function abortAll() { live.forEach((c) => c.abort('forced')); }

function timed(ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), ms);
  live.add(controller);
  controller.done = () => { clearTimeout(timer); live.delete(controller); };
  return controller;
}

function failure(controller, error) {
  const why = controller.signal.aborted ? controller.signal.reason : null;
  if (why === 'timeout') noteServer('no-answer'); // a refused or dropped connection is not a hung server
  if (why === 'timeout') return new NetworkError('the server did not answer in time', { timedOut: true });
  if (why === 'forced') return new NetworkError('stopped waiting for the server', { forced: true });
  return new NetworkError(`no connection (${error.message})`);
}

export function authHeaders() {
  return session.token ? { Authorization: `Bearer ${session.token}` } : {};
}

async function parse(response) {
  const type = response.headers.get('Content-Type') || '';
  if (response.status === 204) return null;
  return type.includes('json') ? response.json() : response.text();
}

// One request; resolves {data, status, etag, offlineCopy}. A 401 also tells the session it has expired.
export async function request(method, path, { body, headers = {}, auth = true, retry = method === 'GET' } = {}) {
  try {
    return await once(method, path, { body, headers, auth });
  } catch (error) {
    if (!retry || !(error instanceof NetworkError) || error.forced || error.timedOut) throw error;
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.read_retry_ms));
    return once(method, path, { body, headers, auth });
  }
}

async function once(method, path, { body, headers, auth }) {
  const controller = timed(TIMEOUTS.request_ms);
  const init = { method, signal: controller.signal,
    headers: { Accept: 'application/json', ...(auth ? authHeaders() : {}), ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  let response;
  let data;
  try {
    response = await fetch(path, init);
    data = await parse(response).catch((error) => { if (controller.signal.aborted) throw error; return null; });
  } catch (error) {
    throw failure(controller, error);
  } finally {
    controller.done();
  }
  if (response.headers.get('X-Offline')) throw new NetworkError('offline, and this is not saved on the phone');
  if (!response.headers.get('X-Offline-Copy')) noteServer([502, 504].includes(response.status) ? 'no-answer' : 'ok');
  if (!response.ok) {
    if (response.status === 401 && auth) session.expired();
    const message = data && typeof data === 'object' ? data.message : String(data || '').slice(0, 200);
    throw new ApiError(response.status, message, data && data.detail);
  }
  return { data, status: response.status, etag: response.headers.get('ETag'),
    offlineCopy: response.headers.get('X-Offline-Copy') };
}

export const getJson = (path) => request('GET', path);

// An image or file behind the bearer token, as an object URL (an <img src> cannot send the token).
export async function objectUrl(path) {
  const controller = timed(TIMEOUTS.request_ms);
  try {
    const response = await fetch(path, { headers: authHeaders(), signal: controller.signal });
    return response.ok ? URL.createObjectURL(await response.blob()) : null;
  } catch (error) {
    return null;
  } finally {
    controller.done();
  }
}
export const postJson = (path, body) => request('POST', path, { body: body || {} });

// A raw-body upload with progress (fetch cannot report upload progress; XHR can).
// No progress for upload_idle_ms, or no answer request_ms after the last byte, is a timeout.
export function upload(path, blob, onProgress, headers = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const controller = new AbortController();
    live.add(controller);
    let timer = null;
    const wait = (ms) => { clearTimeout(timer); timer = setTimeout(() => controller.abort('timeout'), ms); };
    controller.signal.addEventListener('abort', () => xhr.abort());
    const settle = (fn, value) => { clearTimeout(timer); live.delete(controller); fn(value); };
    wait(TIMEOUTS.upload_idle_ms);
    xhr.upload.onloadend = () => wait(TIMEOUTS.request_ms);
    xhr.onabort = () => settle(reject, failure(controller, new Error('aborted')));
    xhr.open('PUT', path);
    Object.entries({ ...authHeaders(), ...headers }).forEach(([k, v]) => xhr.setRequestHeader(k, v));
    xhr.setRequestHeader('Content-Type', blob.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => { wait(TIMEOUTS.upload_idle_ms); if (e.lengthComputable) onProgress(e.loaded, e.total); };
    xhr.onerror = () => settle(reject, failure(controller, new Error('connection lost during the upload')));
    xhr.onload = () => {
      let data = null;
      try { data = JSON.parse(xhr.responseText); } catch (e) { data = null; }
      noteServer([502, 504].includes(xhr.status) ? 'no-answer' : 'ok');
      if (xhr.status >= 200 && xhr.status < 300) return settle(resolve, { data, status: xhr.status });
      if (xhr.status === 0) return settle(reject, new NetworkError('no answer'));
      if (xhr.status === 401) session.expired();
      settle(reject, new ApiError(xhr.status, data && data.message, data && data.detail));
    };
    xhr.send(blob);
  });
}
