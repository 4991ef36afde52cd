import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../test/pdf-text.ts';
import { DocumentFrame, FieldSection, renderPdf, type TLetterhead } from './pdf.tsx';

const company: TLetterhead = {
  name: 'Atoll Demo Divers',
  address: { street: 'Hafenstraße 1', zip: '20457', city: 'Hamburg', country: 'DE' },
  email: 'info@atoll.example',
  bank: { name: 'Meeresbank', iban: 'DE02120300000000202051' },
  taxIds: { vatId: 'DE123456789' },
  legal: { name: 'Atoll Demo Divers GmbH', directors: 'Jana Petersen' },
  vatExemption: {},
};

function sheet(lang: 'de' | 'en') {
  return (
    <DocumentFrame company={company} lang={lang} title={lang === 'de' ? 'Kundenblatt' : 'Customer sheet'}>
      <FieldSection
        title="Stammdaten"
        rows={[
          ['Name', 'Jürgen Größe'],
          ['Leer', ''],
        ]}
      />
    </DocumentFrame>
  );
}

describe('renderPdf', () => {
  it('renders a real PDF with letterhead, content, footer and page numbers in German', async () => {
    const pdf = await renderPdf(sheet('de'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Atoll Demo Divers');
    // The country by its name in the document's language.
    expect(text).toContain('Hafenstraße 1, 20457 Hamburg, Deutschland');
    expect(text).toContain('Kundenblatt');
    expect(text).toContain('Jürgen Größe');
    expect(text).not.toContain('Leer');
    expect(text).toContain('IBAN DE02120300000000202051');
    expect(text).toContain('USt-IdNr. DE123456789');
    expect(text).toContain('Seite 1 von 1');
    expect(text).toContain('Atoll Demo Divers GmbH, Geschäftsführung: Jana Petersen');
  });

  it('uses the English document texts', async () => {
    const text = await pdfText(await renderPdf(sheet('en')));
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Hafenstraße 1, 20457 Hamburg, Germany');
    expect(text).toContain('VAT ID DE123456789');
    expect(text).toMatch(/Created on \d{4}-\d{2}-\d{2}/);
  });

  it('prints names in every Latin script with an embedded font, and no other font', async () => {
    const names = 'Łukasz Dvořák Ősz Şahin Ærøskøbing Ñúñez Ψάρι Юлия';
    const pdf = await renderPdf(
      <DocumentFrame company={company} lang="en" title="Guests">
        <FieldSection title="Guests" rows={[['Names', names]]} />
      </DocumentFrame>,
    );
    expect(await pdfText(pdf)).toContain(names);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(fonts.every((f) => f.name.includes('DejaVuSansCondensed'))).toBe(true);
  });
});
