// Board view: open violations and orders. Select violations of one site to draft an order (cease and desist
// by default); the order page issues, serves, schedules the review, issues citations and lifts it.
import { getJson, postJson } from '../api.js';
import { chapterWords, check, errorBox, field, fmtDate, fmtTime, h, humanize, nextId, offlineNote, render, select } from '../ui.js';

const KINDS = [['cease_and_desist', 'Cease and desist'], ['restoration_order', 'Restoration order'], ['enforcement_order', 'Enforcement order']];

let showAll = false;

export async function show() {
  render('Board', h('p', { class: 'muted' }, 'Loading…'));
  const [violations, orders, sites, boards] = await Promise.all([getJson('/api/v1/violations?status=open'),
    getJson('/api/v1/orders'), getJson('/api/v1/sites'), getJson('/api/v1/boards').catch(() => ({ data: [] }))]);
  const mine = boards.data.filter((b) => b.mine);
  const chapters = new Set(mine.flatMap((b) => b.chapters));
  const filtered = mine.length && !showAll;
  if (filtered) {
    violations.data = violations.data.filter((v) => chapters.has(v.chapter));
    orders.data = orders.data.filter((o) => chapters.has(o.chapter));
  }
  const toggle = mine.length ? h('div', { class: 'field' },
    h('p', { class: 'muted', id: 'board-scope' }, filtered ? `Showing what concerns the ${mine.map((b) => b.name).join(' and the ')}.`
      : 'Showing every board of the town.'),
    check(h('input', { type: 'checkbox', checked: showAll, onchange: (e) => { showAll = e.target.checked; show(); } }),
      'Show every board’s violations and orders')) : null;
  const siteName = new Map(sites.data.map((s) => [s.id, s.name]));
  const chosen = new Set();
  const box = errorBox();
  const form = h('div');
  const drawForm = () => form.replaceChildren(chosen.size ? orderForm([...chosen].map((id) => violations.data.find((v) => v.id === id)), box) : h('p', { class: 'muted' }, 'Select violations of one site to draft an order.'));
  render('Board', offlineNote(violations), toggle,
    h('section', { 'aria-labelledby': 'v-h' }, h('h2', { id: 'v-h' }, `Open violations (${violations.data.length})`),
      violationPicker(violations.data, siteName, chosen, drawForm), box, form),
    h('section', { 'aria-labelledby': 'o-h' }, h('h2', { id: 'o-h' }, 'Orders'), orderList(orders.data, siteName)));
  drawForm();
}

function violationPicker(rows, siteName, chosen, onChange) {
  if (!rows.length) return h('p', { class: 'muted' }, 'No open violations.');
  return h('ul', { class: 'list picks' }, rows.map((v) => {
    const id = nextId('v');
    const box = h('input', { type: 'checkbox', id, value: v.id, onchange: (e) => {
      if (e.target.checked) chosen.add(v.id); else chosen.delete(v.id);
      onChange();
    } });
    return h('li', {}, check(box, h('strong', {}, siteName.get(v.site_id) || 'Site'), ` — ${v.citation}`),
      h('p', { class: 'muted' }, `${v.description} · observed ${fmtTime(v.observed_at)}`));
  }));
}

function orderForm(violations, box) {
  const sitesHere = new Set(violations.map((v) => v.site_id));
  const chapters = new Set(violations.map((v) => v.chapter));
  if (sitesHere.size > 1 || chapters.size > 1) return h('p', { class: 'error' }, 'An order covers violations of one site under one bylaw: select fewer.');
  const kind = select('kind', KINDS, 'cease_and_desist');
  const finePath = select('fine_path', [['', 'Decide later'], ['noncriminal', 'Noncriminal (citations)'], ['criminal', 'Criminal (court)']], '');
  const text = h('textarea', { name: 'text', rows: 4 });
  text.value = 'You are ordered to cease and desist from all activity in violation of the bylaw at this site, effective immediately.';
  const create = async () => {
    const { data } = await postJson('/api/v1/orders', { site_id: violations[0].site_id, kind: kind.value, chapter: violations[0].chapter,
      violation_ids: violations.map((v) => v.id), text: text.value, fine_path: finePath.value || null });
    location.hash = `#/order/${data.id}`;
  };
  const button = h('button', { type: 'button', class: 'primary' }, 'Draft the order');
  button.addEventListener('click', async () => {
    button.disabled = true;
    box.clear();
    try { await create(); } catch (error) { box.show(error); } finally { button.disabled = false; }
  });
  return h('div', { class: 'card' }, h('h3', {}, `New order under the ${chapterWords(violations[0].chapter)}`),
    field('Kind of order', kind), field('Fine path', finePath), field('Text of the order', text), button);
}

function orderList(rows, siteName) {
  if (!rows.length) return h('p', { class: 'muted' }, 'No orders yet.');
  return h('ul', { class: 'list' }, rows.map((o) => h('li', {},
    h('a', { href: `#/order/${o.id}` }, `${humanize(o.kind)} — ${siteName.get(o.site_id) || 'site'}`),
    h('span', { class: `badge status-${o.status}` }, o.status),
    h('p', { class: 'muted' }, `${chapterWords(o.chapter)}${o.issued_at ? ` · issued ${fmtDate(o.issued_at)}` : ''}${o.served_at ? ` · served ${fmtDate(o.served_at)}` : ''}`))));
}
