// One order: issue it (with the vote, designation or delegation the bylaw asks for), record service, schedule or
// record the ERC review, issue proposed citations, lift it. Each form posts to /api/v1 and redraws the page.
import { authHeaders, getJson, postJson, request } from '../api.js';
import { chapterWords, errorBox, field, fmtTime, h, humanize, localToIso, nextId, nowLocalInput, radios, render, select } from '../ui.js';

export async function show(orderId) {
  const { data: order } = await getJson(`/api/v1/orders/${orderId}`);
  const { data: detail } = await getJson(`/api/v1/sites/${order.site_id}`).catch(() => ({ data: null }));
  const reload = () => show(orderId);
  const meetings = order.status === 'issued' ? await optional(`/api/v1/orders/${orderId}/meetings`) : [];
  const citations = order.status !== 'draft' ? await optional(`/api/v1/citations?order_id=${orderId}`) : [];
  render(`${humanize(order.kind)} — ${detail ? detail.name : 'site'}`,
    h('p', {}, h('span', { class: `badge status-${order.status}` }, order.status), ` ${chapterWords(order.chapter)}`,
      order.issued_at ? ` · issued ${fmtTime(order.issued_at)}` : '', order.served_at ? ` · served ${fmtTime(order.served_at)} (${humanize(order.service_method)})` : ''),
    order.authorization && order.authorization.reason ? h('p', { class: 'muted' }, `Authority: ${order.authorization.reason}`) : null,
    h('blockquote', {}, order.text || '(no text)'),
    order.status === 'draft' ? issueForm(order, reload) : null,
    order.status === 'issued' && !order.served_at ? serveForm(order, reload) : null,
    order.status === 'issued' && order.chapter === 'CARVER-136' && order.kind === 'cease_and_desist' ? meetingSection(order, meetings, reload) : null,
    citations.length ? citationSection(order, citations, reload) : null,
    order.status === 'issued' ? liftForm(order, reload) : null,
    order.status !== 'draft' ? h('p', {}, h('button', { type: 'button', class: 'link', onclick: () => pdf(order) }, 'Download the order as PDF')) : null,
    h('p', {}, h('a', { href: '#/board' }, 'Back to the board')));
}

async function optional(path) {
  try { return (await getJson(path)).data; } catch (error) { return []; }
}

function form(title, controls, label, send, reload) {
  const box = errorBox();
  const button = h('button', { type: 'submit', class: 'primary' }, label);
  const titleId = nextId('form');
  const el = h('form', { class: 'card', novalidate: true, 'aria-labelledby': titleId }, h('h2', { id: titleId }, title), box, ...controls, button);
  el.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    box.clear();
    try { await send(); await reload(); } catch (error) { box.show(error); box.focus(); } finally { button.disabled = false; }
  });
  return el;
}

// Who acts: the board by vote, its designee, a written delegation, or the user's own role (the server decides).
function authority(name) {
  let how = 'vote';
  const yes = h('input', { type: 'number', min: 0, max: 50, inputmode: 'numeric', name: 'yes' });
  const no = h('input', { type: 'number', min: 0, max: 50, inputmode: 'numeric', name: 'no', value: '0' });
  const abstain = h('input', { type: 'number', min: 0, max: 50, inputmode: 'numeric', name: 'abstain', value: '0' });
  const members = h('textarea', { name: 'members_present', rows: 4 });
  const reference = h('input', { type: 'text', name: 'reference' });
  const vote = h('div', {}, field('Votes in favor', yes), field('Votes against', no), field('Abstentions', abstain),
    field('Members present (one per line)', members));
  const ref = field('Designation or delegation (vote date, minutes item)', reference);
  const toggle = () => { vote.hidden = how !== 'vote'; ref.hidden = !['designation', 'delegation'].includes(how); };
  const choice = radios('Authority to act', name, [['vote', 'Board vote'], ['designation', 'Designee of the board'],
    ['delegation', 'Written delegation'], ['own', 'My own role']], how, (v) => { how = v; toggle(); });
  toggle();
  const value = () => (how === 'vote' ? { vote: { yes: Number(yes.value || 0), no: Number(no.value || 0),
    abstain: Number(abstain.value || 0), members_present: members.value.split('\n').map((s) => s.trim()).filter(Boolean) } }
    : how === 'own' ? {} : { [how]: reference.value.trim() });
  return { nodes: [choice, vote, ref], value };
}

function issueForm(order, reload) {
  const who = authority('issue-how');
  const finePath = select('fine_path', [['', 'As drafted'], ['noncriminal', 'Noncriminal (citations)'], ['criminal', 'Criminal (court)']], order.fine_path || '');
  const send = () => postJson(`/api/v1/orders/${order.id}/issue`, { authorization: who.value(), fine_path: finePath.value || null });
  return form('Issue the order', [...who.nodes, field('Fine path', finePath)], 'Issue order', send, reload);
}

function serveForm(order, reload) {
  const method = select('method', [['certified_mail', 'Certified mail'], ['hand_delivery', 'Hand delivery'], ['posting', 'Posting at the site']], 'certified_mail');
  const at = h('input', { type: 'datetime-local', name: 'served_at', value: nowLocalInput(order.issued_at) });
  const receipt = h('input', { type: 'text', name: 'receipt' });
  const by = h('input', { type: 'text', name: 'by' });
  const send = () => postJson(`/api/v1/orders/${order.id}/serve`, { method: method.value, served_at: localToIso(at.value),
    detail: Object.fromEntries([['receipt', receipt.value.trim()], ['by', by.value.trim()]].filter(([, v]) => v)) });
  return form('Record service', [field('Method', method), field('Served at', at), field('Receipt or tracking number', receipt),
    field('Delivered by / posted where', by)], 'Record service', send, reload);
}

// Lifting is authorised like issuing: the same vote, designation or delegation where the bylaw needs one.
function liftForm(order, reload) {
  const reason = h('textarea', { name: 'reason', rows: 2 });
  const who = authority('lift-how');
  const send = () => postJson(`/api/v1/orders/${order.id}/transition`, { to: 'lifted', reason: reason.value.trim() || null,
    authorization: who.value() });
  return form('Lift the order', [field('Reason (e.g. the violation was corrected)', reason), ...who.nodes], 'Lift order', send, reload);
}

function meetingSection(order, meetings, reload) {
  const when = h('input', { type: 'datetime-local', name: 'scheduled_for' });
  const notified = h('input', { type: 'datetime-local', name: 'operator_notified_at', value: nowLocalInput(order.issued_at) });
  const posted = h('input', { type: 'datetime-local', name: 'posted_at', value: nowLocalInput(order.issued_at) });
  const override = h('input', { type: 'text', name: 'override_reason' });
  const place = placeFields();
  const who = authority('meeting-how');
  const send = () => postJson(`/api/v1/orders/${order.id}/meetings`, { scheduled_for: localToIso(when.value),
    operator_notified_at: localToIso(notified.value), posted_at: localToIso(posted.value), ...place.value(),
    override_reason: override.value.trim() || null, authorization: who.value() });
  return h('section', { 'aria-labelledby': 'm-h' }, h('h2', { id: 'm-h' }, 'ERC review meeting'),
    meetings.length ? h('ul', { class: 'list' }, meetings.map((m) => h('li', {}, `${humanize(m.status)}: ${fmtTime(m.held_at || m.scheduled_for)}`,
      m.window && m.window.latest_at ? h('span', { class: 'muted' }, ` · window ends ${fmtTime(m.window.latest_at)}`) : '',
      m.flagged ? h('span', { class: 'badge' }, 'flagged') : null,
      h('p', { class: 'place' }, placeText(m)),
      m.moves ? h('span', { class: 'muted' }, ` · moved ${m.moves} time${m.moves === 1 ? '' : 's'}`) : null,
      m.status === 'scheduled' ? moveForm(m, reload) : null,
      m.status === 'scheduled' ? recordForm(m, reload) : null))) : h('p', { class: 'muted' }, 'Not scheduled yet.'),
    form('Schedule the review', [field('Meeting at', when), ...place.nodes, field('Operator notified at', notified),
      field('Open Meeting Law posting at', posted), field('Reason to record outside the window (optional)', override), ...who.nodes],
    'Schedule', send, reload));
}

// Where the meeting is held: stated in the board's alert, the operator's text, the notice page and calendars.
function placeFields(meeting = {}) {
  const address = h('input', { type: 'text', name: 'address', maxlength: 300, autocomplete: 'street-address', value: meeting.address || '' });
  const room = h('input', { type: 'text', name: 'room', maxlength: 120, value: meeting.room || '' });
  const remote = h('input', { type: 'url', name: 'remote_url', maxlength: 500, inputmode: 'url', placeholder: 'https://', value: meeting.remote_url || '' });
  const value = () => ({ address: address.value.trim() || null, room: room.value.trim() || null, remote_url: remote.value.trim() || null });
  return { nodes: [field('Meeting place (address)', address), field('Room', room),
    field('Remote attendance link (optional)', remote, 'https only')], value };
}

function placeText(m) {
  const where = [m.room, m.address].filter(Boolean).join(', ') || 'Place not yet stated';
  return m.remote_url ? `${where} · online: ${m.remote_url}` : where;
}

function moveForm(meeting, reload) {
  const when = h('input', { type: 'datetime-local', name: 'scheduled_for', value: nowLocalInput(meeting.scheduled_for) });
  const place = placeFields(meeting);
  const override = h('input', { type: 'text', name: 'override_reason' });
  const who = authority(`move-how-${meeting.id}`);
  const send = () => {
    const given = place.value();
    const body = { scheduled_for: localToIso(when.value), address: given.address || '', room: given.room || '',
      remote_url: given.remote_url, override_reason: override.value.trim() || null, authorization: who.value() };
    return request('POST', `/api/v1/meetings/${meeting.id}/move`, { body, headers: { 'If-Match': `"v${meeting.version}"` } });
  };
  return form('Move the meeting (new time or place)', [field('New time', when), ...place.nodes,
    field('Reason to record outside the window (optional)', override), ...who.nodes], 'Move meeting', send, reload);
}

function recordForm(meeting, reload) {
  const held = h('input', { type: 'datetime-local', name: 'held_at', value: nowLocalInput() });
  const members = h('textarea', { name: 'members', rows: 3 });
  const motion = h('input', { type: 'text', name: 'motion', value: 'Affirm the cease-and-desist order' });
  const yes = h('input', { type: 'number', name: 'yes', min: 0, inputmode: 'numeric' });
  const no = h('input', { type: 'number', name: 'no', min: 0, inputmode: 'numeric', value: '0' });
  const send = () => postJson(`/api/v1/meetings/${meeting.id}/record`, { held_at: localToIso(held.value),
    members_present: members.value.split('\n').map((s) => s.trim()).filter(Boolean),
    votes: [{ motion: motion.value, yes: Number(yes.value || 0), no: Number(no.value || 0) }] });
  return form('Record the meeting', [field('Held at', held), field('Members present (one per line)', members),
    field('Motion', motion), field('Yes', yes), field('No', no)], 'Record meeting', send, reload);
}

function citationSection(order, citations, reload) {
  const proposed = citations.filter((c) => c.status === 'proposed');
  const send = () => postJson('/api/v1/citations/issue', { order_id: order.id, delivery: 'mail' });
  return h('section', { 'aria-labelledby': 'c-h' }, h('h2', { id: 'c-h' }, 'Citations'),
    h('ul', { class: 'list' }, citations.map((c) => h('li', {}, `${c.local_date} · ${c.status}`,
      c.amount_cents !== null ? ` · $${(c.amount_cents / 100).toFixed(2)}` : ''))),
    proposed.length ? form(`Issue ${proposed.length} proposed citation(s)`, [], 'Issue citations', send, reload) : null);
}

async function pdf(order) {
  const response = await fetch(`/api/v1/orders/${order.id}.pdf`, { headers: authHeaders() });
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const a = h('a', { href: url, download: `order-${order.id}.pdf` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
