import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The proof-of-delivery photo, opened in a new tab. */
export function ProofPhotoLink({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    // A button-sized link (44 px on a phone), not a word in the line (ADR 040).
    <Button
      component="a"
      href={`/uploads/${name}`}
      target="_blank"
      rel="noopener"
      variant="light"
      size="compact-sm"
    >
      {t('orderTrack.proofPhoto')}
    </Button>
  );
}
