import {
  type ArticoloEquivAdmin,
  type ArticoloEquivSortField,
  articoloEquivInputSchema,
  EQUIV_RELAZIONI,
} from '@ricambi/domain';
import { Tag } from 'antd';
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
  MarchioSelect,
  optionsOf,
  pick,
  relationLabel,
} from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type ArticoloEquivRow = ArticoloEquivAdmin & EntityRow;
export const articoloEquivEntity: EntityConfig<ArticoloEquivRow, ArticoloEquivSortField> = {
  ...CATALOGUE_ADMIN_META.articoloEquiv,
  apiPath: '/api/articoloEquiv',
  idOf: (r) => [String(r.id)],
  defaultSort: 'articoloId,asc',
  searchable: true,
  deleteShowsId: true,
  formColumns: 2,
  columns: [
    idColumn,
    {
      key: 'articolo',
      titleKey: f('articolo'),
      sortField: 'articoloId',
      render: (r) => <ArticoloLink a={r.articolo} />,
    },
    { key: 'equiv', titleKey: f('equiv'), sortField: 'equiv', render: (r) => <code>{r.equiv}</code> },
    {
      key: 'relazione',
      titleKey: f('relazione'),
      sortField: 'relazione',
      render: (r) => <Tag color={r.relazione === 'ALT' ? 'blue' : 'default'}>{r.relazione}</Tag>,
    },
    { key: 'marchio', titleKey: f('marchio'), render: (r) => r.marchio?.descrizione ?? '' },
    { key: 'ordine', titleKey: f('ordine'), responsive: ['lg'] },
    { key: 'note', titleKey: f('note'), responsive: ['lg'], render: (r) => <Clipped text={r.note} max={240} /> },
  ],
  fields: [
    idField,
    {
      name: 'articoloId',
      labelKey: f('articolo'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="articolo-typeahead" />,
      display: (_v, values) => relationLabel(values.articolo),
    },
    { name: 'equiv', labelKey: f('equiv'), kind: 'text', required: true, help: 'catalogueAdmin.help.equiv' },
    {
      name: 'relazione',
      labelKey: f('relazione'),
      kind: 'select',
      required: true,
      options: optionsOf(EQUIV_RELAZIONI, 'catalogueAdmin.relazione'),
    },
    {
      name: 'marchioId',
      labelKey: f('marchio'),
      kind: 'select',
      render: (p) => <MarchioSelect {...p} />,
      display: (_v, values) => (values.marchio as { descrizione: string } | null)?.descrizione ?? '—',
    },
    { name: 'ordine', labelKey: f('ordine'), kind: 'number', step: 1 },
    { name: 'note', labelKey: f('note'), kind: 'text', wide: true },
  ],
  schemas: { create: articoloEquivInputSchema, update: articoloEquivInputSchema },
  newDefaults: { relazione: 'ALT' },
  fromForm: pick(articoloEquivInputSchema),
};

// ---- SearchLog --------------------------------------------------------------------------------

export const ArticoloEquivListPage = () => <EntityListPage config={articoloEquivEntity} />;
export const ArticoloEquivDetailPage = () => <EntityDetailPage config={articoloEquivEntity} />;
