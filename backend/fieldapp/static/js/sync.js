// The sync queue. "Send" writes, in one IndexedDB transaction, the jobs of an inspection in order:
//   create (POST /inspections, client UUID) -> one job per photo (PUT .../photos/<photo UUID>) -> submit.
// Every request carries the client's ids, so a retry after a lost answer is harmless (same id -> 200).
// Outcomes: 2xx done; 401 pauses the queue until the agent logs in again (nothing is dropped);
// 408/429/5xx/no connection retry with backoff; any other 4xx marks the job refused with the server's words.
// A request that hangs times out (api.js); while the server is not answering it is probed every few seconds,
// and when it answers again the hung requests are dropped and the queue goes at once ("Send now" does the
// same). Background Sync, where the browser has it, wakes an open app when the connection returns.
import { ApiError, NetworkError, TIMEOUTS, abortAll, getJson, noteServer, request, upload } from './api.js';
import { emit, on } from './events.js';
import { all, get, put, tx } from './idb.js';
import { session } from './session.js';
import { inspectionBody } from './drafts.js';

const RETRYABLE = new Set([408, 429]);
const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 5 * 60 * 1000;
let running = false;
let again = false;
let timer = null;

export async function enqueue(draft, photos) {
  const base = Date.now() * 1000;
  const job = (kind, i, extra = {}) => ({ id: `${draft.id}:${kind}${extra.photo_id ? `:${extra.photo_id}` : ''}`,
    seq: base + i, inspection_id: draft.id, owner: draft.owner, kind, state: 'waiting', attempts: 0,
    next_at: 0, last_error: null, ...extra });
  const jobs = [job('create', 0), ...photos.map((p, i) => job('photo', i + 1, { photo_id: p.id })),
    job('submit', photos.length + 1)];
  await tx(['drafts', 'photos', 'jobs'], 'readwrite', (s) => {
    s.drafts.put({ ...draft, state: 'queued', queued_at: new Date().toISOString() });
    photos.forEach((p) => s.photos.put({ ...p, state: 'waiting' }));
    jobs.forEach((j) => s.jobs.put(j));
  });
  emit('queue');
  backgroundSync();
  syncSoon();
}

function backgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready.then((r) => r.sync && r.sync.register('send-queue')).catch(() => null);
}

// "Send now": stop waiting on any request in flight and send every waiting step at once.
export function sendNow() {
  abortAll();
  return connectionBack();
}

let probing = null;
on('server', ({ state }) => {
  clearInterval(probing);
  if (state === 'ok') { sendNow(); return; }
  probing = setInterval(probe, TIMEOUTS.probe_ms);
});

async function probe() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.min(TIMEOUTS.request_ms, TIMEOUTS.probe_ms));
  try {
    await fetch('/healthz', { cache: 'no-store', signal: controller.signal });
    noteServer('ok');
  } catch (error) {
    // still not answering
  } finally {
    clearTimeout(timer);
  }
}

export async function pending() {
  return (await all('jobs')).filter((j) => j.state !== 'done').sort((a, b) => a.seq - b.seq);
}

export function syncSoon(delay = 0) {
  clearTimeout(timer);
  timer = setTimeout(() => syncNow(), delay);
}

// The connection came back: waiting jobs may go at once instead of after their backoff.
export async function connectionBack() {
  const jobs = await pending();
  await Promise.all(jobs.filter((j) => j.state === 'waiting' && j.next_at > Date.now())
    .map((j) => put('jobs', { ...j, next_at: 0 })));
  syncSoon();
}

export async function syncNow() {
  if (running) { again = true; return; }
  running = true;
  emit('sync', { running: true });
  try {
    do { again = false; await runOnce(); } while (again);
  } finally {
    running = false;
    emit('sync', { running: false });
  }
}

async function runOnce() {
  const jobs = (await all('jobs')).sort((a, b) => a.seq - b.seq);
  const blocked = new Set();
  let soonest = Infinity;
  for (const stale of jobs) {
    if (!session.active) return;
    const job = await get('jobs', stale.id);
    if (!job || job.state === 'done' || job.owner !== session.owner() || blocked.has(job.inspection_id)) continue;
    if (job.state === 'refused') { if (job.kind !== 'photo') blocked.add(job.inspection_id); continue; }
    if (job.next_at > Date.now()) { blocked.add(job.inspection_id); soonest = Math.min(soonest, job.next_at); continue; }
    const outcome = await attempt(job);
    if (outcome === 'auth') return;
    if (outcome === 'done' || (outcome === 'refused' && job.kind === 'photo')) continue;
    blocked.add(job.inspection_id); // the inspection's later steps wait for this one
    if (outcome === 'retry' || outcome === 'offline') soonest = Math.min(soonest, (await get('jobs', job.id)).next_at);
    if (outcome === 'offline') break;
  }
  if (soonest < Infinity) syncSoon(Math.max(0, soonest - Date.now()));
}

async function attempt(job) {
  emit('job', { id: job.id, state: 'sending' });
  try {
    await perform(job);
    await finish(job, 'done');
    return 'done';
  } catch (error) {
    if (error instanceof NetworkError) { await retryLater(job, error.message, error.forced); return 'offline'; }
    if (!(error instanceof ApiError)) { await retryLater(job, String(error.message || error)); return 'retry'; }
    if (error.status === 401) { await note(job, 'paused: log in again to send this'); return 'auth'; }
    if (RETRYABLE.has(error.status) || error.status >= 500) { await retryLater(job, error.full); return 'retry'; }
    await finish(job, 'refused', error.full, error.status);
    return 'refused';
  }
}

function perform(job) {
  if (job.kind === 'create') return createInspection(job);
  if (job.kind === 'photo') return uploadPhoto(job);
  return submitInspection(job);
}

async function createInspection(job) {
  const draft = await get('drafts', job.inspection_id);
  const photos = await all('photos').then((rows) => rows.filter((p) => p.inspection_id === draft.id));
  const body = { ...inspectionBody(draft, photos), device_clock_at_sync: new Date().toISOString() };
  try {
    const { data } = await request('POST', '/api/v1/inspections', { body });
    await put('drafts', { ...draft, server: data });
  } catch (error) {
    // An earlier attempt landed but its answer was lost; this attempt's device clock differs, hence 409.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const { data } = await getJson(`/api/v1/inspections/${draft.id}`);
    if (data.site_id !== body.site_id || data.responses.length !== body.responses.length) throw error;
    await put('drafts', { ...draft, server: data });
  }
}

async function uploadPhoto(job) {
  const photo = await get('photos', job.photo_id);
  if (photo.state === 'uploaded' && photo.result) return; // stored before the app was closed mid-step
  const query = new URLSearchParams();
  if (photo.lat !== null) {
    query.set('lat', photo.lat); query.set('lon', photo.lon);
    if (photo.accuracy_m !== null) query.set('accuracy_m', photo.accuracy_m);
    query.set('captured_at', photo.captured_at);
  }
  const url = `/api/v1/inspections/${photo.inspection_id}/photos/${photo.id}?${query}`;
  const progress = (loaded, total) => emit('photo-progress', { id: photo.id, loaded, total });
  progress(0, photo.size);
  const local = photo.sha256 || await sha256(photo.blob);
  // RFC 9530: the server refuses a body that is short or changed on the way (nothing stored; retried).
  const digest = local ? { 'Repr-Digest': `sha-256=:${btoa(local.match(/../g).map((x) => String.fromCharCode(parseInt(x, 16))).join(''))}:` } : {};
  const { data } = await upload(url, photo.blob, progress, digest);
  // The server keeps the original byte for byte: once its hash matches ours, the phone lets go of the bytes.
  const verified = Boolean(local && data && data.sha256 === local);
  await put('photos', { ...photo, sha256: local, verified, blob: verified ? null : photo.blob,
    state: 'uploaded', result: data, error: verified || !local ? null : 'the server stored different bytes' });
}

async function sha256(blob) {
  if (!(crypto && crypto.subtle)) return null; // plain HTTP off localhost: no hashing; the bytes stay on the phone
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function submitInspection(job) {
  const { data } = await postJson(`/api/v1/inspections/${job.inspection_id}/submit`);
  const draft = await get('drafts', job.inspection_id);
  await put('drafts', { ...draft, state: 'sent', server: data, sent_at: new Date().toISOString(), decision: await decision(job.inspection_id) });
}

// What the server decided from this inspection: the violations it opened (null when it cannot be read now).
async function decision(inspectionId) {
  try {
    const { data } = await getJson('/api/v1/violations');
    const opened = data.filter((v) => v.inspection_id === inspectionId);
    return { violations: opened.length, citations: [...new Set(opened.map((v) => v.citation))] };
  } catch (error) {
    return null;
  }
}

const postJson = (path) => request('POST', path, { body: {} });

async function finish(job, state, message = null, status = null) {
  await tx(['jobs', 'drafts', 'photos'], 'readwrite', async (s, done) => {
    s.jobs.put({ ...job, state, last_error: message, last_status: status, attempts: job.attempts + 1, done_at: Date.now() });
    if (state !== 'refused') return;
    if (job.kind === 'photo') {
      const photo = await done(s.photos.get(job.photo_id));
      s.photos.put({ ...photo, state: 'refused', error: message });
    } else {
      const draft = await done(s.drafts.get(job.inspection_id));
      s.drafts.put({ ...draft, state: 'refused', error: message });
    }
  });
  emit('job', { id: job.id, state });
  emit('queue');
}

async function retryLater(job, message, now = false) {
  const attempts = job.attempts + 1;
  await put('jobs', { ...job, attempts, next_at: now ? 0 : Date.now() + delayFor(attempts), last_error: message });
  emit('job', { id: job.id, state: 'waiting' });
  emit('queue');
}

async function note(job, message) {
  await put('jobs', { ...job, last_error: message });
  emit('queue');
}

function delayFor(attempts) {
  const raw = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

// Put a refused job back in line (after the cause was fixed elsewhere, e.g. the permit was corrected).
export async function retryJob(id) {
  const job = await get('jobs', id);
  if (!job) return;
  await put('jobs', { ...job, state: 'waiting', next_at: 0, last_error: null });
  const draft = await get('drafts', job.inspection_id);
  if (draft && draft.state === 'refused') await put('drafts', { ...draft, state: 'queued', error: null });
  emit('queue');
  syncSoon();
}

// An inspection the server refused to create goes back to the agent as an editable draft, the server's words
// kept beside it; its queued steps are dropped (nothing of it exists on the server) and its photos stay.
export async function reopenDraft(id) {
  const draft = await get('drafts', id);
  const create = await get('jobs', `${id}:create`);
  if (!draft || draft.state !== 'refused' || !create || create.state !== 'refused') return false;
  await tx(['drafts', 'photos', 'jobs'], 'readwrite', async (s, done) => {
    const jobs = await done(s.jobs.index('inspection_id').getAllKeys(id));
    const photos = await done(s.photos.index('inspection_id').getAll(id));
    jobs.forEach((k) => s.jobs.delete(k));
    photos.forEach((p) => s.photos.put({ ...p, state: 'local', error: null }));
    s.drafts.put({ ...draft, state: 'draft', refusal: draft.error, error: null, queued_at: null });
  });
  emit('queue');
  return true;
}
