import { Alert, Badge, Button, Code, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  headerLabel,
  type ImportColumn,
  type ImportFileFormat,
  importColumns,
  importTemplate,
  importTemplateRows,
  loadXlsx,
  looseKey,
  readImportFile,
} from '../../../../../../shared/schemas/imports';
import type { ImportFileError, ImportOut } from '../../../../../../shared/schemas/office';
import { DataTable } from '../../../../components/DataTable';
import { useFocusBack } from '../../../../components/useFocusBack';
import { dynamicT } from '../../../../i18n';
import { trpc } from '../../../../trpc';
import { fieldErrorText, importFileErrorText } from './errors';
import { useAfterChange } from './useOfficeMutation';

/** The text's size once read as UTF-8 (what the request carries), at most. */
const MAX_BYTES = 1_000_000;
/**
 * The chosen file's size at most: a workbook is read here and only its text is sent, and an
 * .xls (uncompressed) of the most rows the import takes is larger than their text.
 */
const MAX_FILE_BYTES = 5_000_000;
/** What the file picker offers: CSV and Excel workbooks. */
const ACCEPT = [
  '.csv',
  '.xlsx',
  '.xls',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
].join(',');

/** An answer of the import screen itself: the file could not be read at all. */
const unreadable = (code: string): ImportOut => ({
  rows: [],
  valid: false,
  written: 0,
  fileErrors: [{ code }],
});

/**
 * CSV import of products or customers: the columns it takes are listed (label, required or
 * not, what to write) with a template to download (CSV or Excel); the chosen file is read as
 * UTF-8, as Japanese Excel's Shift_JIS or as an Excel workbook's first sheet, checked first and every row shown with its problems, each named
 * by its column's label; 'Import' writes all rows at once, and only when every row is valid.
 */
export function ImportModal({
  kind,
  onClose,
}: {
  kind: 'products' | 'customers';
  onClose(): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  const dt = dynamicT(t);
  const after = useAfterChange();
  const products = trpc.products.importCsv.useMutation();
  const customers = trpc.customers.importCsv.useMutation();
  const call = kind === 'products' ? products : customers;
  const categories = trpc.categories.list.useQuery(undefined, { enabled: kind === 'products' });
  const routes = trpc.routes.list.useQuery(undefined, { enabled: kind === 'customers' });
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [read, setRead] = useState<{ format: ImportFileFormat; sheet?: string } | null>(null);
  const [result, setResult] = useState<ImportOut | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const resetInput = useRef<() => void>(null);
  /** The latest choice: an older file's answer arriving late is not shown. */
  const turn = useRef(0);
  const columns = importColumns(kind);

  const check = async (picked: File | null) => {
    const mine = ++turn.current;
    setFile(picked);
    setResult(null);
    setTooLarge(false);
    setRead(null);
    setCsv('');
    if (!picked) return;
    // The input forgets the file, so choosing the same file again (fixed) reads it again.
    resetInput.current?.();
    if (picked.size > MAX_FILE_BYTES) {
      setTooLarge(true);
      return;
    }
    const decoded = await readImportFile(new Uint8Array(await picked.arrayBuffer()));
    if (mine !== turn.current) return;
    if (!decoded.ok) {
      setResult(unreadable(decoded.code));
      return;
    }
    if (new TextEncoder().encode(decoded.text).length > MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    setRead({ format: decoded.format, sheet: decoded.sheet });
    setCsv(decoded.text);
    try {
      const out = await call.mutateAsync({ csv: decoded.text, commit: false });
      if (mine === turn.current) setResult(out);
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

  const existing = {
    categories: categories.data?.map((c) => c.name),
    route: routes.data?.[0]?.name,
  };
  const download = (blob: Blob, name: string) => {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    URL.revokeObjectURL(url);
  };
  const downloadTemplate = () => {
    const text = importTemplate(kind, dt, existing);
    download(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${kind}-template.csv`);
  };
  /** The same rows as a workbook; every cell is text, so a phone number keeps its leading 0. */
  const downloadExcelTemplate = async () => {
    const XLSX = await loadXlsx();
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet(importTemplateRows(kind, dt, existing));
    XLSX.utils.book_append_sheet(book, sheet, kind);
    const bytes: ArrayBuffer = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
    download(
      new Blob([bytes], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      `${kind}-template.xlsx`,
    );
  };

  /** A column as the office reads it: its label as a header ("価格"), else the field. */
  const labelOf = (field: string) => {
    const column = columns.find((c) => c.field === field);
    return column ? headerLabel(dt(column.label)) : field;
  };
  /** A file problem; a missing column named by its label and the header the file lacks. */
  const fileErrorText = (e: ImportFileError) => {
    const missing = columns.find((c) => c.header === e.params?.column);
    if (e.code !== 'import.columnMissing' || !missing) return importFileErrorText(t, e);
    const column = t('office.import.columnNamed', {
      label: labelOf(missing.field),
      header: missing.header,
    });
    return importFileErrorText(t, { ...e, params: { ...e.params, column } });
  };

  const bad = result?.rows.filter((r) => Object.keys(r.errors).length > 0).length ?? 0;
  const noCategories = kind === 'products' && categories.data?.length === 0;

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
        <Text size="sm">{t('office.import.headerRow')}</Text>
        <Text size="sm">{t('office.import.encodings')}</Text>
        {noCategories && (
          <Alert color="yellow" data-testid="import-no-categories">
            {t('office.products.noCategories')}
          </Alert>
        )}
        <Group justify="space-between" align="end">
          <Text fw={600} size="sm" id="import-columns">
            {t('office.import.columnsTitle')}
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              size="compact-sm"
              onClick={downloadTemplate}
              // Its examples name an existing category or route: once they are known.
              loading={categories.isLoading || routes.isLoading}
            >
              {t('office.import.template')}
            </Button>
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => void downloadExcelTemplate()}
              loading={categories.isLoading || routes.isLoading}
            >
              {t('office.import.templateExcel')}
            </Button>
          </Group>
        </Group>
        <DataTable
          aria-labelledby="import-columns"
          records={[...columns]}
          idAccessor="field"
          maxHeight={260}
          minHeight={0}
          columns={[
            {
              accessor: 'label',
              title: t('office.import.column'),
              render: (c) => (
                <Stack gap={2}>
                  <Text size="sm">{labelOf(c.field)}</Text>
                  <Code>{c.header}</Code>
                </Stack>
              ),
            },
            {
              accessor: 'required',
              title: t('office.import.requiredColumn'),
              width: 90,
              render: (c) =>
                c.required ? (
                  <Badge color="red" variant="light">
                    {t('office.import.required')}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    {t('office.import.optional')}
                  </Badge>
                ),
            },
            {
              accessor: 'hint',
              title: t('office.import.whatToWrite'),
              render: (c) => <ColumnValues column={c} />,
            },
          ]}
        />
        <FileInput
          label={t('office.import.file')}
          accept={ACCEPT}
          value={file}
          onChange={(f) => void check(f)}
          resetRef={resetInput}
          clearable
          data-testid="import-file"
        />
        {read && (
          <Text size="xs" c="dimmed" data-testid="import-encoding">
            {read.format === 'xlsx' || read.format === 'xls'
              ? t('office.import.readSheet', { sheet: read.sheet })
              : t('office.import.readAs', {
                  encoding: read.format === 'shift_jis' ? 'Shift_JIS' : 'UTF-8',
                })}
          </Text>
        )}
        {tooLarge && <Alert color="red">{t('errors.import.tooLarge')}</Alert>}
        {result && result.fileErrors.length > 0 && (
          <Alert color="red" role="alert" data-testid="import-file-errors">
            {result.fileErrors.map(fileErrorText).join(' ')}
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
                          <Text size="xs" c="red" key={field} data-testid="import-row-error">
                            <b>{labelOf(field)}</b>: {fieldErrorText(t, code)}
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

/**
 * What a column takes: a set's values by their on-screen label with the code to type (both are
 * read), what a blank means, or a note on the format.
 */
function ColumnValues({ column }: { column: ImportColumn }) {
  const { t } = useTranslation();
  const dt = dynamicT(t);
  const valueLabel = (code: string) => (column.valueLabel ? dt(column.valueLabel(code)) : code);
  const parts: ReactNode[] = [];
  if (column.hint)
    parts.push(
      <Text key="hint" size="xs">
        {dt(column.hint)}
      </Text>,
    );
  if (column.values) {
    parts.push(
      <Text key="values" size="xs">
        {t('office.import.oneOf')}{' '}
        {column.values.map((code, i) => {
          const label = valueLabel(code);
          return (
            <span key={code}>
              {i > 0 && ', '}
              {looseKey(label) === looseKey(code) ? (
                <Code>{code}</Code>
              ) : (
                <>
                  {label} <Code>{code}</Code>
                </>
              )}
            </span>
          );
        })}
      </Text>,
    );
  }
  if (column.blank) {
    parts.push(
      <Text key="blank" size="xs" c="dimmed">
        {t('office.import.blankIs', { value: valueLabel(column.blank) })}
      </Text>,
    );
  }
  return <Stack gap={2}>{parts}</Stack>;
}
