import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's `pdftotext` reads it (Debian package poppler-utils, installed by
 * .ci/run), for tests that check what a document says.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { encoding: 'utf8' });
  child.child.stdin?.end(pdf);
  return (await child).stdout;
}
