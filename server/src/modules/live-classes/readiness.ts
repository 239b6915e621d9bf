import type { Core } from '@strapi/strapi';
import { NOT_CONFIGURED, oauthSettings, zoomConfigured } from './config';

/**
 * Start-up (issue 21): the log says whether live classes over Zoom can be joined here, and older
 * rows' legacy `meeting_url` becomes their `join_url` (once; the field stays for old clients).
 */
export const liveClassesReadiness = (): { zoomConfigured: boolean; message: string } =>
  zoomConfigured()
    ? {
        zoomConfigured: true,
        message: oauthSettings()
          ? 'Live classes over Zoom are configured (hosts get a ZAK through server-to-server OAuth).'
          : 'Live classes over Zoom are configured (no server-to-server OAuth: hosts join as attendees).',
      }
    : { zoomConfigured: false, message: NOT_CONFIGURED };

export const reportLiveClasses = (strapi: Core.Strapi): void => {
  const { zoomConfigured: ready, message } = liveClassesReadiness();
  if (ready) {
    strapi.log.info(message);
  } else {
    strapi.log.warn(`${message}: set ZOOM_SDK_KEY and ZOOM_SDK_SECRET (docs/operations.md).`);
  }
};

export const migrateJoinUrls = async (strapi: Core.Strapi): Promise<number> =>
  (await strapi.db
    .connection('classes')
    .whereNull('join_url')
    .whereNotNull('meeting_url')
    .update({ join_url: strapi.db.connection.ref('meeting_url') })) as number;
