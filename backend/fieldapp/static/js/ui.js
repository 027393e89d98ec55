// DOM helpers. Text always goes in as text nodes (never innerHTML): server data cannot inject markup.
let uid = 0;

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export const nextId = (prefix = 'f') => `${prefix}-${++uid}`;

// Replace the main region's content and move focus to its heading (screen readers hear the new page).
export function render(title, ...children) {
  const main = document.getElementById('main');
  main.replaceChildren(h('h1', { tabindex: '-1', id: 'page-title' }, title));
  append(main, children);
  document.title = `${title} · Field Enforcement`;
  document.getElementById('page-title').focus({ preventScroll: false });
  return main;
}

// A labelled input (or select/textarea); returns the wrapper; the control is wrapper.control.
export function field(label, control, hint) {
  const id = control.id || nextId();
  control.id = id;
  const hintEl = hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  const wrap = h('div', { class: 'field' }, h('label', { for: id }, label), hintEl, control);
  wrap.control = control;
  return wrap;
}

export function select(name, options, value) {
  return h('select', { name }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
}

// A segmented control built on radio inputs, each inside its label (the whole segment is the tap target;
// keyboard and screen readers still see a radio group).
export function radios(legend, name, options, value, onChange) {
  const set = h('fieldset', { class: 'radios' }, h('legend', {}, legend));
  for (const [v, text] of options) {
    set.append(h('label', { class: 'seg' },
      h('input', { type: 'radio', id: nextId(name), name, value: v, checked: v === value, onchange: () => onChange(v) }),
      h('span', {}, text)));
  }
  return set;
}

// A checkbox inside its label: the whole row is the tap target.
export const check = (input, ...text) => h('label', { class: 'check' }, input, h('span', {}, ...text));

export function errorBox() {
  const box = h('div', { class: 'error', role: 'alert', tabindex: '-1', hidden: true });
  box.show = (error) => {
    box.hidden = false;
    const lines = [...new Set([error.message || String(error), ...(error.fields || [])])]; // each error once
    box.replaceChildren(...lines.map((f) => h('p', {}, f)));
  };
  box.clear = () => { box.hidden = true; box.replaceChildren(); };
  return box;
}

export function fmtDate(iso) {
  if (!iso) return '—';
  const d = iso.length === 10 ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function fmtTime(iso) {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function fmtDistance(meters) {
  if (meters === null || meters === undefined || Number.isNaN(meters)) return '';
  const feet = meters * 3.28084;
  return feet < 1000 ? `${Math.round(feet)} ft` : `${(meters / 1609.344).toFixed(1)} mi`;
}

const CHAPTERS = { 'CARVER-281': 'Carver wetlands bylaw (ch. 281)', 'CARVER-247': 'Carver land disturbance bylaw (ch. 247)',
  'CARVER-136': 'Carver earth removal bylaw (ch. 136)', 'UPTON-280': 'Upton wetlands bylaw (ch. 280)',
  'GARDNER-650': 'Gardner wetlands bylaw (ch. 650)' };
export const chapterWords = (key) => CHAPTERS[key] || key;

export const humanize = (s) => String(s || '').replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

// datetime-local value -> ISO instant with offset (UTC); '' -> null
export const localToIso = (value) => (value ? new Date(value).toISOString() : null);

// A datetime-local value: now, or `notBefore` rounded up to the minute when that is later.
export function nowLocalInput(notBefore = null) {
  let d = new Date();
  if (notBefore && new Date(notBefore) > new Date(d.getTime() - 60000)) d = new Date(Math.ceil(new Date(notBefore).getTime() / 60000) * 60000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

export function offlineNote(result) {
  return result && result.offlineCopy
    ? h('p', { class: 'note', role: 'note' }, `Offline copy from ${fmtTime(result.offlineCopy)}.`)
    : null;
}
