import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type ErpHistoryDocument,
  type ErpHistoryResult,
  erpHistoryDocumentSchema,
  ORDER_HISTORY_LIMITS,
} from '@ricambi/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { erpInboxDir } from '../../platform/erp.ts';
import { databaseErrorCode } from '../../platform/errors.ts';
import { forbiddenFields, hasForbiddenCharacters } from '../../platform/input-guard.ts';
import { historySearchText } from './order-history.mapper.ts';
import * as repo from './order-history.repository.ts';

/** Where the ERP drops history documents, and where they go once read. */
export const historyInboxDir = (dataDir: string) => path.join(erpInboxDir(dataDir), 'history');
const doneDir = (dataDir: string) => path.join(historyInboxDir(dataDir), 'done');
const rejectedDir = (dataDir: string) => path.join(historyInboxDir(dataDir), 'rejected');

/** A document refused whole: the reason is logged and answered, nothing of it is applied. */
class Rejected extends Error {}

/**
 * PostgreSQL refused a value the schema let through (class 22: a date out of its range, a number
 * beyond its column…; 54000: too large for an index): the document's fault, so refused like one.
 */
const refusedValue = (error: unknown) => {
  const code = databaseErrorCode(error);
  if (!code || !(code.startsWith('22') || code === '54000')) return undefined;
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++)
    messages.push(e.message);
  return `the database refused a value (${code}): ${messages.at(-1) ?? ''}`.slice(0, 1000);
};

const MAX_REASONS = 5;

/** "ordini.0.righe.3.qtaOrdinata: Too small…" for the first few problems of a document. */
const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, MAX_REASONS)
    .map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`)
    .join('; ') + (error.issues.length > MAX_REASONS ? `; … ${error.issues.length - MAX_REASONS} more` : '');

const textOf = (value: unknown) => (value instanceof Error ? value.message : String(value));

/** Text fit for the log: control characters and unpaired UTF-16 halves (refused by PostgreSQL) as U+FFFD. */
const printable = (text: string) =>
  hasForbiddenCharacters(text) ? [...text].map((c) => (hasForbiddenCharacters(c) ? '\ufffd' : c)).join('') : text;

/** The document's id and date as far as they can be read, for the log of a rejected document. */
const headerOf = (raw: unknown) => {
  const r = (raw ?? {}) as { documentId?: unknown; generatedAt?: unknown };
  const documentId = typeof r.documentId === 'string' ? printable(r.documentId.slice(0, 100)) : null;
  const at = typeof r.generatedAt === 'string' ? new Date(r.generatedAt) : null;
  const year = at?.getUTCFullYear() ?? Number.NaN;
  // Only a date the log's column takes (a year 0 or 10000 would fail the log of the refusal too).
  return { documentId, generatedAt: at && year >= 1 && year <= 9999 ? at : null };
};

type Source = { source: 'file' | 'http'; name: string };

/**
 * Applies one hand-back document in one transaction (issue 16 §1): the same document id twice changes
 * nothing (UNCHANGED); an order already updated by a newer document keeps the newer state (STALE when
 * nothing in the document was newer); anything wrong in it — shape, an unknown customer, an order of
 * another customer — rejects it whole. Every document is logged with its outcome.
 */
export const createHandback = ({ db, log }: { db: Db; log: Pick<Logger, 'info' | 'warn'> }) => {
  const applyParsed = async (tx: Tx, doc: ErpHistoryDocument): Promise<ErpHistoryResult> => {
    await repo.lockHandbacks(tx);
    if (await repo.isDocumentApplied(tx, doc.documentId))
      return { outcome: 'UNCHANGED', reason: null, ordini: 0, righe: 0 };
    const generatedAt = new Date(doc.generatedAt);
    const customers = await repo.findUserIdsByLogin(
      tx,
      doc.ordini.map((o) => o.cliente),
    );
    const unknown = [...new Set(doc.ordini.map((o) => o.cliente).filter((c) => !customers.has(c)))];
    if (unknown.length > 0) throw new Rejected(`unknown customer ${unknown.slice(0, MAX_REASONS).join(', ')}`);

    const existing = new Map(
      (
        await repo.lockOrdersByNumber(
          tx,
          doc.ordini.map((o) => o.nroOrdTxt),
        )
      ).map((o) => [o.nroOrdTxt, o]),
    );
    const articles = await repo.findArticleIdsByCode(
      tx,
      doc.ordini.flatMap((o) => o.righe.map((l) => l.codArt)),
    );
    let ordini = 0;
    let righe = 0;
    for (const order of doc.ordini) {
      const userId = customers.get(order.cliente) as number;
      const stored = existing.get(order.nroOrdTxt);
      if (stored && stored.userId !== userId)
        throw new Rejected(`order ${order.nroOrdTxt} belongs to another customer than ${order.cliente}`);
      if (stored?.erpGeneratedAt && stored.erpGeneratedAt >= generatedAt) continue;
      const dataIns = stored?.portale ? stored.dataIns : new Date(order.dataIns);
      const lines = order.righe.map((l) => ({
        userId,
        tiporichiesta: order.tiporichiesta,
        dataIns,
        riga: l.riga,
        articoloId: articles.get(l.codArt) ?? null,
        codArt: l.codArt,
        descRiga: l.descRiga,
        unitaMisura: l.unitaMisura,
        matricola: l.matricola,
        qtaOrdinata: l.qtaOrdinata,
        qtaSpedita: l.qtaSpedita,
        importo: l.importo,
        seEvasa: l.seEvasa,
        dataSpediz: l.dataSpediz,
        nroSpedTxt: l.nroSpedTxt,
        nroFattTxt: l.nroFattTxt,
        wayBill: l.wayBill,
        wayBillTxt: l.wayBillTxt,
        isAftership: l.isAftership,
        codAftership: l.codAftership,
        searchText: historySearchText({ ...l, nroOrdTxt: order.nroOrdTxt, rifVsNroOrd: order.rifVsNroOrd }),
      }));
      if (stored) {
        await repo.updateHistoryOrder(tx, stored.id, {
          rifVsNroOrd: order.rifVsNroOrd ?? stored.rifVsNroOrd,
          erpGeneratedAt: generatedAt,
          tiporichiesta: stored.portale ? stored.tiporichiesta : order.tiporichiesta,
          dataIns,
        });
        await repo.upsertHistoryLines(tx, stored.id, lines);
      } else {
        await repo.insertHistoryOrder(
          tx,
          {
            userId,
            tiporichiesta: order.tiporichiesta,
            nroOrdTxt: order.nroOrdTxt,
            rifVsNroOrd: order.rifVsNroOrd,
            portale: order.portale,
            dataIns,
            erpGeneratedAt: generatedAt,
          },
          lines,
        );
      }
      ordini += 1;
      righe += lines.length;
    }
    let tracked = 0;
    for (const shipment of doc.spedizioni) {
      const replaced = await repo.replaceTrackingEvents(
        tx,
        shipment.wayBill,
        generatedAt,
        shipment.eventi.map((e) => ({
          corriere: shipment.corriere,
          data: new Date(e.data),
          luogo: e.luogo,
          stato: e.stato,
          descrizione: e.descrizione,
        })),
      );
      if (replaced) tracked += 1;
    }
    const stale = ordini === 0 && tracked === 0 && (doc.ordini.length > 0 || doc.spedizioni.length > 0);
    return {
      outcome: stale ? 'STALE' : 'APPLIED',
      reason: stale ? 'every order and shipment was already updated by a newer document' : null,
      ordini,
      righe,
    };
  };

  const logResult = async (source: Source, header: ReturnType<typeof headerOf>, result: ErpHistoryResult) => {
    await repo.insertHandbackLog(db, {
      source: source.source,
      name: printable(source.name.slice(0, 255)),
      documentId: header.documentId,
      generatedAt: header.generatedAt,
      outcome: result.outcome,
      reason: result.reason === null ? null : printable(result.reason),
      ordini: result.ordini,
      righe: result.righe,
    });
    const level = result.outcome === 'REJECTED' ? 'warn' : 'info';
    log[level]({ ...source, documentId: header.documentId, ...result }, 'ERP history document');
    return result;
  };

  /** One document as it arrived (text of a file or of a request body). */
  const apply = async (text: string, source: Source): Promise<ErpHistoryResult> => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return logResult(source, headerOf(undefined), {
        outcome: 'REJECTED',
        reason: `not JSON: ${textOf(error)}`.slice(0, 1000),
        ordini: 0,
        righe: 0,
      });
    }
    const header = headerOf(raw);
    // NUL and the like pass the schema's string checks but not PostgreSQL: refused like any wrong field.
    const unsafe = forbiddenFields(raw);
    if (unsafe.length > 0)
      return logResult(source, header, {
        outcome: 'REJECTED',
        reason: printable(
          `${unsafe.slice(0, MAX_REASONS).join(', ')}: control character or unpaired UTF-16 half${
            unsafe.length > MAX_REASONS ? `; … ${unsafe.length - MAX_REASONS} more` : ''
          }`,
        ).slice(0, 1000),
        ordini: 0,
        righe: 0,
      });
    const parsed = erpHistoryDocumentSchema.safeParse(raw);
    if (!parsed.success)
      return logResult(source, header, {
        outcome: 'REJECTED',
        reason: describeIssues(parsed.error),
        ordini: 0,
        righe: 0,
      });
    try {
      const result = await db.transaction(async (tx) => {
        const applied = await applyParsed(tx, parsed.data);
        if (applied.outcome !== 'UNCHANGED')
          await repo.insertHandbackLog(tx, {
            source: source.source,
            name: printable(source.name.slice(0, 255)),
            documentId: parsed.data.documentId,
            generatedAt: new Date(parsed.data.generatedAt),
            outcome: applied.outcome,
            reason: applied.reason,
            ordini: applied.ordini,
            righe: applied.righe,
          });
        return applied;
      });
      if (result.outcome === 'UNCHANGED') return logResult(source, header, result);
      log.info({ ...source, documentId: parsed.data.documentId, ...result }, 'ERP history document');
      return result;
    } catch (error) {
      const reason = error instanceof Rejected ? error.message : refusedValue(error);
      if (reason === undefined) throw error;
      return logResult(source, header, { outcome: 'REJECTED', reason, ordini: 0, righe: 0 });
    }
  };

  /**
   * Reads the documents waiting in DATA_DIR/erp/inbox/history in name order: each goes to done/ once
   * applied (or found unchanged or stale), to rejected/ with a .reason.txt beside it when refused.
   * A file still being written is left for the next pass (the ERP writes *.tmp and renames).
   */
  const scanInbox = async (dataDir: string) => {
    const inbox = historyInboxDir(dataDir);
    const names = (await fs.readdir(inbox, { withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.json'))
      .map((e) => e.name)
      .sort();
    const outcomes: Record<string, number> = {};
    for (const name of names) {
      const file = path.join(inbox, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat) continue;
      const result =
        stat.size > ORDER_HISTORY_LIMITS.erpBytes
          ? await logResult({ source: 'file', name }, headerOf(undefined), {
              outcome: 'REJECTED',
              reason: `larger than ${ORDER_HISTORY_LIMITS.erpBytes} bytes`,
              ordini: 0,
              righe: 0,
            })
          : await apply(await fs.readFile(file, 'utf8'), { source: 'file', name });
      const target = result.outcome === 'REJECTED' ? rejectedDir(dataDir) : doneDir(dataDir);
      await fs.mkdir(target, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const moved = path.join(target, `${stamp}_${name}`);
      await fs.rename(file, moved);
      if (result.outcome === 'REJECTED') await fs.writeFile(`${moved}.reason.txt`, `${result.reason ?? ''}\n`);
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
    }
    return outcomes;
  };

  return { apply, scanInbox, log: (limit = 100) => repo.findHandbackLog(db, limit) };
};

export type Handback = ReturnType<typeof createHandback>;
