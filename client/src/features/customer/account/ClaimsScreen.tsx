import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '../../../../../shared/format';
import type { ClaimOut } from '../../../../../shared/schemas/billing';
import { westernDigits } from '../../../cart';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { localName, unitLabel } from '../../../components/localName';
import { notifySuccess } from '../../../components/notify';
import { PhotoInput } from '../../../components/PhotoInput';
import { showInstant } from '../../../dates';
import { errorText } from '../../../errors';
import { keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { UploadError, uploadedName, uploadImage } from '../../../upload';
import { claimQuantityProblem } from './claimQuantity';
import { PHOTO_MAX_BYTES, shrinkPhoto } from './shrinkPhoto';

/**
 * The photo field's placeholder ("Take or choose a photo") in the dimmed text colour (gray 7, 8:1 on
 * white) instead of Mantine's placeholder gray (2.07:1, under the 4.5:1 axe asks for): it is
 * the field's only words until a photo is chosen.
 */
const READABLE_PLACEHOLDER = {
  '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
} as CSSProperties;

/** A delivered line that may be reported, as the product field offers it. */
interface ClaimOption {
  orderId: string;
  value: string;
  label: string;
  /** "up to 3 Pkt", said beside the product in the list. */
  upTo: string;
  max: number;
  unit: string;
}

/** /customer/claims: report a goods issue within 48 hours of delivery, and the reports made. */
export function CustomerClaimsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const claimable = trpc.claims.claimable.useQuery();
  const mine = trpc.claims.mine.useQuery();
  const [lineId, setLineId] = useState<string | null>(null);
  // As typed (never corrected behind the person's back): a problem is said under the field.
  const [quantity, setQuantity] = useState('1');
  const [quantityTouched, setQuantityTouched] = useState(false);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The line as it was chosen: a refusal refetches what may be
  // reported, and a line whose 48 hours ended drops out of it. The report stays on the screen,
  // its product still chosen, with the refusal said beside the button (not only in a toast).
  const [held, setHeld] = useState<ClaimOption | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef(newKey());

  const fresh = useMemo<ClaimOption[]>(
    () =>
      (claimable.data ?? []).flatMap((o) =>
        o.lines.map((l) => ({
          orderId: o.orderId,
          value: l.orderLineId,
          // What the field shows once chosen: the order and the product. "Up to 3 packets"
          // is said in the list and under Quantity; in the field it cut the name on a phone.
          label: `#${o.orderNumber} · ${localName(l, language)}`,
          upTo: t('buyer.claimUpTo', { count: l.claimable, unit: unitLabel(t, l.sku) }),
          max: l.claimable,
          unit: unitLabel(t, l.sku),
        })),
      ),
    [claimable.data, t, language],
  );
  const options =
    held && held.value === lineId && !fresh.some((o) => o.value === held.value)
      ? [...fresh, held]
      : fresh;
  const chosen = options.find((o) => o.value === lineId);
  // Chosen, but no longer among what may be reported (its 48 hours ended, or it is all
  // reported): kept in the field with what was typed, and no longer sent.
  const gone = chosen !== undefined && !fresh.some((o) => o.value === chosen.value);
  const chosenOrder = gone
    ? undefined
    : (claimable.data ?? []).find((o) => o.orderId === chosen?.orderId);
  /** Something typed or chosen: never taken off the screen by a refusal or a failed read. */
  const drafted = lineId !== null || reason.trim() !== '' || photo !== null;
  const choose = (value: string | null) => {
    setLineId(value);
    setRefusal(null);
    setHeld(fresh.find((o) => o.value === value) ?? null);
  };
  /** When an order was delivered and until when it may be reported (48 hours, ADR 033). */
  const windowOf = (o: { deliveredAt: string; claimUntil: string }) => ({
    delivered: showInstant(o.deliveredAt),
    until: showInstant(o.claimUntil),
  });
  const problem = claimQuantityProblem(quantity, chosen?.max);
  // Said at once for a number out of range; an empty field only once the person has left it.
  const quantityError =
    problem && (problem.key !== 'needed' || quantityTouched)
      ? problem.key === 'atMost'
        ? t('buyer.claimQuantityAtMost', { count: problem.max, unit: chosen?.unit ?? '' })
        : problem.key === 'atLeast'
          ? t('buyer.claimQuantityAtLeast')
          : problem.key === 'whole'
            ? t('buyer.claimQuantityWhole')
            : t('buyer.claimQuantityNeeded')
      : undefined;

  const submit = async () => {
    if (!lineId || problem) return;
    setBusy(true);
    setRefusal(null);
    try {
      let name: string | undefined;
      if (photo) {
        // Made smaller on the phone first: a camera's 3-10 MB took minutes on a poor
        // connection, and one over the limit was refused only once all of it had gone.
        const sent = await shrinkPhoto(photo);
        if (sent.size > PHOTO_MAX_BYTES) throw new UploadError('upload.tooLarge');
        name = uploadedName((await uploadImage(sent, { purpose: 'claim' })).imageUrl) ?? undefined;
      }
      await keyedClient.claims.create.mutate(
        {
          orderLineId: lineId,
          quantity: Number(westernDigits(quantity).trim()),
          reason,
          photo: name,
        },
        withKey(key.current),
      );
      key.current = newKey();
      notifySuccess(t('buyer.claimSent'));
      setLineId(null);
      setQuantity('1');
      setQuantityTouched(false);
      setReason('');
      setPhoto(null);
      setHeld(null);
      void claimable.refetch();
      void mine.refetch();
    } catch (err) {
      key.current = newKey();
      // Someone else at the restaurant may have reported the same line meanwhile, or its 48
      // hours ended: the form shows what may be reported now, keeping what was typed.
      void claimable.refetch();
      // Without signal the photo's upload gets no answer: say so, as a report sent without a
      // photo would ("cannot reach the server"), not that the photo itself was at fault.
      const text =
        err instanceof UploadError
          ? t(err.noAnswer ? 'errors.common.network' : (`errors.${err.code}` as never))
          : errorText(t, err, 'buyer.claimFailed');
      setRefusal(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('nav.home'), link: '/customer' }, { label: t('buyer.claimsTitle') }]}
      />
      <Title order={1} size="h3" mb="sm">
        {t('buyer.claimsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('buyer.claimTerms')}
      </Text>
      {claimable.isPending ? (
        <Loading />
      ) : options.length === 0 && !drafted ? (
        claimable.isError ? (
          // Not "nothing to report": a failed read says so, with a way to ask again.
          <Box mb="lg">
            <FetchFailed onRetry={() => void claimable.refetch()} />
          </Box>
        ) : (
          <Alert variant="light" color="gray" mb="md" role="status">
            {t('buyer.nothingToClaim')}
          </Alert>
        )
      ) : (
        <Card withBorder mb="lg">
          <Stack>
            <Box component="section" aria-label={t('buyer.claimWindowTitle')}>
              <Text size="sm" fw={600}>
                {t('buyer.claimWindowTitle')}
              </Text>
              {fresh.length === 0 && (
                <Text size="sm" data-testid="claim-window">
                  {t('buyer.nothingToClaim')}
                </Text>
              )}
              {(claimable.data ?? []).map((o) => (
                <Text key={o.orderId} size="sm" data-testid="claim-window">
                  {t('buyer.claimWindow', {
                    order: formatOrderNumber(o.orderNumber),
                    ...windowOf(o),
                  })}
                </Text>
              ))}
            </Box>
            <Select
              label={t('buyer.claimProduct')}
              description={
                chosenOrder ? t('buyer.claimChosenWindow', windowOf(chosenOrder)) : undefined
              }
              data={options.map(({ value, label }) => ({ value, label }))}
              renderOption={({ option }) => (
                <span>
                  {option.label}{' '}
                  <Text span size="sm" c="dimmed">
                    ({options.find((o) => o.value === option.value)?.upTo})
                  </Text>
                </span>
              )}
              value={lineId}
              onChange={choose}
              searchable
            />
            <TextInput
              label={t('buyer.claimQuantity')}
              description={
                chosen ? t('buyer.claimUpTo', { count: chosen.max, unit: chosen.unit }) : undefined
              }
              inputMode="numeric"
              enterKeyHint="done"
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              onBlur={() => setQuantityTouched(true)}
              error={quantityError}
              data-testid="claim-quantity"
            />
            <Textarea
              label={t('buyer.claimReason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              rows={3}
            />
            <Box style={READABLE_PLACEHOLDER}>
              <PhotoInput label={t('buyer.claimPhoto')} value={photo} onChange={setPhoto} />
            </Box>
            {refusal && (
              <Alert color="red" variant="light" role="alert" data-testid="claim-refusal">
                <Text size="sm">{refusal}</Text>
                <Text size="sm" mt={4}>
                  {gone ? t('buyer.claimKeptGone') : t('buyer.claimKept')}
                </Text>
              </Alert>
            )}
            <Button
              onClick={submit}
              loading={busy}
              disabled={!lineId || gone || !reason.trim() || problem !== null}
            >
              {t('buyer.claimSend')}
            </Button>
          </Stack>
        </Card>
      )}
      <Title order={2} size="h4" mb="sm">
        {t('buyer.myClaims')}
      </Title>
      {mine.isPending ? (
        <Loading />
      ) : mine.isError ? (
        <FetchFailed onRetry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <Text c="dimmed" data-testid="no-claims">
          {t('buyer.noClaimsYet')}
        </Text>
      ) : (
        <MyClaims claims={mine.data} />
      )}
    </>
  );
}

/** The reports made, with what became of each. */
function MyClaims({ claims }: { claims: ClaimOut[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <Stack gap="xs">
      {claims.map((c) => (
        <Card key={c._id} withBorder padding="sm" data-testid="my-claim">
          <Text size="sm" fw={500}>
            #{c.orderNumber} ·{' '}
            {localName({ name: c.productName, nameNe: c.nameNe, nameJa: c.nameJa }, language)} ×{' '}
            {c.quantity} {unitLabel(t, c.sku)}
          </Text>
          <Text size="sm">{c.reason}</Text>
          <Badge variant="outline" color={c.status === 'approved' ? 'green.9' : 'gray.8'}>
            {t(`buyer.claimStatus.${c.status}`)}
            {c.creditNoteNumber ? ` · ${c.creditNoteNumber}` : ''}
          </Badge>
          {/* The office may credit fewer than reported (part of the goods was fine): said in
              words, or the restaurant would expect the whole report on its next invoice. */}
          {c.status === 'approved' &&
            c.creditedQuantity != null &&
            c.creditedQuantity !== c.quantity && (
              <Text size="sm" fw={500} data-testid="claim-credited">
                {t('buyer.claimApprovedPart', {
                  credited: c.creditedQuantity,
                  count: c.quantity,
                  unit: unitLabel(t, c.sku),
                })}
              </Text>
            )}
          {c.decisionNote && (
            <Text size="sm" c="dimmed">
              {t('buyer.claimDecisionNote', { note: c.decisionNote })}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
