// Japanese documents draw with the bundled Noto Sans JP, so a device without a Japanese font
// prints them too: its rules split by unicode-range, so the browser fetches only the parts a
// document uses (a few small files), and every glyph has one. The single "japanese" subset
// file (1 MB a weight) had no full-width tilde: a period printed 10月26日 ⌧ 11月25日.
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-sans-jp/700.css';
import './documents.css';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { documentFormat, referenceValue } from '../../../../shared/documents/formats';
import {
  amountLabelKey,
  asksForPayment,
  byDateLabels,
  documentAccountType,
  documentT,
  documentUnit,
  duePartLabel,
  introLines,
  needsRevenueStamp,
  rateLabels,
  receiptText,
} from '../../../../shared/documents/labels';
import { statementBoxCells } from '../../../../shared/documents/statement-box';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../../shared/enums';
import { formatJapanesePhone } from '../../../../shared/phone';
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { trpc } from '../../trpc';
import { NotFound } from '../NotFound';
import { pdfUrl } from './paths';

/**
 * /{area}/print/:kind/:id: a document drawn from the same model as its PDF, in the document's
 * language, as an A4 sheet that prints on its own (documents.css).
 */
export function DocumentPrintView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind = '', id = '' } = useParams();
  const valid = (DOCUMENT_KINDS as readonly string[]).includes(kind);
  const model = trpc.documents.model.useQuery(
    { kind: kind as DocumentKind, id },
    { enabled: valid && id !== '', retry: false },
  );
  if (!valid) return <NotFound />;
  if (model.isPending) return <Loader m="xl" aria-label={t('common.loading')} />;
  if (model.isError) {
    if (model.error.data?.httpStatus === 404) return <NotFound />;
    return <Alert color="red">{t('errors.common.fetchFailed')}</Alert>;
  }
  return (
    <>
      <Group className="no-print" mb="md" gap="xs">
        <Button variant="default" onClick={() => navigate(-1)}>
          {t('documents.ui.back')}
        </Button>
        <Button onClick={() => window.print()}>{t('money.print')}</Button>
        <Button
          component="a"
          variant="light"
          href={pdfUrl(model.data.kind, model.data.id)}
          target="_blank"
        >
          {t('documents.ui.openPdf')}
        </Button>
      </Group>
      <DocumentSheet model={model.data} />
    </>
  );
}

/** The sheet itself: everything the PDF shows, in the same order. */
export function DocumentSheet({ model: m }: { model: DocumentModel }) {
  const d = documentT(m.language);
  const f = documentFormat(m.language);
  return (
    <article className="doc-sheet" lang={m.language} data-testid="document-sheet">
      <h1>
        {d(`title.${m.kind}`)}
        {m.cancelled ? ` (${d('label.cancelled')})` : ''}
        {m.paidInFull && !m.cancelled ? ` (${d('label.paidMark')})` : ''}
      </h1>
      <div className="doc-head">
        <div>
          <div className="doc-recipient">
            {d(m.kind === 'receipt' ? 'label.receiptRecipient' : 'label.recipient', {
              name: m.recipient.name,
            })}
          </div>
          {m.recipient.address && <div className="doc-address">{m.recipient.address}</div>}
          {m.recipient.customerCode && (
            <div>
              {d('label.customerCode')}: {m.recipient.customerCode}
            </div>
          )}
          {m.references.map((r) => (
            <div key={r.label}>
              {d(`label.${r.label}`)}: {referenceValue(f, r)}
            </div>
          ))}
          {m.period && (
            <div>
              {d('label.period')}:{' '}
              {d('label.periodRange', {
                start: f.date(m.period.start),
                end: f.date(m.period.end),
              })}
            </div>
          )}
          {m.dueDate && asksForPayment(m) && (
            <div>
              <strong>
                {d('label.dueDate')}: {f.date(m.dueDate)}
              </strong>
            </div>
          )}
        </div>
        <div className="doc-issuer">
          <div>
            {d('label.number')}: {m.number}
          </div>
          <div>
            {d('label.issueDate')}: {f.date(m.issueDate)}
          </div>
          <div style={{ marginTop: '3mm', fontWeight: 700 }}>{m.issuer.legalName}</div>
          {m.issuer.address && <div className="doc-address">{m.issuer.address}</div>}
          {m.issuer.phone && (
            <div>
              {d('label.phone')}: {formatJapanesePhone(m.issuer.phone)}
            </div>
          )}
          {/* Not (yet) registered: no qualified invoice, so no empty number to fill in. */}
          {m.issuer.registrationNumber && (
            <div>
              {d('label.registrationNumber')}: {m.issuer.registrationNumber}
            </div>
          )}
        </div>
      </div>
      {m.kind === 'receipt' ? <ReceiptBody model={m} /> : <Body model={m} />}
    </article>
  );
}

/**
 * A receipt (領収書, ADR 101) below its head, as the PDF draws it (pdf.ts receiptBody), with a
 * place for a revenue stamp when one is due on paper: this view is what is printed.
 */
function ReceiptBody({ model: m }: { model: DocumentModel }) {
  const d = documentT(m.language);
  const r = receiptText(d, documentFormat(m.language), m);
  const rows = r.total ? [...r.breakdown, r.total] : r.breakdown;
  return (
    <section className="doc-receipt" data-testid="document-receipt">
      <div className="doc-receipt-top">
        <div className="doc-receipt-amount">
          <span>{d('label.amountReceived')}</span>
          <strong>{r.amount}</strong>
        </div>
        {needsRevenueStamp(m) && (
          <div className="doc-stamp" data-testid="document-stamp">
            {d('label.revenueStamp')}
          </div>
        )}
      </div>
      <p className="doc-receipt-for">{r.forWhat}</p>
      <p className="doc-receipt-for">{r.received}</p>
      <h2 className="doc-receipt-breakdown">{d('label.breakdown')}</h2>
      <table className="doc-receipt-rates">
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={row.label}
              className={r.total && i === rows.length - 1 ? 'doc-receipt-total' : undefined}
            >
              <td>{row.label}</td>
              <td className="num">{row.amount}</td>
              <td>{row.tax}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.method && <p>{r.method}</p>}
    </section>
  );
}

/** Every other kind below its head: the intro, the amount, the lines and the totals. */
function Body({ model: m }: { model: DocumentModel }) {
  const d = documentT(m.language);
  const f = documentFormat(m.language);
  const amounts = byDateLabels(d, m.statement?.byDate ?? []);
  // Each rate in the basis its tax was computed in, as the PDF prints it.
  const rates = rateLabels(d, f, m.taxBasis, m.taxForReference);
  // The sentences over the amount, as the PDF prints them (pdf.ts header).
  const intro = introLines(d, f, m);
  return (
    <>
      {intro.length > 0 && (
        // Paid in full: a thank-you instead of asking for payment (ADR 056); cancelled: when,
        // why and what replaces it, as on the PDF.
        <div
          className="doc-intro"
          data-testid={
            m.cancellation ? 'document-cancelled' : m.paidInFull ? 'document-paid' : undefined
          }
        >
          {intro.map((text, i) => (
            <p key={text} style={m.cancellation && i === 0 ? { fontWeight: 700 } : undefined}>
              {text}
            </p>
          ))}
        </div>
      )}
      <div className="doc-amount">
        <span>{d(amountLabelKey(m))}</span>
        <span>{f.yen(m.amount)}</span>
      </div>
      {(m.statement?.dueParts.length ?? 0) > 0 && (
        <table className="doc-due-parts" data-testid="document-due-parts">
          <tbody>
            {m.statement?.dueParts.map((part) => (
              <tr key={part.firstDue} style={part.overdue ? { fontWeight: 700 } : undefined}>
                <td>{duePartLabel(d, f, part)}</td>
                <td className="num">{f.yen(part.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {m.reason && !m.cancellation && (
        <p>
          {d('label.reason')}: {m.reason}
        </p>
      )}
      {m.statement && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, and a keyboard can scroll it only when it takes focus */}
          <section className="doc-box" aria-label={d('label.summary')} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {statementBoxCells(m).map((cell) => (
                    <th key={cell.label} className="box-label">
                      {d(cell.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {statementBoxCells(m).map((cell) => (
                    <td key={cell.label} className="num">
                      {cell.total ? (
                        <strong>{f.yen(cell.amount)}</strong>
                      ) : cell.less ? (
                        f.less(cell.amount)
                      ) : (
                        f.yen(cell.amount)
                      )}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </section>
          {m.statement.paymentCorrections !== 0 && (
            <p data-testid="document-payment-corrections">
              {d('label.paymentCorrectionsNote', { amount: f.yen(m.statement.paymentCorrections) })}
            </p>
          )}
          {m.statement.byDate.length > 0 && (
            <>
              <h2 style={{ fontSize: '11pt' }}>{d('label.deliveriesByDate')}</h2>
              <table>
                <thead>
                  <tr>
                    <th>{d('label.date')}</th>
                    <th>{d('label.slipOrInvoiceNo')}</th>
                    <th className="num">{amounts.header}</th>
                  </tr>
                </thead>
                <tbody>
                  {m.statement.byDate.map((r) => (
                    <tr key={`${r.date} ${r.slip ?? ''} ${r.basis}`}>
                      <td className="doc-date">{f.date(r.date)}</td>
                      <td>{r.slip ?? ''}</td>
                      <td className="num">
                        {f.yen(r.amount)}
                        {amounts.mark(r.basis) && ` ${amounts.mark(r.basis)}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <br />
        </>
      )}
      {m.lines.length > 0 && (
        <table className="doc-lines">
          <thead>
            <tr>
              <th>{d('label.date')}</th>
              <th>{d('label.item')}</th>
              <th className="num">{d('label.quantity')}</th>
              <th className="num">{d('label.unitPrice')}</th>
              <th className="num">{d('label.amount')}</th>
              <th className="num">{d('label.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {m.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a document's lines have no id and never move
              <tr key={i}>
                <td className="doc-date">{f.lineDate(l.date)}</td>
                <td>
                  {l.reduced ? '※ ' : ''}
                  {l.name}
                  {l.orderedQuantity !== null
                    ? ` (${d('label.ordered', { quantity: l.orderedQuantity })})`
                    : ''}
                </td>
                <td className="num">
                  {l.quantity}
                  {l.sku ? ` ${documentUnit(m.language, l.sku)}` : ''}
                </td>
                <td className="num">{f.yen(l.unitPrice)}</td>
                <td className="num">{f.yen(l.amount)}</td>
                <td className="num">{l.rate}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Label and amount in two columns, the amounts right-aligned under the lines' amounts, as
          the PDF prints them (pdf.ts totals); then the same figures as one sentence per rate. */}
      <table className="doc-totals" data-testid="document-totals">
        <tbody>
          {m.perRate.flatMap((r) => [
            <tr key={`${r.rate}-figure`}>
              <td>{rates.figureLabel(r.rate)}</td>
              <td className="num">{f.yen(rates.figure(r))}</td>
            </tr>,
            <tr key={`${r.rate}-tax`}>
              <td>{rates.taxLabel(r.rate)}</td>
              <td className="num">{f.yen(r.tax)}</td>
            </tr>,
          ])}
          <tr>
            <td>{d('label.net')}</td>
            <td className="num">{f.yen(m.net)}</td>
          </tr>
          <tr>
            <td>
              {d('label.tax')}
              {m.taxForReference && d('label.forReference')}
            </td>
            <td className="num">{f.yen(m.tax)}</td>
          </tr>
          <tr>
            <td>
              <strong>{d('label.total')}</strong>
            </td>
            <td className="num">
              <strong>{f.yen(m.total)}</strong>
            </td>
          </tr>
          {m.creditApplied > 0 && (
            <tr>
              <td>{d('label.creditApplied')}</td>
              <td className="num">{f.less(m.creditApplied)}</td>
            </tr>
          )}
          {m.creditApplied > 0 && !m.statement && (
            <tr>
              <td>
                <strong>{d('label.amountDue')}</strong>
              </td>
              <td className="num">
                <strong>{f.yen(m.amount)}</strong>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="doc-rate-sentences">
        {m.perRate.map((r) => (
          <div key={r.rate}>{rates.sentence(r)}</div>
        ))}
      </div>
      {m.lines.some((l) => l.reduced) && <p>{d('label.reducedNote')}</p>}
      {m.issuer.bank && asksForPayment(m) && (
        <p>
          {d('label.bank')}:{' '}
          {d('label.bankAccount', {
            ...m.issuer.bank,
            accountType: documentAccountType(m.language, m.issuer.bank.accountType),
          })}
        </p>
      )}
    </>
  );
}
