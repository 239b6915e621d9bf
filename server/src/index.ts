import type { Core } from '@strapi/strapi';
import { createDocumentGuard } from './access/document-guard';
import { removeGraphqlAccountMutations } from './access/graphql-auth-mutations';
import { registerGraphqlFileGuard } from './access/graphql-files';
import { registerGraphqlGuard } from './access/graphql-guard';
import { createOutputSanitizer } from './access/output-guard';
import { ensureAuthSettings } from './bootstrap/auth-settings';
import { ensureDefaultApiToken } from './bootstrap/default-api-token';
import { ensureIndexes } from './bootstrap/indexes';
import {
  checkSlotRowsIndex,
  ensureIntegrityTables,
  installFastCalls,
  settleMarkings,
} from './modules/exam';
import { ensureInstituteTable } from './modules/institute';
import { ensureAnnotationTables, ensureMarkedCopyTable } from './modules/mains';
import {
  createSummaryEvents,
  ensureSummaryTables,
  startSummaryWorker,
  stopSummaryWorker,
} from './modules/report-summary';
import { closeStreams, createNotificationEvents } from './modules/notifications';
import { drain, graceMs, trackRequests } from './platform/http/drain';
import { watchConnections } from './platform/http/write-gate';
import { installListenBacklog, listenBacklog } from './platform/http/listen-backlog';
import { startCheckpointWorker, stopCheckpointWorker } from './platform/db/sqlite-checkpoint';
import { preparePostgresStatements } from './platform/db/prepared';
import { ensureDefaultRole, syncRolePermissions } from './bootstrap/permissions';
import { lockDownPublicAccess } from './bootstrap/public-access';
import { ensureRoles } from './bootstrap/roles';
import { releaseStartLock, takeStartLock } from './bootstrap/start-lock';
import { closeAdminApi, ensureSuperAdmin } from './bootstrap/super-admin';
import { isSeedEnabled, seedDemoData } from './bootstrap/seed';
import { seedDemoExtras, seedQuestionPool } from './bootstrap/seed-extras';
import {
  resetCodeTtlMinutes,
  createResetCodeStamp,
  settlePendingEmails,
  createSessionStamp,
} from './modules/accounts';
import { installEmailProvider } from './platform/email/email-outbox';
import { ensureFileOwnersTable, recordFileOwners } from './access/facts/file-owners';
import { configureFileUrls } from './platform/files/file-urls';
import { ensureMediaKeysTable } from './platform/files/media-keys';
import { createCatalogueRules, createTestRules } from './modules/catalogue';
import { ensurePeopleTemplates, ensureQuestionTemplates } from './modules/imports';
import { createBatchRules } from './modules/people';
import { createLiveClassRules, migrateJoinUrls, reportLiveClasses } from './modules/live-classes';
import { ensureRateLimitTable } from './platform/limits/rate-limit';
import { checkQuotaSettings } from './access/quota-rules';
import { ensureUsageQuotaTable } from './platform/limits/usage-quota';

type DocumentMiddleware = Parameters<Core.Strapi['documents']['use']>[0];
type OutputSanitizer = Parameters<Core.Strapi['sanitizers']['add']>[1];

/** The start's steps, in order (see `bootstrap`). */
const bootstrapSteps = async (strapi: Core.Strapi): Promise<void> => {
  resetCodeTtlMinutes(); // fails the start on an invalid RESET_CODE_TTL_MINUTES
  installEmailProvider(strapi);
  await ensureRateLimitTable(strapi.db.connection);
  checkQuotaSettings(); // fails the start on an invalid *_PER_DAY setting
  await ensureUsageQuotaTable(strapi.db.connection);
  await ensureFileOwnersTable(strapi.db.connection);
  await ensureMediaKeysTable(strapi.db.connection);
  await ensureIntegrityTables(strapi.db.connection);
  await ensureInstituteTable(strapi.db.connection);
  await ensureSummaryTables(strapi.db.connection);
  await ensureAnnotationTables(strapi.db.connection);
  await ensureMarkedCopyTable(strapi.db.connection);
  recordFileOwners(strapi);
  await ensureIndexes(strapi);
  await checkSlotRowsIndex(strapi.db.connection);
  await ensureRoles(strapi);
  await syncRolePermissions(strapi);
  await ensureDefaultRole(strapi);
  await ensureAuthSettings(strapi);
  await ensureDefaultApiToken(strapi);
  await lockDownPublicAccess(strapi);
  await ensureSuperAdmin(strapi);
  // The upload plugin makes its "API Uploads" folder on the first upload; two processes doing that
  // together on a new PostgreSQL database collide. Made here, under the start lock, instead.
  await (
    strapi.plugin('upload').service('api-upload-folder') as {
      getAPIUploadFolder(): Promise<unknown>;
    }
  ).getAPIUploadFolder();
  try {
    await ensureQuestionTemplates(strapi.dirs.static.public);
  } catch (error) {
    strapi.log.warn(`The question import templates could not be written: ${String(error)}`);
  }
  try {
    await ensurePeopleTemplates(strapi.dirs.static.public);
  } catch (error) {
    strapi.log.warn(`The people import templates could not be written: ${String(error)}`);
  }
  startCheckpointWorker(strapi);
  installListenBacklog(strapi.server.httpServer, listenBacklog(process.env.HTTP_LISTEN_BACKLOG));
  watchConnections(strapi.server.httpServer);
  if (process.env.EXAM_FAST_CALLS !== 'false') {
    installFastCalls(strapi, strapi.server.httpServer);
  }
  trackRequests(strapi.server.httpServer); // after the fast calls: they expect Strapi's one listener
  // From here on, repeated statements are prepared (PostgreSQL): the start-up's own are not named.
  preparePostgresStatements(strapi.db.connection);
  await migrateJoinUrls(strapi);
  reportLiveClasses(strapi);
  // The reports' summary (issue 22): backfills and folds in the background, never in the start.
  startSummaryWorker(strapi);
  if (isSeedEnabled()) {
    await seedDemoData(strapi);
    await seedDemoExtras(strapi);
    await seedQuestionPool(strapi);
  }
};

export default {
  /**
   * Row- and field-level access rules for every read and write path (src/access); reset codes
   * stamped with their issue time (src/modules/accounts/password-flows.ts); sessions ended by a password
   * change or a block (src/modules/accounts/sessions.ts); no GraphQL account mutations
   * (src/access/graphql-auth-mutations.ts).
   */
  async register({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    closeAdminApi(strapi);
    // Held until the end of bootstrap: processes starting together load one at a time.
    await takeStartLock(strapi);
    configureFileUrls(
      (strapi.config.get('server.app.keys') as string[] | undefined) ?? [],
      process.env.FILE_URL_TTL_SECONDS,
    );
    // Live classes (issue 21) first: their input rules answer the contract's messages (a faculty
    // member's batch of another is a 403, not the guard's "does not exist"); the guard follows.
    strapi.documents.use(createLiveClassRules(strapi) as unknown as DocumentMiddleware);
    strapi.documents.use(createDocumentGuard(strapi) as unknown as DocumentMiddleware);
    strapi.documents.use(createResetCodeStamp() as unknown as DocumentMiddleware);
    strapi.documents.use(createSessionStamp() as unknown as DocumentMiddleware);
    strapi.documents.use(createCatalogueRules(strapi) as unknown as DocumentMiddleware);
    strapi.documents.use(createTestRules(strapi) as unknown as DocumentMiddleware);
    strapi.documents.use(createBatchRules(strapi) as unknown as DocumentMiddleware);
    // After the rules: a write they refuse notifies nobody (issue 20).
    strapi.documents.use(createNotificationEvents(strapi) as unknown as DocumentMiddleware);
    // Writes to scored results outside the exam's own calls rebuild the reports' summary.
    strapi.documents.use(createSummaryEvents(strapi) as unknown as DocumentMiddleware);
    strapi.sanitizers.add(
      'content-api.output',
      createOutputSanitizer(strapi) as unknown as OutputSanitizer,
    );
    registerGraphqlGuard(strapi);
    registerGraphqlFileGuard(strapi);
    removeGraphqlAccountMutations(strapi);
  },

  /**
   * Runs on every start; every step is idempotent and safe with several processes (on
   * PostgreSQL they also run one process at a time: the start lock, src/bootstrap/start-lock.ts).
   */
  async bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    try {
      await bootstrapSteps(strapi);
    } finally {
      await releaseStartLock();
    }
  },

  /**
   * Runs before Strapi closes the server: requests in flight (answer saves mid-exam) finish first
   * (src/platform/http/drain.ts), and a reset email still being sent gets a moment to finish.
   */
  async destroy({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    const drained = drain(strapi.server.httpServer, graceMs(process.env.SHUTDOWN_GRACE_SECONDS));
    closeStreams(); // open event streams end now; their browsers reconnect to another process
    const { waitedMs, unfinished } = await drained;
    if (waitedMs > 0 || unfinished > 0) {
      strapi.log.info(
        `Stopped accepting connections; waited ${waitedMs} ms for requests in flight` +
          (unfinished > 0 ? `, ${unfinished} still running at the end of the grace period` : ''),
      );
    }
    // Submits closed in the grace period have their marking queued: done before the exit when it
    // fits in the rest of the grace; what is left is marked by another process's sweep.
    const leftToMark = await settleMarkings(
      Math.max(0, graceMs(process.env.SHUTDOWN_GRACE_SECONDS) - waitedMs),
    );
    if (leftToMark > 0) {
      strapi.log.info(`${leftToMark} closed attempt(s) left to mark by the sweep.`);
    }
    await settlePendingEmails();
    await stopCheckpointWorker();
    stopSummaryWorker();
  },
};
