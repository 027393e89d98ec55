// A new inspection: entry basis, the permit's checklist (kept in the draft, so it works offline), photos
// with the phone's position at capture, notes. Every change is saved on the phone; "Send" queues it.
import { getJson } from '../api.js';
import { DEFAULT_RULES, ENTRY_BASES, addPhoto, asksEntryBasis, discardDraft, getDraft, photosOf, problems, removePhoto, saveDraft } from '../drafts.js';
import { position } from '../geo.js';
import { enqueue } from '../sync.js';
import { errorBox, field, fmtTime, h, nextId, radios, render } from '../ui.js';
import { getJson as readRules } from '../api.js';
import { itemBlock } from './checklist.js';

let timer = null;
let rules = DEFAULT_RULES;
let liveFix = null; // the watch's latest fix: a photo uses it when fresh, else asks the GPS once

export async function show(draftId) {
  const draft = await getDraft(draftId);
  if (!draft) { render('Inspection not found', h('p', {}, 'It is not on this phone.'), h('a', { href: '#/today' }, 'Back to today')); return; }
  if (draft.state !== 'draft') { location.replace('#/queue'); return; }
  const problem = await ensureChecklist(draft);
  const save = (now) => { clearTimeout(timer); if (now) saveDraft(draft); else timer = setTimeout(() => saveDraft(draft), 250); };
  const photoArea = h('div', { class: 'photos', 'aria-live': 'polite' });
  const slot = photoSlotFactory(draft, save);
  const items = (draft.checklist ? draft.checklist.content.items : []).filter((i) => !asksEntryBasis(i));
  rules = await readRules('/api/v1/field-settings').then((r) => r.data, () => DEFAULT_RULES);
  const box = errorBox();
  render(`Inspection: ${draft.site_name}`,
    h('p', { class: 'muted' }, `${draft.permit_number || 'No permit'} · started ${fmtTime(draft.started_at)} · saved on this phone`),
    problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
    draft.refusal ? h('p', { class: 'error', role: 'alert', id: 'refusal' },
      `The server refused this inspection: ${draft.refusal}. Correct it and send it again.`) : null,
    box,
    entryBasis(draft, save),
    mapBeside(draft),
    items.length ? h('section', { 'aria-labelledby': 'cl-h' }, h('h2', { id: 'cl-h' }, draft.checklist.title),
      items.map((item) => itemBlock(item, draft, save, slot))) : null,
    h('section', { 'aria-labelledby': 'ph-h' }, h('h2', { id: 'ph-h' }, 'Photos'), liveAccuracy(), photoInput(draft, null, 'Take or add a photo', photoArea), photoArea),
    notes(draft, save),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', onclick: () => send(draft, box, rules) }, 'Send inspection'),
      h('button', { type: 'button', class: 'link', onclick: () => discard(draft) }, 'Discard this draft')));
  drawPhotos(draft, null, photoArea);
}

async function ensureChecklist(draft) {
  if (draft.checklist || !draft.permit_id) return null;
  try {
    const { data } = await getJson(`/api/v1/checklists/for-permit/${draft.permit_id}`);
    Object.assign(draft, { checklist: data, template_key: data.key, template_version: data.version });
    await saveDraft(draft);
    return null;
  } catch (error) {
    return `The checklist is not on this phone (${error.message}). Open this site once with signal to download it.`;
  }
}

function entryBasis(draft, save) {
  const extra = h('div');
  const drawExtra = () => {
    const kind = { owner_consent: ['consent_name', 'Name of the person who consented'], warrant: ['warrant_number', 'Warrant number'] }[draft.entry_basis];
    if (!kind) { extra.replaceChildren(); return; }
    const input = h('input', { type: 'text', name: kind[0], required: true, oninput: (e) => { draft[kind[0]] = e.target.value; save(); } });
    input.value = draft[kind[0]] || '';
    extra.replaceChildren(field(kind[1], input));
  };
  drawExtra();
  return h('section', { class: 'card', id: 'entry', tabindex: '-1' }, radios('Entry basis', 'entry_basis', ENTRY_BASES, draft.entry_basis, (v) => {
    draft.entry_basis = v; drawExtra(); save(true);
  }), extra);
}

function notes(draft, save) {
  const area = h('textarea', { rows: 3, name: 'notes', oninput: (e) => { draft.notes = e.target.value; save(); } });
  area.value = draft.notes || '';
  return field('Notes', area);
}

function photoSlotFactory(draft, save) {
  return (item, spec, answer) => {
    answer.photoField = spec.name;
    const area = h('div', { class: 'photos', 'aria-live': 'polite' });
    drawPhotos(draft, item.id, area);
    const label = spec.label === 'Photo' ? 'Add a photo to this item' : `Add a photo: ${spec.label}`;
    return h('div', { class: 'field' }, photoInput(draft, item.id, label, area, () => save(true)), area);
  };
}

// The site map beside the checklist, drawn when opened (the map library loads then, from the phone's cache).
function mapBeside(draft) {
  const slot = h('details', { class: 'card map-beside' }, h('summary', {}, 'Map of the site and its bylaw lines'));
  slot.addEventListener('toggle', async () => {
    if (!slot.open || slot.dataset.drawn) return;
    slot.dataset.drawn = '1';
    const { siteMap } = await import('../map.js');
    slot.append(siteMap(draft.site_id));
  });
  return slot;
}

// The GPS accuracy now, against the town's threshold for evidence photos (refreshed while on screen).
function liveAccuracy() {
  const out = h('p', { id: 'gps-now', role: 'status', class: 'muted' }, 'GPS: finding your position…');
  if (!('geolocation' in navigator)) { out.textContent = 'GPS: this phone gives no position.'; return out; }
  const id = navigator.geolocation.watchPosition((p) => {
    if (!document.body.contains(out)) { navigator.geolocation.clearWatch(id); return; }
    liveFix = { lat: p.coords.latitude, lon: p.coords.longitude, accuracy_m: p.coords.accuracy,
      captured_at: new Date(p.timestamp || Date.now()).toISOString(), at: Date.now() };
    const m = Math.round(p.coords.accuracy);
    const good = p.coords.accuracy <= rules.photo_accuracy_max_m;
    out.className = good ? 'ok' : 'bad';
    out.textContent = good ? `GPS: ±${m} m, good enough for evidence photos.`
      : `GPS: ±${m} m. The town asks ±${rules.photo_accuracy_max_m} m for evidence: wait in the open if you can.`;
  }, () => { out.textContent = 'GPS: no position (allow location for this app).'; }, { enableHighAccuracy: true, maximumAge: 5000, timeout: 20000 });
  return out;
}

function photoInput(draft, itemId, label, area, after) {
  const id = nextId('photo');
  const input = h('input', { type: 'file', id, accept: 'image/*', capture: 'environment', class: 'file' });
  input.addEventListener('change', async () => {
    const files = [...input.files];
    input.value = '';
    for (const file of files) {
      const age = liveFix ? Date.now() - liveFix.at : Infinity;
      const fix = (age < 5000 ? liveFix : await position({ maxAgeMs: 5000, timeoutMs: 8000 })) || (age < 60000 ? liveFix : null);
      const limit = rules.photo_accuracy_max_m;
      // A fix worse than the town's threshold asks first; no fix at all (indoors, GPS off) keeps the photo
      // with "no position", as before, and the notes say so.
      const poor = !fix || fix.accuracy_m > limit;
      const where = fix ? `±${Math.round(fix.accuracy_m)} m` : 'unknown';
      if (fix && poor && !window.confirm(`Your position is ${where}; the town asks for ±${limit} m or better for evidence photos. `
        + 'Use this photo anyway? (The inspection will say so.)')) continue;
      const photo = await addPhoto(draft, file, fix, itemId);
      if (poor) {
        draft.notes = `${draft.notes ? `${draft.notes}\n` : ''}Photo ${photo.name || ''} taken with `
          + `${fix ? `the position ${where}` : 'no position'} (the town asks ±${limit} m): used anyway by the agent.`;
        document.querySelector('textarea[name=notes]').value = draft.notes;
        await saveDraft(draft);
      }
    }
    if (after) after();
    drawPhotos(draft, itemId, area);
  });
  return h('div', { class: 'photo-input' }, h('label', { for: id, class: 'button' }, label), input);
}

async function drawPhotos(draft, itemId, area) {
  const photos = (await photosOf(draft.id)).filter((p) => p.item_id === itemId);
  area.replaceChildren(...photos.map((p, i) => {
    const url = URL.createObjectURL(p.blob);
    const where = p.lat !== null ? `±${Math.round(p.accuracy_m)} m at ${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}` : 'no position';
    return h('figure', { class: 'photo' },
      h('img', { src: url, alt: `Photo ${i + 1}`, onload: () => URL.revokeObjectURL(url) }),
      h('figcaption', {}, `${fmtTime(p.captured_at)} · ${where}`,
        h('button', { type: 'button', class: 'link', onclick: async () => { await removePhoto(p.id); drawPhotos(draft, itemId, area); } },
          `Remove photo ${i + 1}`)));
  }));
}

async function discard(draft) {
  if (!window.confirm('Discard this inspection and its photos from the phone? Nothing was sent.')) return;
  await discardDraft(draft.id);
  location.hash = '#/today';
}

// Errors at each item, and a summary at the top whose lines jump to the item.
function showProblems(box, wrong) {
  document.querySelectorAll('.item-error').forEach((el) => el.remove());
  document.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));
  for (const p of wrong) {
    const part = document.getElementById(p.target);
    if (!part) continue;
    part.setAttribute('aria-invalid', 'true');
    const legend = part.querySelector('legend') || part.firstChild;
    legend.after(h('p', { class: 'item-error' }, p.text));
  }
  box.hidden = false;
  box.replaceChildren(h('p', {}, wrong.length === 1 ? 'Not sent yet: one thing to fix.' : `Not sent yet: ${wrong.length} things to fix.`),
    h('ul', { class: 'jumps' }, wrong.map((p) => h('li', {}, h('button', { type: 'button', class: 'link', onclick: () => {
      const part = document.getElementById(p.target);
      part.scrollIntoView({ block: 'start' });
      (part.querySelector('input:not([disabled]), textarea') || part).focus({ preventScroll: true });
    } }, p.text)))));
  box.scrollIntoView({ block: 'start' });
  box.focus({ preventScroll: true });
}

async function send(draft, box, rules) {
  clearTimeout(timer);
  const wrong = problems(draft, draft.checklist, rules);
  if (wrong.length) { showProblems(box, wrong); return; }
  await enqueue({ ...draft, refusal: null }, await photosOf(draft.id));
  location.hash = '#/queue';
}
