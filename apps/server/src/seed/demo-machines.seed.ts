import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../db/client.ts';
import {
  catalogo,
  catalogoDisegno,
  catalogoRiga,
  crModelli,
  crSubdealerVisibilita,
  macchina,
} from '../db/schema/index.ts';
import { regenerateCatalogue } from '../modules/machines/machines.contract.ts';
import { generateCatalogue } from './catalogue-generator.ts';
import { DEMO_CATALOGUE } from './demo-catalogue.seed.ts';
import { writeDrawingPngs } from './machines-drawings.ts';
import { generateMachines, type PartArticle } from './machines-generator.ts';

export type DemoMachinesResult = {
  created: boolean;
  models: number;
  catalogues: number;
  rows: number;
  drawings: number;
  pngs: number;
  machines: number;
  grants: number;
  ms: number;
};

const BATCH = 1000;

const inBatches = async <T>(items: readonly T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
};

/** The spare parts of the demo catalogue the machine catalogues may reference. */
export const loadPartArticles = (db: DbOrTx) =>
  queryRows<PartArticle>(
    db,
    sql`select id::int as id, tag4 as family, tag5 as model,
               coalesce(tag5 <> '' and descrizione like '%' || tag5, false) as "namesModel"
          from articolo where tipo_articolo = 'R' and not cingolo_in_gomma order by id`,
  );

const NOTHING: DemoMachinesResult = {
  created: false,
  models: 0,
  catalogues: 0,
  rows: 0,
  drawings: 0,
  pngs: 0,
  machines: 0,
  grants: 0,
  ms: 0,
};

/**
 * Loads the demo machines, their catalogues (rows generated from the demo articles), drawings and
 * subdealer grants; with a data directory also the drawing PNGs (only those not written yet). Does
 * nothing when a catalogue exists or there are no spare parts to reference.
 */
export const loadDemoMachines = async (db: Db, dataDir: string | null): Promise<DemoMachinesResult> => {
  const started = Date.now();
  const [present] = await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from catalogo) as present`);
  if (present?.present) return NOTHING;
  const articles = await loadPartArticles(db);
  if (articles.length === 0) return NOTHING;
  const showcase = generateCatalogue(DEMO_CATALOGUE).showcase()[0]?.id ?? null;
  const seed = generateMachines({ articles, showcaseArticleId: showcase });

  const rows = await db.transaction(async (tx) => {
    await tx.insert(crModelli).values(seed.models).onConflictDoNothing({ target: crModelli.modello });
    const modelIds = new Map(
      (await tx.select({ id: crModelli.id, modello: crModelli.modello }).from(crModelli)).map((m) => [m.modello, m.id]),
    );
    await tx
      .insert(catalogoDisegno)
      .values(seed.drawings.map(({ name, width, height, labels }) => ({ name, width, height, labels })))
      .onConflictDoNothing({ target: catalogoDisegno.name });
    let count = 0;
    for (const catalogue of seed.catalogues) {
      const [created] = await tx
        .insert(catalogo)
        .values({
          crCodice: catalogue.crCodice,
          crDescrizione: catalogue.crDescrizione,
          localizedDescrizione: catalogue.localizedDescrizione,
        })
        .returning({ id: catalogo.id });
      if (!created) throw new Error(`catalogue ${catalogue.crCodice} not inserted`);
      await inBatches(catalogue.rows, (batch) =>
        tx.insert(catalogoRiga).values(batch.map((row) => ({ ...row, crId: created.id }))),
      );
      await regenerateCatalogue(tx, created.id);
      count += catalogue.rows.length;
    }
    await inBatches(seed.machines, (batch) =>
      tx
        .insert(macchina)
        .values(
          batch.map(({ modello, ...m }) => ({ ...m, modelloId: modello ? (modelIds.get(modello) ?? null) : null })),
        )
        .onConflictDoNothing({ target: macchina.mtMatricola }),
    );
    await tx
      .insert(crSubdealerVisibilita)
      .values(seed.visibilita.map((v) => ({ ...v, createdBy: 'system' })))
      .onConflictDoNothing();
    return count;
  });
  const pngs = dataDir ? await writeDrawingPngs(dataDir, seed.drawings) : 0;
  return {
    created: true,
    models: seed.models.length,
    catalogues: seed.catalogues.length,
    rows,
    drawings: seed.drawings.length,
    pngs,
    machines: seed.machines.length,
    grants: seed.visibilita.length,
    ms: Date.now() - started,
  };
};
