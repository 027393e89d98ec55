// One checklist item: pass / fail / n.a., a note, and the fields the item declares (e.g. the stabilization
// item's "date activity ceased", which may be "unknown"). Changes are written into `answer` and saved by `save`.
import { check, h, humanize, nextId, radios } from '../ui.js';

const LABELS = { pass: 'Pass', fail: 'Fail', na: 'N/A' };

export function itemBlock(item, draft, save, photoSlot) {
  const answer = draft.answers[item.id] || { answer: null, note: '', fields: {} };
  const body = h('div', { class: 'item-body' });
  const setAnswer = (value) => {
    answer.answer = value;
    draft.answers[item.id] = answer;
    block.classList.toggle('failed', value === 'fail');
    drawBody();
    save(true);
  };
  const drawBody = () => body.replaceChildren(...(answer.answer ? details(item, answer, save, photoSlot) : []));
  const cite = item.condition_id ? `Permit condition ${item.condition_id}` : null; // never a rule id
  const block = h('fieldset', { class: `item${answer.answer === 'fail' ? ' failed' : ''}`, 'data-item': item.id, id: `item-${item.id}`, tabindex: '-1' },
    h('legend', {}, item.prompt),
    cite ? h('p', { class: 'muted cite' }, cite) : null,
    radios('Result', `answer-${item.id}`, item.answers.map((a) => [a, LABELS[a]]), answer.answer, setAnswer),
    body);
  drawBody();
  return block;
}

function details(item, answer, save, photoSlot) {
  const note = h('textarea', { id: nextId('note'), rows: 2, oninput: (e) => { answer.note = e.target.value; save(); } });
  note.value = answer.note || '';
  const parts = item.fields.map((spec) => (spec.kind === 'photo'
    ? photoSlot(item, spec, answer) : control(spec, answer, save)));
  return [...parts, h('div', { class: 'field' }, h('label', { for: note.id }, 'Note'), note)];
}

function control(spec, answer, save) {
  const id = nextId(spec.name);
  const fields = answer.fields || (answer.fields = {});
  const set = (value) => { fields[spec.name] = value; save(); };
  const required = spec.required_on.includes(answer.answer);
  const words = [spec.label, required ? h('span', { class: 'req' }, ' (required)') : null];
  const value = fields[spec.name];
  const input = build(spec, id, value, set);
  if (spec.kind === 'bool') return h('div', { class: 'field' }, check(input, ...words));
  const label = h('label', { for: id }, ...words);
  const extra = spec.kind === 'date_or_unknown' ? unknownBox(id, input, value, set) : null;
  return h('div', { class: 'field' }, label, input, extra);
}

function build(spec, id, value, set) {
  const common = { id, name: spec.name };
  switch (spec.kind) {
    case 'number': {
      const el = h('input', { ...common, type: 'number', inputmode: 'decimal', step: 'any' });
      el.value = value ?? '';
      el.addEventListener('input', () => set(el.value === '' ? null : Number(el.value)));
      return el;
    }
    case 'choice': {
      const el = h('select', common, h('option', { value: '' }, '—'),
        spec.choices.map((c) => h('option', { value: c, selected: c === value }, humanize(c))));
      el.addEventListener('change', () => set(el.value || null));
      return el;
    }
    case 'bool': {
      const el = h('input', { ...common, type: 'checkbox', checked: value === true });
      el.addEventListener('change', () => set(el.checked));
      return el;
    }
    default: {
      const type = { date: 'date', date_or_unknown: 'date', time: 'time' }[spec.kind] || 'text';
      const el = h('input', { ...common, type });
      el.value = value && value !== 'unknown' ? value : '';
      el.disabled = value === 'unknown';
      el.addEventListener('input', () => set(el.value || null));
      return el;
    }
  }
}

function unknownBox(id, input, value, set) {
  const boxId = `${id}-unknown`;
  const box = h('input', { type: 'checkbox', id: boxId, checked: value === 'unknown' });
  box.addEventListener('change', () => {
    input.disabled = box.checked;
    set(box.checked ? 'unknown' : (input.value || null));
  });
  return h('span', { class: 'inline' }, check(box, 'Unknown'));
}
