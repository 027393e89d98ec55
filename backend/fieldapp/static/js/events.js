// A tiny in-page event bus: the sync queue reports progress, views listen while they are on screen.
const target = new EventTarget();

export function emit(name, detail = {}) {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

// Returns an unsubscribe function.
export function on(name, fn) {
  const handler = (e) => fn(e.detail);
  target.addEventListener(name, handler);
  return () => target.removeEventListener(name, handler);
}
