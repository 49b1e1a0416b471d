import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { dynamicT } from '../../../../i18n';
import { cardImage, UploadError, uploadImage } from '../../../../upload';

interface Props {
  label: string;
  value: string | null;
  onChange(url: string): void;
  /** Tells the form an upload is running (submit waits for it). */
  onBusy?(busy: boolean): void;
  error?: string;
}

/** Picks a .jpg/.jpeg/.png, uploads it at once and shows what the server stored. */
export function ImageUpload({ label, value, onChange, onBusy, error }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    onBusy?.(true);
    try {
      const { imageUrl } = await uploadImage(file);
      onChange(imageUrl);
      notifySuccess(t('office.imageUploaded'));
    } catch (err) {
      const code = err instanceof UploadError ? err.code : 'upload.failed';
      notifyError(dynamicT(t)(`errors.${code}`));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };
  const preview = cardImage(value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group align="center" gap="sm">
        {preview && <Image src={preview} alt={label} w={96} h={72} fit="cover" radius="sm" />}
        <FileButton onChange={pick} accept="image/png,image/jpeg,.jpg,.jpeg,.png">
          {(props) => (
            <Button {...props} variant="default" loading={busy} data-testid="image-upload">
              {value ? t('office.replaceImage') : t('office.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('office.imageHint')}
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
