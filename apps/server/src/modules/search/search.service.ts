import type { ArticoloHit, Language, TIPI_ARTICOLO } from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/sessions.ts';
import { isCatalogueStaff, loadHits } from '../articolo/articolo.contract.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import type { SearchLog, SearchOrigin } from './search.log.ts';
import * as repo from './search.repository.ts';

export type SearchDeps = { db: Db; searchLog: SearchLog; themes: ThemesService };

/** Where a search comes from: the log entry and the host whose theme decides what may be found. */
export type SearchRequest = { origin: SearchOrigin; hostName: string; lang: Language };

export type HitsPage = {
  items: ArticoloHit[];
  total: number;
  match?: repo.RankedPage['match'];
  corrected?: string[];
  capped?: boolean;
};

/**
 * The searches of spec 1 §2.1, §2.3 and §7: free text (also the typeahead, size 10), by id (one
 * article, or the parts of a machine) and by track dimensions. Each one is written to the search
 * log. Under a theme without parts access only tracks are found (spec 2 §1).
 */
export const createSearchService = ({ db, searchLog, themes }: SearchDeps) => {
  const tracksOnly = (principal: Principal, hostName: string) =>
    themes.resolve(hostName, principal.tema)?.canAccessParts === false;

  /** The result lines of `ids` with the user's prices (one statement). */
  const hitsOf = async (principal: Principal, lang: Language, ids: readonly number[]) =>
    ids.length === 0 ? [] : await loadHits(db, ids, lang, principal.userId);

  /** A search, then its result lines. */
  const withHits = async <T extends { ids: readonly number[] }>(
    principal: Principal,
    lang: Language,
    search: Promise<T>,
  ) => {
    const found = await search;
    return { found, items: await hitsOf(principal, lang, found.ids) };
  };

  /**
   * A page of the free search as kept from an earlier search of the same term, or ranked now and
   * kept while its lines are read (`keep`): a dealer's keystrokes and the pages others open repeat.
   */
  const keptOrRanked = async (q: { term: string; page: number; size: number }, lang: Language) => {
    const key = repo.pageKey(q.term, lang, q.page, q.size);
    const kept = await repo.keptPage(db, key);
    if (kept.page) return { found: kept.page, keep: Promise.resolve() };
    const found = await repo.fullSearch(db, q.term, lang, q.page, q.size);
    return { found, keep: repo.keepPage(db, key, kept.generation, found) };
  };

  return {
    full: async (
      principal: Principal,
      q: { term: string; page: number; size: number },
      req: SearchRequest,
    ): Promise<HitsPage> => {
      // Tracks are found through the articles' own flag too, which the kept pages do not follow.
      const { found, keep } = tracksOnly(principal, req.hostName)
        ? { found: await repo.tracksSearch(db, q.term, req.lang, q.page, q.size), keep: Promise.resolve() }
        : await keptOrRanked(q, req.lang);
      const [items] = await Promise.all([hitsOf(principal, req.lang, found.ids), keep]);
      searchLog.record(req.origin, principal, 'FULL', found.total);
      return { ...found, items };
    },

    byId: async (
      principal: Principal,
      q: { id: number; tipoArticolo: (typeof TIPI_ARTICOLO)[number]; page: number; size: number },
      req: SearchRequest,
    ): Promise<HitsPage> => {
      const scope = { visibleOnly: !isCatalogueStaff(principal), tracksOnly: tracksOnly(principal, req.hostName) };
      const search = async (): Promise<repo.IdPage> => {
        if (q.tipoArticolo === 'M')
          return repo.findMachinePartIds(db, { padreId: q.id, page: q.page, size: q.size }, scope);
        const id = await repo.findArticoloId(db, q.id, scope);
        return { ids: id !== null && q.page === 0 ? [id] : [], total: id === null ? 0 : 1 };
      };
      const { found, items } = await withHits(principal, req.lang, search());
      searchLog.record(req.origin, principal, 'BY_ID', found.total);
      return { items, total: found.total };
    },

    tracks: async (
      principal: Principal,
      q: { tag1: string; tag2: string; tag3: string; tag6: string; page: number; size: number },
      req: SearchRequest,
    ): Promise<HitsPage> => {
      const { found, items } = await withHits(principal, req.lang, repo.findTrackIds(db, q));
      searchLog.record(req.origin, principal, 'DIMENSIONS', found.total);
      return { items, total: found.total };
    },
  };
};
export type SearchService = ReturnType<typeof createSearchService>;
