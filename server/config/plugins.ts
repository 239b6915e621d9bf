import type { Core } from '@strapi/strapi';
import { createGraphqlCostPlugin } from '../src/access/graphql-cost';
import { QUERY_LIMITS, graphqlTimeBudgetMs } from '../src/platform/limits/query-limits';

type Env = Core.Config.Shared.ConfigParams['env'];

const production = (env: Env): boolean => env('NODE_ENV', 'development') === 'production';

/** The shortest password accepted (registration checks the same, src/api/registration). */
const PASSWORD_MIN_LENGTH = 8;

/** Largest accepted upload, in bytes (also the body parser's file limit, see middlewares.ts). */
export const uploadSizeLimit = (env: Env): number => env.int('UPLOAD_SIZE_LIMIT', 50 * 1024 * 1024);

/**
 * EMAIL_PROVIDER=outbox (default): messages are written as files to EMAIL_OUTBOX_DIR (the
 * "sendmail" provider named here is replaced at bootstrap, see src/platform/email/email-outbox.ts).
 * EMAIL_PROVIDER=smtp: sent by SMTP through @strapi/provider-email-nodemailer.
 */
const emailConfig = (env: Env) => {
  const provider = env('EMAIL_PROVIDER', '').trim().toLowerCase() || 'outbox';
  const from = env('EMAIL_FROM', '').trim() || 'no-reply@portal.local';
  const settings = {
    defaultFrom: from,
    defaultReplyTo: env('EMAIL_REPLY_TO', '').trim() || from,
  };
  if (provider === 'outbox') {
    return { provider: 'sendmail', settings };
  }
  if (provider !== 'smtp') {
    throw new Error(`EMAIL_PROVIDER must be "outbox" or "smtp", not "${provider}".`);
  }
  const host = env('SMTP_HOST', '').trim();
  if (!host) {
    throw new Error(
      'EMAIL_PROVIDER=smtp needs SMTP_HOST (and usually SMTP_USERNAME and SMTP_PASSWORD).',
    );
  }
  const user = env('SMTP_USERNAME', '').trim();
  return {
    provider: 'nodemailer',
    providerOptions: {
      host,
      port: env.int('SMTP_PORT', 587),
      // true: TLS from the first byte (port 465); false: STARTTLS when the server offers it.
      secure: env.bool('SMTP_SECURE', false),
      ...(user ? { auth: { user, pass: env('SMTP_PASSWORD', '') } } : {}),
    },
    settings,
  };
};

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: {
        expiresIn: env('JWT_EXPIRES_IN', '7d'),
      },
      // The plugin's limiter keeps its counters in process memory. Off: forgot-, reset- and
      // change-password are limited in the database instead (src/modules/accounts/password-flows.ts), and
      // its other /auth routes are granted to no role (src/access/permission-table.ts).
      ratelimit: { enabled: false },
      // Reset- and change-password ask for what registration asks for (the plugin only caps the
      // length at 72 bytes, bcrypt's limit); the message is the answer's error message.
      validationRules: {
        validatePassword(password: string): boolean {
          if (password.length < PASSWORD_MIN_LENGTH) {
            throw new Error(`The password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
          }
          return true;
        },
      },
    },
  },
  graphql: {
    config: {
      // Mounted on the root router, so this is the full path (the spec calls /api/graphql).
      endpoint: '/api/graphql',
      shadowCRUD: true,
      // Cost bounds (issue 18 point 5): src/platform/limits/query-limits.ts; a larger page is cut to maxLimit.
      depthLimit: QUERY_LIMITS.graphqlDepth,
      defaultLimit: QUERY_LIMITS.defaultPageSize,
      maxLimit: QUERY_LIMITS.maxPageSize,
      // Apollo's sandbox only outside production. (playgroundAlways is deprecated in 5.x: not set.)
      landingPage: !production(env),
      // Merged into the plugin's Apollo config (arrays are appended to the plugin's own).
      apolloServer: {
        introspection: !production(env),
        parseOptions: { maxTokens: QUERY_LIMITS.graphqlTokens },
        // A body sent without Content-Length (chunked) is read up to this and refused (413) past
        // it; one with Content-Length is refused before it is read (src/middlewares/query-cost.ts).
        bodyParserConfig: { jsonLimit: QUERY_LIMITS.graphqlRequestBytes },
        // No "Did you mean …?" naming schema fields in production (validation errors here,
        // the rest in the cost plugin).
        hideSchemaDetailsFromClientErrors: production(env),
        plugins: [
          createGraphqlCostPlugin({
            timeBudgetMs: graphqlTimeBudgetMs(env('GRAPHQL_TIME_BUDGET_MS', '')),
            stripSuggestions: production(env),
          }),
        ],
      },
    },
  },
  email: {
    config: emailConfig(env),
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: uploadSizeLimit(env),
    },
  },
});
