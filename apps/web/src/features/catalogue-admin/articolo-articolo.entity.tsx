import {
  type ArticoloArticoloAdmin,
  type ArticoloArticoloSortField,
  articoloArticoloInputSchema,
} from '@ricambi/domain';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { Clipped } from './CatalogueControls.tsx';
import {
  ArticoloLink,
  ArticoloTypeahead,
  f,
  idColumn,
  idField,
  pick,
  relationLabel,
} from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type ArticoloArticoloRow = ArticoloArticoloAdmin & EntityRow;
export const articoloArticoloEntity: EntityConfig<ArticoloArticoloRow, ArticoloArticoloSortField> = {
  ...CATALOGUE_ADMIN_META.articoloArticolo,
  apiPath: '/api/articoloArticolo',
  idOf: (r) => [String(r.id)],
  defaultSort: 'padreId,asc',
  searchable: true,
  deleteShowsId: true,
  formColumns: 2,
  columns: [
    idColumn,
    { key: 'padre', titleKey: f('padre'), sortField: 'padreId', render: (r) => <ArticoloLink a={r.padre} /> },
    { key: 'figlio', titleKey: f('figlio'), sortField: 'figlioId', render: (r) => <ArticoloLink a={r.figlio} /> },
    {
      key: 'figlioDescrizione',
      titleKey: f('descrizione'),
      responsive: ['lg'],
      render: (r) => <Clipped text={r.figlio?.descrizione} max={260} />,
    },
    { key: 'quantita', titleKey: f('quantita'), sortField: 'quantita' },
    { key: 'livelloImpiego', titleKey: f('livelloImpiego'), sortField: 'livelloImpiego' },
    { key: 'tipo', titleKey: f('tipo') },
    { key: 'origine', titleKey: f('origine'), responsive: ['lg'] },
  ],
  fields: [
    idField,
    {
      name: 'padreId',
      labelKey: f('padre'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="padre-typeahead" />,
      display: (_v, values) => relationLabel(values.padre),
    },
    {
      name: 'figlioId',
      labelKey: f('figlio'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="figlio-typeahead" />,
      display: (_v, values) => relationLabel(values.figlio),
    },
    { name: 'quantita', labelKey: f('quantita'), kind: 'number', required: true, min: 1 },
    { name: 'livelloImpiego', labelKey: f('livelloImpiego'), kind: 'number', required: true, min: 1, step: 1 },
    { name: 'tipo', labelKey: f('tipo'), kind: 'number', required: true, step: 1 },
    { name: 'relazione', labelKey: f('relazione'), kind: 'text' },
    { name: 'origine', labelKey: f('origine'), kind: 'text' },
  ],
  schemas: { create: articoloArticoloInputSchema, update: articoloArticoloInputSchema },
  newDefaults: { quantita: 1, livelloImpiego: 1, tipo: 1 },
  fromForm: pick(articoloArticoloInputSchema),
};

// ---- ArticoloEquiv ----------------------------------------------------------------------------

export const ArticoloArticoloListPage = () => <EntityListPage config={articoloArticoloEntity} />;
export const ArticoloArticoloDetailPage = () => <EntityDetailPage config={articoloArticoloEntity} />;
