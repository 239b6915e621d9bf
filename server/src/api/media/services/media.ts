import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  SNIFF_BYTES,
  TYPE_BY_EXTENSION,
  TYPE_NOT_ALLOWED,
  TextCheck,
  declaredTypeAllowed,
  extensionOf,
  tooLargeMessage,
  typeByContent,
} from '../../../platform/files/file-types';
import { claimKey, releaseKey } from '../../../platform/files/media-keys';
import { mediaConfig, type S3Settings } from '../../../platform/files/media-config';
import { headS3Object, presignS3Put, s3PublicUrl } from '../../../platform/files/s3';

export const LINK_EXPIRED = 'This upload link has expired.';
export const LINK_INVALID = 'This upload link is not valid.';

const KEY_PATTERN = /^uploads\/[a-f0-9]{32}\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,119}$/;

/** A safe file name: letters, digits, "_", "-", "."; no leading dot; the extension kept. */
export const sanitiseName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  const extension = extensionOf(base);
  const stem = base
    .slice(0, extension ? -(extension.length + 1) : undefined)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 100);
  return `${stem || 'file'}.${extension}`;
};

const signature = (secret: Buffer, key: string, expires: number, type: string): string =>
  createHmac('sha256', secret).update(`${key}|${expires}|${type}`).digest('hex');

const sameSignature = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The key's 32 hex characters: 16 random, then 16 of an HMAC of them and the account that asked
 * (issue 18 point 6): only that account can register the uploaded object, however the key leaks.
 */
const ownerTag = (secret: Buffer, userId: number, random: string): string =>
  createHmac('sha256', secret).update(`owner|${userId}|${random}`).digest('hex').slice(0, 16);

const newKeyPart = (secret: Buffer, userId: number): string => {
  const random = randomBytes(8).toString('hex');
  return `${random}${ownerTag(secret, userId, random)}`;
};

const issuedTo = (secret: Buffer, key: string, userId: number): boolean => {
  const part = key.split('/')[1] ?? '';
  return sameSignature(part.slice(16), ownerTag(secret, userId, part.slice(0, 16)));
};

interface UploadedFile {
  id: number;
  [key: string]: unknown;
}

export interface MediaService {
  uploadUrl(
    fileName: unknown,
    fileType: unknown,
    origin: string,
    userId: number,
  ): Promise<{ uploadURL: string; key: string }>;
  localUpload(
    query: Record<string, unknown>,
    contentType: string,
    contentLength: number,
    body: Readable,
  ): Promise<{ key: string; size: number }>;
  /**
   * `charge` counts the stored file against the uploader's daily quota once its size is known
   * (it throws to refuse) and answers how to give it back if the registration fails after all.
   */
  register(
    data: unknown,
    userId: number,
    charge: (bytes: number) => Promise<() => Promise<void>>,
  ): Promise<UploadedFile>;
}

export default ({ strapi }: { strapi: Core.Strapi }): MediaService => {
  const config = () => mediaConfig(strapi);
  const publicDir = (): string => path.resolve(strapi.dirs.static.public);
  const localPath = (key: string): string => path.join(publicDir(), ...key.split('/'));

  const checkLink = (query: Record<string, unknown>) => {
    const { secret } = config();
    const key = text(query.key);
    const type = text(query.type);
    const expires = Number(query.expires);
    const given = text(query.signature);
    if (
      !KEY_PATTERN.test(key) ||
      !Number.isInteger(expires) ||
      !sameSignature(given, signature(secret, key, expires, type))
    ) {
      throw new errors.PolicyError(LINK_INVALID);
    }
    if (expires * 1000 < Date.now()) {
      throw new errors.PolicyError(LINK_EXPIRED);
    }
    return { key, type };
  };

  return {
    async uploadUrl(fileName, fileType, origin, userId) {
      const name = text(fileName);
      const type = text(fileType).toLowerCase();
      if (!name || !type) {
        throw new errors.ValidationError('Send { fileName, fileType }.');
      }
      if (!declaredTypeAllowed(name, type)) {
        throw new errors.ValidationError(TYPE_NOT_ALLOWED);
      }
      const { ttlSeconds, secret, publicUrl, s3 } = config();
      const key = `uploads/${newKeyPart(secret, userId)}/${sanitiseName(name)}`;
      if (s3) {
        return { uploadURL: await presignS3Put(s3, key, type, ttlSeconds), key };
      }
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const query = new URLSearchParams({
        key,
        expires: String(expires),
        type,
        signature: signature(secret, key, expires, type),
      });
      const base = (publicUrl || origin).replace(/\/+$/, '');
      return { uploadURL: `${base}/api/media/local-upload?${query.toString()}`, key };
    },

    async localUpload(query, contentType, contentLength, body) {
      const { key, type } = checkLink(query);
      const { sizeLimit } = config();
      if (contentType.split(';')[0].trim().toLowerCase() !== type) {
        throw new errors.ValidationError(
          'The Content-Type must be the type the link was made for.',
        );
      }
      if (Number.isFinite(contentLength) && contentLength > sizeLimit) {
        throw new errors.PayloadTooLargeError(tooLargeMessage(sizeLimit));
      }
      const target = localPath(key);
      if (await stat(target).catch(() => null)) {
        throw new errors.PolicyError(LINK_INVALID);
      }
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      const out = createWriteStream(partial, { flags: 'wx' });
      await once(out, 'open');
      let size = 0;
      let head = Buffer.alloc(0);
      const textCheck = type === 'text/plain' ? new TextCheck() : null;
      try {
        for await (const chunk of body) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          if (size > sizeLimit) {
            throw new errors.PayloadTooLargeError(tooLargeMessage(sizeLimit));
          }
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, bytes.subarray(0, SNIFF_BYTES - head.length)]);
          }
          textCheck?.push(bytes);
          if (textCheck && !textCheck.ok) {
            throw new errors.ValidationError(TYPE_NOT_ALLOWED);
          }
          if (!out.write(bytes)) {
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          }
        }
        await new Promise<void>((resolve, reject) =>
          out.end((e?: Error | null) => (e ? reject(e) : resolve())),
        );
        const sniffed = typeByContent(key, head);
        if (sniffed !== type || (textCheck && !textCheck.end())) {
          throw new errors.ValidationError(TYPE_NOT_ALLOWED);
        }
        if (await stat(target).catch(() => null)) {
          throw new errors.PolicyError(LINK_INVALID);
        }
        await rename(partial, target);
      } catch (error) {
        if (!out.closed) {
          // A write still pending fails once the stream is destroyed: that error is expected.
          out.on('error', () => undefined);
          const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
          out.destroy();
          await closed;
        }
        body.resume();
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size };
    },

    async register(input, userId, charge) {
      const data = (typeof input === 'object' && input !== null ? input : {}) as Record<
        string,
        unknown
      >;
      const key = text(data.key);
      const name = text(data.name) || key.split('/').pop() || '';
      const type = text(data.type).toLowerCase();
      const size = Number(data.size);
      if (!KEY_PATTERN.test(key) || !issuedTo(config().secret, key, userId)) {
        // A key issued to another account is answered like a key never issued.
        throw new errors.ValidationError('Unknown upload key.');
      }
      const keyType = typeByExtension(key);
      if (!keyType || (type && type !== keyType)) {
        throw new errors.ValidationError(TYPE_NOT_ALLOWED);
      }
      const { s3 } = config();
      const stored = s3 ? await headS3Object(s3, key) : await localObject(localPath(key));
      if (!stored) {
        throw new errors.ValidationError('The file was not uploaded.');
      }
      const { sizeLimit } = config();
      if (stored.size > sizeLimit) {
        // S3 does not limit a presigned PUT's size: refused here, before it becomes a file.
        throw new errors.PayloadTooLargeError(tooLargeMessage(sizeLimit));
      }
      if (Number.isFinite(size) && size > 0 && size !== stored.size) {
        throw new errors.ValidationError('The size does not match the uploaded file.');
      }
      const url = s3 ? s3PublicUrl(s3 as S3Settings, key) : `/${key}`;
      if (!(await claimKey(strapi, key))) {
        throw new errors.ValidationError('This file is already registered.');
      }
      let release: (() => Promise<void>) | null = null;
      try {
        release = await charge(stored.size);
        const extension = `.${extensionOf(key)}`;
        // The same record the upload plugin writes (its service has no "add existing object").
        const data = {
          name,
          hash: key.split('/')[1],
          ext: extension,
          mime: keyType,
          size: Math.round((stored.size / 1000) * 100) / 100,
          url,
          provider: s3 ? 'aws-s3' : 'local',
          folderPath: '/',
        };
        return (await strapi.db.query('plugin::upload.file').create({ data })) as UploadedFile;
      } catch (error) {
        await release?.();
        await releaseKey(strapi, key);
        throw error;
      }
    },
  };
};

const typeByExtension = (key: string): string | null => TYPE_BY_EXTENSION[extensionOf(key)] ?? null;

const localObject = async (file: string): Promise<{ size: number } | null> => {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { size: info.size } : null;
};
