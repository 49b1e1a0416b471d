import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../../../trpc';
import { importFileErrorText } from '../../shared/errors';
import { useAfterChange } from '../../shared/useOfficeMutation';

// A whole list's prices pasted as CSV: checked first, line by line, then imported.

/**
 * The pasted text and what the check found. Kept by the list's editor, not by the panel, so
 * that what was pasted stays while the list reloads.
 */
export function useListImport(id: string) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const importCsv = trpc.priceLists.importCsv.useMutation();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<string[] | null>(null);
  const run = async (commit: boolean) => {
    try {
      const out = await importCsv.mutateAsync({ id, csv, commit });
      const problems = [
        ...out.fileErrors.map((e) => importFileErrorText(t, e)),
        ...out.rows.flatMap((r) =>
          Object.entries(r.errors).map(
            ([field, code]) =>
              `${t('priceLists.line', { line: r.line })} ${field}: ${t(`errors.${code}`, { defaultValue: code })}`,
          ),
        ),
      ];
      setPreview(problems);
      if (commit && out.valid) {
        after.done('priceLists.imported');
        setCsv('');
      }
    } catch (error) {
      after.failed(error);
    }
  };
  return { csv, setCsv, preview, run };
}

export function ListImport({ importer }: { importer: ReturnType<typeof useListImport> }) {
  const { t } = useTranslation();
  const { csv, setCsv, preview, run } = importer;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Textarea
          label={t('priceLists.importLabel')}
          description={t('priceLists.importHelp')}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Group>
          <Button variant="default" disabled={!csv} onClick={() => run(false)}>
            {t('priceLists.check')}
          </Button>
          <Button disabled={!csv} onClick={() => run(true)}>
            {t('priceLists.import')}
          </Button>
        </Group>
        {preview && preview.length > 0 && (
          <Alert color="red" role="alert" title={t('priceLists.notImported')}>
            {preview.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
