// Inspections and photos on the phone. A draft is saved on every change; "Send" freezes it into the sync queue.
import { all, byIndex, del, get, put, tx } from './idb.js';
import { session } from './session.js';

export const ENTRY_BASES = [
  ['permit_on_file', 'Permit on file'],
  ['application_on_file', 'Application on file'],
  ['owner_consent', 'Owner consent'],
  ['warrant', 'Warrant'],
];

export async function newDraft(site, permit) {
  const draft = {
    id: crypto.randomUUID(), owner: session.owner(), state: 'draft',
    site_id: site.id, site_name: site.name, permit_id: permit ? permit.id : null,
    permit_number: permit ? permit.number : null, template_key: null, template_version: null,
    entry_basis: 'permit_on_file', consent_name: '', warrant_number: '', notes: '',
    started_at: new Date().toISOString(), answers: {}, updated_at: new Date().toISOString(),
  };
  await put('drafts', draft);
  return draft;
}

export const getDraft = (id) => get('drafts', id);
export const photosOf = (id) => byIndex('photos', 'inspection_id', id);

export async function saveDraft(draft) {
  draft.updated_at = new Date().toISOString();
  await put('drafts', draft);
}

export async function listDrafts() {
  const rows = await all('drafts');
  return rows.sort((a, b) => (b.started_at || '').localeCompare(a.started_at || ''));
}

// A photo is stored (blob and the position measured when it was taken) before anything else happens.
export async function addPhoto(draft, file, fix, itemId = null) {
  const photo = {
    id: crypto.randomUUID(), inspection_id: draft.id, item_id: itemId, blob: file, name: file.name,
    type: file.type, size: file.size, state: 'local', result: null, error: null,
    lat: fix ? fix.lat : null, lon: fix ? fix.lon : null, accuracy_m: fix ? fix.accuracy_m : null,
    captured_at: fix ? fix.captured_at : new Date().toISOString(), taken_at_local: new Date().toISOString(),
  };
  await put('photos', photo);
  return photo;
}

export const removePhoto = (id) => del('photos', id);

export async function discardDraft(id) {
  await tx(['drafts', 'photos', 'jobs'], 'readwrite', async (s, done) => {
    const photos = await done(s.photos.index('inspection_id').getAllKeys(id));
    const jobs = await done(s.jobs.index('inspection_id').getAllKeys(id));
    photos.forEach((k) => s.photos.delete(k));
    jobs.forEach((k) => s.jobs.delete(k));
    s.drafts.delete(id);
  });
}

// The checklist item that asks the entry basis again: the inspection's own entry basis answers it (asked once).
export const asksEntryBasis = (item) => item.id === 'entry-basis';
export const DEFAULT_RULES = { checklist_every_item_required: true, photo_accuracy_max_m: 10 };

// What the agent must still fix before sending: [{target, text}] (target: the id of the part to jump to).
export function problems(draft, checklist, rules = DEFAULT_RULES) {
  const out = [];
  const add = (target, text) => out.push({ target, text });
  if (draft.entry_basis === 'owner_consent' && !draft.consent_name.trim()) add('entry', 'Owner consent: enter the name of the person who consented.');
  if (draft.entry_basis === 'warrant' && !draft.warrant_number.trim()) add('entry', 'Warrant: enter the warrant number.');
  const items = (checklist ? checklist.content.items : []).filter((i) => !asksEntryBasis(i));
  const answer = (item) => draft.answers[item.id] || {};
  if (!rules.checklist_every_item_required && items.length && !items.some((i) => answer(i).answer)) {
    add(`item-${items[0].id}`, 'Answer at least one checklist item.');
  }
  for (const item of items) {
    const a = answer(item);
    const target = `item-${item.id}`;
    if (!a.answer) {
      const words = item.answers.map((x) => ({ pass: 'Pass', fail: 'Fail', na: 'N/A' }[x]));
      if (rules.checklist_every_item_required) add(target, `${shortPrompt(item)}: choose ${words.slice(0, -1).join(', ')} or ${words.at(-1)}.`);
      continue;
    }
    if (a.answer === 'na' && !(a.note || '').trim()) add(target, `${shortPrompt(item)}: say in the note why it does not apply.`);
    for (const f of item.fields) {
      const value = (a.fields || {})[f.name];
      if (f.kind !== 'photo' && f.required_on.includes(a.answer) && (value === undefined || value === '' || value === null)) {
        add(target, `${shortPrompt(item)}: “${f.label}” is required when the answer is ${a.answer === 'na' ? 'N/A' : a.answer}.`);
      }
    }
  }
  return out;
}

export const shortPrompt = (item) => (item.prompt.length > 60 ? `${item.prompt.slice(0, 57)}…` : item.prompt);

// The POST /api/v1/inspections body, without device_clock_at_sync (added at each attempt).
export function inspectionBody(draft, photos) {
  const byItem = {};
  photos.filter((p) => p.item_id).forEach((p) => { (byItem[p.item_id] = byItem[p.item_id] || []).push(p.id); });
  const responses = Object.entries(draft.answers).filter(([, a]) => a.answer).map(([itemId, a]) => {
    const data = {};
    let ceasedOn = null;
    for (const [name, value] of Object.entries(a.fields || {})) {
      if (value === '' || value === null || value === undefined) continue;
      if (name === 'ceased_on' && value !== 'unknown') ceasedOn = value;
      else data[name] = value;
    }
    if (a.photoField && byItem[itemId]) data[a.photoField] = byItem[itemId];
    return { item_id: itemId, answer: a.answer, note: a.note || null, ceased_on: ceasedOn, data };
  });
  return {
    id: draft.id, site_id: draft.site_id, permit_id: draft.permit_id, template_key: draft.template_key,
    template_version: draft.template_version, entry_basis: draft.entry_basis,
    consent_name: draft.entry_basis === 'owner_consent' ? draft.consent_name.trim() : null,
    warrant_number: draft.entry_basis === 'warrant' ? draft.warrant_number.trim() : null,
    started_at: draft.started_at, notes: draft.notes || null, responses,
  };
}
