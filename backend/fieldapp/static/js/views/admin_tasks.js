// Task assignment (town administrator): who inspects which site by when. Open tasks listed; a form assigns a
// site inspection to an agent with a due date (POST /api/v1/tasks). The agent sees it on Today.
import { getJson, postJson } from '../api.js';
import { field, fmtDate, h, humanize, select } from '../ui.js';

const REASONS = ['routine', 'complaint', 'reminder', 'reinspection'];
const FIELD_ROLES = ['agent', 'enforcing_officer'];

export async function tasksView(table, adminForm) {
  const [{ data: tasks }, { data: sites }, { data: users }] = await Promise.all([
    getJson('/api/v1/tasks?assignee=any&status=open'), getJson('/api/v1/admin/sites'), getJson('/api/v1/admin/users')]);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  const agents = users.filter((u) => u.active && (u.memberships || []).some((m) => m.active !== false && FIELD_ROLES.includes(m.role)));
  const who = new Map(users.map((u) => [u.id, u.name || u.email]));
  const list = tasks.length
    ? table(['Site', 'Agent', 'Due', 'Why'], tasks.map((t) => [siteName.get(t.site_id) || '—',
      t.assignee_id ? who.get(t.assignee_id) || 'someone else' : 'nobody yet', fmtDate(t.due_on), humanize(t.reason)]))
    : h('p', { class: 'muted' }, 'No open tasks.');
  return [list, assignForm(adminForm, sites.filter((s) => s.active), agents)];
}

function assignForm(adminForm, sites, agents) {
  const site = select('site_id', sites.map((s) => [s.id, s.name]), sites[0] && sites[0].id);
  const agent = select('assignee_id', [['', 'Nobody yet'], ...agents.map((u) => [u.id, u.name || u.email])], agents[0] && agents[0].id);
  const today = new Date().toLocaleDateString('en-CA');
  const due = h('input', { type: 'date', name: 'due_on', min: today, required: true });
  const reason = select('reason', REASONS.map((r) => [r, humanize(r)]), 'routine');
  const notes = h('textarea', { name: 'notes', rows: 2, maxlength: 4000 });
  return adminForm('Assign an inspection', [field('Site', site), field('Agent', agent), field('Due by', due),
    field('Why', reason), field('Notes for the agent (optional)', notes)], async () => {
    if (!due.value) throw new Error('Due by: choose the date the inspection is due.');
    await postJson('/api/v1/tasks', { site_id: site.value, assignee_id: agent.value || null, due_on: due.value,
      reason: reason.value, notes: notes.value.trim() || null });
  });
}
