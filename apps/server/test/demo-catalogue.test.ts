import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { articoloImagesDir } from '../src/modules/articolo/articolo.images.ts';
import { generateCatalogue } from '../src/seed/catalogue-generator.ts';
import { DEMO_CATALOGUE, loadDemoCatalogue } from '../src/seed/demo-catalogue.seed.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let dataDir: string;
let loaded: Awaited<ReturnType<typeof loadDemoCatalogue>>;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string | number }>(database.db, query))[0]?.n ?? 0);

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-catalogue-'));
  loaded = await loadDemoCatalogue(database.db, dataDir);
});

afterAll(async () => {
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('demo catalogue', () => {
  it('loads spare parts, machines with variants and rubber tracks', async () => {
    expect(loaded.created).toBe(true);
    expect(
      await count(sql`select count(*) as n from articolo where tipo_articolo = 'R' and not cingolo_in_gomma`),
    ).toBeGreaterThanOrEqual(3000);
    const models = await queryRows<{ marchio: string; model: string; variants: number }>(
      database.db,
      sql`select m.descrizione as marchio, a.tag2 as model, count(distinct a.tag3)::int as variants
            from articolo a join marchio m on m.id = a.marchio_id
           where a.tipo_articolo = 'M' group by 1, 2`,
    );
    expect(models.length).toBeGreaterThanOrEqual(8);
    expect(new Set(models.map((m) => m.marchio)).size).toBe(2);
    expect(models.some((m) => m.variants >= 3)).toBe(true);
    const tracks = await queryRows<{ tag1: string; tag2: string; tag3: string; tag6: string; descrizione: string }>(
      database.db,
      sql`select tag1, tag2, tag3, tag6, descrizione from articolo where cingolo_in_gomma and tipo_articolo = 'R'`,
    );
    expect(tracks.length).toBeGreaterThanOrEqual(60);
    expect(tracks).toContainEqual({
      tag1: '300',
      tag2: '52.5',
      tag3: '84',
      tag6: 'C',
      descrizione: 'Cingolo in gomma 300x52.5x84 battistrada C',
    });
  });

  it('has ALT equivalents that are our own articles and OEM codes with their brand', async () => {
    expect(
      await count(
        sql`select count(*) as n from articolo_equiv e join articolo a on a.articolo = e.equiv where e.relazione = 'ALT'`,
      ),
    ).toBeGreaterThan(50);
    expect(
      await count(sql`select count(*) as n from articolo_equiv e where e.relazione = 'ALT'
                       and not exists (select 1 from articolo a where a.articolo = e.equiv)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from articolo_equiv e join marchio m on m.id = e.marchio_id
                       where e.relazione = 'OEM' and not m.visibile`),
    ).toBeGreaterThan(200);
  });

  it('gives every machine a bill of materials of 60 to 200 parts', async () => {
    const boms = await queryRows<{ n: number }>(
      database.db,
      sql`select count(r.id)::int as n from articolo a left join articolo_articolo r on r.padre_id = a.id
           where a.tipo_articolo = 'M' group by a.id`,
    );
    expect(boms.length).toBeGreaterThanOrEqual(16);
    for (const { n } of boms) {
      expect(n).toBeGreaterThanOrEqual(60);
      expect(n).toBeLessThanOrEqual(201);
    }
    expect(await count(sql`select count(distinct livello_impiego) as n from articolo_articolo`)).toBe(3);
  });

  it('reaches all four availability labels at quantity 1', async () => {
    const labels = await queryRows<{ label: string; n: number }>(
      database.db,
      sql`select case when magazzino >= 1 then 'Disponibile'
                      when magazzino + in5gg + producibile >= 1 then 'Disponibile in 5 gg'
                      when magazzino + in5gg + producibile + in_arrivo >= 1 then 'In Arrivo'
                      else 'Telefonare' end as label, count(*)::int as n
            from articolo_stock group by 1`,
    );
    const byLabel = Object.fromEntries(labels.map((l) => [l.label, l.n]));
    for (const label of ['Disponibile', 'Disponibile in 5 gg', 'In Arrivo', 'Telefonare']) {
      expect(byLabel[label] ?? 0).toBeGreaterThan(100);
    }
  });

  it('describes every article in the five languages, accents included, and indexes them', async () => {
    expect(
      await count(
        sql`select count(*) as n from articolo where ${sql.join(
          ['it', 'en', 'fr', 'de', 'es'].map((l) => sql`coalesce(localized_descrizione ->> ${l}, '') = ''`),
          sql` or `,
        )}`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from articolo where localized_descrizione ->> 'de' like '%Ölkühler%'`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from articolo where localized_descrizione ->> 'es' like 'Válvula%'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from articolo_search`)).toBe(DEMO_CATALOGUE.articles);
    expect(
      await count(
        sql`select count(*) as n from articolo_search where tsv_de @@ to_tsquery('simple', 'dichtungssatz & hubzylinder')`,
      ),
    ).toBeGreaterThan(0);
  });

  it('writes a picture for every codImmagine, and leaves some articles without one', async () => {
    const codes = await queryRows<{ cod: string | null; n: number }>(
      database.db,
      sql`select cod_immagine as cod, count(*)::int as n from articolo group by 1`,
    );
    const dir = articoloImagesDir(dataDir);
    for (const { cod } of codes) {
      if (cod === null) continue;
      const svg = await fs.readFile(path.join(dir, `${cod}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg /);
    }
    const without = codes.find((c) => c.cod === null)?.n ?? 0;
    expect(without / DEMO_CATALOGUE.articles).toBeGreaterThan(0.05);
    expect(without / DEMO_CATALOGUE.articles).toBeLessThan(0.15);
    expect((await fs.readdir(dir)).some((name) => name.endsWith('_2.svg'))).toBe(true);
  });

  it('names categories and gives technical data in the five languages', async () => {
    const missing = await count(
      sql`select count(*) as n from categoria where not (localized_nome ?& array['it','en','fr','de','es'])`,
    );
    expect(missing).toBe(0);
    const technical = await count(
      sql`select count(*) as n from articolo where dati_tecnici is not null
            and not (localized_dati_tecnici ?& array['it','en','fr','de','es'])`,
    );
    expect(technical).toBe(0);
    expect(await count(sql`select count(*) as n from articolo where dati_tecnici is not null`)).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const again = await loadDemoCatalogue(database.db, dataDir);
    expect(again.created).toBe(false);
    expect(await count(sql`select count(*) as n from articolo`)).toBe(DEMO_CATALOGUE.articles);
  });

  it('generates the same rows every time', () => {
    const snapshot = () => {
      const catalogue = generateCatalogue(DEMO_CATALOGUE);
      return JSON.stringify([
        catalogue.marchi,
        catalogue.categorie,
        [...catalogue.batches(500)],
        [...catalogue.bomBatches()],
        catalogue.images(),
      ]);
    };
    const first = snapshot();
    expect(snapshot()).toBe(first);
    const codes = [...generateCatalogue(DEMO_CATALOGUE).batches(5000)].flatMap((b) =>
      b.articoli.map((a) => a.articolo),
    );
    expect(new Set(codes).size).toBe(codes.length);
  });
});
