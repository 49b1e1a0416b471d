import type { TFunction } from 'i18next';
import type { DocumentKind } from '../../../../shared/enums';
import { dynamicT } from '../../i18n';

/**
 * A kind of document as its reader's screens call it. The office's Japanese calls a credit note
 * 赤伝, as on its other screens, with the document's own name beside it (赤伝（返還請求書）);
 * a restaurant reads the document's name (返還請求書).
 */
export function kindName(
  t: TFunction,
  kind: DocumentKind,
  area: 'admin' | 'customer' | 'driver',
  { plural = false }: { plural?: boolean } = {},
): string {
  if (kind === 'creditNote' && area === 'admin') {
    return plural ? t('documents.ui.officeCreditNotes') : t('documents.ui.officeCreditNote');
  }
  return dynamicT(t)(plural ? `documents.ui.kinds.${kind}` : `documents.ui.kind.${kind}`);
}
