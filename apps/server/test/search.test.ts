import fs from 'node:fs/promises';
import path from 'node:path';
import type { ArticoloDetail, ArticoloHit, InfoCliente } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { appUser, articolo, searchLog, searchPage } from '../src/db/schema/index.ts';
import { articoloImagesDir } from '../src/modules/articolo/articolo.images.ts';
import { reindexArticles } from '../src/modules/search/search.indexer.ts';
import { keepPage, keptPage, pageKey } from '../src/modules/search/search.repository.ts';
import { plainWords, termWords } from '../src/modules/search/search.terms.ts';
import { addBom, addEquiv, createArticolo, createMarchio } from './catalogue-factories.ts';
import { type Agent, createTestApp, type TestApp } from './test-app.ts';

const FILTER = {
  it: 'Filtro olio motore',
  en: 'Engine oil filter',
  fr: 'Filtre à huile moteur',
  de: 'Motorölfilter Hauptstrom',
  es: 'Filtro de aceite del motor',
};

// Spec 1 §2.1, §2.3, §3, §4, §6, §7: searches, article detail, customer price and availability.
describe('search and article', () => {
  let t: TestApp;
  let dealer: Agent;
  let subdealer: Agent;
  let internal: Agent;
  let filterId: number;
  let machineId: number;
  let hiddenId: number;

  const user = async (authorities: string[], values: Partial<typeof appUser.$inferInsert> = {}) => {
    const u = await t.createUser({ authorities: authorities as never, login: values.login });
    await t.db.update(appUser).set(values).where(eq(appUser.login, u.login));
    return { ...u, agent: await t.signIn(u.login, u.password) };
  };
  const search = async (agent: Agent, query: string) => {
    const response = await agent.get(`/api/search/full?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { hits: response.json<ArticoloHit[]>(), total: Number(response.headers['x-total-count']), response };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const brand = await createMarchio(t.db, 'Eurocomach Test');
    const filter = await createArticolo(
      t.db,
      { articolo: '6.4021.118.0', localizedDescrizione: FILTER, prezzo: 40, marchioId: brand.id, codImmagine: 'FLT01' },
      { magazzino: 5, in5gg: 2, producibile: 3, inArrivo: 10 },
    );
    filterId = filter.id;
    await addEquiv(t.db, filter.id, '0 986 452 041', 'OEM');
    await reindexArticles(t.db, [filter.id]);
    // Same code prefix, listed after the exact code.
    await createArticolo(t.db, { articolo: '6.4021.118.01', localizedDescrizione: { it: 'Guarnizione coperchio' } });
    await createArticolo(t.db, { articolo: '6.4021.118.05', localizedDescrizione: { it: 'Guarnizione tappo' } });
    // The Italian word in another article's German text: the Italian match ranks first for it users.
    await createArticolo(t.db, {
      articolo: 'AA-0001',
      localizedDescrizione: { it: 'Staffa', de: 'Halter für Filtro-Gehäuse' },
    });
    for (let i = 0; i < 12; i++) {
      await createArticolo(t.db, {
        articolo: `PMP-${100 + i}`,
        localizedDescrizione: { it: `Pompa idraulica ${i}`, en: `Hydraulic pump ${i}` },
      });
    }
    const machine = await createArticolo(t.db, {
      articolo: 'ES85ZT',
      tipoArticolo: 'M',
      marchioId: brand.id,
      tag2: 'ES 85 ZT',
      tag3: 'Cabina',
      localizedDescrizione: { it: 'Escavatore ES 85 ZT cabina' },
    });
    machineId = machine.id;
    await addBom(t.db, machine.id, filter.id, 2);
    for (const [w, p, l, s] of [
      ['300', '52.5', '84', 'B'],
      ['300', '52.5', '86', 'B'],
      ['230', '96', '33', 'C'],
    ] as const) {
      await createArticolo(t.db, {
        articolo: `TRK-${w}-${p}-${l}`,
        cingoloInGomma: true,
        tag1: w,
        tag2: p,
        tag3: l,
        tag6: s,
        localizedDescrizione: { it: `Cingolo in gomma ${w}x${p}x${l}` },
      });
    }
    hiddenId = (
      await createArticolo(t.db, { articolo: 'HID-1', visibile: false, localizedDescrizione: { it: 'Pompa nascosta' } })
    ).id;

    const d = await user(['ROLE_USER', 'ROLE_CART'], { login: 'dealers', logica: 'dealer', sconto: '35' });
    dealer = d.agent;
    subdealer = (
      await user(['ROLE_USER', 'ROLE_CART', 'ROLE_CR_SUBDEALER'], {
        logica: 'subdealer',
        vedePrezzi: false,
        dealerLogin: 'dealers',
        markup: '1.25',
      })
    ).agent;
    internal = (await user(['ROLE_USER', 'ROLE_INTERNAL'], { logica: 'internal' })).agent;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a part by a description word in each of the five languages, accents and case ignored', async () => {
    for (const term of ['olio', 'OIL', 'huile', 'Motorölfilter', 'motorolfilter', 'aceite']) {
      const { hits } = await search(dealer, `term=${encodeURIComponent(term)}`);
      expect(
        hits.map((h) => h.id),
        term,
      ).toContain(filterId);
    }
  });

  it('puts the exact code first, then the code prefix, punctuation ignored', async () => {
    const { hits } = await search(dealer, 'term=6.4021.118.0');
    expect(hits[0]?.articolo).toBe('6.4021.118.0');
    expect(hits.map((h) => h.articolo)).toEqual(['6.4021.118.0', '6.4021.118.01', '6.4021.118.05']);
    const prefix = await search(dealer, 'term=64021');
    expect(prefix.total).toBe(3);
  });

  it("ranks the user's language before the other languages", async () => {
    const { hits } = await search(dealer, 'term=filtro&lang=it');
    expect(hits.map((h) => h.articolo)).toEqual(['6.4021.118.0', 'AA-0001']);
    expect(hits[0]?.descrizione).toBe('Filtro olio motore');
    const german = await search(dealer, 'term=filtro&lang=de');
    expect(german.hits[0]?.descrizione).toBe('Halter für Filtro-Gehäuse');
  });

  it('forgives a typo and says so', async () => {
    const { hits, response } = await search(dealer, 'term=idraulcia');
    expect(response.headers['x-search-match']).toBe('fuzzy');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.descrizione).toMatch(/Pompa idraulica/);
    const none = await search(dealer, 'term=zzqqxx');
    expect(none.total).toBe(0);
    expect(none.response.headers['x-search-match']).toBe('none');
  });

  it('forgives two letters swapped, which trigrams alone find too unlike', async () => {
    const { hits, response } = await search(dealer, 'term=filrto');
    expect(response.headers['x-search-match']).toBe('fuzzy');
    expect(decodeURIComponent(String(response.headers['x-search-corrected']))).toBe('filtro');
    expect(hits.map((h) => h.articolo)).toContain('6.4021.118.0');
  });

  it('forgives a short word by likeness alone, beside a long word that needs the swap forgiven', async () => {
    // A 4-letter word gets no edit, only alike stored words (the index is asked at that likeness).
    const short = await search(dealer, 'term=olii');
    expect(short.response.headers['x-search-match']).toBe('fuzzy');
    expect(decodeURIComponent(String(short.response.headers['x-search-corrected']))).toBe('olio');
    // With a long word beside it, that word is asked at the low likeness the swap needs, the short one still at its own.
    const both = await search(dealer, 'term=olii%20filrto');
    expect(both.response.headers['x-search-match']).toBe('fuzzy');
    expect(decodeURIComponent(String(both.response.headers['x-search-corrected']))).toBe('olio filtro');
    expect(both.hits.map((h) => h.articolo)).toEqual(['6.4021.118.0']);
  });

  it('finds an OEM code typed with spaces, dashes or none', async () => {
    for (const term of ['0 986 452 041', '0986-452-041', '0986452041', '0986 452']) {
      const { hits, response } = await search(dealer, `term=${encodeURIComponent(term)}`);
      expect(response.headers['x-search-match'], term).toBe('exact');
      expect(
        hits.map((h) => h.id),
        term,
      ).toEqual([filterId]);
    }
  });

  it('finds a track by its size as written or as three numbers, with a decimal point or comma, and by a prefix', async () => {
    for (const term of ['300x52.5x84', '300X52,5X84', 'cingolo 300x52.5x84', '300 52.5 84', '300 52,5 84 B']) {
      const { hits, response } = await search(dealer, `term=${encodeURIComponent(term)}`);
      expect(response.headers['x-search-match'], term).toBe('exact');
      expect(
        hits.map((h) => h.articolo),
        term,
      ).toEqual(['TRK-300-52.5-84']);
    }
    const prefix = await search(dealer, 'term=300x52&size=10');
    expect(prefix.hits.map((h) => h.articolo)).toEqual(['TRK-300-52.5-84', 'TRK-300-52.5-86']);
  });

  it('serves the typeahead 10 at a time with the total for "show all", never hidden articles', async () => {
    const { hits, total, response } = await search(dealer, 'term=pompa&size=10');
    expect(hits).toHaveLength(10);
    // The typeahead counts only far enough to know there is more than one page.
    expect(total).toBe(10);
    expect(response.headers['x-total-count-capped']).toBe('true');
    expect((await search(dealer, 'term=pompa&size=20')).total).toBe(12);
    expect(hits.map((h) => h.id)).not.toContain(hiddenId);
    const page2 = await search(dealer, 'term=pompa&size=10&page=1');
    expect(page2.hits).toHaveLength(2);
  });

  it("answers a repeated search from its kept page, with each user's prices, until the search data changes", async () => {
    const wiper = await createArticolo(t.db, {
      articolo: 'WIP-1',
      prezzo: 40,
      localizedDescrizione: { it: 'Spazzola tergicristallo' },
    });
    const first = await search(dealer, 'term=tergicristallo&size=10');
    expect(first.hits.map((h) => h.articolo)).toEqual(['WIP-1']);
    const key = pageKey('tergicristallo', 'it', 0, 10);
    const [kept] = await t.db.select().from(searchPage).where(eq(searchPage.key, key));
    expect(kept).toMatchObject({ ids: [wiper.id], total: 1, capped: false, match: 'exact' });

    // The next search of the term reads the kept page (marked here), not the ranking; the lines are the user's own.
    await t.db.update(searchPage).set({ total: 7 }).where(eq(searchPage.key, key));
    expect((await search(dealer, 'term=tergicristallo&size=10')).total).toBe(7);
    const [own] = (await search(subdealer, 'term=tergicristallo&size=10')).hits;
    expect(own).toMatchObject({ articolo: 'WIP-1', prezzo: null, netto: null });

    // A new article with the word, then one hidden: each change is seen by the next search.
    await createArticolo(t.db, { articolo: 'WIP-2', localizedDescrizione: { it: 'Motorino tergicristallo' } });
    expect(await t.db.select().from(searchPage)).toEqual([]);
    const added = await search(dealer, 'term=tergicristallo&size=10');
    expect(added.hits.map((h) => h.articolo)).toEqual(['WIP-1', 'WIP-2']);
    expect(added.total).toBe(2);
    await t.db.update(articolo).set({ visibile: false }).where(eq(articolo.id, wiper.id));
    await reindexArticles(t.db, [wiper.id]);
    expect((await search(dealer, 'term=tergicristallo&size=10')).hits.map((h) => h.articolo)).toEqual(['WIP-2']);
  });

  it('keeps no page ranked on search data that changed while it was ranked', async () => {
    const key = pageKey('nessuno', 'it', 0, 10);
    const { generation } = await keptPage(t.db, key);
    await createArticolo(t.db, { articolo: 'GEN-1', localizedDescrizione: { it: 'Generazione' } });
    await keepPage(t.db, key, generation, { ids: [], total: 0, capped: false, match: 'none' });
    expect((await keptPage(t.db, key)).page).toBeNull();
    const now = await keptPage(t.db, key);
    await keepPage(t.db, key, now.generation, { ids: [], total: 0, capped: false, match: 'none' });
    expect((await keptPage(t.db, key)).page).toEqual({ ids: [], total: 0, capped: false, match: 'none' });
  });

  it('guesses the words of a plain term as the parser cuts them, and guesses nothing for any other term', async () => {
    const plain = [
      'filtro olio',
      'Filtro  OLIO 300',
      '180 72 39',
      'x',
      'pompa idr 300 kg',
      'abc123',
      '300x52.5x84',
      '250X52,5X73 B',
      '300 52,5 80',
      '2.574',
      '180x72x39 z',
    ];
    const other = ['EC-71137', 'câble', "l'olio", 'a-b', 'filtro,olio', '12abc', '4e7xyx', '12.5x3', '1.2.3'];
    for (const term of plain) {
      const [row] = await queryRows<{ words: string[] | string }>(t.db, sql`select ${termWords(term)} as words`);
      const parsed = typeof row?.words === 'string' ? JSON.parse(row.words) : row?.words;
      const guessed = plainWords(term);
      if (guessed) expect(guessed, term).toEqual(parsed);
    }
    expect(plainWords('Filtro  OLIO 300')).toEqual(['filtro', 'olio', '300']);
    expect(plainWords('abc123')).toBeNull();
    expect(plainWords('250X52,5X73 B')).toEqual(['250x52.5x73', 'b']);
    for (const term of other) expect(plainWords(term), term).toBeNull();
    // A plain term searches as before, its estimates asked ahead.
    expect((await search(dealer, 'term=olio%20motore&size=10&page=0')).hits.map((h) => h.id)).toContain(filterId);
  });

  it('refuses an empty term with a field error', async () => {
    const response = await dealer.get('/api/search/full?term=%20');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe('term');
  });

  it('prices for the dealer (list less sconto) and hides prices from a subdealer without vedePrezzi', async () => {
    const [hit] = (await search(dealer, 'term=6.4021.118.0')).hits;
    expect(hit).toMatchObject({ prezzo: 40, netto: 26, scontoPerc: 35, disponibiliLabel: 'DISPONIBILE' });
    const [hidden] = (await search(subdealer, 'term=6.4021.118.0')).hits;
    expect(hidden).toMatchObject({ prezzo: null, netto: null, scontoPerc: null });
  });

  it('gives the availability label for the quantity, with stock figures for staff only', async () => {
    const info = async (agent: Agent, q: number) => {
      const response = await agent.get(
        `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${filterId}&quantita=${q}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InfoCliente>();
    };
    expect((await info(dealer, 5)).disponibiliLabel).toBe('DISPONIBILE');
    expect((await info(dealer, 10)).disponibiliLabel).toBe('DISPONIBILE_5GG');
    expect((await info(dealer, 20)).disponibiliLabel).toBe('IN_ARRIVO');
    const phone = await info(dealer, 21);
    expect(phone).toMatchObject({ disponibiliLabel: 'TELEFONARE', netto: 26, totale: 546, disponibilita: null });
    expect(await info(internal, 1)).toMatchObject({ disponibilita: 5, in5gg: 2, producibile: 3, inArrivo: 10 });
    expect((await info(subdealer, 1)).netto).toBeNull();
  });

  it('asks before ordering more than available only for tipoArticoloOrig 0', async () => {
    const special = await createArticolo(t.db, { articolo: 'ZERO-1', tipoArticoloOrig: '0' }, { magazzino: 2 });
    const url = (q: number) =>
      `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${special.id}&quantita=${q}`;
    expect((await dealer.get(url(2))).json<InfoCliente>().confermaSuperamento).toBe(false);
    expect((await dealer.get(url(3))).json<InfoCliente>().confermaSuperamento).toBe(true);
    const ordinary = `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${filterId}&quantita=99`;
    expect((await dealer.get(ordinary)).json<InfoCliente>().confermaSuperamento).toBe(false);
  });

  it('shows the article in the language asked, with its images; a hidden or unknown article is not found', async () => {
    const dir = articoloImagesDir(t.config.dataDir);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'FLT01.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(path.join(dir, 'FLT01_2.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await dealer.get(`/api/articolo/${filterId}/detail?lang=fr`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ArticoloDetail>();
    expect(detail).toMatchObject({ articolo: '6.4021.118.0', descrizione: 'Filtre à huile moteur' });
    expect(detail.images.map((i) => i.name)).toEqual(['FLT01.svg', 'FLT01_2.svg']);
    const image = await dealer.get(detail.images[0]?.url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await dealer.get(`/api/articolo/${filterId}/images/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
    expect((await dealer.get(`/api/articolo/${hiddenId}/detail`)).statusCode).toBe(404);
    expect((await dealer.get('/api/articolo/999999999/detail')).statusCode).toBe(404);
    expect((await internal.get(`/api/articolo/${hiddenId}/detail`)).statusCode).toBe(200);
  });

  it("comes with the price and availability of one unit, as the user's own findInfoCliente says", async () => {
    const one = `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${filterId}&quantita=1`;
    for (const user of [dealer, internal]) {
      const detail = (await user.get(`/api/articolo/${filterId}/detail`)).json<ArticoloDetail>();
      expect(detail.infoCliente).toEqual((await user.get(one)).json<InfoCliente>());
    }
    // The customer sees no stock figures there either; staff do.
    expect(
      (await dealer.get(`/api/articolo/${filterId}/detail`)).json<ArticoloDetail>().infoCliente.disponibilita,
    ).toBeNull();
    expect(
      (await internal.get(`/api/articolo/${filterId}/detail`)).json<ArticoloDetail>().infoCliente.disponibilita,
    ).not.toBeNull();
  });

  it('cascades brand → model → variant → machine, and lists the parts of the machine', async () => {
    const brands = (await dealer.get('/api/marchio/search/findByModelloAndVariante')).json<{ id: number }[]>();
    expect(brands).toHaveLength(1);
    const marchioId = brands[0]?.id;
    const models = (await dealer.get(`/api/articolo/search/distinctTag2ByMarchioId?marchioId=${marchioId}`)).json();
    expect(models).toEqual([{ value: 'ES 85 ZT', count: 1 }]);
    const variants = (
      await dealer.get(`/api/articolo/search/distinctTag3ByMarchioIdAndTag2?marchioId=${marchioId}&tag2=ES%2085%20ZT`)
    ).json();
    expect(variants).toEqual([{ value: 'Cabina', count: 1 }]);
    const machines = (
      await dealer.get(
        `/api/articolo/search/findByMarchioIdAndTag2AndTag3?marchioId=${marchioId}&tag2=ES%2085%20ZT&tag3=Cabina`,
      )
    ).json<ArticoloHit[]>();
    expect(machines.map((m) => m.id)).toEqual([machineId]);
    const parts = await dealer.get(`/api/search/byId?id=${machineId}&tipoArticolo=M`);
    expect(parts.json<ArticoloHit[]>().map((p) => p.id)).toEqual([filterId]);
    expect(parts.headers['x-total-count']).toBe('1');
    const one = await dealer.get(`/api/search/byId?id=${filterId}`);
    expect(one.json<ArticoloHit[]>().map((p) => p.id)).toEqual([filterId]);
  });

  it('cascades track width → pitch → links → shape in numeric order and finds the track', async () => {
    expect((await dealer.get('/api/articolo/search/distinctTag1')).json()).toEqual([
      { value: '230', count: 1 },
      { value: '300', count: 2 },
    ]);
    expect((await dealer.get('/api/articolo/search/distinctTag2ByTag1?tag1=300')).json()).toEqual([
      { value: '52.5', count: 2 },
    ]);
    expect((await dealer.get('/api/articolo/search/distinctTag3ByTag1AndTag2?tag1=300&tag2=52.5')).json()).toEqual([
      { value: '84', count: 1 },
      { value: '86', count: 1 },
    ]);
    expect(
      (await dealer.get('/api/articolo/search/distinctTag6ByTag1AndTag2AndTag3?tag1=300&tag2=52.5&tag3=84')).json(),
    ).toEqual([{ value: 'B', count: 1 }]);
    const found = await dealer.get(
      '/api/articolo/search/findByTag1AndTag2AndTag3AndTag6?tag1=300&tag2=52.5&tag3=84&tag6=B',
    );
    expect(found.json<ArticoloHit[]>().map((h) => h.articolo)).toEqual(['TRK-300-52.5-84']);
    const none = await dealer.get(
      '/api/articolo/search/findByTag1AndTag2AndTag3AndTag6?tag1=300&tag2=52.5&tag3=84&tag6=Z',
    );
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('finds only tracks under a theme without parts access: free search, typeahead, codes and ids', async () => {
    await createArticolo(t.db, { articolo: 'RUL-1', localizedDescrizione: { it: 'Rullo per cingolo' } });
    const tracksUser = (await user(['ROLE_USER', 'ROLE_CART'], { tema: 'tracks', logica: 'dealer' })).agent;
    const codes = (hits: ArticoloHit[]) => hits.map((h) => h.articolo).sort();
    const trackCodes = ['TRK-230-96-33', 'TRK-300-52.5-84', 'TRK-300-52.5-86'];

    // The parts theme finds the roller as well; the tracks theme only the tracks.
    expect(codes((await search(dealer, 'term=cingolo')).hits)).toEqual(['RUL-1', ...trackCodes]);
    const free = await search(tracksUser, 'term=cingolo');
    expect(codes(free.hits)).toEqual(trackCodes);
    expect(free.total).toBe(3);
    const typeahead = await search(tracksUser, 'term=cingolo&size=10');
    expect(codes(typeahead.hits)).toEqual(trackCodes);
    expect((await search(tracksUser, 'term=TRK-300')).hits.map((h) => h.articolo)).toEqual([
      'TRK-300-52.5-84',
      'TRK-300-52.5-86',
    ]);
    const part = await search(tracksUser, 'term=6.4021.118.0');
    expect(part.hits).toEqual([]);
    expect(part.total).toBe(0);
    expect((await search(tracksUser, 'term=cingolp')).hits.length).toBe(3); // a typo forgiven, tracks only

    const byId = async (query: string) => (await tracksUser.get(`/api/search/byId?${query}`)).json<ArticoloHit[]>();
    expect(await byId(`id=${filterId}`)).toEqual([]);
    expect(await byId(`id=${machineId}&tipoArticolo=M`)).toEqual([]);
    const [track] = (await search(dealer, 'term=TRK-230-96-33')).hits;
    expect((await byId(`id=${track?.id}`)).map((h) => h.articolo)).toEqual(['TRK-230-96-33']);
  });

  it('writes every search to the search log with user, parameters and result count', async () => {
    await search(dealer, 'term=huile');
    await expect
      .poll(async () =>
        (await t.db.select().from(searchLog).where(eq(searchLog.username, 'dealers'))).some(
          (row) => row.tipo === 'FULL' && row.params?.includes('huile') && row.numRisultati === 1,
        ),
      )
      .toBe(true);
  });
});
