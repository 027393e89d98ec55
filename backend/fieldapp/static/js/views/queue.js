// What is on the phone and not yet on the server, what was sent, and why anything was refused.
import { request } from '../api.js';
import { all } from '../idb.js';
import { on } from '../events.js';
import { session } from '../session.js';
import { reopenDraft, retryJob, sendNow } from '../sync.js';
import { fmtTime, h, humanize, render } from '../ui.js';

let unsubscribe = [];
let redraw = null;

export async function show() {
  unsubscribe.forEach((f) => f());
  const refresh = () => { clearTimeout(redraw); redraw = setTimeout(draw, 100); };
  unsubscribe = [on('queue', refresh), on('job', refresh), on('session', refresh), on('photo-progress', progress),
    on('sync', (e) => { const s = document.getElementById('sync-state'); if (s) s.textContent = e.running ? 'Sending…' : ''; })];
  window.addEventListener('hashchange', () => unsubscribe.forEach((f) => f()), { once: true });
  await draw();
}

let container = null;

async function draw() {
  if (!location.hash.startsWith('#/queue')) return;
  const [drafts, jobs, photos, persisted] = await Promise.all([all('drafts'), all('jobs'), all('photos'), persistence()]);
  const shown = drafts.filter((d) => d.state !== 'draft').sort((a, b) => (b.queued_at || '').localeCompare(a.queued_at || ''));
  const waiting = jobs.filter((j) => j.state === 'waiting').length;
  const content = [
    h('p', { id: 'waiting-count' }, waitingWords(jobs)),
    !session.active ? h('p', { class: 'error', role: 'alert' }, 'Sending is paused until you ', h('a', { href: '#/login' }, 'log in again'), '. Nothing is lost.') : null,
    h('p', { class: 'muted' }, persisted),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => sendNow() }, 'Send now'),
      h('span', { id: 'sync-state', role: 'status' })),
    shown.length ? h('ul', { class: 'queue' }, shown.map((d) => card(d, jobs, photos))) : h('p', { class: 'muted' }, 'No inspections sent from this phone yet.'),
    account(waiting),
  ];
  if (container && document.contains(container)) container.replaceChildren(...content.filter(Boolean));
  else { container = h('div', {}, ...content); render('Sync', container); }
}

function account(waiting) {
  if (!session.active) return null;
  const out = async () => {
    request('DELETE', '/api/v1/auth/token').catch(() => null);
    await session.end();
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: 'clear-api-cache' });
    location.hash = '#/login';
  };
  return h('section', { 'aria-labelledby': 'acct-h' }, h('h2', { id: 'acct-h' }, 'Account'),
    h('p', {}, `Logged in as ${session.email} in ${session.town} (${session.roles.map(humanize).join(', ')}).`),
    waiting ? h('p', { class: 'note' }, 'Items still waiting stay on this phone and are sent after you log in again.') : null,
    h('button', { type: 'button', onclick: out }, 'Log out'));
}

async function persistence() {
  if (!navigator.storage || !navigator.storage.persisted) return '';
  const kept = await navigator.storage.persisted();
  return kept ? 'Storage on this phone: persistent (the browser will not clear it).'
    : 'Storage on this phone: best effort (send soon; the browser may clear it when space runs low).';
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// "1 inspection and 2 photos waiting to be sent." (inspections and photos, not the queue's steps)
export function waitingWords(jobs) {
  const waiting = jobs.filter((j) => j.state === 'waiting');
  const inspections = new Set(waiting.map((j) => j.inspection_id)).size;
  const photos = waiting.filter((j) => j.kind === 'photo').length;
  if (!inspections) return 'Nothing waiting: everything on this phone has been sent.';
  return `${plural(inspections, 'inspection', 'inspections')}${photos ? ` and ${plural(photos, 'photo', 'photos')}` : ''} waiting to be sent.`;
}

// What a failed attempt means for the agent (the technical words stay under "details").
function plainError(message) {
  if (/did not answer|stopped waiting/i.test(message)) return 'the server did not answer; it will be sent by itself when it does';
  if (/no connection|failed to fetch|connection lost|offline|no answer/i.test(message)) return 'no connection; it will be sent by itself when the phone has signal';
  return message;
}

function decisionWords(decision) {
  if (!decision) return null;
  if (!decision.violations) return h('p', { class: 'decision' }, 'The server opened no violation.');
  const where = decision.citations.length ? ` (${decision.citations.join(', ')})` : '';
  return h('p', { class: 'decision' }, `The server opened ${plural(decision.violations, 'violation', 'violations')}${where}. `
    + 'The board is told, and may order the work to stop (a cease-and-desist).');
}

const STATE_TEXT = { queued: 'Waiting to send', sent: 'Sent', refused: 'Refused by the server' };

function card(draft, jobs, photos) {
  const mine = jobs.filter((j) => j.inspection_id === draft.id).sort((a, b) => a.seq - b.seq);
  const pics = photos.filter((p) => p.inspection_id === draft.id);
  const owner = draft.owner !== session.owner() ? h('p', { class: 'note' }, `Waits for ${draft.owner.split('@')[0]} to log in.`) : null;
  return h('li', { class: `card state-${draft.state}`, 'data-inspection': draft.id },
    h('h2', {}, draft.site_name, draft.permit_number ? ` · ${draft.permit_number}` : ''),
    h('p', { class: 'status' }, STATE_TEXT[draft.state] || draft.state,
      draft.state === 'sent' ? ` ${fmtTime(draft.sent_at)}` : '', draft.error ? `: ${draft.error}` : ''),
    owner,
    draft.state === 'sent' ? decisionWords(draft.decision) : null,
    h('ol', { class: 'steps' }, mine.map((j) => step(j, pics))),
    editable(draft, mine) ? h('button', { type: 'button', onclick: () => edit(draft) }, 'Edit and send again') : null,
    draft.state === 'sent' ? h('a', { href: `#/site/${draft.site_id}` }, 'See the site and its violations') : null);
}

// Refused at its first step: nothing of it is on the server, so the agent may correct it and send it again.
const editable = (draft, jobs) => draft.state === 'refused' && draft.owner === session.owner()
  && jobs.some((j) => j.kind === 'create' && j.state === 'refused');

async function edit(draft) {
  if (await reopenDraft(draft.id)) location.hash = `#/inspect/${draft.id}`;
}

function step(job, photos) {
  const photo = job.photo_id ? photos.find((p) => p.id === job.photo_id) : null;
  const index = photo ? photos.indexOf(photo) + 1 : 0;
  const name = { create: 'Inspection record', submit: 'Submit for evaluation', photo: `Photo ${index}` }[job.kind];
  const parts = [h('strong', {}, `${name}: `), jobState(job)];
  if (photo) parts.push(photoFacts(photo, job));
  if (job.state === 'refused') parts.push(' ', h('button', { type: 'button', class: 'link', onclick: () => retryJob(job.id) }, `Try ${name.toLowerCase()} again`));
  return h('li', { class: `job job-${job.state}`, 'data-job': job.kind }, ...parts);
}

function jobState(job) {
  if (job.state === 'done') return h('span', { class: 'ok' }, 'sent');
  if (job.state === 'refused') return h('span', { class: 'bad' }, `refused (${job.last_status}): ${job.last_error}`);
  if (!job.attempts) return h('span', {}, `waiting${job.last_error ? ` (${plainError(job.last_error)})` : ''}`);
  const next = job.next_at > Date.now() ? ` Next try ${fmtTime(new Date(job.next_at).toISOString())}.` : '';
  return h('span', {}, `waiting: ${plainError(job.last_error)}.${next} `,
    h('details', { class: 'inline-details' }, h('summary', {}, 'Details'), `Attempt ${job.attempts}: ${job.last_error}`));
}

function photoFacts(photo, job) {
  if (job.state === 'refused') return h('span', { class: 'block muted' }, `${Math.round(photo.size / 1024)} KB, kept on this phone`);
  if (job.state !== 'done' || !photo.result) {
    const bar = h('progress', { id: `progress-${photo.id}`, max: photo.size || 1, value: 0, 'aria-label': 'Upload progress' });
    return h('span', { class: 'block' }, bar, ` ${Math.round(photo.size / 1024)} KB`);
  }
  const r = photo.result;
  const zone = r.checks && r.checks.zone;
  const position = r.lat !== null && r.lat !== undefined
    ? `${r.lat.toFixed(5)}, ${r.lon.toFixed(5)}${r.accuracy_m ? ` ±${Math.round(r.accuracy_m)} m` : ''}` : 'no position';
  return [h('dl', { class: 'facts' },
    h('dt', {}, 'Position'), h('dd', {}, position),
    h('dt', {}, 'Zone'), h('dd', { class: 'zone' }, zoneText(zone)),
    h('dt', {}, 'Original'), h('dd', { class: 'fixity' }, photo.verified
      ? 'stored on the server exactly as taken; removed from this phone'
      : `kept on this phone${photo.error ? `: ${photo.error}` : ' (could not be checked here)'}`)),
  h('details', {}, h('summary', {}, 'Technical details'), h('dl', { class: 'facts' },
    h('dt', {}, 'Position source'), h('dd', { class: 'provenance' }, PROVENANCE[r.provenance] || r.provenance),
    h('dt', {}, 'SHA-256'), h('dd', {}, r.sha256 || '—'),
    r.flags && r.flags.length ? [h('dt', {}, 'Notes'), h('dd', {}, r.flags.map(humanize).join(', '))] : null))];
}

const PROVENANCE = { exif: 'the photo\'s own data', device: 'the phone, at capture', manual: 'entered by hand', none: 'none' };

function zoneText(zone) {
  if (!zone) return 'indeterminate (no position, or no delineated resource areas here)';
  if (zone.kind === 'indeterminate') return /^indeterminate/i.test(zone.message) ? zone.message : `indeterminate: ${zone.message}`;
  const raw = String(zone.zone || zone.kind).toLowerCase();
  const name = raw === 'none' ? 'Outside the regulated zones' : humanize(raw);
  return [`${name} `, h('details', {}, h('summary', {}, 'Why'), `${zone.message} (${zone.citation})`)];
}

function progress({ id, loaded, total }) {
  const bar = document.getElementById(`progress-${id}`);
  if (!bar) return;
  bar.max = total;
  bar.value = loaded;
}
