import { CheckOutlined, InboxOutlined } from '@ant-design/icons';
import type { FieldError } from '@ricambi/domain';
import { Button, type ButtonProps, Flex, Popconfirm, Switch, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import { ApiError } from '../../api/http.ts';

/** The parts shared by the spreadsheet imports (users, stock and prices): upload, row errors. */

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ERROR_CELL: CSSProperties = { color: '#a8071a', fontWeight: 600 };
export const ERROR_ROW: CSSProperties = { background: '#fff1f0' };

/** A drop zone (or click to choose) for one CSV or XLSX file; nothing is uploaded by antd itself. */
export const SpreadsheetDropZone = ({
  fileName,
  prompt,
  hint,
  disabled,
  onFile,
  testId = 'import-upload',
}: {
  fileName?: string;
  prompt: string;
  hint: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  testId?: string;
}) => (
  <div data-testid={testId}>
    <Upload.Dragger
      accept={ACCEPT}
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
      disabled={disabled}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{fileName ?? prompt}</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  </div>
);

/** "Field: message" of one row error, the field named by `label`. */
export const describeFieldError = (t: TFunction, e: FieldError, label: (field: string) => string) =>
  t('error.field', { name: label(e.field), message: t(e.message, e.params ?? {}) });

/** The row errors of a refused apply call (`fieldErrors` named `{row}.{field}`), by row index. */
export const fieldErrorsByRow = (error: unknown, defaultField: string) => {
  const byRow = new Map<number, FieldError[]>();
  if (!(error instanceof ApiError)) return byRow;
  for (const e of error.problem?.fieldErrors ?? []) {
    const [index, ...rest] = e.field.split('.');
    const row = Number(index);
    if (!Number.isInteger(row)) continue;
    byRow.set(row, [...(byRow.get(row) ?? []), { ...e, field: rest.join('.') || defaultField }]);
  }
  return byRow;
};

/** The errors of one preview row as a list, or "no error". */
export const RowErrors = ({
  errors,
  describe,
  okText,
}: {
  errors: readonly FieldError[];
  describe: (e: FieldError) => string;
  okText: string;
}) =>
  errors.length ? (
    <ul style={{ margin: 0, paddingInlineStart: 16, color: '#a8071a', maxWidth: 340, whiteSpace: 'normal' }}>
      {errors.map((e) => (
        <li key={`${e.field}:${e.message}`}>{describe(e)}</li>
      ))}
    </ul>
  ) : (
    <Typography.Text type="secondary">{okText}</Typography.Text>
  );

/**
 * Under an import preview: the "only rows with errors" switch (when there are errors) and the apply
 * button behind its confirmation. `name` prefixes the ids and test ids (`<name>-apply`).
 */
export const ImportApplyBar = ({
  name,
  hasErrors,
  onlyErrors,
  setOnlyErrors,
  labels,
  canApply,
  applying,
  onApply,
}: {
  name: string;
  hasErrors: boolean;
  onlyErrors: boolean;
  setOnlyErrors: (value: boolean) => void;
  labels: {
    onlyErrors: string;
    confirmTitle: string;
    confirmText: string;
    confirmOk: string;
    cancel: string;
    apply: string;
  };
  canApply: boolean;
  applying: boolean;
  onApply: () => void;
}) => (
  <Flex justify="space-between" align="center" wrap gap={8}>
    {hasErrors ? (
      <Flex gap={8} align="center">
        <Switch checked={onlyErrors} onChange={setOnlyErrors} id={`${name}-only-errors`} />
        <label htmlFor={`${name}-only-errors`}>{labels.onlyErrors}</label>
      </Flex>
    ) : (
      <span />
    )}
    <Popconfirm
      title={labels.confirmTitle}
      description={labels.confirmText}
      okText={labels.confirmOk}
      cancelText={labels.cancel}
      onConfirm={onApply}
      disabled={!canApply}
      okButtonProps={{ 'data-testid': `${name}-apply-confirm` } as ButtonProps}
    >
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={!canApply}
        loading={applying}
        data-testid={`${name}-apply`}
      >
        {labels.apply}
      </Button>
    </Popconfirm>
  </Flex>
);
