import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Language, OrderHistoryLine } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { reorderRequestMails } from '../src/modules/order-history/order-history.mails.ts';
import { type OrderHistoryPdfOrder, renderOrderHistoryPdf } from '../src/modules/order-history/order-history.pdf.tsx';

const PDFTOTEXT = '/usr/bin/pdftotext';

/** The text of a PDF, by poppler's pdftotext (installed by .ci/run: poppler-utils). */
const pdfText = (bytes: Buffer) => {
  if (!fs.existsSync(PDFTOTEXT))
    throw new Error(`${PDFTOTEXT} is missing: install poppler-utils (apt-get install poppler-utils) to run this test`);
  const run = spawnSync(PDFTOTEXT, ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
};

const order: OrderHistoryPdfOrder = {
  nroOrdTxt: 'W-2026-000123',
  rifVsNroOrd: 'PO 4500012345',
  dataIns: new Date('2026-03-04T09:15:00Z'),
  portale: true,
  tiporichiesta: 'ORD',
  cliente: 'DEALER01',
  company: 'Officina Rossi S.r.l.',
};

const line = (over: Partial<OrderHistoryLine>): OrderHistoryLine => ({
  id: 1,
  idOrdine: 7,
  tiporichiesta: 'ORD',
  cliente: 'DEALER01',
  codArt: 'ART-0001',
  descRiga: 'Filtro olio idraulico',
  unitaMisura: 'NR',
  matricola: null,
  wayBill: null,
  wayBillTxt: null,
  isAftership: false,
  codAftership: null,
  dataIns: '2026-03-04T09:15:00Z',
  nroOrdTxt: order.nroOrdTxt,
  rifVsNroOrd: order.rifVsNroOrd,
  seEvasa: false,
  qtaOrdinata: 2,
  qtaSpedita: 0,
  importo: 1234.5,
  dataSpediz: null,
  nroSpedTxt: null,
  nroFattTxt: null,
  portale: true,
  ...over,
});

const lines = [
  line({ id: 1 }),
  line({
    id: 2,
    codArt: 'ART-0002',
    descRiga: 'Pompa ad ingranaggi',
    matricola: 'MX20250',
    seEvasa: true,
    qtaOrdinata: 1,
    qtaSpedita: 1,
    importo: 99.9,
    dataSpediz: '2026-03-10',
    nroSpedTxt: 'DDT 5000',
    nroFattTxt: 'FT 26/900',
    wayBill: '1Z999',
    wayBillTxt: 'BRT 01234567890',
  }),
];

const render = (lang: Language, pricesVisible: boolean, which = order) =>
  renderOrderHistoryPdf(which, lines, lang, pricesVisible, new Date('2026-04-01T10:00:00Z'));

describe('order history PDF', () => {
  it('shows the order, its lines and their amounts with the total, in Italian', async () => {
    const bytes = await render('it', true);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Ordine n. W-2026-000123');
    expect(text).toContain('ART-0001');
    expect(text).toContain('ART-0002');
    expect(text).toContain('Filtro olio idraulico');
    expect(text).toContain('MX20250');
    expect(text).toContain('04/03/2026');
    expect(text).toContain('PO 4500012345');
    expect(text).toContain('Portale Ricambi');
    expect(text).toContain('Da evadere');
    expect(text).toContain('Evasa');
    expect(text).toContain('10/03/2026');
    expect(text).toContain('FT 26/900');
    expect(text).toContain('01234567890');
    expect(text).toContain('1.234,50 €');
    expect(text).toContain('99,90 €');
    expect(text).toMatch(/Totale\s+1\.334,40 €/);
    expect(text).toContain('Pagina 1 di 1');
  });

  it('translates the title by the request type and leaves amounts out when prices are hidden', async () => {
    const text = pdfText(await render('de', false, { ...order, tiporichiesta: 'ORDCG', portale: false }));
    expect(text).toContain('Garantieauftrag Nr. W-2026-000123');
    expect(text).toContain('ART-0001');
    expect(text).toContain('Offen');
    expect(text).not.toContain('€');
    expect(text).not.toContain('Betrag');
    expect(text).not.toContain('Summe');
    expect(text).not.toMatch(/1\.234,5/);
  });
});

describe('reorder request mails', () => {
  const input = {
    backOffice: 'backoffice@example.com',
    customer: {
      login: 'DEALER01',
      email: 'mario@example.com',
      firstName: 'Mario',
      company: 'Officina Rossi S.r.l.',
      langKey: 'en',
    },
    line: lines[1] as OrderHistoryLine,
    request: { descrizione: 'Pompa ad ingranaggi', quantita: 3, nota: 'Machine stopped' },
    baseUrl: 'https://ricambi.example.com',
  };

  it('asks the back office in Italian and reminds the customer in its language', () => {
    const [office, customer, ...rest] = reorderRequestMails(input);
    expect(rest).toEqual([]);
    expect(office?.to).toBe('backoffice@example.com');
    expect(office?.subject).toContain('ART-0002');
    for (const part of [
      'DEALER01',
      'Officina Rossi S.r.l.',
      'mario@example.com',
      'Quantità: 3 NR',
      'W-2026-000123 del 04/03/2026',
      'MX20250',
      'Machine stopped',
    ])
      expect(office?.text).toContain(part);
    expect(customer?.to).toBe('mario@example.com');
    expect(customer?.text).toContain('Dear Mario');
    expect(customer?.text).toContain('quantity 3 NR');
    expect(customer?.text).toContain('https://ricambi.example.com/storicoOrdine/ORD');
  });

  it('mails only the back office when the customer has no e-mail', () => {
    const mails = reorderRequestMails({ ...input, customer: { ...input.customer, email: null } });
    expect(mails.map((m) => m.to)).toEqual(['backoffice@example.com']);
    expect(mails[0]?.text).toContain('E-mail: non indicata');
  });
});
