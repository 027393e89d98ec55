// The bearer-authenticated /api/v1 client. Errors are typed: ApiError (the server answered 4xx/5xx),
// NetworkError (no answer at all: offline, server down, connection lost mid-response).
import { session } from './session.js';

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

export class NetworkError extends Error {}

export function authHeaders() {
  return session.token ? { Authorization: `Bearer ${session.token}` } : {};
}

async function parse(response) {
  const type = response.headers.get('Content-Type') || '';
  if (response.status === 204) return null;
  return type.includes('json') ? response.json() : response.text();
}

// One request; resolves {data, status, etag, offlineCopy}. A 401 also tells the session it has expired.
export async function request(method, path, { body, headers = {}, auth = true } = {}) {
  const init = { method, headers: { Accept: 'application/json', ...(auth ? authHeaders() : {}), ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new NetworkError(`no connection (${error.message})`);
  }
  if (response.headers.get('X-Offline')) throw new NetworkError('offline, and this is not saved on the phone');
  const data = await parse(response).catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && auth) session.expired();
    const message = data && typeof data === 'object' ? data.message : String(data || '').slice(0, 200);
    throw new ApiError(response.status, message, data && data.detail);
  }
  return { data, status: response.status, etag: response.headers.get('ETag'),
    offlineCopy: response.headers.get('X-Offline-Copy') };
}

export const getJson = (path) => request('GET', path);
export const postJson = (path, body) => request('POST', path, { body: body || {} });

// A raw-body upload with progress (fetch cannot report upload progress; XHR can).
export function upload(path, blob, onProgress, headers = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', path);
    Object.entries({ ...authHeaders(), ...headers }).forEach(([k, v]) => xhr.setRequestHeader(k, v));
    xhr.setRequestHeader('Content-Type', blob.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded, e.total);
    xhr.onerror = () => reject(new NetworkError('connection lost during the upload'));
    xhr.ontimeout = () => reject(new NetworkError('the upload timed out'));
    xhr.onload = () => {
      let data = null;
      try { data = JSON.parse(xhr.responseText); } catch (e) { data = null; }
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ data, status: xhr.status });
      if (xhr.status === 0) return reject(new NetworkError('no answer'));
      if (xhr.status === 401) session.expired();
      reject(new ApiError(xhr.status, data && data.message, data && data.detail));
    };
    xhr.timeout = 10 * 60 * 1000;
    xhr.send(blob);
  });
}
