// The reset / invitation page: the token is in the fragment, read here and sent only in a POST body.
const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
const who = document.getElementById('who');
const form = document.getElementById('reset');
const error = document.getElementById('error');

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data };
}

function fail(message) {
  error.textContent = message;
  error.hidden = false;
}

async function start() {
  if (!token) { who.textContent = 'This link has no token. Ask your town administrator for a new one.'; return; }
  const { ok, data } = await post('/api/v1/public/password-reset/check', { token });
  if (!ok) { who.textContent = 'This link is invalid, expired or already used. Ask your town administrator for a new one.'; return; }
  who.textContent = `For ${data.email}. The link works once, until ${new Date(data.expires_at).toLocaleString()}.`;
  form.hidden = false;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.hidden = true;
  const password = form.password.value;
  if (password.length < 12) return fail('The password needs at least 12 characters.');
  if (password !== form.again.value) return fail('The two passwords differ.');
  const { ok, data } = await post('/api/v1/public/password-reset', { token, password });
  if (!ok) return fail(data.message || 'The password could not be set.');
  form.hidden = true;
  who.hidden = true;
  history.replaceState(null, '', location.pathname); // the used token leaves the address bar
  document.getElementById('done').hidden = false;
});

start();
