import { describe, expect, it } from 'vitest';
import { mapLink } from './mapLink';

describe('mapLink', () => {
  it('searches an address typed on lines as one line', () => {
    const link = new URL(mapLink('〒169-0073\n東京都新宿区百人町2-10-5\n'));
    expect(link.searchParams.get('query')).toBe('〒169-0073 東京都新宿区百人町2-10-5');
    expect(link.searchParams.get('api')).toBe('1');
  });
});
