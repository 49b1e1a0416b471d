/**
 * The card-sized copy (480 px) of an uploaded picture: the server stores one beside every
 * upload (server/catalogue/pictures.ts, `cardUrlOf`, the same rule). A card is ~180 px wide on
 * a phone, so the 1,600 px original would cost it ten times the bytes. Other URLs (pictures
 * from before the copies, the demo's) are used as they are. public/early.js applies the same
 * rule to the pictures it fetches ahead (checked by early.test.ts).
 */
export function cardImage(url: string): string {
  return url.replace(/^(\/uploads\/[0-9a-f]{32})\.(jpg|png)$/, '$1-card.$2');
}
