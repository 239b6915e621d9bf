import type { Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { kindInfo, kindsFor, type KindInfo } from './kinds';
import type { RoleType } from '../../access/caller';

/**
 * A user's choices per kind (issue 20), stored in the private JSON column
 * `up_users.notification_preferences` as `{ [kind]: { inApp, email } }`. A kind missing from it
 * takes the kind's defaults (kinds.ts), so adding a kind needs no migration.
 */
export interface Choice {
  inApp: boolean;
  email: boolean;
}
export type Preferences = Record<string, Partial<Choice>>;

const parse = (value: unknown): Preferences => {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Preferences)
    : {};
};

export const choiceOf = (prefs: Preferences | undefined, info: KindInfo): Choice => {
  const own = prefs?.[info.kind];
  return {
    inApp: typeof own?.inApp === 'boolean' ? own.inApp : true,
    email: typeof own?.email === 'boolean' ? own.email : info.email,
  };
};

const CHUNK = 500;

/** The stored preferences of `userIds`: only users who changed something have an entry. */
export const preferencesOf = async (
  db: Db,
  userIds: number[],
): Promise<Map<number, Preferences>> => {
  const out = new Map<number, Preferences>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = (await db('up_users')
      .whereIn('id', userIds.slice(i, i + CHUNK))
      .whereNotNull('notification_preferences')
      .select('id', 'notification_preferences')) as Array<{
      id: number | string;
      notification_preferences: unknown;
    }>;
    for (const row of rows) {
      out.set(Number(row.id), parse(row.notification_preferences));
    }
  }
  return out;
};

export interface KindSetting extends Choice {
  kind: string;
  label: string;
}

/** GET /api/notification-preferences: every kind of the caller's role with its choice. */
export const settingsOf = async (
  db: Db,
  userId: number,
  role: RoleType,
): Promise<KindSetting[]> => {
  const prefs = (await preferencesOf(db, [userId])).get(userId);
  return kindsFor(role).map((info) => ({
    kind: info.kind,
    label: info.label,
    ...choiceOf(prefs, info),
  }));
};

/**
 * PUT /api/notification-preferences { data: { kinds: [{ kind, inApp, email }] } }: only kinds of
 * the caller's role, booleans only; anything else is a 400 and nothing is saved.
 */
export const saveSettings = async (
  db: Db,
  userId: number,
  role: RoleType,
  body: unknown,
): Promise<KindSetting[]> => {
  const kinds = (body as { data?: { kinds?: unknown } } | null)?.data?.kinds;
  if (!Array.isArray(kinds) || kinds.length > 50) {
    throw new HttpError(400, 'Send { data: { kinds: [{ kind, inApp, email }] } }.');
  }
  const allowed = new Set(kindsFor(role).map((k) => k.kind));
  const prefs = (await preferencesOf(db, [userId])).get(userId) ?? {};
  for (const entry of kinds as unknown[]) {
    const { kind, inApp, email } = (entry ?? {}) as Record<string, unknown>;
    if (typeof kind !== 'string' || !allowed.has(kind) || !kindInfo(kind)) {
      throw new HttpError(400, `Unknown notification kind: ${String(kind).slice(0, 40)}.`);
    }
    if (typeof inApp !== 'boolean' || typeof email !== 'boolean') {
      throw new HttpError(400, 'inApp and email are true or false.');
    }
    prefs[kind] = { inApp, email };
  }
  await db('up_users')
    .where({ id: userId })
    .update({ notification_preferences: JSON.stringify(prefs) });
  return settingsOf(db, userId, role);
};
