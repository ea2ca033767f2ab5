import {
  type CrDocumentiModelli,
  type CrDocumentiModelliSortField,
  crDocumentiModelliInputSchema,
  DOCUMENT_LIMITS,
} from '@ricambi/domain';
import { DOCUMENT_ENTITIES, useModelNames } from '../../api/documents-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { Clipped, type ControlProps } from '../catalogue-admin/CatalogueControls.tsx';
import { CR_DOCUMENTI_MODELLI_META } from './cr-documenti-modelli.meta.ts';
import { DocumentLink, DocumentSelect, ModelSelect, SerialInput } from './DocumentControls.tsx';

type Row = CrDocumentiModelli & EntityRow;
const f = (name: string) => `crDocumentiModelli.field.${name}`;

const ModelNameSelect = (props: ControlProps) => {
  const names = useModelNames();
  return <ModelSelect {...props} names={names.data ?? []} loading={names.isPending} />;
};

/** The documents' model rows on their own (spec 3 §2): a document, a model and its serial range. */
export const crDocumentiModelliEntity: EntityConfig<Row, CrDocumentiModelliSortField> = {
  ...CR_DOCUMENTI_MODELLI_META,
  apiPath: '/api/crDocumentiModellis',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  invalidates: [queryKeys.entity(DOCUMENT_ENTITIES.documenti).all, queryKeys.documents.all],
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    {
      key: 'idCrDocumenti',
      titleKey: f('idCrDocumenti'),
      sortField: 'idCrDocumenti',
      render: (r) => <DocumentLink doc={r.idCrDocumenti} />,
    },
    { key: 'modello', titleKey: f('modello'), sortField: 'modello' },
    { key: 'daMatricola', titleKey: f('daMatricola'), sortField: 'daMatricola' },
    { key: 'aMatricola', titleKey: f('aMatricola'), sortField: 'aMatricola' },
    { key: 'note', titleKey: f('note'), responsive: ['lg'], render: (r) => <Clipped text={r.note} max={320} /> },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', hiddenOnCreate: true, hiddenOnEdit: true },
    {
      name: 'idCrDocumenti',
      labelKey: f('idCrDocumenti'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <DocumentSelect {...p} />,
      display: (_v, values) => <DocumentLink doc={values.documento as Row['idCrDocumenti']} />,
    },
    {
      name: 'modello',
      labelKey: f('modello'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ModelNameSelect {...p} />,
    },
    {
      name: 'daMatricola',
      labelKey: f('daMatricola'),
      kind: 'text',
      maxLength: DOCUMENT_LIMITS.matricola,
      render: (p) => <SerialInput {...p} />,
    },
    {
      name: 'aMatricola',
      labelKey: f('aMatricola'),
      kind: 'text',
      maxLength: DOCUMENT_LIMITS.matricola,
      render: (p) => <SerialInput {...p} />,
      dependencies: ['daMatricola'],
      validate: (value, values) =>
        typeof value === 'string' && typeof values.daMatricola === 'string' && value && values.daMatricola > value
          ? 'crDocumenti.validation.serialRange'
          : undefined,
    },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: DOCUMENT_LIMITS.note },
  ],
  schemas: { create: crDocumentiModelliInputSchema, update: crDocumentiModelliInputSchema },
  toForm: (row) => ({ ...row, idCrDocumenti: row.idCrDocumenti.id, documento: row.idCrDocumenti }),
  fromForm: (values) => ({
    idCrDocumenti: values.idCrDocumenti,
    modello: values.modello,
    daMatricola: values.daMatricola || null,
    aMatricola: values.aMatricola || null,
    note: values.note || null,
  }),
};

export const CrDocumentiModelliListPage = () => <EntityListPage config={crDocumentiModelliEntity} />;
export const CrDocumentiModelliDetailPage = () => <EntityDetailPage config={crDocumentiModelliEntity} />;
