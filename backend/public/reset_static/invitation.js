// The invitation page: the token is in the fragment, read here and sent only in a POST body.
const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
const who = document.getElementById('who');
const form = document.getElementById('accept');
const error = document.getElementById('error');
const ROLES = { agent: 'agent', board_member: 'board member', enforcing_officer: 'enforcing officer',
  town_admin: 'town administrator' };
let hasAccount = false;

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data };
}

function fail(message) {
  error.textContent = message;
  error.hidden = false;
}

async function start() {
  if (!token) { who.textContent = 'This link has no token. Ask your town administrator for a new one.'; return; }
  const { ok, data } = await post('/api/v1/public/invitation/check', { token });
  if (!ok) {
    who.textContent = 'This invitation is invalid, expired, withdrawn or already used. Ask your town administrator for a new one.';
    return;
  }
  hasAccount = data.has_account;
  const role = ROLES[data.role] || 'member';
  who.textContent = `${data.town} invites ${data.email} as ${role}. The link works once, until ${new Date(data.expires_at).toLocaleString()}.`;
  if (hasAccount) {
    document.getElementById('password-label').textContent = 'You already have an account: your password';
    form.password.autocomplete = 'current-password';
    document.getElementById('again-row').hidden = true;
  }
  form.hidden = false;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.hidden = true;
  const password = form.password.value;
  if (!hasAccount && password.length < 12) return fail('The password needs at least 12 characters.');
  if (!hasAccount && password !== form.again.value) return fail('The two passwords differ.');
  if (!password) return fail('Give your password.');
  const { ok, data } = await post('/api/v1/public/invitation', { token, password });
  if (!ok) return fail(data.message || 'The invitation could not be accepted.');
  form.hidden = true;
  who.hidden = true;
  history.replaceState(null, '', location.pathname); // the used token leaves the address bar
  document.getElementById('done').hidden = false;
});

start();
