import { Alert, Badge, Button, Code, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportOut } from '../../../../../../shared/schemas/office';
import { DataTable } from '../../../../components/DataTable';
import { trpc } from '../../../../trpc';
import { fieldErrorText, importFileErrorText } from './errors';
import { useAfterChange } from './useOfficeMutation';

const MAX_BYTES = 1_000_000;

/**
 * CSV import of products or customers: the file is checked first and every row shown with its
 * problems; 'Import' writes all rows at once, and only when every row is valid.
 */
export function ImportModal({
  kind,
  onClose,
}: {
  kind: 'products' | 'customers';
  onClose(): void;
}) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const products = trpc.products.importCsv.useMutation();
  const customers = trpc.customers.importCsv.useMutation();
  const call = kind === 'products' ? products : customers;
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<ImportOut | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const check = async (picked: File | null) => {
    setFile(picked);
    setResult(null);
    setTooLarge(false);
    if (!picked) return;
    if (picked.size > MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    const text = await picked.text();
    setCsv(text);
    try {
      setResult(await call.mutateAsync({ csv: text, commit: false }));
    } catch (error) {
      after.failed(error);
    }
  };

  const commit = async () => {
    try {
      const out = await call.mutateAsync({ csv, commit: true });
      setResult(out);
      if (out.written > 0) {
        after.done('office.import.done');
        onClose();
      }
    } catch (error) {
      after.failed(error);
    }
  };

  const bad = result?.rows.filter((r) => Object.keys(r.errors).length > 0).length ?? 0;
  const columns = kind === 'products' ? PRODUCT_COLUMNS : CUSTOMER_COLUMNS;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t(`office.import.title.${kind}`)}
      size="xl"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t('office.import.intro')}</Text>
        <Code block>{columns}</Code>
        <FileInput
          label={t('office.import.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void check(f)}
          clearable
          data-testid="import-file"
        />
        {tooLarge && <Alert color="red">{t('errors.import.tooLarge')}</Alert>}
        {result && result.fileErrors.length > 0 && (
          <Alert color="red" role="alert" data-testid="import-file-errors">
            {result.fileErrors.map((e) => importFileErrorText(t, e)).join(' ')}
          </Alert>
        )}
        {result && result.rows.length > 0 && (
          <>
            {bad > 0 ? (
              <Alert color="red" role="alert" data-testid="import-invalid">
                {t('errors.import.invalidRows')} {t('office.import.badRows', { count: bad })}
              </Alert>
            ) : (
              <Alert color="green">
                {t('office.import.allValid', { count: result.rows.length })}
              </Alert>
            )}
            <DataTable
              aria-label={t('office.import.preview')}
              records={result.rows}
              idAccessor="line"
              maxHeight={360}
              rowColor={(r) => (Object.keys(r.errors).length ? 'red' : undefined)}
              columns={[
                { accessor: 'line', title: t('office.import.line'), width: 70 },
                {
                  accessor: 'values',
                  title: t('office.import.values'),
                  render: (r) => (
                    <Text size="xs" lineClamp={2}>
                      {Object.values(r.values).filter(Boolean).join(' · ')}
                    </Text>
                  ),
                },
                {
                  accessor: 'errors',
                  title: t('office.import.problems'),
                  render: (r) =>
                    Object.keys(r.errors).length === 0 ? (
                      <Badge color="green" variant="light">
                        {t('office.import.ok')}
                      </Badge>
                    ) : (
                      <Stack gap={2}>
                        {Object.entries(r.errors).map(([field, code]) => (
                          <Text size="xs" c="red" key={field}>
                            <b>{field}</b>: {fieldErrorText(t, code)}
                          </Text>
                        ))}
                      </Stack>
                    ),
                },
              ]}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('office.cancel')}
          </Button>
          <Button onClick={commit} disabled={!result?.valid} loading={call.isPending}>
            {t('office.import.commit', { count: result?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const PRODUCT_COLUMNS =
  'name,category,price,description,unit,productRank,itemType,itemCount,showDescription,stockInCount,nameNe';
const CUSTOMER_COLUMNS =
  'customerCode,restaurantName,phoneNumber,paymentMethod,paymentDate,deliveryDays,route,contactPerson,mobileNumber,badDebt,webOrder';
