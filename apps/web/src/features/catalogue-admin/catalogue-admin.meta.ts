import { CATALOGUE_ADMIN_ROLES, SEARCH_LOG_READ_ROLES, SEARCH_LOG_ROLES } from '@ricambi/domain';
import { CATALOGUE_ENTITIES } from '../../api/keys.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

const ADMIN = { read: CATALOGUE_ADMIN_ROLES, write: CATALOGUE_ADMIN_ROLES };
const meta = (name: string, listPath: string, detailPath: string, access = ADMIN): EntityRouteMeta => ({
  name,
  listPath,
  detailPath,
  idParams: ['id'],
  access,
});

/** The route side of each catalogue entity (spec 3 §2); each entity's config spreads its own. */
export const CATALOGUE_ADMIN_META = {
  tipoCategoria: meta(CATALOGUE_ENTITIES.tipoCategoria, '/tipoCategoria', '/tipoCategoria'),
  categoria: meta(CATALOGUE_ENTITIES.categoria, '/categoria', '/categoria'),
  marchio: meta(CATALOGUE_ENTITIES.marchio, '/marchio', '/marchio'),
  articolo: meta(CATALOGUE_ENTITIES.articolo, '/articolo', '/articolo-detail'),
  articoloArticolo: meta(CATALOGUE_ENTITIES.articoloArticolo, '/articoloArticoloList', '/articoloArticolo'),
  articoloEquiv: meta(CATALOGUE_ENTITIES.articoloEquiv, '/articoloEquivs', '/articoloEquiv'),
  searchLog: meta(CATALOGUE_ENTITIES.searchLog, '/searchLogs', '/searchLog', {
    read: SEARCH_LOG_READ_ROLES,
    write: SEARCH_LOG_ROLES,
  }),
  comboVoci: meta(CATALOGUE_ENTITIES.comboVoci, '/comboVoci', '/comboVoci'),
} as const satisfies Record<keyof typeof CATALOGUE_ENTITIES, EntityRouteMeta>;
