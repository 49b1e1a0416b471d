import { setImmediate } from 'node:timers/promises';
import {
  type DocumentFormat,
  documentFormat,
  referenceValue,
} from '../../../shared/documents/formats';
import {
  amountLabelKey,
  asksForPayment,
  byDateLabels,
  type DocumentT,
  documentAccountType,
  documentT,
  documentUnit,
  duePartLabel,
  introLines,
  rateLabels,
  receiptText,
} from '../../../shared/documents/labels';
import { statementBoxCells } from '../../../shared/documents/statement-box';
import { formatJapanesePhone } from '../../../shared/phone';
import type { DocumentModel } from '../../../shared/schemas/documents';
import {
  devanagariDrop,
  devanagariFonts,
  hasDevanagari,
  japaneseFonts,
  scriptRuns,
  syllableCut,
} from './pdf-fonts';

// The one PDF renderer (docs/decisions/032): draws document models on A4 with Noto Sans JP,
// which pdfkit embeds as a subset of the glyphs used (Japanese and English documents alike, so a
// Japanese customer name on an English document still prints). Devanagari typed by a Nepali
// reader (a claim's reason, a name, an address) is drawn with Noto Sans Devanagari, registered
// and embedded only in a PDF that has some. Several models make one PDF, one document after
// another, each from a new page (the closing run's statements).

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const WIDTH = RIGHT - PAGE.margin;

type Doc = PDFKit.PDFDocument;

/** The PDFs that have the Devanagari fonts registered (as 'DR' and 'DB'). */
const withDevanagari = new WeakSet<Doc>();

/** Registers the Devanagari fonts on a PDF the first time one of its texts needs them. */
function registerDevanagari(doc: Doc): void {
  if (withDevanagari.has(doc)) return;
  const f = devanagariFonts();
  doc.registerFont('DR', f.regular as unknown as Buffer);
  doc.registerFont('DB', f.bold as unknown as Buffer);
  withDevanagari.add(doc);
}

type Style = { bold: boolean; size: number };

/** The width of a text as drawn, each script's runs in their own font. */
function widthOf(doc: Doc, text: string, style: Style): number {
  if (!hasDevanagari(text)) {
    return doc
      .font(style.bold ? 'B' : 'R')
      .fontSize(style.size)
      .widthOfString(text);
  }
  registerDevanagari(doc);
  let w = 0;
  for (const run of scriptRuns(text)) {
    const font = run.devanagari ? (style.bold ? 'DB' : 'DR') : style.bold ? 'B' : 'R';
    w += doc.font(font).fontSize(style.size).widthOfString(run.text);
  }
  return w;
}

/**
 * Ends a text's marked span in the state the text was drawn in. pdfkit draws text in a saved,
 * flipped state with its font set, and restores it before the span ends; poppler (pdftotext,
 * most Linux viewers) places the span's text by the state it ends in, so it read the Nepali back
 * apart from its line, with no size, or not at all. An empty text in the same font and matrix
 * draws nothing and gives the span's end that state.
 */
function endMarkedText(doc: Doc, size: number): void {
  // pdfkit's name of the font now in use on the page (F1, F2...): no public accessor has it.
  const font = (doc as unknown as { _font: { id: string } })._font.id;
  doc.save();
  doc.transform(1, 0, 0, -1, 0, doc.page.height);
  doc.addContent(`BT /${font} ${size} Tf () Tj ET`);
  doc.endMarkedContent();
  doc.restore();
}

/**
 * Draws a text at a place on one line. A Devanagari run is drawn with its own font, on the
 * Japanese font's baseline, and marked with the text it stands for: shaped, its glyphs are in
 * the order they are seen (ि before the letter it follows when spoken), and a reader that copies
 * or searches the document takes the marked text instead.
 */
function drawText(doc: Doc, text: string, x: number, y: number, style: Style): void {
  if (!hasDevanagari(text)) {
    doc
      .font(style.bold ? 'B' : 'R')
      .fontSize(style.size)
      .text(text, x, y, { lineBreak: false });
    return;
  }
  registerDevanagari(doc);
  let at = x;
  for (const run of scriptRuns(text)) {
    if (run.devanagari) {
      doc.markContent('Span', { actual: run.text });
      doc.font(style.bold ? 'DB' : 'DR').fontSize(style.size);
      doc.text(run.text, at, y + devanagariDrop() * style.size, { lineBreak: false });
      endMarkedText(doc, style.size);
    } else {
      doc
        .font(style.bold ? 'B' : 'R')
        .fontSize(style.size)
        .text(run.text, at, y, { lineBreak: false });
    }
    at += doc.widthOfString(run.text);
  }
}

/**
 * One line of text at a place, never wrapping: aligned and cut to its width by measuring it
 * here (pdfkit's own wrapping is several times slower than the text itself).
 */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width?: number; align?: 'left' | 'right' | 'center'; size?: number; bold?: boolean } = {},
): void {
  const style = { bold: opts.bold ?? false, size: opts.size ?? 9 };
  const width = opts.width ?? WIDTH;
  let s = text;
  let w = widthOf(doc, s, style);
  if (w > width) {
    while (s.length > 1 && w > width) {
      const cut = Math.max(1, Math.floor((s.length * width) / w) - 1);
      s = s.slice(0, syllableCut(s, cut));
      w = widthOf(doc, `${s}…`, style);
    }
    s = `${s}…`;
  }
  const dx = opts.align === 'right' ? width - w : opts.align === 'center' ? (width - w) / 2 : 0;
  drawText(doc, s, x + Math.max(0, dx), y, style);
}

/**
 * Text that may need more than one line (an address): each line the office typed (an address
 * is often 〒 and the postal code on a line of its own) starts a new line, and a line is broken
 * where it stops fitting, at a space when there is one near (English, Nepali), else between
 * characters (Japanese; never inside a Devanagari syllable), into at most `maxLines` lines of
 * 13 pt; what is left for the last line is joined onto it and cut as `put` cuts. Returns the
 * lines used.
 */
function putWrapped(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width: number; maxLines: number; size?: number; bold?: boolean; lineHeight?: number },
): number {
  const typed = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const step = opts.lineHeight ?? 13;
  let used = 0;
  typed.forEach((line, i) => {
    const left = opts.maxLines - used;
    if (left <= 0) return;
    const last = left === 1 ? typed.slice(i).join(' ') : line;
    used += putBroken(doc, last, x, y + used * step, { ...opts, maxLines: left });
  });
  return used;
}

/** One typed line of `putWrapped`, broken where it stops fitting. */
function putBroken(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width: number; maxLines: number; size?: number; bold?: boolean; lineHeight?: number },
): number {
  const style = { bold: opts.bold ?? false, size: opts.size ?? 9 };
  const step = opts.lineHeight ?? 13;
  let rest = text.trim();
  let n = 0;
  while (rest && n < opts.maxLines - 1 && widthOf(doc, rest, style) > opts.width) {
    let fit = 1;
    while (fit < rest.length && widthOf(doc, rest.slice(0, fit + 1), style) <= opts.width) {
      fit += 1;
    }
    const space = rest.lastIndexOf(' ', fit);
    const cut = space > fit * 0.6 ? space : syllableCut(rest, fit);
    put(doc, rest.slice(0, cut).trimEnd(), x, y + n * step, { ...style, width: opts.width });
    rest = rest.slice(cut).trimStart();
    n += 1;
  }
  if (rest) {
    put(doc, rest, x, y + n * step, { ...style, width: opts.width });
    n += 1;
  }
  return n;
}

function rule(doc: Doc, y: number, x1 = PAGE.margin, x2 = RIGHT, weight = 0.5): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(weight).strokeColor('#444').stroke();
}

function header(doc: Doc, m: DocumentModel, t: DocumentT, f: DocumentFormat): number {
  put(doc, t(`title.${m.kind}`), PAGE.margin, PAGE.margin, {
    size: 20,
    bold: true,
    align: 'center',
  });
  if (m.cancelled || m.paidInFull) {
    put(doc, t(m.cancelled ? 'label.cancelled' : 'label.paidMark'), PAGE.margin, PAGE.margin + 4, {
      size: 14,
      bold: true,
      align: 'right',
    });
  }
  let y = PAGE.margin + 40;
  // Left: the recipient. Right: number, date, the issuer.
  const half = WIDTH / 2 - 10;
  // The addressee's name (with 御中) takes more lines rather than being cut.
  const nameLines = putWrapped(
    doc,
    t(m.kind === 'receipt' ? 'label.receiptRecipient' : 'label.recipient', {
      name: m.recipient.name,
    }),
    PAGE.margin,
    y,
    {
      width: half,
      maxLines: 3,
      size: 13,
      bold: true,
      lineHeight: 17,
    },
  );
  const under = y + 20 + (nameLines - 1) * 17;
  rule(doc, under, PAGE.margin, PAGE.margin + half, 0.8);
  let ly = under + 6;
  if (m.recipient.address) {
    ly += 13 * putWrapped(doc, m.recipient.address, PAGE.margin, ly, { width: half, maxLines: 4 });
  }
  if (m.recipient.customerCode) {
    put(doc, `${t('label.customerCode')}: ${m.recipient.customerCode}`, PAGE.margin, ly, {
      width: half,
    });
    ly += 13;
  }
  for (const ref of m.references) {
    put(doc, `${t(`label.${ref.label}`)}: ${referenceValue(f, ref)}`, PAGE.margin, ly, {
      width: half,
    });
    ly += 13;
  }
  if (m.period) {
    put(
      doc,
      `${t('label.period')}: ${t('label.periodRange', { start: f.date(m.period.start), end: f.date(m.period.end) })}`,
      PAGE.margin,
      ly,
      { width: half },
    );
    ly += 13;
  }
  // A due date asks for payment: an invoice paid in full (ADR 056) or cancelled has none to ask.
  if (m.dueDate && asksForPayment(m)) {
    put(doc, `${t('label.dueDate')}: ${f.date(m.dueDate)}`, PAGE.margin, ly, {
      width: half,
      bold: true,
    });
    ly += 13;
  }

  const rx = PAGE.margin + WIDTH / 2 + 10;
  let ry = y;
  put(doc, `${t('label.number')}: ${m.number}`, rx, ry, { width: half, align: 'right' });
  ry += 13;
  put(doc, `${t('label.issueDate')}: ${f.date(m.issueDate)}`, rx, ry, {
    width: half,
    align: 'right',
  });
  ry += 20;
  // The issuer's name is one of what a qualified invoice must show: a long one takes a second
  // line rather than being cut.
  ry +=
    14 *
      putWrapped(doc, m.issuer.legalName, rx, ry, {
        width: half,
        maxLines: 2,
        size: 11,
        bold: true,
        lineHeight: 14,
      }) +
    2;
  if (m.issuer.address) {
    ry += 13 * putWrapped(doc, m.issuer.address, rx, ry, { width: half, maxLines: 4 });
  }
  if (m.issuer.phone) {
    put(doc, `${t('label.phone')}: ${formatJapanesePhone(m.issuer.phone)}`, rx, ry, {
      width: half,
    });
    ry += 13;
  }
  // A business not (yet) registered issues no qualified invoice: no empty number to fill in.
  if (m.issuer.registrationNumber) {
    put(doc, `${t('label.registrationNumber')}: ${m.issuer.registrationNumber}`, rx, ry, {
      width: half,
    });
    ry += 13;
  }
  y = Math.max(ly, ry) + 12;
  // A receipt draws what it received its own way (receiptBody).
  if (m.kind === 'receipt') return y;

  // An invoice asks for payment; paid in full it thanks (ADR 056); cancelled it says so instead.
  const intro = introLines(t, f, m);
  intro.forEach((text, i) => {
    put(doc, text, PAGE.margin, y, { bold: m.cancellation !== null && i === 0 });
    y += i === intro.length - 1 ? 16 : 13;
  });
  // The amount that matters, large.
  doc
    .rect(PAGE.margin, y, WIDTH / 2 + 40, 30)
    .lineWidth(1)
    .strokeColor('#000')
    .stroke();
  put(doc, t(amountLabelKey(m)), PAGE.margin + 8, y + 9, { width: 120, size: 11, bold: true });
  put(doc, f.yen(m.amount), PAGE.margin + 120, y + 6, {
    width: WIDTH / 2 - 90,
    size: 15,
    bold: true,
    align: 'right',
  });
  y += 40;
  // A statement's amount due by when it was due: what is overdue is not asked for again as if
  // it were due on the statement's date.
  const parts = m.statement?.dueParts ?? [];
  if (parts.length > 0) {
    y -= 6;
    // Room for the longest label (a range of overdue due dates, in English) beside its amount.
    for (const part of parts) {
      put(doc, duePartLabel(t, f, part), PAGE.margin + 8, y, { width: 250, bold: part.overdue });
      put(doc, f.yen(part.amount), PAGE.margin + 258, y, {
        width: 80,
        align: 'right',
        bold: part.overdue,
      });
      y += 13;
    }
    y += 8;
  }
  // A cancelled invoice gave its reason above, with the cancellation.
  if (m.reason && !m.cancellation) {
    put(doc, `${t('label.reason')}: ${m.reason}`, PAGE.margin, y);
    y += 16;
  }
  return y;
}

/**
 * A summary box label in at most two lines: where its words break it (今回お買上額 / （税抜）),
 * else at the space that lets the first line fit ("Payments / received"), else as it is (cut).
 */
function boxLabelLines(doc: Doc, label: string, width: number): string[] {
  if (label.includes('\n')) return label.split('\n').slice(0, 2);
  const style = { bold: false, size: 8 };
  if (widthOf(doc, label, style) <= width) return [label];
  const spaces = [...label.matchAll(/ /g)].map((s) => s.index).reverse();
  const at = spaces.find((i) => widthOf(doc, label.slice(0, i), style) <= width);
  return at === undefined ? [label] : [label.slice(0, at), label.slice(at + 1)];
}

function statementSummary(
  doc: Doc,
  m: DocumentModel,
  t: DocumentT,
  f: DocumentFormat,
  y: number,
): number {
  const s = m.statement;
  if (!s) return y;
  // The cells a Japanese statement is headed with (shared/documents/statement-box.ts); a label
  // of two lines breaks where its words say, as an English one would not fit a seventh of A4.
  const cells = statementBoxCells(m);
  const w = WIDTH / cells.length;
  cells.forEach((cell, i) => {
    const x = PAGE.margin + i * w;
    doc.rect(x, y, w, 40).lineWidth(0.5).strokeColor('#444').stroke();
    const words = boxLabelLines(doc, t(cell.label), w - 6);
    words.forEach((line, n) => {
      put(doc, line, x + 3, y + 4 + n * 10 + (words.length === 1 ? 5 : 0), {
        width: w - 6,
        size: 8,
        align: 'center',
      });
    });
    const value = cell.less ? f.less(cell.amount) : f.yen(cell.amount);
    put(doc, value, x + 3, y + 26, { width: w - 6, size: 10, bold: true, align: 'center' });
  });
  y += 50;
  // A payment counted on an earlier statement and corrected since (ADR 072) is in these figures:
  // the statement says so, or its payments would not match the restaurant's own records.
  if (s.paymentCorrections !== 0) {
    const note = t('label.paymentCorrectionsNote', { amount: f.yen(s.paymentCorrections) });
    put(doc, note, PAGE.margin, y - 6, { width: WIDTH, size: 8 });
    y += 10;
  }
  if (s.byDate.length > 0) {
    put(doc, t('label.deliveriesByDate'), PAGE.margin, y, { bold: true, size: 10 });
    y += 16;
    const [dateX, slipX, amountX] = [PAGE.margin, PAGE.margin + 120, PAGE.margin + 230];
    put(doc, t('label.date'), dateX, y, { width: 110, bold: true });
    put(doc, t('label.slipOrInvoiceNo'), slipX, y, { width: 100, bold: true });
    const amounts = byDateLabels(t, s.byDate);
    put(doc, amounts.header, amountX, y, { width: 110, bold: true, align: 'right' });
    y += 13;
    rule(doc, y);
    y += 3;
    for (const d of s.byDate) {
      if (y > BOTTOM) y = newPage(doc);
      put(doc, f.date(d.date), dateX, y, { width: 110 });
      put(doc, d.slip ?? '', slipX, y, { width: 100 });
      put(doc, f.yen(d.amount), amountX, y, { width: 110, align: 'right' });
      const mark = amounts.mark(d.basis);
      if (mark) put(doc, mark, amountX + 116, y, { width: 60, size: 8 });
      y += 13;
    }
    y += 8;
  }
  return y;
}

function newPage(doc: Doc): number {
  doc.addPage({ size: 'A4', margin: PAGE.margin });
  return PAGE.margin;
}

const COL = {
  date: PAGE.margin,
  item: PAGE.margin + 62,
  qty: PAGE.margin + 290,
  price: PAGE.margin + 350,
  amount: PAGE.margin + 425,
  rate: PAGE.margin + 480,
};

function tableHeader(doc: Doc, t: DocumentT, y: number): number {
  doc
    .rect(PAGE.margin, y - 2, WIDTH, 15)
    .fillColor('#eeeeee')
    .fill();
  doc.fillColor('#000');
  put(doc, t('label.date'), COL.date, y, { width: 60, bold: true });
  put(doc, t('label.item'), COL.item, y, { width: 220, bold: true });
  put(doc, t('label.quantity'), COL.qty, y, { width: 55, bold: true, align: 'right' });
  put(doc, t('label.unitPrice'), COL.price, y, { width: 70, bold: true, align: 'right' });
  put(doc, t('label.amount'), COL.amount, y, { width: 52, bold: true, align: 'right' });
  put(doc, t('label.rate'), COL.rate, y, { width: RIGHT - COL.rate, bold: true, align: 'right' });
  return y + 17;
}

function lines(doc: Doc, m: DocumentModel, t: DocumentT, f: DocumentFormat, y: number): number {
  if (m.lines.length === 0) return y;
  y = tableHeader(doc, t, y);
  for (const l of m.lines) {
    if (y > BOTTOM) y = tableHeader(doc, t, newPage(doc));
    put(doc, f.lineDate(l.date), COL.date, y, { width: 60 });
    const ordered =
      l.orderedQuantity !== null ? ` (${t('label.ordered', { quantity: l.orderedQuantity })})` : '';
    // Up to three lines when the name needs them: a substitute's "[Riceの代替品]" or a short
    // line's "(注文数 3)" is what the restaurant reads the line by, and must not be cut off.
    const used = putWrapped(doc, `${l.reduced ? '※ ' : ''}${l.name}${ordered}`, COL.item, y, {
      width: 225,
      maxLines: 3,
    });
    // The unit in the document's language as the screens name it (本, ケース); unknown as written.
    const unit = l.sku ? ` ${documentUnit(m.language, l.sku)}` : '';
    put(doc, `${l.quantity}${unit}`, COL.qty, y, { width: 55, align: 'right' });
    put(doc, f.yen(l.unitPrice), COL.price, y, { width: 70, align: 'right' });
    put(doc, f.yen(l.amount), COL.amount, y, { width: 52, align: 'right' });
    put(doc, `${l.rate}%`, COL.rate, y, { width: RIGHT - COL.rate, align: 'right' });
    y += 14 + (used - 1) * 13;
    rule(doc, y - 2, PAGE.margin, RIGHT, 0.2);
  }
  return y + 6;
}

function totals(doc: Doc, m: DocumentModel, t: DocumentT, f: DocumentFormat, y: number): number {
  if (y > BOTTOM - (m.statement ? 200 : 120)) y = newPage(doc);
  // Right of the middle, with room for a statement's longest label in English.
  const x = PAGE.margin + WIDTH / 2 - 40;
  const w = WIDTH / 2 + 40;
  const row = (label: string, value: string, bold = false) => {
    put(doc, label, x, y, { width: w - 100, bold });
    put(doc, value, x + w - 100, y, { width: 100, align: 'right', bold });
    y += 14;
  };
  // Each rate in the basis its tax was computed in, so the tax checks against the figure.
  const rates = rateLabels(t, f, m.taxBasis, m.taxForReference);
  for (const r of m.perRate) {
    row(rates.figureLabel(r.rate), f.yen(rates.figure(r)));
    row(rates.taxLabel(r.rate), f.yen(r.tax));
  }
  rule(doc, y - 1, x, RIGHT);
  y += 2;
  row(t('label.net'), f.yen(m.net));
  row(`${t('label.tax')}${m.taxForReference ? t('label.forReference') : ''}`, f.yen(m.tax));
  const s = m.statement;
  if (s) {
    // A statement reads as two sums a reader can follow: this period's total less the credit
    // notes is this period's purchases; the previous amount less the payments is carried over,
    // and that plus this period's purchases is the amount due.
    row(t('label.total'), f.yen(m.total));
    if (m.creditApplied > 0) {
      row(t('label.creditApplied'), f.less(m.creditApplied));
      row(t('label.periodPurchases'), f.yen(m.total - m.creditApplied));
    }
    rule(doc, y - 1, x, RIGHT);
    y += 2;
    row(t('label.previousBalance'), f.yen(s.previousBalance));
    row(t('label.paymentsReceived'), f.less(s.paymentsReceived));
    // Bank transfer fees written off (ADR 069): taken off too, yet no money received.
    if (s.adjustments !== 0) row(t('label.adjustments'), f.less(s.adjustments));
    row(t('label.carriedOver'), f.yen(s.carriedOver));
    row(t('label.periodPurchases'), f.yen(s.periodAmount));
    rule(doc, y - 1, x, RIGHT, 0.8);
    y += 2;
    row(t('label.amountDue'), f.yen(s.amountDue), true);
  } else {
    row(t('label.total'), f.yen(m.total), true);
    if (m.creditApplied > 0) {
      row(t('label.creditApplied'), f.less(m.creditApplied));
      row(t('label.amountDue'), f.yen(m.amount), true);
    }
  }
  // The same figures as one sentence per rate (what a reader or a reading program looks for).
  let ly = y + 4;
  for (const r of m.perRate) {
    put(doc, rates.sentence(r), PAGE.margin, ly, { size: 8 });
    ly += 11;
  }
  if (m.lines.some((l) => l.reduced)) {
    put(doc, t('label.reducedNote'), PAGE.margin, ly, { size: 8 });
    ly += 11;
  }
  return ly + 8;
}

function bank(doc: Doc, m: DocumentModel, t: DocumentT, y: number): number {
  // Nothing to transfer on an invoice paid in full or cancelled.
  if (!m.issuer.bank || !asksForPayment(m)) return y;
  if (y > BOTTOM - 30) y = newPage(doc);
  put(doc, t('label.bank'), PAGE.margin, y, { bold: true });
  // The account type in the document's words (普通, 当座; Ordinary, Current), however stored.
  const { bank } = m.issuer;
  put(
    doc,
    t('label.bankAccount', {
      ...bank,
      accountType: documentAccountType(m.language, bank.accountType),
    }),
    PAGE.margin,
    y + 13,
  );
  return y + 30;
}

/**
 * A receipt (領収書, ADR 101): the amount received, large, what it was for (但し書き), that it
 * was received, and each rate's part of it with the tax it holds, and how it was paid. No place
 * for a revenue stamp: a PDF is sent and kept as a file (the print view, for paper, has one).
 */
function receiptBody(doc: Doc, m: DocumentModel, t: DocumentT, f: DocumentFormat, y: number) {
  const r = receiptText(t, f, m);
  y += 6;
  const [x, w] = [PAGE.margin + 40, WIDTH - 80];
  doc.rect(x, y, w, 46).lineWidth(1.2).strokeColor('#000').stroke();
  put(doc, t('label.amountReceived'), x + 12, y + 17, { width: 120, size: 11, bold: true });
  put(doc, r.amount, x + 130, y + 10, { width: w - 160, size: 22, bold: true, align: 'center' });
  y += 60;
  put(doc, r.forWhat, x, y, { width: w, size: 11 });
  y += 18;
  put(doc, r.received, x, y, { width: w, size: 11 });
  y += 32;
  put(doc, t('label.breakdown'), x, y, { width: w, bold: true, size: 10 });
  y += 16;
  const row = (row: { label: string; amount: string; tax: string }, bold = false) => {
    put(doc, row.label, x + 10, y, { width: 150, size: 10, bold });
    put(doc, row.amount, x + 160, y, { width: 90, size: 10, bold, align: 'right' });
    put(doc, row.tax, x + 262, y, { width: w - 262, size: 10, bold });
    y += 16;
  };
  for (const b of r.breakdown) row(b);
  if (r.total) {
    rule(doc, y - 2, x + 10, x + w);
    y += 2;
    row(r.total, true);
  }
  if (r.method) {
    y += 8;
    put(doc, r.method, x, y, { width: w, size: 10 });
    y += 16;
  }
  return y;
}

function draw(doc: Doc, m: DocumentModel): void {
  const t = documentT(m.language);
  const f = documentFormat(m.language);
  let y = header(doc, m, t, f);
  if (m.kind === 'receipt') {
    receiptBody(doc, m, t, f, y);
    return;
  }
  y = statementSummary(doc, m, t, f, y);
  y = lines(doc, m, t, f, y);
  y = totals(doc, m, t, f, y);
  bank(doc, m, t, y);
}

/**
 * pdfkit with its font library, loaded on the first document rather than at start: it is ~0.1 s
 * of the server's start (its Unicode tables are inflated when it loads), and most starts serve
 * orders long before anyone opens a document.
 */
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | null = null;

/**
 * The PDF of one or more documents, each from a new page. Between two documents the server
 * answers whoever else is waiting: a closing's 300 statements are ~1,600 pages and ~10 s of
 * drawing, which in one go held every driver's and restaurant's request until the end
 * (docs/performance.md, Round 24).
 */
export async function renderPdf(models: readonly DocumentModel[]): Promise<Buffer> {
  pdfkit ??= loadPdfkit();
  const { default: PDFDocument } = await pdfkit;
  const f = japaneseFonts();
  const first = models[0];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: {
      Title: first ? `${documentT(first.language)(`title.${first.kind}`)} ${first.number}` : '',
      Author: first?.issuer.legalName ?? '',
      Producer: 'Wholesale Orders',
      Creator: 'Wholesale Orders',
    },
  });
  doc.registerFont('R', f.regular as unknown as Buffer);
  doc.registerFont('B', f.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [i, m] of models.entries()) {
    if (i > 0) await setImmediate();
    doc.addPage({ size: 'A4', margin: PAGE.margin });
    draw(doc, m);
  }
  if (models.length === 0) doc.addPage({ size: 'A4', margin: PAGE.margin });
  doc.end();
  return done;
}

/** The file name a document downloads as, e.g. "INV-000042.pdf". */
export function pdfFileName(m: Pick<DocumentModel, 'number'>): string {
  return `${m.number.replace(/[^A-Za-z0-9-]/g, '_') || 'document'}.pdf`;
}
