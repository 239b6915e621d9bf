import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from './media-config';

const clients = new Map<string, S3Client>();

const clientOf = (s3: S3Settings): S3Client => {
  const id = [s3.region, s3.endpoint, s3.accessKeyId].join('|');
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.accessKeyId
        ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
        : {}),
    });
    clients.set(id, client);
  }
  return client;
};

/** A presigned PUT for `key`, with its content type, valid `ttlSeconds`. */
export const presignS3Put = (
  s3: S3Settings,
  key: string,
  contentType: string,
  ttlSeconds: number,
): Promise<string> =>
  getSignedUrl(
    clientOf(s3),
    new PutObjectCommand({ Bucket: s3.bucket, Key: key, ContentType: contentType }),
    // Content-Type is signed: the PUT must send exactly the type the URL was made for.
    { expiresIn: ttlSeconds, signableHeaders: new Set(['content-type']) },
  );

/** The stored object's size, or null when there is none. */
export const headS3Object = async (
  s3: S3Settings,
  key: string,
): Promise<{ size: number } | null> => {
  try {
    const head = await clientOf(s3).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { size: Number(head.ContentLength ?? 0) };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as { name?: string }).name === 'NotFound') {
      return null;
    }
    throw error;
  }
};

/** Where the object is read: S3_PUBLIC_URL/key, else the bucket's virtual-host URL. */
export const s3PublicUrl = (s3: S3Settings, key: string): string => {
  if (s3.publicUrl) {
    return `${s3.publicUrl.replace(/\/+$/, '')}/${key}`;
  }
  if (s3.endpoint) {
    return `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}/${key}`;
  }
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com/${key}`;
};
