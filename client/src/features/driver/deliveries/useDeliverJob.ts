import { useTranslation } from 'react-i18next';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { notifyError, notifySuccess } from '../../../components/notify';
import { dynamicT } from '../../../i18n';
import { errorMessage, isNetworkFailure } from '../../../keyed';
import { UploadError, uploadedName, uploadImage } from '../../../upload';
import type { DeliveryEntries, SubmitAnswer } from './DeliverDialog';
import { deliveredElsewhere, enqueue, flush } from './outbox';
import { useReportDeliveries } from './useDriverSync';

/**
 * Sends (or keeps on the phone) what the delivery dialog gathered, for every screen that opens
 * it (the pending list, the route). The optional photo goes first (POST
 * /api/upload?purpose=proof); without a connection, or when it fails, the delivery is still kept
 * and sent, only without the photo. Resolves with the server's refusal of this delivery (the
 * dialog stays open with it), the final word on one the office had delivered first (the dialog
 * shows only that), or null.
 */
export function useDeliverJob(
  noConnection: boolean,
): (job: JobOut, entries: DeliveryEntries) => Promise<SubmitAnswer> {
  const { t } = useTranslation();
  const report = useReportDeliveries();
  return async (job, entries) => {
    const tappedAt = new Date().toISOString();
    let proofImage = entries.proofImage;
    // Kept with the delivery (IndexedDB) when it cannot go now, and uploaded before it later.
    let keptPhoto: File | undefined;
    if (entries.photo) {
      if (noConnection) {
        keptPhoto = entries.photo;
      } else {
        try {
          proofImage =
            uploadedName((await uploadImage(entries.photo, { purpose: 'proof' })).imageUrl) ??
            undefined;
        } catch (error) {
          const code = error instanceof UploadError ? error.code : 'upload.failed';
          if (code === 'upload.failed') keptPhoto = entries.photo;
          else notifyError(t('driverJobs.photoNotSent', { reason: dynamicT(t)(`errors.${code}`) }));
        }
      }
    }
    await enqueue(job, entries.recipient, {
      proofImage,
      photo: keptPhoto,
      tappedAt,
      lines: entries.lines,
      cashTaken: entries.cashTaken,
    });
    const name = job.customer?.restaurantName ?? job.restaurantName;
    const result = await flush().catch((error: unknown) => {
      if (!isNetworkFailure(error)) throw error;
      return null;
    });
    const refusal = result?.refused.find((r) => r.jobId === job._id);
    const done = !!result?.delivered.includes(job._id);
    if (done && !refusal) notifySuccess(t('driverJobs.deliveredOne', { name }));
    else if (!refusal && (!result || result.waiting)) {
      notifySuccess(t('driverJobs.keptOne', { name }));
    }
    if (result) {
      // This delivery's refusal is shown in its dialog, not as a notification too.
      report(
        { ...result, refused: result.refused.filter((r) => r.jobId !== job._id) },
        done && result.sent === 1 ? 1 : 0,
      );
    }
    if (!refusal) return null;
    // Delivered already by the office: nothing to correct or send again, only to be read.
    if (deliveredElsewhere(refusal.error)) return { final: errorMessage(t, refusal.error) };
    return errorMessage(t, refusal.error);
  };
}
