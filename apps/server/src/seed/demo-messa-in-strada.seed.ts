import { and, asc, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { macchina, messaInStrada, messaInStradaAllegato } from '../db/schema/index.ts';
import type { Files } from '../platform/files.ts';

const CUSTOMERS = [
  {
    nomeCliente: 'Edilizia Ferrari Srl',
    via: 'Via Garibaldi 12',
    cap: '25121',
    loc: 'Brescia',
    provincia: 'BS',
    msSettore: '1',
  },
  {
    nomeCliente: 'Scavi Colombo Snc',
    via: 'Via dei Mille 4',
    cap: '24121',
    loc: 'Bergamo',
    provincia: 'BG',
    msSettore: '2',
  },
  {
    nomeCliente: 'Verde Brianza Sas',
    via: 'Viale Lombardia 88',
    cap: '20900',
    loc: 'Monza',
    provincia: 'MB',
    msSettore: '4',
  },
  {
    nomeCliente: 'Noleggi Esposito SpA',
    via: 'Corso Europa 3',
    cap: '20122',
    loc: 'Milano',
    provincia: 'MI',
    msSettore: '5',
  },
] as const;

/** A photo of the hand-over: the machine's serial on a yard-coloured picture (JPEG). */
const photoOf = (matricola: string, customer: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#c9b27c"/>` +
        `<rect y="380" width="800" height="220" fill="#8a7a55"/><rect x="220" y="200" width="360" height="170" rx="12" fill="#e8a33a"/>` +
        `<text x="400" y="90" font-family="Arial" font-size="40" text-anchor="middle" fill="#222">${matricola}</text>` +
        `<text x="400" y="140" font-family="Arial" font-size="28" text-anchor="middle" fill="#222">${customer}</text></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

/** The signed hand-over form (PDF). */
const formOf = async (matricola: string, customer: string, date: string) => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Modulo di messa in strada',
    '',
    `Matricola: ${matricola}`,
    `Cliente: ${customer}`,
    `Data: ${date}`,
    '',
    'Firma del cliente: ____________________',
  ];
  for (const [i, line] of lines.entries())
    page.drawText(line, { x: 60, y: 760 - i * 24, size: i === 0 ? 18 : 12, font });
  return Buffer.from(await pdf.save());
};

/**
 * Road registrations of the demo dealer (issue 12 §6): four of its machines are registered (the
 * oldest one locked by head office), two of them with a photo and the signed form attached; the
 * rest are still to do.
 */
export const loadDemoMessaInStrada = async (db: Db, files: Files | null) => {
  const [done] = await db.select({ n: sql<number>`count(*)::int` }).from(messaInStrada);
  if ((done?.n ?? 0) > 0) return { created: 0 };
  const machines = await db
    .select({ matricola: macchina.mtMatricola, consegna: macchina.mtDtCons })
    .from(macchina)
    .where(and(eq(macchina.dealerLogin, 'dealer'), sql`${macchina.mtDtCons} is not null`))
    .orderBy(asc(macchina.mtDtCons), asc(macchina.mtMatricola))
    .limit(CUSTOMERS.length);
  for (const [i, m] of machines.entries()) {
    const customer = CUSTOMERS[i] as (typeof CUSTOMERS)[number];
    await db.insert(messaInStrada).values({
      matricola: m.matricola,
      ...customer,
      partitaIva: `IT0${String(4_567_890_120 + i * 1_111_111)}`.slice(0, 13),
      stato: 'ITA',
      rif: null,
      telefono: null,
      email: null,
      geoLoc: null,
      msData: m.consegna as string,
      seEditable: i === 0 ? 'N' : 'Y',
      createdBy: 'dealer',
    });
    if (!files || i === 0 || i > 2) continue;
    const attach = (name: string, bytes: Buffer, contentType: string, kind: 'image' | 'pdf', extension: string) =>
      files.add(db, { area: 'roadRegistration', name, bytes, contentType, kind, extension }, (tx, row) =>
        tx.insert(messaInStradaAllegato).values({ matricola: m.matricola, fileId: row.id, createdBy: 'dealer' }),
      );
    await attach(
      `consegna-${m.matricola}.jpg`,
      await photoOf(m.matricola, customer.nomeCliente),
      'image/jpeg',
      'image',
      'jpg',
    );
    await attach(
      'modulo firmato.pdf',
      await formOf(m.matricola, customer.nomeCliente, m.consegna as string),
      'application/pdf',
      'pdf',
      'pdf',
    );
  }
  return { created: machines.length };
};
