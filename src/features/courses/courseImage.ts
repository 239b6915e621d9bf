import type { MediaFile } from '../media';

/** The best-sized address of a course image for a card or a header. */
export function courseImageUrl(
  image: MediaFile | null | undefined,
  size: 'small' | 'medium' = 'small',
) {
  if (!image) return null;
  return image.formats?.[size]?.url ?? image.url;
}
