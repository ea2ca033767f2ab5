import { LANGUAGES } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { articolo, searchCount, searchTop } from '../src/db/schema/index.ts';
import { ranksColumn, reindexAll, reindexArticles } from '../src/modules/search/search.indexer.ts';
import { decodeRanks } from '../src/modules/search/search.ranks.ts';
import { fullSearch, listSeek } from '../src/modules/search/search.repository.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const ARTICLES = 3_000;

/**
 * The ranked page takes shortcuts (code index walked in order, later tiers skipped once the page is
 * full): whatever way it takes, it must equal the plain ranking — exact code, code prefix, words in
 * the user's language, words in any language, then by code.
 */
describe('search ranking', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = Array.from({ length: ARTICLES }, (_, i) => {
      const code = `R${String(i).padStart(5, '0')}`;
      // 'ventola' in every 3rd article (spread over the code order); 'cerniera' in the first 5 and the
      // last 300 (a walk from the start meets a few, not a page), and in German in some others.
      const hinge = i < 5 || i >= ARTICLES - 300;
      // 'molla' only together in the middle of the code order (and in one hidden article before them).
      const spring = (i >= 2_000 && i < 2_400) || i === 1;
      const it = [i % 3 === 0 ? 'Ventola' : 'Staffa', hinge ? 'cerniera' : 'piastra', spring ? 'molla' : ''].join(' ');
      const de = i % 7 === 0 ? 'Scharnier cerniera' : 'Platte';
      return {
        id: 500_000 + i,
        articolo: code,
        descrizione: it,
        prezzo: 10,
        tipoArticolo: 'R' as const,
        tipoArticoloOrig: 'T' as const,
        gruppoMerceologico: 'RIC',
        peso: 1,
        visibile: i % 50 !== 1,
        localizedDescrizione: { it, de },
      };
    });
    // Stored last code first: the full reindex must put the search data in code order itself.
    rows.reverse();
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(articolo).values(rows.slice(i, i + 500));
    await reindexAll(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The ranking written plainly: every match, its best tier, sorted. */
  const plainRanking = async (term: string) => {
    const code = term.toLowerCase().replace(/[^a-z0-9]/g, '');
    const words = term
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1);
    const query = words.map((w) => `${w}:*`).join(' & ');
    const rows = await queryRows<{ id: number | string }>(
      t.db,
      sql`select articolo_id as id from (
            select articolo_id, codice_norm,
                   case when codice_norm = ${code} then 0
                        when codice_norm like ${`${code}%`} then 1
                        when tsv_it @@ to_tsquery('simple', ${query}) then 2
                        when tsv_all @@ to_tsquery('simple', ${query}) then 3 end as tier
              from articolo_search where visibile and articolo_id >= 500000) r
           where tier is not null order by tier, codice_norm, articolo_id`,
    );
    return rows.map((r) => Number(r.id));
  };

  /**
   * Gives the i-th test article the Italian description 'Ventola' and the words `wordsOf(i)` (untouched
   * where null), then runs the full reindex.
   */
  const describeAndReindex = async (wordsOf: (i: number) => string[] | null) => {
    for (let i = 0; i < ARTICLES; i++) {
      const words = wordsOf(i);
      if (!words) continue;
      await t.db
        .update(articolo)
        .set({ localizedDescrizione: { it: ['Ventola', ...words].join(' ') } })
        .where(eq(articolo.id, 500_000 + i));
    }
    await reindexAll(t.db);
  };

  /** Each page of the search equals the plain ranking's, and the total is exact or capped below it. */
  const expectPlainPages = async (
    term: string,
    expected: readonly number[],
    pages: readonly (readonly [number, number])[],
    match?: 'exact' | 'fuzzy',
  ) => {
    for (const [page, size] of pages) {
      const result = await fullSearch(t.db, term, 'it', page, size);
      if (match) expect(result.match, term).toBe(match);
      expect(result.ids, `${term} page ${page} of ${size}`).toEqual(expected.slice(page * size, page * size + size));
      if (result.capped) expect(expected.length).toBeGreaterThan(result.total);
      else expect(result.total, term).toBe(expected.length);
    }
  };

  it.each([
    ['ventola', 'many matches spread over the code order'],
    ['cerniera', 'a few Italian matches first, most together at the end of the code order, German ones spread'],
    ['scharnier', 'words of another language only'],
    ['molla', 'matches together in the middle of the code order, none visible before'],
    ['r0001', 'a code prefix'],
    ['r00012', 'an exact code'],
    ['r0299', 'a code prefix with fewer matches than a typeahead page'],
    ['ventola molla', 'two words together only in the middle of the code order, each of them earlier'],
    ['piastra scharnier', 'two words of two languages'],
  ])('"%s" (%s): every page equals the plain ranking', async (term) => {
    const expected = await plainRanking(term);
    expect(expected.length).toBeGreaterThan(0);
    for (const [page, size] of [
      [0, 10],
      [0, 20],
      [1, 20],
      [4, 20],
    ] as const) {
      const result = await fullSearch(t.db, term, 'it', page, size);
      expect(result.match).toBe('exact');
      expect(result.ids, `page ${page} of ${size}`).toEqual(expected.slice(page * size, page * size + size));
      // The total is exact, or capped below the real number.
      if (result.capped) expect(expected.length).toBeGreaterThan(result.total);
      else expect(result.total).toBe(expected.length);
    }
  });

  it('writes the search data in code order on a full reindex (a walk in code order reads consecutive pages)', async () => {
    const rows = await queryRows<{ code: string }>(
      t.db,
      sql`select codice_norm as code from articolo_search order by ctid`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(ARTICLES);
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps a many-match sort until the search data changes, then answers from the new data', async () => {
    // Without the words' lists (no full reindex since they came), the walks give way to sorts.
    await t.db.execute(sql`update search_top_state set ranked = false`);
    await fullSearch(t.db, 'cerniera', 'it', 0, 10);
    const kept = await t.db.select().from(searchTop).where(eq(searchTop.query, "'cerniera':*"));
    expect(kept.map((k) => k.vector)).toContain('it');
    // A count that reached its cap is kept too, and answers the same.
    const ventola = await fullSearch(t.db, 'ventola', 'it', 0, 20);
    expect(await t.db.select().from(searchCount)).toContainEqual({ query: "ventola 'ventola':*", cap: 201 });
    expect(await fullSearch(t.db, 'ventola', 'it', 0, 20)).toEqual(ventola);
    // An article early in the code order gets the word: the kept result must not hide it.
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Cerniera molla nuova' } })
      .where(eq(articolo.id, 500_010));
    await reindexArticles(t.db, [500_010]);
    expect(await t.db.select().from(searchTop)).toEqual([]);
    expect(await t.db.select().from(searchCount)).toEqual([]);
    const result = await fullSearch(t.db, 'cerniera', 'it', 0, 10);
    expect(result.ids).toContain(500_010);
    expect(result.ids).toEqual((await plainRanking('cerniera')).slice(0, 10));
    // It is now the first 'molla' in code order: a walk must not start at the first one before it.
    const spring = await fullSearch(t.db, 'molla', 'it', 0, 10);
    expect(spring.ids[0]).toBe(500_010);
    expect(spring.ids).toEqual((await plainRanking('molla')).slice(0, 10));
    await t.db.execute(sql`update search_top_state set ranked = true`);
  });

  it('skips words in no article, and finds such a word as soon as a change gives it to one', async () => {
    // A code's own digits and an unknown word: the word tiers are not run, and nothing is missed.
    for (const term of ['xylofono', 'R00012-77', 'ventola xylofono']) {
      const result = await fullSearch(t.db, term, 'it', 0, 20);
      expect(result.ids, term).toEqual((await plainRanking(term)).slice(0, 20));
      expect(result.total, term).toBe((await plainRanking(term)).length);
    }
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Xylofono ventola' } })
      .where(eq(articolo.id, 500_020));
    await reindexArticles(t.db, [500_020]);
    for (const term of ['xylofono', 'xylof', 'ventola xylofono']) {
      const expected = await plainRanking(term);
      expect(expected, term).toContain(500_020);
      expect((await fullSearch(t.db, term, 'it', 0, 10)).ids, term).toEqual(expected.slice(0, 10));
      expect((await fullSearch(t.db, term, 'it', 0, 20)).total, term).toBe(expected.length);
    }
  });

  it('gives every word the blocks of every article that has it, after a full reindex and after changes', async () => {
    const uncovered = sql`select count(*) as n
        from articolo_search s
        cross join lateral (select block from search_block where first_code <= s.codice_norm
                             order by first_code desc, block desc limit 1) b,
             unnest(s.tsv_all) as u(lexeme)
        join search_word w on w.word = u.lexeme
       where substring(w.blocks::text from b.block + 1 for 1) is distinct from '1'`;
    const blocks = await queryRows<{ n: number | string }>(t.db, sql`select count(*) as n from search_block`);
    expect(Number(blocks[0]?.n)).toBeGreaterThan(100);
    expect(Number((await queryRows<{ n: number | string }>(t.db, uncovered))[0]?.n)).toBe(0);
    // A word moved to the far end of the code order, where no article had it.
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Molla piastra' }, articolo: 'ZZ-LAST' })
      .where(eq(articolo.id, 500_030));
    await reindexArticles(t.db, [500_030]);
    expect(Number((await queryRows<{ n: number | string }>(t.db, uncovered))[0]?.n)).toBe(0);
    const expected = await plainRanking('molla piastra');
    expect(expected).toContain(500_030);
    for (const [page, size] of [
      [0, 10],
      [0, 20],
    ] as const)
      expect((await fullSearch(t.db, 'molla piastra', 'it', page, size)).ids).toEqual(expected.slice(0, size));
    const full = await fullSearch(t.db, 'molla piastra', 'it', 0, 20);
    if (full.capped) expect(expected.length).toBeGreaterThan(full.total);
    else expect(full.total).toBe(expected.length);
  });

  it('counts each word per language, and a word a change gives to a language is ranked in that language at once', async () => {
    const wrong = sql`select count(*) as n from search_word w
       where w.lang_articles is distinct from array[
         (select count(*) from articolo_search s where s.tsv_it @@ to_tsquery('simple', quote_literal(w.word)))::int,
         (select count(*) from articolo_search s where s.tsv_en @@ to_tsquery('simple', quote_literal(w.word)))::int,
         (select count(*) from articolo_search s where s.tsv_fr @@ to_tsquery('simple', quote_literal(w.word)))::int,
         (select count(*) from articolo_search s where s.tsv_de @@ to_tsquery('simple', quote_literal(w.word)))::int,
         (select count(*) from articolo_search s where s.tsv_es @@ to_tsquery('simple', quote_literal(w.word)))::int]
         and w.word in ('ventola', 'cerniera', 'scharnier', 'molla', 'staffa', 'platte')`;
    await reindexAll(t.db);
    expect(Number((await queryRows<{ n: number | string }>(t.db, wrong))[0]?.n)).toBe(0);
    // 'scharnier' is German only: asked in Italian, the Italian tier has nothing; once an article has
    // it in Italian, that article comes first.
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Scharnier staffa' } })
      .where(eq(articolo.id, 502_999));
    await reindexArticles(t.db, [502_999]);
    const expected = await plainRanking('scharnier');
    expect(expected[0]).toBe(502_999);
    expect((await fullSearch(t.db, 'scharnier', 'it', 0, 10)).ids).toEqual(expected.slice(0, 10));
    expect((await fullSearch(t.db, 'scharnier', 'it', 0, 20)).ids).toEqual(expected.slice(0, 20));
  });

  it("lists each word's articles by their rank in code order, and searches a changed article apart from them", async () => {
    await reindexAll(t.db);
    const ranked = await queryRows<{ id: number | string; rank: number | null }>(
      t.db,
      sql`select articolo_id as id, rank from articolo_search order by codice_norm, articolo_id`,
    );
    expect(ranked.map((r) => r.rank)).toEqual(ranked.map((_, i) => i));
    // The list of all languages (ranks) and each language's own (ranks_it …), against the vectors.
    const vectors = ['all', ...LANGUAGES] as const;
    const listOf = async (word: string, vector: (typeof vectors)[number]) => {
      const [row] = await queryRows<{ ranks: Uint8Array }>(
        t.db,
        sql`select ${sql.raw(ranksColumn(vector))} as ranks from search_word where word = ${word}`,
      );
      return [...decodeRanks(row?.ranks ?? new Uint8Array(0))];
    };
    const holders = async (word: string, vector: (typeof vectors)[number]) =>
      (
        await queryRows<{ rank: number }>(
          t.db,
          sql`select rank from articolo_search
               where ${sql.raw(`tsv_${vector}`)} @@ to_tsquery('simple', quote_literal(${word})) order by rank`,
        )
      ).map((r) => r.rank);
    for (const word of ['ventola', 'cerniera', 'scharnier', 'molla', 'staffa']) {
      for (const vector of vectors)
        expect(await listOf(word, vector), `${word} ${vector}`).toEqual(await holders(word, vector));
    }
    // A German word's Italian list holds only the articles that have it in Italian, not those of all languages.
    expect((await listOf('scharnier', 'it')).length).toBeLessThan((await listOf('scharnier', 'all')).length);
    // The first 'ventola' loses the word and the last 'staffa' gets it: both rows lose their rank, the
    // lists stay as they were, and the searches follow the articles.
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Staffa piastra' } })
      .where(eq(articolo.id, 500_000));
    await t.db
      .update(articolo)
      .set({ localizedDescrizione: { it: 'Ventola molla' } })
      .where(eq(articolo.id, 502_998));
    await reindexArticles(t.db, [500_000, 502_998]);
    const unranked = await queryRows<{ id: number | string }>(
      t.db,
      sql`select articolo_id as id from articolo_search where rank is null order by articolo_id`,
    );
    expect(unranked.map((r) => Number(r.id))).toEqual([500_000, 502_998]);
    for (const term of ['ventola', 'ventola molla', 'molla', 'staffa']) {
      const expected = await plainRanking(term);
      await expectPlainPages(term, expected, [
        [0, 10],
        [0, 20],
        [4, 20],
      ]);
    }
    expect(await plainRanking('ventola molla')).toContain(502_998);
    expect(await plainRanking('ventola')).not.toContain(500_000);
  });

  it('lists words of two characters once a full reindex ran, so a track size of short numbers is ranked from their lists', async () => {
    // Spread over the code order, and one hidden: '72' in every 10th article, '55' in every 4th of those.
    for (let i = 0; i < ARTICLES; i += 10) {
      const it = i % 40 === 0 ? 'Cingolo 250 72 55' : 'Cingolo 250 72 47';
      await t.db
        .update(articolo)
        .set({ localizedDescrizione: { it } })
        .where(eq(articolo.id, 500_000 + i));
    }
    await reindexAll(t.db);
    const [listed] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from search_word where word in ('72', '55', '47') and ranks is not null`,
    );
    expect(Number(listed?.n)).toBe(3);
    for (const term of ['250 72 55', '72 55', 'cingolo 55', '55']) {
      const expected = await plainRanking(term);
      expect(expected.length, term).toBeGreaterThan(10);
      await expectPlainPages(term, expected, [
        [0, 10],
        [0, 20],
        [1, 20],
      ]);
    }
  });

  it("ranks a typo's alternatives from the lists of its language's words only, exactly as the plain ranking", async () => {
    // 'ventolo' only in German, in every 5th article: a typo alternative the Italian tier cannot match.
    for (let i = 0; i < ARTICLES; i += 5) {
      const it = i % 3 === 0 ? 'Ventola staffa' : 'Staffa piastra';
      await t.db
        .update(articolo)
        .set({ localizedDescrizione: { it, de: 'Ventolo Platte' } })
        .where(eq(articolo.id, 500_000 + i));
    }
    await reindexAll(t.db);
    const alternatives = "('ventola' | 'ventolo')";
    const rows = await queryRows<{ id: number | string }>(
      t.db,
      sql`select articolo_id as id from (
            select articolo_id, codice_norm,
                   case when tsv_it @@ to_tsquery('simple', ${alternatives}) then 2
                        when tsv_all @@ to_tsquery('simple', ${alternatives}) then 3 end as tier
              from articolo_search where visibile and articolo_id >= 500000) r
           where tier is not null order by tier, codice_norm, articolo_id`,
    );
    await expectPlainPages(
      'ventolx',
      rows.map((r) => Number(r.id)),
      [
        [0, 10],
        [0, 20],
        [1, 20],
        [4, 20],
      ],
      'fuzzy',
    );
  });

  it("ranks a word from its language's own list, and exactly as before while a language's lists are not yet written", async () => {
    // 'carter' in French in every other of the first 2,500 articles, in Italian only after them.
    for (let i = 0; i < ARTICLES; i += 2) {
      const late = i >= 2_500;
      await t.db
        .update(articolo)
        .set({ localizedDescrizione: late ? { it: 'Carter ventola' } : { it: 'Coperchio', fr: 'Carter moteur' } })
        .where(eq(articolo.id, 500_000 + i));
    }
    await reindexAll(t.db);
    const expected = await plainRanking('carter');
    expect(expected.length).toBeGreaterThan(1_000);
    const pages: [number, number][] = [
      [0, 10],
      [0, 20],
      [3, 20],
      [70, 20],
    ];
    await expectPlainPages('carter', expected, pages);
    // After migration 0027 and before a full reindex, the languages' lists are unknown (null).
    await t.db.execute(sql`update search_word set ranks_it = null, ranks_fr = null`);
    await t.db.delete(searchTop);
    await t.db.delete(searchCount);
    await expectPlainPages('carter', expected, pages);
  });

  it('reads the lists a slice at a time until the page is met: two words found together only late in the code order', async () => {
    // 'alfa' in every other article, 'beta' in every third: together only from the 2,500th on.
    await describeAndReindex((i) => {
      const alfa = i % 2 === 0;
      const beta = i % 3 === 0 && (i >= 2_500 || !alfa);
      return alfa || beta ? [alfa ? 'alfa' : '', beta ? 'beta' : ''] : null;
    });
    for (const term of ['alfa beta', 'alf beta', 'beta alfa ventola']) {
      const expected = await plainRanking(term);
      expect(expected.length, term).toBeGreaterThan(60);
      await expectPlainPages(term, expected, [
        [0, 10],
        [0, 20],
        [1, 20],
        [3, 20],
      ]);
    }
  });

  it('reads the lists from the first block their words share, as the plain ranking', async () => {
    // On a million articles only lists long enough to pay for it are read so; here every one is.
    // 'delta' in every fourth article, 'gamma' only in the last 200: together from block 950 or so of 1,024.
    await describeAndReindex((i) => {
      const delta = i % 4 === 0;
      const gamma = i >= ARTICLES - 200;
      return delta || gamma ? [delta ? 'delta' : '', gamma ? 'gamma' : ''] : null;
    });
    const kept = { ...listSeek };
    Object.assign(listSeek, { bytesMin: 0, ranksMin: 0 });
    try {
      for (const term of ['delta gamma', 'gamma delt', 'ventola gamma delta', 'alfa beta', 'cerniera scharnier']) {
        await t.db.delete(searchTop);
        await t.db.delete(searchCount);
        const expected = await plainRanking(term);
        expect(expected.length, term).toBeGreaterThan(0);
        await expectPlainPages(term, expected, [
          [0, 10],
          [0, 20],
          [2, 20],
        ]);
      }
    } finally {
      Object.assign(listSeek, kept);
    }
  });
});
