// A goods claim's photo is made smaller on the phone before it is sent (ADR 082). A phone's
// camera takes 3-10 MB pictures; on a poor connection at night that is minutes of "sending",
// and one over the upload limit was refused only after all of it had gone. The server keeps
// pictures at 1600 px on their longest side anyway (server/catalogue/pictures.ts), so a
// photo sent at that size shows the office everything it would have seen.

/** The longest side a photo is sent at: what the server keeps. */
export const PHOTO_LONG_SIDE = 1600;
/** The server's upload limit (MAX_UPLOAD_BYTES in server/catalogue/pictures.ts). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A photo this small is sent as it is. */
const SEND_AS_IS_BYTES = 400 * 1024;

/** The size a picture of `width` x `height` is sent at: at most `longSide` on its longest side. */
export function sentSize(
  width: number,
  height: number,
  longSide = PHOTO_LONG_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The photo as it is worth sending: a JPEG at most PHOTO_LONG_SIDE px on its longest side,
 * turned as the camera meant it. The file itself when it is already small, when the smaller
 * copy would not be smaller, or when this browser cannot draw it (the server still checks it).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SEND_AS_IS_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = sentSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      bitmap.close();
      return file;
    }
    // A PNG's transparent parts would turn black in a JPEG.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.85),
    );
    if (!blob || blob.size >= file.size) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
