// Boot: service worker, session, navigation, connectivity and the sync queue. Views are loaded on demand.
import { on } from './events.js';
import { NetworkError, serverState } from './api.js';
import { h, render } from './ui.js';
import { session } from './session.js';
import { connectionBack, pending, syncSoon } from './sync.js';
import { registerWorker } from './worker.js';

const ROUTES = [
  [/^#\/login$/, () => import('./views/login.js'), 'login'],
  [/^#\/today$/, () => import('./views/today.js'), 'field'],
  [/^#\/site\/([\w-]+)$/, () => import('./views/site.js'), 'any'],
  [/^#\/inspect\/([\w-]+)$/, () => import('./views/inspect.js'), 'field'],
  [/^#\/queue$/, () => import('./views/queue.js'), 'any'],
  [/^#\/board$/, () => import('./views/board.js'), 'board'],
  [/^#\/order\/([\w-]+)$/, () => import('./views/order.js'), 'board'],
  [/^#\/admin(?:\/(\w+))?$/, () => import('./views/admin.js'), 'admin'],
  [/^#\/account$/, () => import('./views/account.js'), 'any'],
];

function home() {
  if (!session.active) return '#/login';
  if (session.isField()) return '#/today';
  if (session.isBoard()) return '#/board';
  return '#/queue';
}

function allowed(kind) {
  if (kind === 'login' || kind === 'any') return true;
  if (kind === 'field') return session.isField();
  if (kind === 'board') return session.isBoard();
  return session.isAdmin();
}

// Views render after their data arrives: one route at a time, so a slow view never paints over a newer one.
let routing = Promise.resolve();
function route() {
  routing = routing.then(showRoute, showRoute);
  return routing;
}

async function showRoute() {
  const hash = location.hash || '#/';
  if (!session.active && hash !== '#/login') { location.replace('#/login'); return; }
  const match = ROUTES.map(([re, load, kind]) => [hash.match(re), load, kind]).find(([m]) => m);
  if (!match || !allowed(match[2])) { location.replace(home()); return; }
  drawNav();
  try {
    const view = await match[1]();
    await view.show(...match[0].slice(1));
  } catch (error) {
    const offline = error instanceof NetworkError;
    render(offline ? 'Not on this phone yet' : 'Something went wrong',
      h('p', {}, offline ? 'This page needs a connection the first time; connect and try again.' : error.message || String(error)),
      h('p', {}, h('a', { href: home() }, 'Back')));
  }
}

async function drawNav() {
  const nav = document.getElementById('nav');
  if (!session.active) { nav.replaceChildren(); return; }
  const waiting = new Set((await pending()).filter((j) => j.state === 'waiting').map((j) => j.inspection_id)).size;
  const links = [
    session.isField() && ['#/today', 'Today'],
    ['#/queue', waiting ? `Sync (${waiting})` : 'Sync', waiting ? `Sync: ${waiting} inspection${waiting === 1 ? '' : 's'} waiting` : null],
    session.isBoard() && ['#/board', 'Board'],
    session.isAdmin() && ['#/admin', 'Admin'],
    ['#/account', 'Account'],
  ].filter(Boolean);
  const current = location.hash.split('/').slice(0, 2).join('/');
  nav.replaceChildren(h('ul', {}, links.map(([href, text, label]) => h('li', {},
    h('a', { href, 'aria-current': current === href ? 'page' : null, 'aria-label': label }, text)))));
}

function showStatus() {
  const box = document.getElementById('netstate');
  const lines = [];
  if (!navigator.onLine) lines.push(h('p', {}, 'Offline: everything you enter is saved on this phone and sent later.'));
  else if (serverState === 'no-answer') {
    lines.push(h('p', {}, 'The server is not answering. Keep working: everything is saved on this phone and sent when it answers.'));
  }
  if (!session.active && session.expiredFlag && location.hash !== '#/login') {
    lines.push(h('p', {}, 'Your session has ended; sending is paused and nothing is lost. ',
      h('a', { href: '#/login' }, 'Log in again')));
  }
  box.className = lines.length ? 'banner' : '';
  box.replaceChildren(...lines);
}

// High contrast (AAA) for sunlight, remembered on this phone.
function contrastToggle() {
  const button = document.getElementById('contrast');
  const apply = (on) => {
    document.documentElement.classList.toggle('hc', on);
    button.setAttribute('aria-pressed', String(on));
  };
  apply(localStorage.getItem('fe-contrast') === 'high');
  button.addEventListener('click', () => {
    const on = !document.documentElement.classList.contains('hc');
    localStorage.setItem('fe-contrast', on ? 'high' : 'normal');
    apply(on);
  });
}

async function boot() {
  contrastToggle();
  await session.load();
  window.addEventListener('hashchange', route);
  window.addEventListener('hashchange', showStatus);
  window.addEventListener('online', () => { showStatus(); connectionBack(); });
  window.addEventListener('offline', showStatus);
  on('session', () => { showStatus(); drawNav(); });
  on('queue', drawNav);
  on('server', showStatus);
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener('message', (e) => e.data && e.data.type === 'sync-now' && connectionBack());
  }
  showStatus();
  registerWorker();
  await route();
  if (session.active) syncSoon(100);
}

boot();
