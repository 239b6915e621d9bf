// The institute's own settings (issue 24): its name, logo, favicon and primary colour on the
// sign-in page and the layout, the default time zone, the idle time-out, whether learners may
// register, and the support contact shown in error messages. One row in a table of the server's
// own (not a content type: nothing of it is reachable through the generic REST, GraphQL or
// populate); read by everyone, signed out too (GET /api/institute through the default visitor
// token), written by administrators only (PUT /api/institute, POST /api/institute/files/:field).
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { iso, toBool, toNumber } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { ensureTable } from '../../platform/db/own-tables';

export const INSTITUTE_TABLE = 'app_institute_settings';

export const INSTITUTE_LIMITS = {
  name: 120,
  supportContact: 200,
  idleMinutes: { min: 5, max: 240 },
} as const;

/** What an institute starts with (the demo institute's words; today's behaviour). */
export const INSTITUTE_DEFAULTS = {
  name: 'Learning Portal',
  defaultTimeZone: 'Asia/Kolkata',
  idleMinutes: 15, // spec section 4
  registrationOpen: true,
  supportContact: '',
} as const;

export interface InstituteFile {
  id: number;
  url: string;
  mime: string;
}

export interface InstituteSettings {
  name: string;
  /** #rrggbb, or null: the portal's own colour theme. */
  primaryColour: string | null;
  defaultTimeZone: string;
  idleMinutes: number;
  registrationOpen: boolean;
  supportContact: string;
  logo: InstituteFile | null;
  favicon: InstituteFile | null;
  /** Administrators only: when and by whom it was last changed. */
  updatedAt?: string | null;
  updatedBy?: string | null;
}

export const ensureInstituteTable = (knex: Knex): Promise<void> =>
  ensureTable(knex, INSTITUTE_TABLE, (t) => {
    t.integer('id').primary();
    t.string('name', INSTITUTE_LIMITS.name);
    t.string('primary_colour', 7);
    t.string('default_time_zone', 64);
    t.integer('idle_minutes');
    t.boolean('registration_open');
    t.string('support_contact', INSTITUTE_LIMITS.supportContact);
    t.integer('logo_file_id');
    t.integer('favicon_file_id');
    t.bigInteger('updated_at');
    t.string('updated_by', 255);
  });

type Row = Record<string, unknown>;

const fileOf = async (knex: Knex, id: unknown): Promise<InstituteFile | null> => {
  const fileId = toNumber(id);
  if (fileId === null) return null;
  const row = (await knex('files').where('id', fileId).first('id', 'url', 'mime')) as
    Row | undefined;
  return row ? { id: Number(row.id), url: String(row.url), mime: String(row.mime) } : null;
};

const isAdministrator = (caller: Caller): boolean =>
  caller.kind === 'user' && caller.role === 'administrator';

/** The settings as `caller` may read them (everyone: the public fields; administrators more). */
export const readInstitute = async (knex: Knex, caller: Caller): Promise<InstituteSettings> => {
  const row = ((await knex(INSTITUTE_TABLE).where('id', 1).first()) as Row | undefined) ?? {};
  const idle = toNumber(row.idle_minutes);
  const settings: InstituteSettings = {
    name: typeof row.name === 'string' && row.name ? row.name : INSTITUTE_DEFAULTS.name,
    primaryColour:
      typeof row.primary_colour === 'string' && row.primary_colour ? row.primary_colour : null,
    defaultTimeZone:
      typeof row.default_time_zone === 'string' && row.default_time_zone
        ? row.default_time_zone
        : INSTITUTE_DEFAULTS.defaultTimeZone,
    idleMinutes: idle ?? INSTITUTE_DEFAULTS.idleMinutes,
    registrationOpen:
      row.registration_open === null || row.registration_open === undefined
        ? INSTITUTE_DEFAULTS.registrationOpen
        : toBool(row.registration_open),
    supportContact: typeof row.support_contact === 'string' ? row.support_contact : '',
    logo: await fileOf(knex, row.logo_file_id),
    favicon: await fileOf(knex, row.favicon_file_id),
  };
  if (isAdministrator(caller)) {
    settings.updatedAt = iso(toNumber(row.updated_at));
    settings.updatedBy = typeof row.updated_by === 'string' ? row.updated_by : null;
  }
  return settings;
};

/**
 * The demo institute's default time zone (SEED_DEMO, issue 24): the server machine's own, so a demo
 * and the browser journeys (which run on that machine) show and type times in one zone. Only when
 * the institute has no settings yet.
 */
export const seedInstituteTimeZone = async (knex: Knex, zone: string): Promise<void> => {
  if (await knex(INSTITUTE_TABLE).where('id', 1).first('id')) return;
  await knex(INSTITUTE_TABLE).insert({ id: 1, default_time_zone: zone });
};

/** Whether learners may register themselves (api/registration asks before anything is made). */
export const registrationOpen = async (knex: Knex): Promise<boolean> =>
  (await readInstitute(knex, { kind: 'system' })).registrationOpen;

export const assertAdministrator = (caller: Caller): void => {
  if (!isAdministrator(caller)) {
    throw new HttpError(403, 'Only administrators change the institute’s settings.');
  }
};

const who = async (knex: Knex, userId: number): Promise<string> => {
  const row = (await knex('up_users').where('id', userId).first('email')) as Row | undefined;
  return typeof row?.email === 'string' ? row.email : `user ${userId}`;
};

/** Writes one row (made on the first write), with who changed it. */
export const writeInstitute = async (knex: Knex, caller: Caller, columns: Row): Promise<void> => {
  const stamp = {
    ...columns,
    updated_at: Date.now(),
    updated_by: caller.kind === 'user' ? await who(knex, caller.userId) : 'system',
  };
  await knex.transaction(async (trx) => {
    const found = await trx(INSTITUTE_TABLE).where('id', 1).first('id');
    if (found) await trx(INSTITUTE_TABLE).where('id', 1).update(stamp);
    else await trx(INSTITUTE_TABLE).insert({ id: 1, ...stamp });
  });
};
