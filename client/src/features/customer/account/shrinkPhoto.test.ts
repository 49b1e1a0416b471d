import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../../../server/catalogue/pictures';
import { PHOTO_LONG_SIDE, PHOTO_MAX_BYTES, sentSize, shrinkPhoto } from './shrinkPhoto';

describe('a claim photo sent from the phone', () => {
  it('is at most 1600 px on its longest side, in its own proportions', () => {
    expect(sentSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(sentSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(sentSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(sentSize(8000, 10)).toEqual({ width: 1600, height: 2 });
    expect(PHOTO_LONG_SIDE).toBe(1600);
  });

  it("knows the server's upload limit", () => {
    expect(PHOTO_MAX_BYTES).toBe(MAX_UPLOAD_BYTES);
  });

  it('sends a small photo as it is', async () => {
    const small = new File([new Uint8Array(1000)], 'a.jpg', { type: 'image/jpeg' });
    expect(await shrinkPhoto(small)).toBe(small);
  });
});
