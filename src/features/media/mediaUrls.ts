// Where files go: Strapi's upload endpoint (multipart, used for course images and renames), the
// two-step signed-URL upload (used for study materials), and a stored file's address.

export const mediaUrls = {
  upload: '/upload',
  rename: (id: number) => `/upload?id=${id}`,
  signedUrl: '/media/s3-upload-url',
  media: '/media',
} as const;

/** What the signed-URL step answers. */
export interface SignedUpload {
  uploadURL: string;
  key: string;
}

/** The address a stored file is reached at: the signed URL without its signature. */
export function storedUrl(uploadURL: string): string {
  const url = new URL(uploadURL, window.location.origin);
  const plain = `${url.origin}${url.pathname}`;
  return url.origin === window.location.origin ? url.pathname : plain;
}

/** Where a stored file's URL points: absolute, or on this origin for local storage. */
export function absoluteFileUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}
