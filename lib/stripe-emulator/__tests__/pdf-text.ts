// Reads back the text of a PDF the emulator made: each page's content stream is inflated with
// pdf-lib and its text operators decoded (pdf-lib writes each string as <hex> Tj).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

/** The text drawn on every page, in drawing order. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.contents);
      const operators = (filter ? inflateSync(raw) : raw).toString('latin1');
      for (const m of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        texts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
  }
  return texts;
}
