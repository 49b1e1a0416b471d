// Reading a generated PDF back as its reader would: the text pdf-parse takes out of it.
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { ApiClient } from './http';

/** The text of a PDF's bytes. */
export async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The text of the PDF the app answers at `path` to `client` (signed in or not); fails unless 200. */
export async function pdfTextAt(client: ApiClient, path: string): Promise<string> {
  const res = await fetch(client.baseUrl + path, {
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  expect(res.status, path).toBe(200);
  return pdfTextOf(new Uint8Array(await res.arrayBuffer()));
}
