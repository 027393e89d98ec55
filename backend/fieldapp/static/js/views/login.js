// Log in: POST /api/v1/auth/token {email, password, town}. After an expired token the identity is kept,
// the queue is untouched, and sending resumes as soon as the new token is in.
import { request } from '../api.js';
import { session } from '../session.js';
import { pending, syncNow } from '../sync.js';
import { errorBox, field, h, render } from '../ui.js';

export async function show() {
  const waiting = (await pending()).length;
  const box = errorBox();
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true, value: session.email || '' });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const town = h('input', { type: 'text', name: 'town', autocomplete: 'organization', required: true,
    value: session.town || '', autocapitalize: 'none', spellcheck: false });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Log in');
  const form = h('form', { class: 'card', novalidate: true }, box,
    field('Email', email), field('Password', password), field('Town', town, 'As the town office gave it, e.g. carver'),
    submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    box.clear();
    submit.disabled = true;
    try {
      await logIn(email.value.trim(), password.value, town.value.trim().toLowerCase());
    } catch (error) {
      box.show(error);
      password.focus();
    } finally {
      submit.disabled = false;
    }
  });
  const intro = session.expiredFlag
    ? h('p', { class: 'note' }, `Your session ended. Log in again to continue${waiting ? `: ${waiting} item(s) waiting to be sent are kept on this phone` : ''}.`)
    : h('p', {}, 'Inspections, photos and enforcement. Works without signal: what you enter is kept on this phone until it is sent.');
  render('Log in', intro, form);
  (session.email ? password : email).focus();
}

async function logIn(email, password, town) {
  const device = `fieldapp ${navigator.userAgent.slice(0, 80)}`;
  const { data } = await request('POST', '/api/v1/auth/token', { body: { email, password, town, device }, auth: false });
  const previous = session.owner();
  await session.start(email, data);
  if (previous !== session.owner() && navigator.serviceWorker && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage({ type: 'clear-api-cache' });
  }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => false);
  syncNow();
  location.hash = session.isField() ? '#/today' : session.isBoard() ? '#/board' : '#/queue';
}
