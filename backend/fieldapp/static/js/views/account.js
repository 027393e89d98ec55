// The account screen: who is signed in, and the calendar feed of the board's meetings and the deadlines this user
// acts on (a secret URL, shown once when it is made; rotate it if it leaked, revoke it to stop it).
import { getJson, request } from '../api.js';
import { errorBox, fmtTime, h, render } from '../ui.js';
import { session } from '../session.js';

const FEED = '/api/v1/me/calendar-feed';

export async function show() {
  const { data: feed } = await getJson(FEED);
  draw(feed, null);
}

function draw(feed, url) {
  const box = errorBox();
  const act = (method, label) => h('button', { type: 'button', class: method === 'DELETE' ? 'link' : 'primary', onclick: async (event) => {
    event.target.disabled = true;
    box.clear();
    try {
      const { data } = await request(method, FEED, { body: method === 'POST' ? {} : undefined });
      draw(data, data.url);
    } catch (error) { box.show(error); box.focus(); event.target.disabled = false; }
  } }, label);
  const status = feed.active
    ? h('p', {}, `Your calendar feed is on (made ${fmtTime(feed.created_at)}).`)
    : h('p', { class: 'muted' }, 'No calendar feed yet.');
  const shown = url ? h('div', { class: 'card' },
    h('label', { for: 'feed-url' }, 'Your calendar address (copy it now: it is shown only once)'),
    h('input', { id: 'feed-url', type: 'text', readonly: true, value: url, onfocus: (e) => e.target.select() }),
    h('p', { class: 'muted' }, 'In your calendar app choose "Subscribe to calendar" (or "Add calendar from URL") and paste it. '
      + 'Meetings update in place when they move.')) : null;
  render('Account',
    h('p', {}, `Signed in as ${session.name || session.email || 'you'}.`),
    h('section', { 'aria-labelledby': 'cal-h' }, h('h2', { id: 'cal-h' }, 'Calendar feed'),
      h('p', {}, 'Review meetings of your board (date, time, place) and the deadlines you act on, in your own calendar.'),
      box, status, shown,
      h('p', {}, act('POST', feed.active ? 'Make a new address (the old one stops working)' : 'Make my calendar address')),
      feed.active ? h('p', {}, act('DELETE', 'Turn the feed off')) : null));
}
