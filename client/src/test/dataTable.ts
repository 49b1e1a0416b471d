import { afterAll, beforeAll } from 'vitest';

/**
 * mantine-datatable shows a column while matchMedia('') matches (a column without a media
 * query); the setup's stub matches nothing, which would hide every cell. Call it at the top of
 * a test file whose screen has a DataTable.
 */
export function showDataTableColumns(): void {
  const stub = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({
      ...stub(query),
      matches: query === '',
    })) as typeof window.matchMedia;
  });
  afterAll(() => {
    window.matchMedia = stub;
  });
}
