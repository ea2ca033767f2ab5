import { CheckCircleFilled } from '@ant-design/icons';
import {
  type CrDocumentiFile,
  type CrDocumentiFileSortField,
  crDocumentiFileCreateSchema,
  crDocumentiFileUpdateSchema,
  DOCUMENT_LIMITS,
  type DocumentUpload,
} from '@ricambi/domain';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatBytes } from '../../lib/format.ts';
import type { ControlProps } from '../catalogue-admin/CatalogueControls.tsx';
import { fileDownloadUrl } from './cr-documenti.rows.ts';
import { CR_DOCUMENTI_FILE_META } from './cr-documenti-file.meta.ts';
import { DocumentLink, DocumentSelect, linguaLabel, linguaOptions } from './DocumentControls.tsx';
import { PdfUpload } from './PdfUpload.tsx';

type Row = CrDocumentiFile & EntityRow;
const f = (name: string) => `crDocumentiFile.field.${name}`;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const METADATA = ['codice', 'descrizioneFile', 'lingua', 'note'] as const;

/** The new file's PDF: uploaded at once, its `upload` id the field's value. */
const PdfUploadField = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t, i18n } = useTranslation();
  const [uploaded, setUploaded] = useState<DocumentUpload>();
  return (
    <Flex vertical gap={8} id={id}>
      {value && uploaded ? (
        <Flex gap={6} align="center" data-testid="uploaded-pdf">
          <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} aria-hidden />
          <Typography.Text>
            {t('crDocumenti.files.uploaded', {
              name: uploaded.nomeFileOriginale,
              size: formatBytes(uploaded.sizeBytes, i18n.language),
            })}
          </Typography.Text>
        </Flex>
      ) : null}
      <PdfUpload
        testId="file-pdf-upload"
        disabled={disabled}
        onStart={() => onChange(null)}
        onDone={(result) => {
          setUploaded(result);
          onChange(result?.upload ?? null);
        }}
      />
    </Flex>
  );
};

/**
 * The documents' files on their own (spec 2 §2, spec 3 §2): a new file is a PDF uploaded at once
 * and then given to a document with its description; an edit changes the description only.
 */
export const crDocumentiFileEntity: EntityConfig<Row, CrDocumentiFileSortField> = {
  ...CR_DOCUMENTI_FILE_META,
  apiPath: '/api/crDocumentiFiles',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 820,
  invalidates: [queryKeys.entity(DOCUMENT_ENTITIES.documenti).all, queryKeys.documents.all],
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    { key: 'codice', titleKey: f('codice'), sortField: 'codice' },
    { key: 'descrizioneFile', titleKey: f('descrizioneFile'), sortField: 'descrizioneFile' },
    { key: 'lingua', titleKey: f('lingua'), sortField: 'lingua', render: (r) => linguaLabel(r.lingua) },
    {
      key: 'idCrDocumenti',
      titleKey: f('idCrDocumenti'),
      sortField: 'idCrDocumenti',
      render: (r) => <DocumentLink doc={r.idCrDocumenti} />,
    },
    {
      key: 'sizeBytes',
      titleKey: f('sizeBytes'),
      responsive: ['md'],
      render: (r) => formatBytes(r.sizeBytes, i18next.language),
    },
    {
      key: 'nomeFileOriginale',
      titleKey: f('nomeFileOriginale'),
      responsive: ['lg'],
      render: (r) => (
        <Typography.Link href={fileDownloadUrl(r.id)} target="_blank" rel="noreferrer">
          {r.nomeFileOriginale}
        </Typography.Link>
      ),
    },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    {
      name: 'idCrDocumenti',
      labelKey: f('idCrDocumenti'),
      kind: 'select',
      required: true,
      wide: true,
      readOnlyOnEdit: true,
      render: (p) => <DocumentSelect {...p} />,
      display: (_v, values) => <DocumentLink doc={values.documento as Row['idCrDocumenti']} />,
    },
    {
      name: 'upload',
      labelKey: f('upload'),
      kind: 'text',
      required: true,
      wide: true,
      hiddenOnEdit: true,
      // Only the new-file dialog has it: the detail page shows the stored file instead.
      visible: (values) => values.id === undefined,
      render: (p) => <PdfUploadField {...p} />,
    },
    {
      name: 'nomeFileOriginale',
      labelKey: f('nomeFileOriginale'),
      kind: 'text',
      ...displayOnly,
      display: (v, values) => (
        <Typography.Link href={fileDownloadUrl(Number(values.id))} target="_blank" rel="noreferrer">
          {String(v)}
        </Typography.Link>
      ),
    },
    {
      name: 'sizeBytes',
      labelKey: f('sizeBytes'),
      kind: 'number',
      ...displayOnly,
      display: (v) => formatBytes(Number(v), i18next.language),
    },
    { name: 'codice', labelKey: f('codice'), kind: 'text', required: true, maxLength: DOCUMENT_LIMITS.codice },
    {
      name: 'descrizioneFile',
      labelKey: f('descrizioneFile'),
      kind: 'text',
      required: true,
      maxLength: DOCUMENT_LIMITS.descrizioneFile,
    },
    {
      name: 'lingua',
      labelKey: f('lingua'),
      kind: 'select',
      required: true,
      options: linguaOptions,
      display: (v) => linguaLabel(v as string),
    },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: DOCUMENT_LIMITS.note },
  ],
  schemas: { create: crDocumentiFileCreateSchema, update: crDocumentiFileUpdateSchema },
  toForm: (row) => ({ ...row, idCrDocumenti: row.idCrDocumenti.id, documento: row.idCrDocumenti }),
  fromForm: (values, editing) => ({
    ...(editing ? {} : { idCrDocumenti: values.idCrDocumenti, upload: values.upload }),
    ...Object.fromEntries(METADATA.map((name) => [name, values[name] ?? null])),
  }),
};

export const CrDocumentiFileListPage = () => <EntityListPage config={crDocumentiFileEntity} />;
export const CrDocumentiFileDetailPage = () => <EntityDetailPage config={crDocumentiFileEntity} />;
