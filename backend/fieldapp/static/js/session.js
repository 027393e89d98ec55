// Who is logged in (token, town, roles), kept in IndexedDB so it survives closing the browser.
// An expired or revoked token keeps the identity (email, town) so the agent only types the password again.
import { getKv, setKv } from './idb.js';
import { emit } from './events.js';

export const FIELD_ROLES = ['agent', 'enforcing_officer'];
export const BOARD_ROLES = ['board_member', 'enforcing_officer', 'town_admin'];

export const session = {
  token: null,
  email: null,
  town: null,
  roles: [],
  expiresAt: null,
  expiredFlag: false,

  async load() {
    Object.assign(this, await getKv('session', {}));
    if (this.token && this.expiresAt && new Date(this.expiresAt) <= new Date()) this.expired();
    return this;
  },

  async save() {
    const { token, email, town, roles, expiresAt, expiredFlag } = this;
    await setKv('session', { token, email, town, roles, expiresAt, expiredFlag });
  },

  async start(email, answer) {
    const changed = this.email !== email || this.town !== answer.town;
    Object.assign(this, { token: answer.token, email, town: answer.town, roles: answer.roles,
      expiresAt: answer.expires_at, expiredFlag: false });
    await this.save();
    emit('session', { changed });
  },

  expired() {
    if (!this.token) return;
    this.token = null;
    this.expiredFlag = true;
    this.save();
    emit('session', { expired: true });
  },

  async end() {
    this.token = null;
    this.expiredFlag = false;
    await this.save();
    emit('session', { ended: true });
  },

  get active() { return Boolean(this.token); },
  owner() { return `${this.email}@${this.town}`; },
  has(...roles) { return roles.some((r) => this.roles.includes(r)); },
  isField() { return this.has(...FIELD_ROLES); },
  isBoard() { return this.has(...BOARD_ROLES); },
  isAdmin() { return this.has('town_admin'); },
};
