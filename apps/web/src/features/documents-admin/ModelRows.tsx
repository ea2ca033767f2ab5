import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DOCUMENT_LIMITS } from '@ricambi/domain';
import { Button, Flex, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelNames } from '../../api/documents-admin.api.ts';
import type { ControlProps } from '../catalogue-admin/CatalogueControls.tsx';
import {
  addDraft,
  asModelRows,
  canAddDraft,
  draftProblems,
  draftTyped,
  emptyModelDraft,
  type ModelField,
  type ModelFields,
  type ModelRow,
  type ModelRowsValue,
  modelRowProblems,
  type Problem,
  type RowProblems,
  removeModelRow,
  updateModelRow,
  upperSerial,
} from './cr-documenti.rows.ts';
import { ModelSelect } from './DocumentControls.tsx';

/** The editors' frame: a fieldset named after its tab, without the browser's border. */
export const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** A cell's message under its control, named by the control (aria-describedby). */
export const CellError = ({ id, problem }: { id: string; problem: Problem | undefined }) => {
  const { t } = useTranslation();
  return problem ? (
    <Typography.Text id={id} type="danger" style={{ display: 'block', fontSize: 12 }}>
      {t(problem.key, problem.params ?? {})}
    </Typography.Text>
  ) : null;
};

type Cells = {
  row: ModelFields;
  problems: RowProblems<ModelField>;
  /** `r3` for the third row, `new` for the add-row: ids of the cells' messages. */
  ref: string;
  label: (field: ModelField) => string;
  set: (patch: Partial<ModelFields>) => void;
  disabled: boolean;
  names: readonly string[];
  loading: boolean;
  onEnter?: () => void;
};

/** The four controls of a model row, for the rows and for the add-row alike. */
const modelCells = ({ row, problems, ref, label, set, disabled, names, loading, onEnter }: Cells) => {
  const errorId = (field: ModelField) => (problems[field] ? `models-${ref}-${field}-error` : undefined);
  const text = (field: 'daMatricola' | 'aMatricola' | 'note', upper: boolean) => (
    <>
      <Input
        value={row[field]}
        onChange={(e) => set({ [field]: upper ? upperSerial(e.target.value) : e.target.value })}
        onPressEnter={onEnter}
        disabled={disabled}
        maxLength={field === 'note' ? DOCUMENT_LIMITS.note : DOCUMENT_LIMITS.matricola}
        // Narrow screens scroll the table sideways rather than squeeze the inputs.
        style={{ minWidth: field === 'note' ? 160 : 130 }}
        status={problems[field] ? 'error' : undefined}
        aria-label={label(field)}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={errorId(field)}
      />
      <CellError id={`models-${ref}-${field}-error`} problem={problems[field]} />
    </>
  );
  return {
    modello: (
      <>
        <ModelSelect
          value={row.modello}
          onChange={(v) => set({ modello: (v as string | null) ?? null })}
          disabled={disabled}
          names={names}
          loading={loading}
          status={problems.modello ? 'error' : undefined}
          ariaLabel={label('modello')}
          ariaDescribedBy={errorId('modello')}
        />
        <CellError id={`models-${ref}-modello-error`} problem={problems.modello} />
      </>
    ),
    daMatricola: text('daMatricola', true),
    aMatricola: text('aMatricola', true),
    note: text('note', false),
  } satisfies Record<ModelField, ReactNode>;
};

const FIELDS: readonly ModelField[] = ['modello', 'daMatricola', 'aMatricola', 'note'];
const WIDTHS: Record<ModelField, number | undefined> = {
  modello: 200,
  daMatricola: 150,
  aMatricola: 150,
  note: undefined,
};

/**
 * The document dialog's "Models" tab (spec 3 §5, spec 2 §4): saved rows editable and deletable,
 * rows added here pending (marked new) and removable, and an add-row at the bottom whose model is
 * required once a serial is typed. Its Add button waits for a model and a valid row.
 */
export const ModelRowsEditor = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const names = useModelNames();
  const v = asModelRows(value);
  const set = (next: ModelRowsValue) => onChange(next);
  const fieldName = (field: ModelField) => t(`crDocumentiModelli.field.${field}`);
  const common = { disabled, names: names.data ?? [], loading: names.isPending };
  const add = () => set(addDraft(v));

  const draft = modelCells({
    ...common,
    row: v.draft,
    problems: draftProblems(v.draft),
    ref: 'new',
    label: (field) => t('crDocumenti.models.newCell', { field: fieldName(field) }),
    set: (patch) => set({ ...v, draft: { ...v.draft, ...patch } }),
    onEnter: add,
  });

  return (
    <fieldset id={id} aria-label={t('crDocumenti.tab.models')} data-testid="model-rows" style={FIELDSET}>
      <Table<ModelRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={v.rows}
        scroll={{ x: true }}
        tableLayout="auto"
        // Controls at the top of their cells: a message under one does not shift the others.
        onRow={() => ({ style: { verticalAlign: 'top' } })}
        locale={{ emptyText: t('crDocumenti.models.empty') }}
        columns={[
          ...FIELDS.map((field) => ({
            key: field,
            title: fieldName(field),
            width: WIDTHS[field],
            render: (_: unknown, row: ModelRow, index: number) =>
              modelCells({
                ...common,
                row,
                problems: modelRowProblems(row),
                ref: `r${index + 1}`,
                label: (f) => t('crDocumenti.models.cell', { field: fieldName(f), row: index + 1 }),
                set: (patch) => set(updateModelRow(v, row.key, patch)),
              })[field],
          })),
          {
            key: '_actions',
            // Kept in view when a narrow screen scrolls the table sideways.
            fixed: 'right' as const,
            title: <span className="visually-hidden">{t('entity.a11y.actions')}</span>,
            width: 130,
            render: (_: unknown, row: ModelRow, index: number) => (
              <Flex gap={6} align="center" justify="end">
                {row.isNew ? <Tag color="blue">{t('crDocumenti.rows.new')}</Tag> : null}
                <Tooltip title={t('crDocumenti.rows.remove')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    onClick={() => set(removeModelRow(v, row.key))}
                    aria-label={t('crDocumenti.models.removeRow', { row: index + 1 })}
                  />
                </Tooltip>
              </Flex>
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row data-testid="model-draft" style={{ verticalAlign: 'top' }}>
            {FIELDS.map((field, i) => (
              <Table.Summary.Cell key={field} index={i}>
                {draft[field]}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={FIELDS.length}>
              <Flex gap={6} justify="end">
                {draftTyped(v.draft) ? (
                  <Tooltip title={t('crDocumenti.models.clear')}>
                    <Button
                      size="small"
                      icon={<CloseOutlined />}
                      disabled={disabled}
                      onClick={() => set({ ...v, draft: emptyModelDraft() })}
                      aria-label={t('crDocumenti.models.clear')}
                    />
                  </Tooltip>
                ) : null}
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={disabled || !canAddDraft(v)}
                  onClick={add}
                >
                  {t('crDocumenti.models.add')}
                </Button>
              </Flex>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </fieldset>
  );
};

/** The detail page's model rows. */
export const ModelRowsView = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  return (
    <Table<ModelRow>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={asModelRows(value).rows}
      scroll={{ x: true }}
      locale={{ emptyText: t('crDocumenti.models.empty') }}
      columns={FIELDS.map((field) => ({
        key: field,
        dataIndex: field,
        title: t(`crDocumentiModelli.field.${field}`),
      }))}
    />
  );
};
