import type { Core } from '@strapi/strapi';

const ROLE_UID = 'plugin::users-permissions.role';

export interface AppRole {
  name: string;
  type: string;
  description: string;
}

/** The portal's roles, besides Strapi's own Authenticated and Public. Permissions come later. */
export const APP_ROLES: readonly AppRole[] = [
  {
    name: 'Administrator',
    type: 'administrator',
    description: 'Runs the institute: all catalogue, people and settings.',
  },
  {
    name: 'Faculty',
    type: 'faculty',
    description: 'Teaches: manages courses, tests and evaluates work.',
  },
  {
    name: 'Student',
    type: 'student',
    description: 'Learner: takes courses, tests and assignments.',
  },
];

interface RoleRow {
  id: number;
  documentId: string;
  type: string;
}

/** Creates the missing roles; never changes an existing role (an admin may have renamed it). */
export const ensureRoles = async (strapi: Core.Strapi): Promise<Map<string, RoleRow>> => {
  const roles = new Map<string, RoleRow>();
  for (const role of APP_ROLES) {
    const query = strapi.db.query(ROLE_UID);
    let row = (await query.findOne({ where: { type: role.type } })) as RoleRow | null;
    if (!row) {
      try {
        row = (await query.create({ data: role })) as RoleRow;
        strapi.log.info(`Created role ${role.name}`);
      } catch (error) {
        // Another process created it concurrently (type is unique).
        row = (await query.findOne({ where: { type: role.type } })) as RoleRow | null;
        if (!row) {
          throw error;
        }
      }
    }
    roles.set(role.type, row);
  }
  return roles;
};

export const findRole = async (strapi: Core.Strapi, type: string): Promise<RoleRow | null> =>
  (await strapi.db.query(ROLE_UID).findOne({ where: { type } })) as RoleRow | null;
