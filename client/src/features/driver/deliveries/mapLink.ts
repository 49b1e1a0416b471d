/**
 * Opens the address in the phone's map app or Google Maps (a plain search link). An address typed
 * on lines (〒 and the postal code first, ADR 099) is searched as one line.
 */
export function mapLink(address: string): string {
  const oneLine = address
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(' ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(oneLine)}`;
}
