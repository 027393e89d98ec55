// Today: my tasks and the deadlines due within 7 days, by site, nearest first from the phone's position;
// then every site. Site details and checklists are fetched now so they are on the phone before the bog.
import { ApiError, NetworkError, getJson } from '../api.js';
import { listDrafts } from '../drafts.js';
import { haversineM, positionSoon } from '../geo.js';
import { fmtDate, fmtDistance, h, humanize, offlineNote, render } from '../ui.js';
import { session } from '../session.js';
import { workerInControl } from '../worker.js';

const PREFETCH_SITES = 12;

async function optional(path) {
  try {
    return await getJson(path);
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 405].includes(error.status)) return { data: [] };
    if (error instanceof NetworkError) return { data: [], missing: true };
    throw error;
  }
}

export async function show() {
  render('Today', h('p', { class: 'muted' }, 'Finding your position and today’s list…'));
  const worker = await workerInControl();
  const [fix, sites, tasks, deadlines, drafts] = await Promise.all([positionSoon(), getJson('/api/v1/sites').catch(() => null),
    optional('/api/v1/tasks?assignee=me&due_within_days=7'), optional('/api/v1/deadlines?due_within_days=7'), listDrafts()]);
  const rows = ((sites && sites.data) || []).map((s) => ({ ...s, due: [],
    distance: fix ? haversineM(fix.lat, fix.lon, s.lat, s.lon) : null }));
  const bySite = new Map(rows.map((s) => [s.id, s]));
  tasks.data.forEach((t) => bySite.get(t.site_id) && bySite.get(t.site_id).due.push({ when: t.due_on,
    text: `Task: ${humanize(t.reason)}${t.notes ? ` (${t.notes})` : ''}`, overdue: t.due_on < today() }));
  deadlines.data.forEach((d) => bySite.get(d.site_id) && bySite.get(d.site_id).due.push({ when: d.latest_on,
    text: `${d.label} (${d.citation})`, overdue: d.overdue }));
  rows.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.name.localeCompare(b.name));
  const due = rows.filter((s) => s.due.length);
  render('Today',
    fix ? h('p', { class: 'muted' }, `Your position: ±${Math.round(fix.accuracy_m)} m. Nearest first.`)
      : h('p', { class: 'note' }, 'Position unavailable: sites are listed by name.'),
    offlineNote(sites),
    !sites ? h('p', { class: 'error' }, 'The site list is not on this phone yet; connect once to download it.') : null,
    h('p', { id: 'offline-ready', class: 'muted', role: 'status' }),
    draftList(drafts),
    h('section', { 'aria-labelledby': 'due-h' }, h('h2', { id: 'due-h' }, 'Due within 7 days'),
      due.length ? siteList(due, true) : h('p', { class: 'muted' }, 'Nothing due this week.')),
    h('section', { 'aria-labelledby': 'all-h' }, h('h2', { id: 'all-h' }, 'All sites'), siteList(rows, false)));
  if (worker) prefetch([...new Map(due.concat(rows).map((s) => [s.id, s])).values()].slice(0, PREFETCH_SITES));
  else document.getElementById('offline-ready').textContent = 'This browser keeps no offline copies here (the app needs HTTPS for that).';
}

const today = () => new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD, local

function draftList(drafts) {
  const mine = drafts.filter((d) => d.owner === session.owner() && d.state === 'draft');
  if (!mine.length) return null;
  return h('section', { 'aria-labelledby': 'drafts-h' }, h('h2', { id: 'drafts-h' }, 'Unfinished on this phone'),
    h('ul', { class: 'list' }, mine.map((d) => h('li', {}, h('a', { href: `#/inspect/${d.id}` },
      `${d.site_name}${d.permit_number ? ` · ${d.permit_number}` : ''}`), h('span', { class: 'muted' }, ` started ${fmtDate(d.started_at)}`)))));
}

function siteList(sites, withDue) {
  return h('ul', { class: 'list sites' }, sites.map((s) => h('li', {},
    h('a', { href: `#/site/${s.id}` }, s.name),
    h('span', { class: 'muted block' }, `${s.address}${s.distance !== null ? ` · ${fmtDistance(s.distance)}` : ''}`),
    withDue ? h('ul', { class: 'due' }, s.due.sort((a, b) => String(a.when).localeCompare(String(b.when))).map((d) =>
      h('li', { class: d.overdue ? 'overdue' : '' }, `${d.overdue ? 'Overdue: ' : ''}${fmtDate(d.when)} — ${d.text}`))) : null)));
}

// Download what an inspection needs (site detail, each permit's checklist) while there is signal.
async function prefetch(sites) {
  let done = 0;
  await getJson('/api/v1/field-settings').catch(() => null); // the town's checklist and photo rules, kept offline
  for (const s of sites) {
    try {
      const { data, offlineCopy } = await getJson(`/api/v1/sites/${s.id}`);
      const lists = await Promise.all([...data.permits.map((p) => getJson(`/api/v1/checklists/for-permit/${p.id}`)),
        getJson(`/api/v1/sites/${s.id}/map`)]);
      if (!offlineCopy && !lists.some((l) => l.offlineCopy)) done += 1;
    } catch (error) {
      break;
    }
  }
  const status = document.getElementById('offline-ready');
  if (!status) return;
  status.textContent = done && done === sites.length
    ? `Ready for offline use: ${done} site(s) and their checklists are on this phone.`
    : `Offline copies: ${done} of ${sites.length} site(s) refreshed; the rest are as last downloaded, if at all.`;
}
