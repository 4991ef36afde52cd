import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export type TPdfFont = { name: string; type: string; embedded: boolean };

/** The fonts of a PDF as poppler's `pdffonts` lists them (name, type, whether embedded). */
export async function pdfFonts(pdf: Buffer): Promise<TPdfFont[]> {
  const dir = await mkdtemp(join(tmpdir(), 'atoll-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdffonts', [file], { encoding: 'utf8' });
    // name, type (one or two words), encoding, emb, sub, uni, object ID: read from the right.
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        const emb = cells[cells.length - 5];
        return { name: cells[0] ?? '', type: cells.slice(1, -6).join(' '), embedded: emb === 'yes' };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
