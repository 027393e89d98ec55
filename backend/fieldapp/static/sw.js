/* The field app's service worker. VERSION and SHELL are prepended by the server (/sw.js).
 *
 * - The shell (/, the manifest, /static/app/...) is cache-first: it opens with no signal at all. Pages the
 *   server renders (Slack's install redirect /slack/..., the public notice /n/...) always go to the server.
 * - GET /api/v1/... is network-first with a cache fallback when there is no answer within 1.5 seconds or
 *   a 5xx (an offline copy is marked with the header X-Offline-Copy: <when it was fetched>), so sites,
 *   checklists and lists read in the office work in the bog. Only 200 answers are kept.
 * - POST, PUT, PATCH and DELETE are never cached or replayed here: the page's sync queue owns them.
 */
/* global VERSION, SHELL */
const SHELL_CACHE = `shell-${VERSION}`;
const API_CACHE = 'api-v1';
const NETWORK_WAIT_MS = 1500; // then the cached copy is shown, with its age, while the refresh goes on
// The worker's own fetches give up too (else hung requests hold the browser's few connections to the host);
// the page tells it its request timeout.
let networkTimeoutMs = 15000;
const NOT_CACHED = [/\/original$/, /\.pdf$/, /\/auth\//, /\/openapi\.json$/];
const SERVER_PAGES = /^\/(slack|n)\//;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'timeouts' && event.data.request_ms > 0) networkTimeoutMs = event.data.request_ms;
  if (event.data && event.data.type === 'clear-api-cache') {
    event.waitUntil(caches.delete(API_CACHE));
  }
});

// Background Sync: the connection is back; tell the open app to send its queue (the queue lives in the page).
self.addEventListener('sync', (event) => {
  if (event.tag !== 'send-queue') return;
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then((all) => all.forEach((c) => c.postMessage({ type: 'sync-now' }))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SERVER_PAGES.test(url.pathname)) return;
  if (request.mode === 'navigate' || url.pathname === '/') {
    event.respondWith(shellFirst(new Request('/')));
  } else if (url.pathname.startsWith('/static/app/') || url.pathname === '/app.webmanifest') {
    event.respondWith(shellFirst(request));
  } else if (url.pathname.startsWith('/api/v1/') && !NOT_CACHED.some((re) => re.test(url.pathname))) {
    event.respondWith(networkFirst(request, event));
  }
});

async function shellFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, event) {
  const cache = await caches.open(API_CACHE);
  const controller = new AbortController();
  const giveUp = setTimeout(() => controller.abort(), networkTimeoutMs);
  const network = fetch(request, { signal: controller.signal }).then(async (response) => {
    if (response.status === 200) await cache.put(request, await stamped(response.clone()));
    return response;
  }).finally(() => clearTimeout(giveUp));
  event.waitUntil(network.catch(() => null));
  const cached = await cache.match(request);
  if (!cached) return network.catch(() => offline());
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), NETWORK_WAIT_MS));
  try {
    const response = await Promise.race([network, timeout]);
    return response && response.status < 500 ? response : markCopy(cached);
  } catch (error) {
    return markCopy(cached);
  }
}

function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set('X-Fetched-At', new Date().toISOString());
  return response.blob().then((body) => new Response(body, { status: response.status, headers }));
}

function markCopy(cached) {
  const headers = new Headers(cached.headers);
  headers.set('X-Offline-Copy', headers.get('X-Fetched-At') || 'unknown');
  return cached.blob().then((body) => new Response(body, { status: cached.status, headers }));
}

function offline() {
  const body = JSON.stringify({ message: 'offline and not saved on this phone yet', detail: { offline: true } });
  return new Response(body, { status: 503, headers: { 'Content-Type': 'application/json', 'X-Offline': '1' } });
}
