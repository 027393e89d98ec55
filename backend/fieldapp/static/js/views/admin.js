// Town administration (town_admin): sites, parties, permits, users and submissions, with forms to add
// a site, a party or a user. Everything else stays in the API (/api/v1/admin/...).
import { getJson, postJson } from '../api.js';
import { position } from '../geo.js';
import { errorBox, field, fmtDate, fmtTime, h, humanize, nextId, render, select } from '../ui.js';

const TABS = [['sites', 'Sites'], ['parties', 'Parties'], ['permits', 'Permits'], ['users', 'Users'], ['submissions', 'Submissions']];

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
    const { data } = await getJson('/api/v1/admin/users');
    const told = notice ? h('p', { class: 'note', role: 'status' }, notice) : null;
    notice = null;
    return [told, table(['Name', 'Email', 'Roles', 'Active'], data.map((u) => [u.name, u.email,
      (u.memberships || []).filter((m) => m.active !== false).map((m) => humanize(m.role)).join(', '), u.active ? 'yes' : 'no'])), userForm()];
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
    field('Mailing address', address), field('Language', language), field('Agreed to receive texts', consent)],
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

function userForm() {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'off' });
  const name = text('name');
  const role = select('role', ['agent', 'board_member', 'enforcing_officer', 'town_admin'].map((r) => [r, humanize(r)]), 'agent');
  return adminForm('Add a user', [field('Email', email), field('Name', name), field('Role', role)], async () => {
    const { data } = await postJson('/api/v1/admin/users', { email: email.value, name: name.value, role: role.value });
    notice = data.reset_url ? `Added ${email.value}. Give them this one-time link to set a password: ${data.reset_url}`
      : `${email.value} now has a role in this town.`;
  });
}
