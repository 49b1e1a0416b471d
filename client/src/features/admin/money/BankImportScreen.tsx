import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode, ErrorParams } from '../../../../../server/platform/errors';
import { formatYen } from '../../../../../shared/format';
import {
  BANK_FILE_MAX_BYTES,
  type BankCustomerOut,
  type BankReadOut,
  type BankRecordOut,
  type BankRowOut,
  type BankRowStatus,
} from '../../../../../shared/schemas/bank-import';
import { proposeAllocation, spreadTransfer } from '../../../../../shared/transfer-allocation';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { showDate } from '../../../dates';
import { codeText, errorText } from '../../../errors';
import { trpc } from '../../../trpc';
import { adminCrumbs, paymentsCrumb } from './crumbs';

/** A row as the office is choosing it. */
interface Choice {
  customerId: string | null;
  invoiceIds: string[];
  selected: boolean;
}

const STATUS_COLOR: Record<BankRowStatus, string> = {
  matched: 'green',
  customerOnly: 'yellow',
  unknown: 'red',
  recorded: 'gray',
};

function base64Of(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/** What the row pays now: the chosen invoices oldest first, spread as the server will. */
function spreadOf(row: BankRowOut, choice: Choice, customer: BankCustomerOut | undefined) {
  if (!customer || choice.invoiceIds.length === 0) return null;
  const chosen = customer.invoices.filter((i) => choice.invoiceIds.includes(i.id));
  return spreadTransfer(row.amount, chosen);
}

function statusOf(row: BankRowOut, choice: Choice, customer: BankCustomerOut | undefined) {
  if (row.status === 'recorded') return 'recorded';
  if (!choice.customerId) return 'unknown';
  return spreadOf(row, choice, customer)?.ok ? 'matched' : 'customerOnly';
}

const rowKey = (r: { date: string; amount: number; name: string; ordinal: number }) =>
  `${r.date}|${r.amount}|${r.name}|${r.ordinal}`;

/**
 * /admin/invoice/bank-import: 入金消込 from the bank's statement (ADR 085). The office chooses
 * the CSV its internet banking downloads; each incoming transfer comes with the customer and
 * the invoices the server proposes; the office changes what it must, ticks the rows and records
 * them at once. A row recorded before shows so and cannot be ticked.
 */
export function BankImportScreen() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const read = trpc.bankImport.read.useMutation();
  const record = trpc.bankImport.record.useMutation();
  const [file, setFile] = useState<File | null>(null);
  const [base64, setBase64] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [data, setData] = useState<BankReadOut | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [outcome, setOutcome] = useState<BankRecordOut | null>(null);
  // Payers' names that became a customer's transfer name when recorded (ADR 085), said once.
  const [learned, setLearned] = useState<{ name: string; customer: string }[]>([]);

  const customers = new Map((data?.customers ?? []).map((c) => [c.id, c]));
  // A row's pickers draw their options only while open: Mantine keeps a closed dropdown's
  // options in the page, and a month's file (435 rows, each able to pick any of 600 customers)
  // was 261,000 options, 537,000 elements, 17 s before the rows showed (ADR 090).
  const rowPicker = { withinPortal: true, keepMounted: false } as const;
  const customerOptions = (data?.customers ?? []).map((c) => ({
    value: c.id,
    label: `${c.restaurantName} (${c.customerCode})`,
  }));

  async function load(text: string) {
    setProblem(null);
    try {
      const out = await read.mutateAsync({ file: text });
      setData(out);
      setChoices(
        Object.fromEntries(
          out.rows.map((r) => [
            rowKey(r),
            {
              customerId: r.customerId,
              invoiceIds: r.invoiceIds,
              selected: r.status === 'matched',
            },
          ]),
        ),
      );
    } catch (err) {
      setData(null);
      setProblem(errorText(t, err, 'errors.common.mutationFailed'));
    }
  }

  async function choose(f: File | null) {
    setFile(f);
    setOutcome(null);
    setLearned([]);
    setData(null);
    setProblem(null);
    if (!f) return;
    if (f.size > BANK_FILE_MAX_BYTES) {
      setProblem(t('errors.bankImport.tooLarge'));
      return;
    }
    const text = base64Of(new Uint8Array(await f.arrayBuffer()));
    setBase64(text);
    await load(text);
  }

  const change = (key: string, next: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [key]: { ...(all[key] as Choice), ...next } }));

  function pickCustomer(row: BankRowOut, customerId: string | null) {
    const c = customerId ? customers.get(customerId) : undefined;
    const proposal = c ? proposeAllocation(row.amount, c.invoices) : null;
    const invoiceIds = proposal?.payments.map((p) => p.invoiceId) ?? [];
    change(rowKey(row), { customerId, invoiceIds, selected: invoiceIds.length > 0 });
  }

  const recordable = (row: BankRowOut) => {
    const choice = choices[rowKey(row)];
    return !!choice && statusOf(row, choice, customers.get(choice.customerId ?? '')) === 'matched';
  };
  const rows = data?.rows ?? [];
  const chosen = rows.filter((r) => recordable(r) && choices[rowKey(r)]?.selected);
  const counts = Object.fromEntries(
    (['matched', 'customerOnly', 'unknown', 'recorded'] as const).map((s) => [
      s,
      rows.filter((r) => {
        const c = choices[rowKey(r)];
        return c && statusOf(r, c, customers.get(c.customerId ?? '')) === s;
      }).length,
    ]),
  );
  const allChosen = rows.some(recordable) && rows.filter(recordable).length === chosen.length;

  async function submit() {
    setProblem(null);
    try {
      const out = await record.mutateAsync({
        rows: chosen.map((r) => {
          const c = choices[rowKey(r)] as Choice;
          return {
            date: r.date,
            amount: r.amount,
            name: r.name,
            ordinal: r.ordinal,
            customerId: c.customerId as string,
            invoiceIds: c.invoiceIds,
          };
        }),
      });
      setOutcome(out);
      setLearned(
        out.results.flatMap((r) =>
          r.rememberedName
            ? [
                {
                  name: r.rememberedName,
                  customer:
                    customers.get(choices[rowKey(r)]?.customerId ?? '')?.restaurantName ?? '',
                },
              ]
            : [],
        ),
      );
      await utils.invalidate();
      await load(base64);
    } catch (err) {
      setProblem(errorText(t, err, 'errors.common.mutationFailed'));
    }
  }

  const recordedCount = outcome?.results.filter((r) => r.outcome === 'recorded').length ?? 0;
  const alreadyCount = outcome?.results.filter((r) => r.outcome === 'already').length ?? 0;
  const failures = outcome?.results.filter((r) => r.outcome === 'failed') ?? [];
  const lineOf = (r: { date: string; amount: number; name: string; ordinal: number }) =>
    rows.find((x) => rowKey(x) === rowKey(r))?.line ?? '';

  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('bankImport.title'), [paymentsCrumb(t)])} />
      <Title order={1} size="h2" mb={4}>
        {t('bankImport.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md" maw={900}>
        {t('bankImport.hint')}
      </Text>
      <Stack gap="md">
        <FileInput
          label={t('bankImport.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          maw={420}
          data-testid="bank-file"
        />
        {read.isPending && <Text size="sm">{t('bankImport.reading')}</Text>}
        {problem && (
          <Alert color="red" role="alert" data-testid="bank-problem">
            {problem}
          </Alert>
        )}
        {outcome && (
          <Alert color={failures.length ? 'yellow' : 'green'} data-testid="bank-outcome">
            {recordedCount > 0 && (
              <Text size="sm">{t('bankImport.recorded', { count: recordedCount })}</Text>
            )}
            {alreadyCount > 0 && (
              <Text size="sm">{t('bankImport.already', { count: alreadyCount })}</Text>
            )}
            {learned.map((l) => (
              <Text size="sm" key={l.name} data-testid="bank-learned">
                {t('bankImport.learned', l)}
              </Text>
            ))}
            {failures.map((f) => (
              <Text size="sm" key={rowKey(f)}>
                {t('bankImport.failed', {
                  line: lineOf(f),
                  name: f.name,
                  amount: formatYen(f.amount),
                  reason: f.code
                    ? codeText(t, f.code as ErrorCode, f.params as ErrorParams | undefined)
                    : '',
                })}
              </Text>
            ))}
          </Alert>
        )}
        {data && (
          <>
            <Text size="sm" data-testid="bank-summary">
              {t('bankImport.summary', { rows: rows.length, ...counts })}
            </Text>
            {/* Fits a 1024 px laptop (ADR 085): the fee under the amount, not a column. */}
            <Table.ScrollContainer minWidth={940}>
              <Table striped verticalSpacing={6} data-testid="bank-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label={t('bankImport.selectAll')}
                        checked={allChosen}
                        disabled={!rows.some(recordable)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setChoices((all) =>
                            Object.fromEntries(
                              Object.entries(all).map(([k, c]) => [k, { ...c, selected: on }]),
                            ),
                          );
                        }}
                      />
                    </Table.Th>
                    <Table.Th>{t('bankImport.cols.date')}</Table.Th>
                    <Table.Th>{t('bankImport.cols.payer')}</Table.Th>
                    <Table.Th ta="right">{t('bankImport.cols.amount')}</Table.Th>
                    <Table.Th>{t('bankImport.cols.customer')}</Table.Th>
                    <Table.Th>{t('bankImport.cols.invoices')}</Table.Th>
                    <Table.Th>{t('bankImport.cols.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => {
                    const key = rowKey(r);
                    const choice = choices[key] ?? {
                      customerId: null,
                      invoiceIds: [],
                      selected: false,
                    };
                    const customer = customers.get(choice.customerId ?? '');
                    const status = statusOf(r, choice, customer);
                    const spread = status === 'recorded' ? null : spreadOf(r, choice, customer);
                    const done = r.status === 'recorded';
                    const candidates = new Set(r.candidates);
                    const options = [
                      ...customerOptions.filter((o) => candidates.has(o.value)),
                      ...customerOptions.filter((o) => !candidates.has(o.value)),
                    ];
                    return (
                      <Table.Tr key={key} data-testid={`bank-row-${r.line}`}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('bankImport.selectRow', { line: r.line })}
                            checked={!done && choice.selected && status === 'matched'}
                            disabled={status !== 'matched'}
                            onChange={(e) => change(key, { selected: e.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDate(r.date)}</Table.Td>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatYen(r.amount)}
                          {spread?.ok && spread.allocation.fee > 0 && (
                            <Text size="xs" c="gray.7">
                              {t('bankImport.cols.fee')}{' '}
                              <span>{formatYen(spread.allocation.fee)}</span>
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td miw={200}>
                          <Select
                            aria-label={t('bankImport.cols.customer')}
                            placeholder={t('bankImport.chooseCustomer')}
                            data={options}
                            value={choice.customerId}
                            onChange={(v) => pickCustomer(r, v)}
                            searchable
                            clearable
                            disabled={done}
                            w={200}
                            comboboxProps={rowPicker}
                          />
                        </Table.Td>
                        <Table.Td miw={210}>
                          {customer && !done && (
                            <MultiSelect
                              aria-label={t('bankImport.cols.invoices')}
                              placeholder={
                                customer.invoices.length === 0
                                  ? t('bankImport.noOpenInvoices')
                                  : choice.invoiceIds.length === 0
                                    ? t('bankImport.chooseInvoices')
                                    : undefined
                              }
                              data={customer.invoices.map((i) => ({
                                value: i.id,
                                label: `${i.number ?? showDate(i.date)} ${formatYen(i.pending)}`,
                              }))}
                              value={choice.invoiceIds}
                              onChange={(ids) =>
                                change(key, { invoiceIds: ids, selected: ids.length > 0 })
                              }
                              disabled={customer.invoices.length === 0}
                              comboboxProps={rowPicker}
                            />
                          )}
                          {spread && !spread.ok && (
                            <Text size="xs" c="red.8" mt={2}>
                              {t(`errors.${spread.code}`)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {/* Whole in every language: a badge's label is cut to its cell. */}
                          <Badge
                            styles={{ label: { overflow: 'visible' } }}
                            color={STATUS_COLOR[status]}
                            variant="light"
                            data-testid="bank-status"
                          >
                            {t(`bankImport.status.${status}`)}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {/* Said only when no row is left for the office to finish (a customer-only row is). */}
            {counts.matched === 0 && counts.customerOnly === 0 && (
              <Text size="sm">{t('bankImport.nothingToRecord')}</Text>
            )}
            <Group>
              <Button
                onClick={() => void submit()}
                disabled={chosen.length === 0}
                loading={record.isPending}
              >
                {t('bankImport.record')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </>
  );
}
