// `npm run bench:documents` (also the last part of `npm run bench`): documents against a bare
// pdfkit page measured in the same run (docs/performance.md, "Documents").
// 1. A 40-line qualified invoice (mixed rates) read from the database and rendered with its
//    Japanese font subset, against a bare pdfkit page with the same font and 40 lines of text:
//    median time of each and the PDF's size (targets: <= 100 ms, <= 150 KB).
// 2. The statements of a closing run for 300 monthly customers over a month of deliveries
//    (30 deliveries of 5 lines each per customer: 45,000 lines), as the office downloads them:
//    every model read, one merged PDF (target: <= 30 s on this two-core machine).
// In process, on a fresh database in a temp folder; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import {
  documentModel,
  statementModel,
  statementsOfClosing,
} from '../../server/money/documents/models';
import { renderPdf } from '../../server/money/documents/pdf';
import { takeDocumentNumber } from '../../server/money/numbering';
import { closeDb, type Db, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { scopeAll } from '../../server/platform/scope';

/** The business's time zone (BUSINESS_TIME_ZONE's default), for the dates documents print. */
const TIME_ZONE = 'Asia/Tokyo';
const RUNS = Number(process.env.BENCH_DOC_RUNS ?? 15);
const CUSTOMERS = Number(process.env.BENCH_DOC_CUSTOMERS ?? 300);
const FONT = path.resolve(
  'node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
);
const ITEMS = [
  '鶏もも肉 国産',
  '玉ねぎ 北海道産',
  'キャベツ',
  '豚バラ スライス',
  '業務用洗剤',
  'ビール 中瓶',
  '醤油 1.8L',
  'バスマティライス',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** A bare pdfkit page: the same font file, 40 lines of the same kind of text. */
function barePage(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  doc.registerFont('R', FONT);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  doc.font('R').fontSize(9);
  for (let i = 0; i < 40; i++) {
    doc.text(
      `11-${String((i % 28) + 1).padStart(2, '0')} ※ ${ITEMS[i % ITEMS.length]} 3 Kg ¥1,200 ¥3,600 8%`,
      40,
      60 + i * 16,
      {
        lineBreak: false,
      },
    );
  }
  doc.end();
  return done;
}

function seedBusiness(db: Db): void {
  db.$client.prepare("INSERT OR REPLACE INTO setting (key, value) VALUES ('business', ?)").run(
    JSON.stringify({
      legalName: '株式会社さくら食品',
      address: '東京都新宿区西新宿1-2-3',
      phone: '03-1234-5678',
      registrationNumber: 'T8010001000000',
      bank: {
        bankName: 'みずほ銀行',
        branchName: '新宿支店',
        accountType: '普通',
        accountNumber: '7654321',
        accountHolder: 'カ）サクラショクヒン',
      },
    }),
  );
}

function seedCustomer(db: Db, i: number): string {
  const id = newId();
  db.$client
    .prepare(
      `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method, billing_name, closing_day)
       VALUES (?, ?, '312345678', ?, 'monthly', ?, 31)`,
    )
    .run(id, `レストラン ${i}`, `B${String(i).padStart(4, '0')}`, `株式会社レストラン${i}`);
  return id;
}

/** An invoice of `lines` lines over the month, with its per-rate figures; its id. */
function seedInvoice(db: Db, customerId: string, lines: number): string {
  const id = newId();
  const rows = Array.from({ length: lines }, (_, i) => ({
    date: `2026-10-${String((Math.floor(i / 5) % 30) + 1).padStart(2, '0')}`,
    name: ITEMS[i % ITEMS.length] as string,
    price: 300 + ((i * 37) % 1500),
    qty: 1 + (i % 6),
    rate: i % ITEMS.length === 4 || i % ITEMS.length === 5 ? 10 : 8,
  }));
  const net = (rate: number) =>
    rows.filter((r) => r.rate === rate).reduce((s, r) => s + r.price * r.qty, 0);
  const net8 = net(8);
  const net10 = net(10);
  const tax8 = Math.floor((net8 * 8) / 100);
  const tax10 = Math.floor((net10 * 10) / 100);
  db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date, period_start, period_end,
         net8, tax8, net10, tax10)
       VALUES (?, ?, '2026-11-25', ?, 'closing', ?, '2026-10-31', '2026-10-01', '2026-10-31', ?, ?, ?, ?)`,
    )
    .run(
      id,
      customerId,
      net8 + tax8 + net10 + tax10,
      takeDocumentNumber(db, 'invoice', customerId),
      net8,
      tax8,
      net10,
      tax10,
    );
  const insert = db.$client.prepare(
    `INSERT INTO invoice_line (id, invoice_id, position, date, name, sku, unit_price, quantity, amount, tax_rate)
     VALUES (?, ?, ?, ?, ?, 'Kg', ?, ?, ?, ?)`,
  );
  rows.forEach((r, i) => {
    insert.run(newId(), id, i, r.date, r.name, r.price, r.qty, r.price * r.qty, r.rate);
  });
  db.$client
    .prepare(
      `INSERT INTO statement (id, number, customer_id, invoice_id, closing_date, period_start, previous_balance,
         payments_received, carried_over, period_amount, amount_due, due_date)
       VALUES (?, ?, ?, ?, '2026-10-31', '2026-10-01', 80000, 80000, 0, ?, ?, '2026-11-25')`,
    )
    .run(
      newId(),
      takeDocumentNumber(db, 'statement', customerId),
      customerId,
      id,
      net8 + tax8 + net10 + tax10,
      net8 + tax8 + net10 + tax10,
    );
  return id;
}

export interface DocumentFigures {
  invoiceMs: number;
  invoiceKb: number;
  bareMs: number;
  bareKb: number;
  statementsMs: number;
  statements: number;
  statementsMb: number;
}

export async function runDocumentsBench(): Promise<DocumentFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
  const db = openDb(path.join(dir, 'app.db'));
  try {
    let invoiceId = '';
    write(db, () => {
      seedBusiness(db);
      invoiceId = seedInvoice(db, seedCustomer(db, 0), 40);
    });
    // Each measured the same way, alternating, after one warm-up of each (fonts read once).
    await barePage();
    await renderPdf([documentModel(db, 'invoice', invoiceId, scopeAll, TIME_ZONE)]);
    const bare: number[] = [];
    const app: number[] = [];
    let bareBytes = 0;
    let appBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      bareBytes = (await barePage()).length;
      bare.push(performance.now() - t0);
      t0 = performance.now();
      appBytes = (await renderPdf([documentModel(db, 'invoice', invoiceId, scopeAll, TIME_ZONE)]))
        .length;
      app.push(performance.now() - t0);
    }

    write(db, () => {
      for (let i = 1; i <= CUSTOMERS; i++) seedInvoice(db, seedCustomer(db, i), 150);
    });
    const t0 = performance.now();
    const models = statementsOfClosing(db, '2026-10-31').map((s) =>
      statementModel(db, s.id, scopeAll, TIME_ZONE),
    );
    const merged = await renderPdf(models);
    const statementsMs = performance.now() - t0;

    const figures: DocumentFigures = {
      invoiceMs: median(app),
      invoiceKb: appBytes / 1024,
      bareMs: median(bare),
      bareKb: bareBytes / 1024,
      statementsMs,
      statements: models.length,
      statementsMb: merged.length / 1024 / 1024,
    };
    console.log('\ndocuments figures');
    console.log(
      `bare pdfkit page, same font, 40 lines   ${figures.bareMs.toFixed(0)} ms  ${figures.bareKb.toFixed(1)} KB`,
    );
    console.log(
      `40-line invoice PDF (model + render)    ${figures.invoiceMs.toFixed(0)} ms  ${figures.invoiceKb.toFixed(1)} KB  (targets <= 100 ms, <= 150 KB): ${figures.invoiceMs <= 100 && figures.invoiceKb <= 150 ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `${figures.statements} statements of a closing (150 lines each), one PDF  ${(figures.statementsMs / 1000).toFixed(1)} s  ${figures.statementsMb.toFixed(1)} MB  (target <= 30 s): ${figures.statementsMs <= 30_000 ? 'PASS' : 'FAIL'}`,
    );
    return figures;
  } finally {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runDocumentsBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
