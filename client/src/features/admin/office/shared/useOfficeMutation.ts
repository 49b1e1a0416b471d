import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { dynamicT } from '../../../../i18n';
import { trpc } from '../../../../trpc';
import { errorText } from './errors';

/**
 * After any change in the office every cached list is stale (spec §7: "the matching cached
 * lists are refetched"); this returns a callback that refetches them and shows the success
 * toast, and one that shows a failure.
 */
export function useAfterChange() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  return {
    done(messageKey: string) {
      void utils.invalidate();
      notifySuccess(dynamicT(t)(messageKey));
    },
    failed(error: unknown) {
      notifyError(errorText(t, error));
    },
  };
}
