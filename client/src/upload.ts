// POST /api/upload (multipart field `image`): the server checks, re-encodes and names the file.

export interface Uploaded {
  imageUrl: string;
  cardUrl: string;
}

export class UploadError extends Error {
  /** `noAnswer`: the server was not reached at all (no signal), not a refusal. */
  constructor(
    readonly code: string,
    readonly noAnswer = false,
  ) {
    super(code);
  }
}

/** `purpose: 'proof'`: the photo proving a delivery, the one upload a driver may make. */
export async function uploadImage(
  file: File,
  opts: { purpose?: 'proof' | 'claim' } = {},
): Promise<Uploaded> {
  const body = new FormData();
  body.append('image', file);
  const url = opts.purpose ? `/api/upload?purpose=${opts.purpose}` : '/api/upload';
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new UploadError('upload.failed', true);
  }
  const json = (await res.json().catch(() => null)) as
    | (Partial<Uploaded> & { code?: string })
    | null;
  if (!res.ok) throw new UploadError(json?.code ?? 'upload.failed');
  if (!json?.imageUrl) throw new UploadError('upload.noUrl');
  return { imageUrl: json.imageUrl, cardUrl: json.cardUrl ?? json.imageUrl };
}

/** The uploaded file's name in a `/uploads/<name>` URL, for DELETE /api/delete/{name}. */
export function uploadedName(url: string): string | null {
  const m = /^\/uploads\/([0-9a-f]{32}\.(?:jpg|png))$/.exec(url);
  return m ? (m[1] ?? null) : null;
}

export async function deleteUploaded(url: string): Promise<void> {
  const name = uploadedName(url);
  if (!name) return;
  const res = await fetch(`/api/delete/${name}`, { method: 'DELETE', credentials: 'same-origin' });
  // Already gone is as good as deleted.
  if (!res.ok && res.status !== 404) throw new UploadError('information.failed');
}

/** The card-sized copy of an uploaded picture (other URLs as they are). */
export function cardImage(url: string | null): string | null {
  return url ? url.replace(/^(\/uploads\/[0-9a-f]{32})\.(jpg|png)$/, '$1-card.$2') : null;
}
