// A small CSV reader for the office's imports (RFC 4180, plus what spreadsheets export):
// comma-separated, fields optionally in double quotes, "" for a quote inside quotes, CRLF or
// LF line ends, a UTF-8 byte-order mark ignored. Quoted fields may hold commas and newlines.
// Uploaded files are never parsed with a spreadsheet library (xlsx): this is the whole parser.

export interface CsvRecord {
  /** The 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

export function parseCsv(text: string): CsvResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false;
  let quoteStart = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteStart = line;
      i++;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) return { ok: false, line: quoteStart };
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}

/** Header names compared loosely: "Customer Code", "customer_code" and "customerCode" match. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
