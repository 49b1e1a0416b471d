import { useTranslation } from 'react-i18next';
import type { BulkOut } from '../../../../../shared/schemas/office-lists';
import { notifySuccess } from '../../../components/notify';
import { codeOf, type ListState } from './shared';

// What every bulk action on a list does with its answer (ADR 044): the rows it could not change
// stay selected, so the office can fix them and try again, and the result bar says why each was
// left; what did change is announced and the lists that show it are refetched. A refusal of the
// whole call (no answer, not allowed) is shown in the same bar, under the list's name.

export function useBulkAction(
  s: ListState,
  kind: 'customers' | 'orders' | 'invoices',
  refetch: () => void,
) {
  const { t } = useTranslation();
  return async (action: (ids: string[]) => Promise<BulkOut>) => {
    try {
      const r = await action([...s.selected]);
      s.setResult(r);
      s.setSelected(new Set(r.failed.map((f) => f.id)));
      if (r.done.length > 0) notifySuccess(t('lists.bulk.done', { count: r.done.length }));
      refetch();
    } catch (error) {
      s.setResult({
        done: [],
        failed: [{ id: '', label: t(`lists.kinds.${kind}`), code: codeOf(error) }],
      });
    }
  };
}
