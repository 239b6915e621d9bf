import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { uploadSizeLimit } from './uploads';

/** Object storage settings (S3 or an S3-compatible store); absent: local storage. */
export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string | null;
  publicUrl: string | null;
}

export interface MediaConfig {
  /** Lifetime of an upload URL, in seconds (MEDIA_UPLOAD_URL_TTL_SECONDS, default 600). */
  ttlSeconds: number;
  /** Largest file, in bytes (UPLOAD_SIZE_LIMIT, default 50 MB). */
  sizeLimit: number;
  /** HMAC key of local upload links, derived from APP_KEYS. */
  secret: Buffer;
  /** PUBLIC_URL, or empty (then the request's origin is used). */
  publicUrl: string;
  s3: S3Settings | null;
}

const env = (name: string): string => (process.env[name] ?? '').trim();

let cached: { keys: string; config: MediaConfig } | null = null;

export const mediaConfig = (strapi: Core.Strapi): MediaConfig => {
  const keys = ((strapi.config.get('server.app.keys') as string[] | undefined) ?? []).join(',');
  if (cached?.keys === keys) {
    return cached.config;
  }
  if (!keys) {
    throw new Error('APP_KEYS is needed to sign upload links.');
  }
  const ttl = Number(env('MEDIA_UPLOAD_URL_TTL_SECONDS') || 600);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 7 * 24 * 3600) {
    throw new Error(
      'MEDIA_UPLOAD_URL_TTL_SECONDS must be a whole number of seconds (1 to 604800).',
    );
  }
  const bucket = env('S3_BUCKET');
  const config: MediaConfig = {
    ttlSeconds: ttl,
    sizeLimit: uploadSizeLimit(strapi),
    secret: createHash('sha256').update(`portal-media-upload-url|${keys}`).digest(),
    publicUrl: env('PUBLIC_URL'),
    s3: bucket
      ? {
          bucket,
          region: env('S3_REGION') || 'us-east-1',
          accessKeyId: env('S3_ACCESS_KEY_ID'),
          secretAccessKey: env('S3_SECRET_ACCESS_KEY'),
          endpoint: env('S3_ENDPOINT') || null,
          publicUrl: env('S3_PUBLIC_URL') || null,
        }
      : null,
  };
  cached = { keys, config };
  return config;
};
