// A site: permits and their conditions, open violations, upcoming deadlines, resource areas with distances.
import { getJson, objectUrl } from '../api.js';
import { newDraft } from '../drafts.js';
import { distanceFt, haversineM, positionSoon } from '../geo.js';
import { session } from '../session.js';
import { chapterWords, fmtDate, fmtDistance, fmtTime, h, humanize, offlineNote, render } from '../ui.js';
import { siteMap } from '../map.js';

export async function show(siteId) {
  render('Site', h('p', { class: 'muted' }, 'Loading…'));
  const [result, fix, orders] = await Promise.all([getJson(`/api/v1/sites/${siteId}`), positionSoon(),
    getJson(`/api/v1/orders?site_id=${siteId}`).catch(() => ({ data: [] }))]);
  const site = result.data;
  const away = fix ? ` · ${fmtDistance(haversineM(fix.lat, fix.lon, site.lat, site.lon))} from you` : '';
  render(site.name,
    h('p', {}, site.address, site.map_lot ? ` · ${site.map_lot}` : '', h('span', { class: 'muted' }, away)),
    offlineNote(result),
    siteMap(siteId),
    section('Permits', 'permits-h', site.permits.length ? site.permits.map((p) => permitCard(site, p))
      : h('p', { class: 'muted' }, 'No permit on file.')),
    section('Orders', 'orders-h', orderList(orders.data.filter((o) => o.status !== 'draft'))),
    section('Open violations', 'violations-h', violationList(site.open_violations)),
    section('Upcoming deadlines', 'deadlines-h', deadlineList(site.upcoming_deadlines)),
    section('Resource areas', 'areas-h', areaList(site, fix)));
}

function section(title, id, ...content) {
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), ...content);
}

function permitCard(site, permit) {
  const start = session.isField() ? h('button', { type: 'button', class: 'primary', onclick: async () => {
    const draft = await newDraft(site, permit);
    location.hash = `#/inspect/${draft.id}`;
  } }, `Inspect under ${permit.number}`) : null;
  return h('article', { class: 'card' },
    h('h3', {}, `${permit.number} · ${humanize(permit.kind)}`),
    h('p', { class: 'muted' }, `${chapterWords(permit.chapter)} · issued ${fmtDate(permit.issued_on)} · expires ${fmtDate(permit.expires_on)}`),
    permit.conditions.length ? h('ul', { class: 'conditions' }, permit.conditions.map((c) =>
      h('li', {}, h('strong', {}, `${c.id}: `), c.text))) : null,
    start);
}

function orderList(rows) {
  if (!rows.length) return h('p', { class: 'muted' }, 'No order issued.');
  return h('ul', { class: 'list orders' }, rows.map((o) => h('li', {},
    h('strong', {}, `${humanize(o.kind)}: ${o.status}`),
    h('p', { class: 'muted' }, `${o.issued_at ? `Issued ${fmtDate(o.issued_at)}` : ''}${o.served_at ? ` · served ${fmtDate(o.served_at)}` : ''}`),
    h('p', {}, o.text))));
}

function violationList(rows) {
  if (!rows.length) return h('p', { class: 'muted' }, 'None open.');
  return h('ul', { class: 'list violations' }, rows.map((v) => {
    const pics = h('div', { class: 'photos' });
    violationPhotos(v.id, pics);
    return h('li', {}, h('strong', {}, v.citation), h('p', {}, v.description),
      h('p', { class: 'muted' }, `Observed ${fmtTime(v.observed_at)} · ${v.status}`), pics);
  }));
}

// The violation's photos (thumbnails fetched with the token; skipped when not on the phone).
async function violationPhotos(violationId, box) {
  const evidence = await getJson(`/api/v1/violations/${violationId}/evidence`).catch(() => null);
  const ids = evidence ? evidence.data.photo_ids.slice(0, 6) : [];
  for (const [i, id] of ids.entries()) {
    const url = await objectUrl(`/api/v1/photos/${id}/thumb`);
    if (url) box.append(h('figure', { class: 'photo' }, h('img', { src: url, alt: `Evidence photo ${i + 1}` })));
  }
}

function deadlineList(rows) {
  if (!rows.length) return h('p', { class: 'muted' }, 'None.');
  return h('ul', { class: 'list' }, rows.map((d) => h('li', {},
    `${fmtDate(d.latest_on || d.latest_at)} — ${d.label} `, h('span', { class: 'muted' }, `(${d.citation})`))));
}

function areaList(site, fix) {
  const features = (site.resource_areas && site.resource_areas.features) || [];
  if (!features.length) return h('p', { class: 'muted' }, 'No resource areas delineated.');
  return h('ul', { class: 'list' }, features.map((f) => {
    const props = f.properties || {};
    const feet = fix ? distanceFt(fix.lat, fix.lon, f.geometry) : null;
    const where = feet === null ? '' : feet === 0 ? ' · you are inside it' : ` · ${Math.round(feet)} ft from you`;
    return h('li', {}, `${humanize(props.type || 'area')}${props.name ? ` (${props.name})` : ''}`,
      h('span', { class: 'muted' }, where + (fix ? ` (±${Math.round(fix.accuracy_m * 3.28084)} ft)` : '')));
  }));
}
