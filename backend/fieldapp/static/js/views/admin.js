// Town administration (town_admin): sites, parties, permits, users, submissions and the town's settings, with
// forms to add a site, a party or a user and to change settings. Everything else stays in the API.
import { getJson, postJson, request } from '../api.js';
import { position } from '../geo.js';
import { check, errorBox, field, fmtDate, fmtTime, h, humanize, nextId, render, select } from '../ui.js';
import { slackCard } from './admin_slack.js';
import { tasksView } from './admin_tasks.js';

const TABS = [['sites', 'Sites'], ['tasks', 'Tasks'], ['parties', 'Parties'], ['permits', 'Permits'], ['users', 'Users'],
  ['submissions', 'Submissions'], ['settings', 'Settings']];

export async function show(tab = 'sites') {
  const current = TABS.some(([t]) => t === tab) ? tab : 'sites';
  const nav = h('nav', { 'aria-label': 'Administration', class: 'tabs' }, h('ul', {}, TABS.map(([t, label]) =>
    h('li', {}, h('a', { href: `#/admin/${t}`, 'aria-current': t === current ? 'page' : null }, label)))));
  render(`Admin: ${TABS.find(([t]) => t === current)[1]}`, nav, h('p', { class: 'muted' }, 'Loading…'));
  const content = await VIEWS[current]();
  render(`Admin: ${TABS.find(([t]) => t === current)[1]}`, nav, ...content);
}

const reload = () => show(location.hash.split('/')[2]);
let notice = null;

const VIEWS = {
  async sites() {
    const { data } = await getJson('/api/v1/admin/sites');
    return [table(['Name', 'Address', 'Map/lot', 'Active'], data.map((s) => [s.name, s.address, s.map_lot || '—', s.active ? 'yes' : 'no'])), siteForm()];
  },
  async parties() {
    const { data } = await getJson('/api/v1/admin/parties');
    return [table(['Name', 'Kind', 'Phone', 'Texts'], data.map((p) => [p.name, humanize(p.kind), p.phone_e164 || '—', p.sms_consent ? 'yes' : 'no'])), partyForm()];
  },
  async permits() {
    const [{ data }, { data: sites }] = await Promise.all([getJson('/api/v1/admin/permits'), getJson('/api/v1/admin/sites')]);
    const name = new Map(sites.map((s) => [s.id, s.name]));
    return [table(['Number', 'Kind', 'Site', 'Expires'], data.map((p) => [p.number, `${humanize(p.kind)} (${p.chapter})`, name.get(p.site_id) || '—', fmtDate(p.expires_on)]))];
  },
  async users() {
    const [{ data }, { data: invited }] = await Promise.all([getJson('/api/v1/admin/users'), getJson('/api/v1/admin/invitations')]);
    const told = notice ? h('p', { class: 'note', role: 'status' }, notice) : null;
    notice = null;
    return [told, table(['Name', 'Email', 'Roles', 'Active'], data.map((u) => [u.name, u.email,
      (u.memberships || []).filter((m) => m.active !== false).map((m) => humanize(m.role)).join(', '), u.active ? 'yes' : 'no'])),
    invitations(invited.filter((i) => i.status === 'pending')), userForm()];
  },
  async settings() {
    const { data, etag } = await getJson('/api/v1/admin/settings');
    const told = notice ? h('p', { class: 'note', role: 'status' }, notice) : null;
    notice = null;
    return [told, await slackCard(), h('p', { class: 'muted' }, `Configuration ${data.config_version}. A change applies from the next `
      + 'job run and is audited; assessments state the configuration they were made under.'), settingsForm(data, etag)];
  },
  tasks() {
    return tasksView(table, adminForm);
  },
  async submissions() {
    const { data } = await getJson('/api/v1/submissions');
    return [data.length ? table(['Received', 'Kind', 'From', 'Status'], data.map((s) => [fmtTime(s.received_at), humanize(s.kind), s.from_name || '—', s.status]))
      : h('p', { class: 'muted' }, 'No submissions recorded.')];
  },
};

function table(headers, rows) {
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Table: ${headers.join(', ')}` }, h('table', {}, h('thead', {}, h('tr', {}, headers.map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c) => h('td', {}, c)))))));
}

function adminForm(title, controls, send) {
  const box = errorBox();
  const button = h('button', { type: 'submit', class: 'primary' }, title);
  const titleId = nextId('form');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': titleId }, h('h2', { id: titleId }, title), box, ...controls, button);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    box.clear();
    try { await send(); await reload(); } catch (error) { box.show(error); box.focus(); } finally { button.disabled = false; }
  });
  return form;
}

const text = (name, attrs = {}) => h('input', { type: 'text', name, ...attrs });

function partyForm() {
  const kind = select('kind', ['permittee', 'operator', 'owner', 'applicant', 'contractor', 'engineer'].map((k) => [k, humanize(k)]), 'permittee');
  const name = text('name');
  const phone = h('input', { type: 'tel', name: 'phone', autocomplete: 'off' });
  const address = text('mailing_address');
  const language = select('language', [['en', 'English'], ['es', 'Spanish'], ['pt', 'Portuguese']], 'en');
  const consent = h('input', { type: 'checkbox', name: 'sms_consent' });
  return adminForm('Add a party', [field('Kind', kind), field('Name', name), field('Mobile phone', phone, 'For courtesy texts, with consent'),
    field('Mailing address', address), field('Language', language), check(consent, 'Agreed to receive texts')],
  () => postJson('/api/v1/admin/parties', { kind: kind.value, name: name.value, phone: phone.value || null,
    mailing_address: address.value || null, language: language.value, sms_consent: consent.checked }));
}

function siteForm() {
  const name = text('name');
  const address = text('address');
  const mapLot = text('map_lot');
  const lat = h('input', { type: 'number', name: 'lat', step: 'any', inputmode: 'decimal' });
  const lon = h('input', { type: 'number', name: 'lon', step: 'any', inputmode: 'decimal' });
  const here = h('button', { type: 'button', onclick: async () => {
    const fix = await position();
    if (fix) { lat.value = fix.lat.toFixed(6); lon.value = fix.lon.toFixed(6); }
  } }, 'Use my position');
  return adminForm('Add a site', [field('Name', name), field('Address', address), field('Map and lot', mapLot),
    field('Latitude', lat), field('Longitude', lon), here],
  () => postJson('/api/v1/admin/sites', { name: name.value, address: address.value, map_lot: mapLot.value || null,
    lat: lat.value === '' ? null : Number(lat.value), lon: lon.value === '' ? null : Number(lon.value) }));
}

// Pending invitations, each with a button that withdraws it (its link stops working).
function invitations(pending) {
  if (!pending.length) return null;
  const box = errorBox();
  const withdraw = (i) => h('button', { type: 'button', onclick: async () => {
    box.clear();
    try {
      await postJson(`/api/v1/admin/invitations/${i.id}/withdraw`, {});
      notice = `Withdrew the invitation of ${i.email}: its link no longer works.`;
      await reload();
    } catch (error) { box.show(error); box.focus(); }
  }, 'aria-label': `Withdraw the invitation of ${i.email}` }, 'Withdraw');
  return h('section', { 'aria-label': 'Pending invitations' }, h('h2', {}, 'Pending invitations'), box,
    table(['Email', 'Role', ''], pending.map((i) => [h('span', {}, i.email, h('br'), h('small', { class: 'muted' },
      `link works until ${fmtTime(i.expires_at)}`)), humanize(i.role), withdraw(i)])));
}

function userForm() {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'off' });
  const name = text('name');
  const role = select('role', ['agent', 'board_member', 'enforcing_officer', 'town_admin'].map((r) => [r, humanize(r)]), 'agent');
  return adminForm('Add a user', [field('Email', email), field('Name', name), field('Role', role)], async () => {
    const { data } = await postJson('/api/v1/admin/users', { email: email.value, name: name.value, role: role.value });
    notice = `Invited ${email.value}. Give them this one-time link to accept (it works until `
      + `${new Date(data.expires_at).toLocaleString()}): ${data.invitation_url}`;
  });
}

// One control per setting, by kind; "Use the default" resets it. Only what changed is sent, all or nothing.
function settingControl(setting) {
  const id = `setting-${setting.key.replace(/[^\w-]/g, '-')}`;
  const shown = (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  let control;
  if (setting.kind === 'boolean') control = select(setting.key, [['true', 'Yes'], ['false', 'No']], String(setting.value));
  else if (setting.choices.length) control = select(setting.key, setting.choices.map((c) => [c, c]), setting.value);
  else control = h('input', { type: ['integer', 'number'].includes(setting.kind) ? 'number' : 'text', name: setting.key,
    step: setting.kind === 'number' ? 'any' : null, min: setting.minimum ?? null, max: setting.maximum ?? null,
    value: shown(setting.value) });
  control.id = id;
  // Ticked while the default applies; changing the value unticks it; ticking it shows the default again.
  const reset = h('input', { type: 'checkbox', name: `reset:${setting.key}`, checked: !setting.set });
  control.addEventListener('input', () => { reset.checked = false; });
  control.addEventListener('change', () => { reset.checked = false; });
  reset.addEventListener('change', () => {
    if (reset.checked) control.value = setting.kind === 'boolean' ? String(setting.default) : shown(setting.default);
  });
  const value = () => {
    const raw = control.value.trim();
    if (setting.kind === 'boolean') return raw === 'true';
    if (setting.choices.length) return raw;
    if (raw === '') return null;
    if (setting.kind === 'integer') return Number.isInteger(Number(raw)) ? Number(raw) : raw;
    if (setting.kind === 'number') return Number.isNaN(Number(raw)) ? raw : Number(raw);
    if (['list', 'object'].includes(setting.kind)) { try { return JSON.parse(raw); } catch (e) { return raw; } }
    return raw;
  };
  const changed = () => JSON.stringify(value()) !== JSON.stringify(setting.value);
  // an engine switch: the title and one-sentence explanation its pack gives (the key and ids beside them)
  const what = setting.explanation
    ? `${setting.explanation.replace(/\.$/, '')} (${setting.key}; ${setting.note})` : setting.note;
  const hint = `${what}. Default: ${shown(setting.default) || 'none'}; ${setting.set ? 'chosen by the town' : 'the default applies'}.`;
  const row = h('div', { class: 'setting', 'data-setting': setting.key }, field(setting.title || setting.key, control, hint),
    check(reset, 'Use the default'));
  const outOfBounds = () => {
    const v = value();
    if (reset.checked || typeof v !== 'number') return null;
    if ((setting.minimum !== null && setting.minimum !== undefined && v < setting.minimum)
      || (setting.maximum !== null && setting.maximum !== undefined && v > setting.maximum)) {
      return `${setting.key}: must be between ${setting.minimum} and ${setting.maximum}`;
    }
    return null;
  };
  return { setting, row, reset, value, changed, outOfBounds };
}

function settingsForm(data, etag) {
  const rows = data.settings.map(settingControl);
  const section = (scope, title) => h('fieldset', {}, h('legend', {}, title),
    rows.filter((r) => r.setting.scope === scope).map((r) => r.row));
  return adminForm('Save settings', [section('bylaw engine', 'Readings the bylaws leave to the town'), section('app', 'This app')],
    async () => {
      const refused = rows.map((r) => r.outOfBounds()).filter(Boolean); // the bounds the API states
      if (refused.length) throw Object.assign(new Error('Not saved: please correct'), { fields: refused });
      const body = { set: {}, reset: [] };
      rows.forEach((r) => {
        if (r.reset.checked) { if (r.setting.set) body.reset.push(r.setting.key); } else if (r.changed()) body.set[r.setting.key] = r.value();
      });
      if (!Object.keys(body.set).length && !body.reset.length) throw new Error('Nothing changed.');
      await request('PATCH', '/api/v1/admin/settings', { body, headers: { 'If-Match': etag } });
      notice = `Saved: ${[...Object.keys(body.set), ...body.reset].join(', ')}.`;
    });
}
