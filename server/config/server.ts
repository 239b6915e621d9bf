import type { Core } from '@strapi/strapi';
import { sweepQuestionImages } from '../src/modules/catalogue';
import { sweepExpiredAttempts } from '../src/modules/exam';
import { sweepExpiredWork } from '../src/modules/mains';
import { sendPendingEmails, sweepNotifications } from '../src/modules/notifications';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  // Public origin of the site (e.g. https://portal.example.org); empty means "relative".
  url: env('PUBLIC_URL', ''),
  // Behind a load balancer / reverse proxy, trust X-Forwarded-* so ctx.ip is the client's address.
  proxy: { koa: env.bool('TRUST_PROXY', false) },
  // Idle keep-alive connections stay open 65 s (Node's default is 5 s): a learner's browser saves
  // every few seconds, and each new connection costs a TCP handshake and, under an exam's load,
  // a place in the listen queue (bench/exam-load). Headers may take a second longer (Node's rule).
  http: {
    serverOptions: {
      keepAliveTimeout: env.int('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000),
      headersTimeout: env.int('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000) + 1_000,
    },
  },
  app: {
    keys: env.array('APP_KEYS', []),
  },
  // Abandoned attempts are closed (and marked) at their expiry; safe with several processes.
  cron: {
    enabled: env.bool('CRON_ENABLED', true),
    tasks: {
      closeExpiredAttempts: {
        task: ({ strapi }: { strapi: Core.Strapi }) => sweepExpiredAttempts(strapi),
        options: { rule: env('EXAM_SWEEP_RULE', '*/30 * * * * *') },
      },
      // Mains work whose time ran out is submitted with what was uploaded (issue 23).
      closeExpiredWork: {
        task: ({ strapi }: { strapi: Core.Strapi }) => sweepExpiredWork(strapi),
        options: { rule: env('EXAM_SWEEP_RULE', '*/30 * * * * *') },
      },
      // Notifications (issue 20): emails of those who chose email, then opens-soon and pruning.
      notificationEmails: {
        task: ({ strapi }: { strapi: Core.Strapi }) => sendPendingEmails(strapi),
        options: { rule: env('NOTIFICATION_EMAIL_RULE', '*/10 * * * * *') },
      },
      notificationSweep: {
        task: ({ strapi }: { strapi: Core.Strapi }) => sweepNotifications(strapi),
        options: { rule: env('NOTIFICATION_SWEEP_RULE', '0 */5 * * * *') },
      },
      // Question images no question uses, older than QUESTION_IMAGE_GRACE_HOURS (issue 26).
      questionImageSweep: {
        task: ({ strapi }: { strapi: Core.Strapi }) => sweepQuestionImages(strapi),
        options: { rule: env('QUESTION_IMAGE_SWEEP_RULE', '0 17 * * * *') },
      },
    },
  },
  logger: {
    config: { level: env('LOG_LEVEL', 'http') },
    startup: { enabled: env.bool('LOG_STARTUP_BANNER', true) },
    // No "new Strapi version" check against the registry at every start.
    updates: { enabled: false },
  },
});
