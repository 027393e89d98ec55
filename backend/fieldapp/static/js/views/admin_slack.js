// Admin → Settings: the town's Slack. Says whether it is connected, to which workspace, since when (never the
// token) and, when this server lets towns install the app themselves, offers "Add to Slack": the server
// answers with Slack's approval page (setting a one-time cookie in this browser) and the browser goes there;
// Slack sends it back to a page that says what happened, with a link back here.
import { getJson, request } from '../api.js';
import { errorBox, fmtTime, h } from '../ui.js';

const OFF = 'Board alerts are not reaching Slack.';
const STATUS = {
  active: (s) => `Connected to the Slack workspace “${s.team_name}” since ${fmtTime(s.installed_at)}`
    + `${s.installed_by ? `, added by ${s.installed_by}` : ''}.`,
  uninstalled: (s) => `Disconnected on ${fmtTime(s.ended_at)}: the app was removed from the workspace “${s.team_name}”. ${OFF}`,
  revoked: (s) => `Disconnected on ${fmtTime(s.ended_at)}: Slack revoked the app's access to “${s.team_name}”. ${OFF}`,
  token_unreadable: () => `Connected, but the server cannot read its Slack token: tell the server's operator. ${OFF}`,
  not_installed: () => `Not connected. ${OFF}`,
  configured: () => 'Set up by the server’s operator.',
  off: () => 'Slack is not set up on this server.',
};

export async function slackCard() {
  const box = errorBox();
  const card = (...children) => h('section', { class: 'card', 'aria-labelledby': 'slack-title' },
    h('h2', { id: 'slack-title' }, 'Slack'), ...children);
  let state;
  try {
    ({ data: state } = await getJson('/api/v1/slack/installation'));
  } catch (error) {
    box.show(error);
    return card(box);
  }
  const line = (STATUS[state.status] || STATUS.not_installed)(state);
  return card(h('p', { class: state.status === 'active' ? null : 'note' }, line), box,
    state.install_url ? installButton(state, box) : null);
}

function installButton(state, box) {
  const again = state.status === 'active';
  const button = h('button', { type: 'button', class: again ? null : 'primary' },
    again ? 'Install in Slack again' : 'Add to Slack');
  button.addEventListener('click', async () => {
    button.disabled = true;
    box.clear();
    try {
      const { data } = await request('GET', state.install_url);
      window.location.assign(data.authorize_url);
    } catch (error) {
      box.show(error);
      box.focus();
      button.disabled = false;
    }
  });
  return button;
}
