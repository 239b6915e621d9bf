import type { Core } from '@strapi/strapi';
import { notifyOpensSoon, remindLiveClasses } from './reminders';
import { pruneOldNotifications } from './retention';

/**
 * The notification cron (NOTIFICATION_SWEEP_RULE, every 5 minutes): notices of tests that open
 * soon and reminders of live classes starting soon (reminders.ts), then pruning past the
 * retention. Each step is idempotent, so two processes running it together do no harm (a
 * reminder is written once per thing and user: see reminders.ts).
 */
const steps: ReadonlyArray<(strapi: Core.Strapi, now: Date) => Promise<unknown>> = [
  notifyOpensSoon,
  remindLiveClasses,
  pruneOldNotifications,
];

export const sweepNotifications = async (strapi: Core.Strapi): Promise<void> => {
  const now = new Date();
  for (const step of steps) {
    try {
      await step(strapi, now);
    } catch (error) {
      strapi.log.error(
        `Notification sweep step failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
};
