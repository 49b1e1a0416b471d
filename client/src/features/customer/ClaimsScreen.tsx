import {
  Alert,
  Badge,
  Button,
  Card,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { unitLabel } from '../../components/localName';
import { notifyError, notifySuccess } from '../../components/notify';
import { PhotoInput } from '../../components/PhotoInput';
import { errorText } from '../../errors';
import { keyedClient, newKey, withKey } from '../../keyed';
import { trpc } from '../../trpc';
import { UploadError, uploadedName, uploadImage } from '../admin/office/shared/upload';
import { Loading } from './LoadState';

/** /customer/claims: report a goods issue within 48 hours of delivery, and the reports made. */
export function CustomerClaimsScreen() {
  const { t } = useTranslation();
  const claimable = trpc.claims.claimable.useQuery();
  const mine = trpc.claims.mine.useQuery();
  const [lineId, setLineId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());

  const options = useMemo(
    () =>
      (claimable.data ?? []).flatMap((o) =>
        o.lines.map((l) => ({
          value: l.orderLineId,
          label: `#${o.orderNumber} · ${l.name} (${t('buyer.claimUpTo', { count: l.claimable, unit: l.sku })})`,
          max: l.claimable,
        })),
      ),
    [claimable.data, t],
  );
  const chosen = options.find((o) => o.value === lineId);

  const submit = async () => {
    if (!lineId) return;
    setBusy(true);
    try {
      let name: string | undefined;
      if (photo)
        name = uploadedName((await uploadImage(photo, { purpose: 'claim' })).imageUrl) ?? undefined;
      await keyedClient.claims.create.mutate(
        { orderLineId: lineId, quantity: Number(quantity), reason, photo: name },
        withKey(key.current),
      );
      key.current = newKey();
      notifySuccess(t('buyer.claimSent'));
      setLineId(null);
      setReason('');
      setPhoto(null);
      void claimable.refetch();
      void mine.refetch();
    } catch (err) {
      key.current = newKey();
      const text =
        err instanceof UploadError
          ? t(`errors.${err.code}` as never)
          : errorText(t, err, 'buyer.claimFailed');
      notifyError(text);
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
      ) : options.length === 0 ? (
        <Alert variant="light" color="gray" mb="md">
          {t('buyer.nothingToClaim')}
        </Alert>
      ) : (
        <Card withBorder mb="lg">
          <Stack>
            <Select
              label={t('buyer.claimProduct')}
              data={options.map(({ value, label }) => ({ value, label }))}
              value={lineId}
              onChange={setLineId}
              searchable
            />
            <NumberInput
              label={t('buyer.claimQuantity')}
              min={1}
              max={chosen?.max}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
            />
            <Textarea
              label={t('buyer.claimReason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              rows={3}
            />
            <PhotoInput label={t('buyer.claimPhoto')} value={photo} onChange={setPhoto} />
            <Button onClick={submit} loading={busy} disabled={!lineId || !reason.trim()}>
              {t('buyer.claimSend')}
            </Button>
          </Stack>
        </Card>
      )}
      <Title order={2} size="h4" mb="sm">
        {t('buyer.myClaims')}
      </Title>
      <Stack gap="xs">
        {(mine.data ?? []).map((c) => (
          <Card key={c._id} withBorder padding="sm" data-testid="my-claim">
            <Text size="sm" fw={500}>
              #{c.orderNumber} · {c.productName} × {c.quantity} {unitLabel(t, c.sku)}
            </Text>
            <Text size="sm">{c.reason}</Text>
            <Badge variant="outline" color={c.status === 'approved' ? 'green.9' : 'gray.8'}>
              {t(`buyer.claimStatus.${c.status}`)}
              {c.creditNoteNumber ? ` · ${c.creditNoteNumber}` : ''}
            </Badge>
          </Card>
        ))}
      </Stack>
    </>
  );
}
