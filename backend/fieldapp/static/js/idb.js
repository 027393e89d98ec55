// A small promise wrapper around IndexedDB: everything the agent enters lives here before it is sent.
//   kv      session and settings           {key, value}
//   drafts  inspections on this phone      {id (client UUID), ...}
//   photos  photo blobs and capture facts  {id (client UUID), inspection_id, blob, ...}
//   jobs    the sync queue                 {id, seq, inspection_id, kind, state, attempts, next_at, ...}
const NAME = 'fieldapp';
const VERSION = 1;
let opening = null;

export function openDb() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(NAME, VERSION);
      req.onupgradeneeded = () => upgrade(req.result);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('the app is open in another tab with an older version; close it'));
    });
  }
  return opening;
}

function upgrade(db) {
  db.createObjectStore('kv', { keyPath: 'key' });
  db.createObjectStore('drafts', { keyPath: 'id' });
  db.createObjectStore('photos', { keyPath: 'id' }).createIndex('inspection_id', 'inspection_id');
  const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
  jobs.createIndex('seq', 'seq');
  jobs.createIndex('inspection_id', 'inspection_id');
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// Run fn(stores) in one transaction over `names`; resolves with fn's result once the transaction commits.
export async function tx(names, mode, fn) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const t = db.transaction(names, mode);
    const stores = Object.fromEntries(names.map((n) => [n, t.objectStore(n)]));
    let result;
    t.oncomplete = () => resolve(result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error || new Error('transaction aborted'));
    Promise.resolve(fn(stores, done)).then((r) => { result = r; }, (e) => { reject(e); t.abort(); });
  });
}

export const get = (store, key) => tx([store], 'readonly', (s) => done(s[store].get(key)));
export const all = (store) => tx([store], 'readonly', (s) => done(s[store].getAll()));
export const put = (store, value) => tx([store], 'readwrite', (s) => done(s[store].put(value)));
export const del = (store, key) => tx([store], 'readwrite', (s) => done(s[store].delete(key)));
export const byIndex = (store, index, value) =>
  tx([store], 'readonly', (s) => done(s[store].index(index).getAll(value)));

export async function getKv(key, fallback = null) {
  const row = await get('kv', key);
  return row ? row.value : fallback;
}

export const setKv = (key, value) => put('kv', { key, value });
