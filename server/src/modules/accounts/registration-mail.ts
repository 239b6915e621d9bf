import type { Core } from '@strapi/strapi';
import { portalName, publicBaseUrl } from './accounts-config';
import { escapeHtml } from '../../platform/email/email-outbox';
import { track } from './password-flows';
import { createRateLimiter, type RateLimiter } from '../../platform/limits/rate-limit';

/**
 * Registration with an email that already has an account answers exactly as a new registration
 * (issue 18 point 16e: the answer must not say which emails are taken). The account holder is
 * told by email instead, at most once an hour per address (the answer is the same either way),
 * so registering their address again cannot flood their inbox.
 */
export const TAKEN_NOTICE_RATE_LIMIT = {
  bucket: 'register-taken',
  windowMs: 60 * 60 * 1000,
  maxPerSubject: 1,
  subjectAcrossIps: true,
} as const;

const SIGN_IN_PATH = '/auth/login';
const FORGOT_PATH = '/auth/forgot-password';

/** The "someone tried to register with your address" message. */
export const takenEmailMessage = (
  strapi: Core.Strapi,
  to: string,
  env: NodeJS.ProcessEnv = process.env,
): { to: string; from?: string; replyTo?: string; subject: string; html: string } => {
  const portal = portalName(env);
  const name = escapeHtml(portal);
  const base = publicBaseUrl(strapi, env);
  const from = env.EMAIL_FROM?.trim();
  return {
    to,
    ...(from ? { from, replyTo: env.EMAIL_REPLY_TO?.trim() || from } : {}),
    subject: `Someone tried to register with your ${portal} address`,
    html: [
      '<p>Hello,</p>',
      `<p>Someone tried to create a new ${name} account with this email address, which already has an account. No new account was made and your account is unchanged.</p>`,
      `<p>If it was you, <a href="${escapeHtml(base + SIGN_IN_PATH)}">sign in</a> with your email and password, or <a href="${escapeHtml(base + FORGOT_PATH)}">reset your password</a> if you have forgotten it.</p>`,
      '<p>If it was not you, you can ignore this email.</p>',
      `<p>${name}</p>`,
    ].join('\n'),
  };
};

interface EmailService {
  send(message: Record<string, unknown>): Promise<unknown>;
}

export const createTakenEmailNotifier = (strapi: Core.Strapi) => {
  let limiter: RateLimiter | null = null;
  /** Sends the notice in the background (after the answer); failures are logged. */
  return (email: string, ip: string): void => {
    limiter ??= createRateLimiter(strapi.db.connection, TAKEN_NOTICE_RATE_LIMIT);
    const counter = limiter;
    track(
      (async () => {
        if (await counter.hit({ ip, subject: email })) {
          return;
        }
        const mail = strapi.plugin('email').service('email') as unknown as EmailService;
        await mail.send(takenEmailMessage(strapi, email));
      })().catch((error: unknown) => {
        strapi.log.error(
          `Registration notice not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }),
    );
  };
};
