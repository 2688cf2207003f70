import sharp from 'sharp';

/** Longest side of a stored image: larger uploads are scaled down (never up). */
export const MAX_IMAGE_SIDE = 2048;
/** Images with more pixels than this are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an uploaded PNG or JPEG: decoded and written again by sharp, so nothing but pixels
 * survives (EXIF, GPS, ICC comments, trailing bytes, anything appended), turned upright from its
 * EXIF orientation, scaled to at most MAX_IMAGE_SIDE on its longest side. PNG stays PNG, JPEG
 * becomes a progressive JPEG. A file that does not decode is refused by the caller (400).
 */
export async function reencodeImage(path: string, mime: string): Promise<{ data: Buffer; ext: 'png' | 'jpg'; mime: string; width: number; height: number }> {
  const pipeline = sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  const png = mime === 'image/png';
  const { data, info } = await (png ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, progressive: true, mozjpeg: true })).toBuffer({
    resolveWithObject: true,
  });
  return { data, ext: png ? 'png' : 'jpg', mime: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}
