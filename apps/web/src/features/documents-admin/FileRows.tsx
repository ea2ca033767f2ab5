import { DeleteOutlined, FilePdfOutlined } from '@ant-design/icons';
import { DOCUMENT_LIMITS } from '@ricambi/domain';
import { Button, Flex, Input, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format.ts';
import type { ControlProps } from '../catalogue-admin/CatalogueControls.tsx';
import {
  addFileRow,
  asFileRows,
  canAddFile,
  type FileField,
  type FileFields,
  type FileRow,
  type FileRowsValue,
  fileDownloadUrl,
  fileRowProblems,
  newFileRow,
  removeFileRow,
  updateFileRow,
} from './cr-documenti.rows.ts';
import { linguaLabel, linguaOptions } from './DocumentControls.tsx';
import { CellError, FIELDSET } from './ModelRows.tsx';
import { PdfUpload } from './PdfUpload.tsx';

/** The file of a row: a saved one is a download link; size under it. */
const FileCell = ({ row }: { row: FileRow }) => {
  const { i18n } = useTranslation();
  return (
    <Flex vertical gap={0} style={{ minWidth: 140, maxWidth: 220 }}>
      <Flex gap={6} align="center">
        <FilePdfOutlined aria-hidden />
        {row.id ? (
          <Typography.Link href={fileDownloadUrl(row.id)} target="_blank" rel="noreferrer" ellipsis>
            {row.nomeFileOriginale}
          </Typography.Link>
        ) : (
          <Typography.Text ellipsis={{ tooltip: row.nomeFileOriginale }}>{row.nomeFileOriginale}</Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatBytes(row.sizeBytes, i18n.language)}
      </Typography.Text>
    </Flex>
  );
};

const EDITABLE: readonly FileField[] = ['codice', 'descrizioneFile', 'lingua', 'note'];
const MAX: Record<Exclude<FileField, 'lingua'>, number> = {
  codice: DOCUMENT_LIMITS.codice,
  descrizioneFile: DOCUMENT_LIMITS.descrizioneFile,
  note: DOCUMENT_LIMITS.note,
};
const MIN_WIDTHS: Record<Exclude<FileField, 'lingua'>, number> = { codice: 150, descrizioneFile: 170, note: 140 };
const WIDTHS: Record<FileField, number | undefined> = {
  codice: 190,
  descrizioneFile: 220,
  lingua: 150,
  note: undefined,
};

/**
 * The document dialog's "Files" tab (spec 3 §5, spec 2 §4): saved files (download, description
 * editable, delete once confirmed) and PDFs uploaded here, pending (marked new) and removable until
 * Save takes them. Every row needs its code, description and language.
 */
export const FileRowsEditor = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const v = asFileRows(value);
  // An upload ends after other edits: it adds to the rows as they are then, not as they were.
  const latest = useRef(v);
  latest.current = v;
  const set = (next: FileRowsValue) => onChange(next);
  const fieldName = (field: FileField) => t(`crDocumentiFile.field.${field}`);

  const control = (row: FileRow, field: FileField, index: number) => {
    const problem = fileRowProblems(row)[field];
    const errorId = `files-r${index + 1}-${field}-error`;
    const common = {
      disabled,
      status: problem ? ('error' as const) : undefined,
      'aria-label': t('crDocumenti.files.cell', { field: fieldName(field), row: index + 1 }),
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? errorId : undefined,
    };
    const patch = (p: Partial<FileFields>) => set(updateFileRow(v, row.key, p));
    return (
      <>
        {field === 'lingua' ? (
          <Select
            {...common}
            value={row.lingua ?? undefined}
            onChange={(l) => patch({ lingua: l ?? null })}
            options={linguaOptions()}
            placeholder={t('crDocumenti.placeholder.choose')}
            style={{ width: '100%', minWidth: 130 }}
          />
        ) : (
          <Input
            {...common}
            value={row[field]}
            maxLength={MAX[field]}
            onChange={(e) => patch({ [field]: e.target.value })}
            // Narrow screens scroll the table sideways rather than squeeze the inputs.
            style={{ minWidth: MIN_WIDTHS[field] }}
          />
        )}
        <CellError id={errorId} problem={problem} />
      </>
    );
  };

  return (
    <fieldset id={id} aria-label={t('crDocumenti.tab.files')} data-testid="file-rows" style={FIELDSET}>
      <Flex vertical gap={12}>
        <Table<FileRow>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={v.rows}
          scroll={{ x: true }}
          tableLayout="auto"
          // Controls at the top of their cells: a message under one does not shift the others.
          onRow={() => ({ style: { verticalAlign: 'top' } })}
          locale={{ emptyText: t('crDocumenti.files.empty') }}
          columns={[
            {
              key: 'file',
              title: t('crDocumentiFile.field.nomeFileOriginale'),
              render: (_: unknown, row: FileRow) => <FileCell row={row} />,
            },
            ...EDITABLE.map((field) => ({
              key: field,
              title: fieldName(field),
              width: WIDTHS[field],
              render: (_: unknown, row: FileRow, index: number) => control(row, field, index),
            })),
            {
              key: '_actions',
              // Kept in view when a narrow screen scrolls the table sideways.
              fixed: 'right' as const,
              title: <span className="visually-hidden">{t('entity.a11y.actions')}</span>,
              width: 120,
              render: (_: unknown, row: FileRow) => {
                const label = t('crDocumenti.files.remove', { name: row.nomeFileOriginale });
                const remove = () => set(removeFileRow(v, row.key));
                return (
                  <Flex gap={6} align="center" justify="end">
                    {row.isNew ? <Tag color="blue">{t('crDocumenti.rows.new')}</Tag> : null}
                    {row.isNew ? (
                      <Tooltip title={t('crDocumenti.rows.remove')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={disabled}
                          onClick={remove}
                          aria-label={label}
                        />
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        title={t('crDocumenti.files.removeConfirm', { name: row.nomeFileOriginale })}
                        okText={t('entity.action.delete')}
                        cancelText={t('entity.action.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={remove}
                        disabled={disabled}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} disabled={disabled} aria-label={label} />
                      </Popconfirm>
                    )}
                  </Flex>
                );
              },
            },
          ]}
        />
        <PdfUpload
          testId="document-pdf-upload"
          disabled={disabled || !canAddFile(v)}
          onStart={() => set({ ...latest.current, uploading: latest.current.uploading + 1 })}
          onDone={(uploaded) => {
            const now = { ...latest.current, uploading: Math.max(0, latest.current.uploading - 1) };
            set(uploaded ? addFileRow(now, newFileRow(uploaded)) : now);
          }}
        />
      </Flex>
    </fieldset>
  );
};

/** The detail page's files, each a download link. */
export const FileRowsView = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  return (
    <Table<FileRow>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={asFileRows(value).rows}
      scroll={{ x: true }}
      locale={{ emptyText: t('crDocumenti.files.empty') }}
      columns={[
        {
          key: 'file',
          title: t('crDocumentiFile.field.nomeFileOriginale'),
          render: (_: unknown, row: FileRow) => <FileCell row={row} />,
        },
        { key: 'codice', dataIndex: 'codice', title: t('crDocumentiFile.field.codice') },
        { key: 'descrizioneFile', dataIndex: 'descrizioneFile', title: t('crDocumentiFile.field.descrizioneFile') },
        {
          key: 'lingua',
          title: t('crDocumentiFile.field.lingua'),
          render: (_: unknown, row: FileRow) => linguaLabel(row.lingua),
        },
        { key: 'note', dataIndex: 'note', title: t('crDocumentiFile.field.note') },
      ]}
    />
  );
};
