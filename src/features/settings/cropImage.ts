// The profile picture's crop (issue 24): the square the person chose, drawn at a fixed size on a
// canvas and encoded as an image file, so the server stores a small picture whatever the camera
// gave (a 12-megapixel photo becomes a 512 × 512 image of a few hundred KB).
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The side of the stored picture, in pixels. */
export const AVATAR_SIDE = 512;

const loadImage = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read.'));
    image.src = url;
  });

/**
 * Draws `area` (in the image's own pixels) of the image at `url` on a square canvas and returns it
 * as a file. A PNG stays a PNG (it may be transparent); other pictures become JPEG.
 */
export async function cropToFile(url: string, area: CropArea, source: File): Promise<File> {
  const image = await loadImage(url);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIDE;
  canvas.height = AVATAR_SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures; choose a square picture.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
  const type = source.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error('The cropped picture could not be made.');
  const base = source.name.replace(/\.[^.]+$/, '') || 'picture';
  return new File([blob], `${base}.${type === 'image/png' ? 'png' : 'jpg'}`, { type });
}
