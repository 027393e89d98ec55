import { TIMEOUTS } from './api.js';

// The service worker: registered at the root scope; pages wait for it to take control before fetching what
// must be kept for offline use (requests made before that bypass its cache).
export async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  const tell = () => navigator.serviceWorker.controller
    && navigator.serviceWorker.controller.postMessage({ type: 'timeouts', request_ms: TIMEOUTS.request_ms });
  navigator.serviceWorker.addEventListener('controllerchange', tell);
  tell();
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn('service worker not registered', error);
  }
}

// Resolves true once a worker controls this page (false if none does within the timeout, e.g. plain HTTP).
export function workerInControl(timeoutMs = 5000) {
  if (!('serviceWorker' in navigator)) return Promise.resolve(false);
  if (navigator.serviceWorker.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), timeoutMs);
    navigator.serviceWorker.addEventListener('controllerchange', () => { clearTimeout(timer); resolve(true); }, { once: true });
  });
}
