import { Button, List, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { notifyError, notifySuccess } from '../../../components/notify';
import { trpc } from '../../../trpc';
import { adminCrumbs, reportsCrumb } from '../money/crumbs';

/** The file name the server chose (Content-Disposition), without `.xlsx`. */
function fileNameOf(header: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  const plain = /filename="([^"]+)"/i.exec(header ?? '');
  const name = star?.[1] ? decodeURIComponent(star[1]) : (plain?.[1] ?? 'data.xlsx');
  return name.replace(/\.xlsx$/i, '');
}

/** The workbook's sheets, in the file's order (server/reports/export.ts writes them). */
// The workbook's sheets in their order (server/reports/export.ts `exportWorkbook`).
const SHEETS = ['customers', 'outstanding', 'invoices', 'creditNotes', 'payments'] as const;

/** /admin/reports/export: a route (or all) first, then the Excel download. */
export function ExportScreen() {
  const { t } = useTranslation();
  const options = trpc.invoices.formOptions.useQuery(undefined, { staleTime: 60_000 });
  const [route, setRoute] = useState<string | null>(null);
  // Spec §8: a route must be chosen first. Said at the field, where the eye already is, and
  // kept until a route is chosen (a passing toast was missed).
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);

  const download = async () => {
    if (!route) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const response = await fetch(`/api/data/${encodeURIComponent(route)}`, {
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const total = Number(response.headers.get('content-length') ?? 0);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        if (total) setProgress(Math.round((received / total) * 100));
      }
      const name = fileNameOf(response.headers.get('content-disposition'));
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[]));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${name}.xlsx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress(100);
      notifySuccess(t('money.exported', { file: name }));
    } catch {
      notifyError(t('money.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.exportData'), [reportsCrumb(t)])} />
      <Title order={1} size="h2" mb="md">
        {t('nav.exportData')}
      </Title>
      <Paper withBorder p="md" radius="md" maw={520}>
        <Stack>
          <div>
            <Text size="sm" c="gray.7" id="export-sheets">
              {t('money.exportHint', { sheets: SHEETS.length })}
            </Text>
            <List size="sm" c="gray.7" aria-labelledby="export-sheets" data-testid="export-sheets">
              {SHEETS.map((sheet) => (
                <List.Item key={sheet}>
                  {t('money.exportSheet', {
                    name: t(`exports.sheets.${sheet}`),
                    about: t(`money.exportSheetAbout.${sheet}`),
                  })}
                </List.Item>
              ))}
            </List>
          </div>
          <Select
            label={t('money.route')}
            placeholder={t('money.pleaseSelectRoute')}
            data={[
              { value: 'all', label: t('money.allRoutes') },
              ...(options.data?.routes ?? []).map((r) => ({ value: r._id, label: r.name })),
            ]}
            value={route}
            onChange={(value) => {
              setRoute(value);
              setMissing(false);
            }}
            error={missing ? t('money.pleaseSelectRoute') : undefined}
            required
          />
          <Button onClick={download} loading={busy}>
            {t('money.exportButton')}
          </Button>
          {busy && (
            <Progress
              value={progress || 100}
              animated
              aria-label={t('money.exporting')}
              striped={!progress}
            />
          )}
        </Stack>
      </Paper>
    </>
  );
}
