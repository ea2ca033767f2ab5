import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { outboxMessage } from '../db/schema/index.ts';
import { RefusedDeliveryError } from './jobs.ts';

const TIMEOUT_MS = 10_000;

type Money = number | null;

/** The document of a sent order as the ERP receives it (real prices, whatever the customer may see). */
export type ErpOrderDocument = {
  numeroOrdine: string;
  tiporichiesta: string;
  anno: number;
  numero: number;
  createdAt: string;
  customer: { login: string; company: string | null; email: string | null };
  sentBy: string;
  langKey: string;
  rifOrdine: string | null;
  rifData: string | null;
  dataRichiesta: string | null;
  address: {
    tipoIndirizzo: string | null;
    ragsoc: string;
    indirizzo: string;
    cap: string;
    citta: string;
    prov: string | null;
    stato: string | null;
  };
  shipping: { mode: string; cost: Money };
  nota: string | null;
  totale: number;
  pesoTotale: number;
  lines: {
    riga: number;
    articoloId: number;
    articolo: string;
    descrizione: string;
    unitaMisura: string;
    quantita: number;
    dataRichiesta: string | null;
    serialNumber: string | null;
    prezzo: number;
    netto: number;
    scontoPerc: number;
    totale: number;
    peso: number;
  }[];
};

/** The ordering key of an order's outbox messages (its mail, its ERP document). */
export const orderOrderingKey = (numeroOrdine: string) => `order:${numeroOrdine}`;

/** Writes the order document to the outbox in the caller's transaction; the worker hands it over. */
export const queueErpExport = async (tx: DbOrTx, doc: ErpOrderDocument) => {
  await tx.insert(outboxMessage).values({
    kind: 'erp',
    payload: doc as unknown as Record<string, unknown>,
    orderingKey: orderOrderingKey(doc.numeroOrdine),
  });
};

/** A file name for an order number: only letters, digits, dot, underscore and hyphen survive. */
const fileNameOf = (numero: string) => numero.replace(/[^A-Za-z0-9._-]/g, '_');

/** Writes the file whole or not at all: a reader never sees half a document. */
const writeAtomically = async (file: string, content: string) => {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, content);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
};

export const erpOutboxDir = (dataDir: string) => path.join(dataDir, 'erp', 'outbox');
export const erpInboxDir = (dataDir: string) => path.join(dataDir, 'erp', 'inbox');
/** Where the file adapter writes an order (the number's § becomes _). */
export const erpOutboxFile = (dataDir: string, numeroOrdine: string) =>
  path.join(erpOutboxDir(dataDir), `${fileNameOf(numeroOrdine)}.json`);

/**
 * Answers by which the ERP refuses the document itself. 401, 403 and 404 are left retried: they mean
 * a wrong token or address, which an operator mends, and then every waiting document goes through.
 */
const REFUSED_STATUSES = new Set([400, 422]);

export type ErpExport = { send: (doc: ErpOrderDocument) => Promise<void>; describe: string };

/**
 * The hand-over of sent orders: POST JSON to ERP_EXPORT_URL (a non-2xx answer or a timeout throws,
 * so the outbox tries again later; a refusal of the document dead-letters it), else one JSON file
 * per order under DATA_DIR/erp/outbox. Both are idempotent for the same document: the ERP receives
 * the order number to recognise a repeat.
 */
export const createErpExport = (config: Config, log: Pick<Logger, 'info'>): ErpExport => {
  const url = config.erpExportUrl;
  if (url) {
    return {
      describe: 'http',
      send: async (doc) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': doc.numeroOrdine },
          body: JSON.stringify(doc),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (REFUSED_STATUSES.has(response.status))
          throw new RefusedDeliveryError(`ERP export refused the document: ${response.status}`);
        if (!response.ok) throw new Error(`ERP export answered ${response.status}`);
        log.info({ numeroOrdine: doc.numeroOrdine }, 'order handed to the ERP');
      },
    };
  }
  return {
    describe: 'files',
    send: async (doc) => {
      const file = erpOutboxFile(config.dataDir, doc.numeroOrdine);
      await writeAtomically(file, `${JSON.stringify(doc, null, 2)}\n`);
      log.info({ numeroOrdine: doc.numeroOrdine, file }, 'order written for the ERP (ERP_EXPORT_URL not set)');
    },
  };
};

/** An order the ERP hands back for import (GET ERP_IMPORT_URL/<nOrdine> or DATA_DIR/erp/inbox/<nOrdine>.json). */
export const erpOrderSchema = z.object({
  nOrdine: z.string(),
  righe: z.array(
    z.object({
      articolo: z.string().trim().min(1),
      quantita: z.union([z.number(), z.string()]),
      dataRichiesta: z.string().nullish(),
      serialNumber: z.string().nullish(),
    }),
  ),
});
export type ErpOrder = z.infer<typeof erpOrderSchema>;

/** The ERP could not answer (network, status, malformed document): the caller answers 502. */
export class ErpUnavailableError extends Error {}

const parseOrder = (text: string, source: string): ErpOrder => {
  try {
    return erpOrderSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new ErpUnavailableError(`malformed ERP order from ${source}: ${(error as Error).message}`);
  }
};

/** Only these names reach the file system or the URL path; anything else is "not found". */
const safeOrderNumber = (nOrdine: string) => {
  const trimmed = nOrdine.trim();
  return /^[A-Za-z0-9._-]{1,64}$/.test(trimmed) && !/^\.+$/.test(trimmed) ? trimmed : undefined;
};

export type ErpImport = { fetchOrder: (nOrdine: string) => Promise<ErpOrder | undefined> };

export const createErpImport = (config: Pick<Config, 'erpImportUrl' | 'dataDir'>): ErpImport => {
  const base = config.erpImportUrl;
  if (base) {
    return {
      fetchOrder: async (nOrdine) => {
        const number = nOrdine.trim();
        let response: Response;
        try {
          response = await fetch(`${base}/${encodeURIComponent(number)}`, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          });
        } catch (error) {
          throw new ErpUnavailableError(`ERP import unreachable: ${(error as Error).message}`);
        }
        if (response.status === 404) {
          await response.body?.cancel();
          return undefined;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new ErpUnavailableError(`ERP import answered ${response.status}`);
        }
        return parseOrder(await response.text(), 'ERP_IMPORT_URL');
      },
    };
  }
  const dir = erpInboxDir(config.dataDir);
  return {
    fetchOrder: async (nOrdine) => {
      const safe = safeOrderNumber(nOrdine);
      if (!safe) return undefined;
      let text: string;
      try {
        text = await fs.readFile(path.join(dir, `${safe}.json`), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new ErpUnavailableError(`ERP inbox not readable: ${(error as Error).message}`);
      }
      return parseOrder(text, 'the inbox');
    },
  };
};
