import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { macchina, messaInStrada } from '../db/schema/index.ts';

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

/**
 * Road registrations of the demo dealer (issue 12 §6): four of its machines are registered (the
 * oldest one locked by head office), the rest are still to do.
 */
export const loadDemoMessaInStrada = async (db: DbOrTx) => {
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
  }
  return { created: machines.length };
};
