import { DownloadOutlined, UploadOutlined, WarningOutlined } from '@ant-design/icons';
import {
  type FieldError,
  USER_IMPORT_LIMITS,
  type UserImportPreview,
  type UserImportPreviewRow,
} from '@ricambi/domain';
import { Alert, Button, Flex, Modal, Progress, Result, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyImport, usePreviewImport } from '../../api/users.api.ts';
import {
  describeFieldError,
  ERROR_CELL,
  ERROR_ROW,
  fieldErrorsByRow,
  RowErrors,
  SpreadsheetDropZone,
} from '../../components/import/SpreadsheetImport.tsx';
import { useSpreadsheetImport } from '../../components/import/useSpreadsheetImport.ts';

/** The columns of the downloadable template, with one example row. */
const TEMPLATE: [string, string][] = [
  ['login', 'mrossi'],
  ['email', 'mario.rossi@example.com'],
  ['firstName', 'Mario'],
  ['lastName', 'Rossi'],
  ['company', 'Rossi Macchine Srl'],
  ['langKey', 'it'],
  ['authorities', 'ROLE_USER|ROLE_CART|ROLE_CR_USER'],
  ['logica', 'dealer'],
  ['dealerLogin', ''],
  ['indirizzo', ''],
  ['cap', ''],
  ['citta', ''],
  ['stato', ''],
  ['vedePrezzi', 'true'],
  ['vedeSconto', 'true'],
  ['vedeTutteLeMatricole', 'false'],
  ['markup', '1'],
  ['sconto', '0'],
  ['activated', 'true'],
];

const downloadTemplate = () => {
  const csv = `\uFEFF${TEMPLATE.map(([c]) => c).join(';')}\r\n${TEMPLATE.map(([, v]) => v).join(';')}\r\n`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'users-template.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

const SHOWN_COLUMNS = ['login', 'email', 'company', 'logica', 'dealerLogin', 'authorities'] as const;

const fieldLabel = (t: TFunction, field: string) => t(`userManagement.field.${field}`, { defaultValue: field });
export const describeRowError = (t: TFunction, e: FieldError) => describeFieldError(t, e, (f) => fieldLabel(t, f));

/** updateList answers field errors as `{row}.{field}`: back to the rows of the preview. */
const errorsByRow = (error: unknown) => fieldErrorsByRow(error, 'login');

type PreviewRow = UserImportPreviewRow & { index: number };

/** The preview of an import: each row with its action and, highlighted, its errors. */
export const ImportPreviewTable = ({ rows }: { rows: PreviewRow[] }) => {
  const { t } = useTranslation();
  const cell = (field: string) => (_: unknown, row: UserImportPreviewRow) => {
    const bad = row.errors.some((e) => e.field === field || e.field.startsWith(`${field}.`));
    const text = row.cells[field] ?? '';
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 180, ...(bad ? ERROR_CELL : {}) }}>
        {bad ? <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} /> : null}
        {text || (bad ? '—' : '')}
      </Typography.Text>
    );
  };
  const [first, ...others] = SHOWN_COLUMNS.map((field) => ({
    key: field,
    title: fieldLabel(t, field),
    render: cell(field),
  }));
  return (
    <Table<PreviewRow>
      size="small"
      rowKey="index"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(row) => ({
        style: row.errors.length ? ERROR_ROW : undefined,
        'data-testid': `import-row-${row.index}`,
      })}
      columns={[
        { key: 'line', title: t('userManagement.import.line'), dataIndex: 'line', width: 70 },
        {
          key: 'action',
          title: t('userManagement.import.action'),
          render: (_: unknown, row: UserImportPreviewRow) =>
            row.action ? <Tag>{t(`userManagement.import.actions.${row.action}`)}</Tag> : null,
        },
        ...(first ? [first] : []),
        // Next to the login, so that the messages are in view without scrolling.
        {
          key: 'errors',
          title: t('userManagement.import.errors'),
          render: (_: unknown, row: UserImportPreviewRow): ReactNode => (
            <RowErrors
              errors={row.errors}
              describe={(e) => describeRowError(t, e)}
              okText={t('userManagement.import.rowOk')}
            />
          ),
        },
        ...others,
      ]}
    />
  );
};

/**
 * Import users (spec 1 §2.3, §7): upload a CSV or XLSX, see every row with its errors, and import
 * them all in one go (api/users/updateList: all rows or none) once none has an error.
 */
const ImportUsersDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const {
    file,
    data,
    rows,
    errorCount,
    canApply,
    failure,
    result,
    onlyErrors,
    setOnlyErrors,
    onFile,
    onApply,
    busy,
    previewing,
    applying,
  } = useSpreadsheetImport({
    preview: usePreviewImport(),
    apply: useApplyImport(),
    maxBytes: USER_IMPORT_LIMITS.maxBytes,
    tooLarge: t('userManagement.import.tooLarge'),
    applyInput: (_file, preview: UserImportPreview) => preview.rows.map((r) => r.values ?? {}),
    rowErrors: (error) => errorsByRow(error),
    messagePrefix: 'userManagement.import.invalid',
    t,
  });
  const creates = rows.filter((r) => r.action === 'create').length;
  const updates = rows.filter((r) => r.action === 'update').length;

  return (
    <Modal
      open
      title={t('userManagement.import.title')}
      width={1040}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            {t('userManagement.import.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose} disabled={applying}>
              {t('entity.action.cancel')}
            </Button>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={onApply}
              disabled={!canApply}
              loading={applying}
              data-testid="import-apply"
            >
              {t('userManagement.import.apply', { count: rows.length })}
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <Result
          status="success"
          title={t('userManagement.import.done')}
          subTitle={t('userManagement.import.doneDetail', { created: result.created, updated: result.updated })}
        />
      ) : (
        <Flex vertical gap={16}>
          <SpreadsheetDropZone
            fileName={file?.name}
            prompt={t('userManagement.import.drop')}
            hint={t('userManagement.import.hint')}
            disabled={busy}
            onFile={onFile}
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">{t('userManagement.import.columnsHelp')}</Typography.Text>
            <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate}>
              {t('userManagement.import.template')}
            </Button>
          </Flex>
          {previewing ? <Progress percent={100} status="active" showInfo={false} /> : null}
          {failure ? <Alert type="error" showIcon title={failure} data-testid="import-failure" /> : null}
          {data ? (
            <>
              <Alert
                type={errorCount ? 'error' : 'success'}
                showIcon
                data-testid="import-summary"
                title={
                  errorCount
                    ? t('userManagement.import.summaryErrors', { count: errorCount, total: rows.length })
                    : t('userManagement.import.summaryOk', { total: rows.length, creates, updates })
                }
                description={
                  data.ignoredColumns.length
                    ? t('userManagement.import.ignored', { columns: data.ignoredColumns.join(', ') })
                    : undefined
                }
              />
              {errorCount ? (
                <Flex gap={8} align="center">
                  <Switch checked={onlyErrors} onChange={setOnlyErrors} id="import-only-errors" />
                  <label htmlFor="import-only-errors">{t('userManagement.import.onlyErrors')}</label>
                </Flex>
              ) : null}
              <ImportPreviewTable rows={onlyErrors ? rows.filter((r) => r.errors.length) : rows} />
            </>
          ) : null}
          {applying ? (
            <div role="status">
              <Typography.Text>{t('userManagement.import.running', { count: rows.length })}</Typography.Text>
              <Progress percent={100} status="active" showInfo={false} />
            </div>
          ) : null}
        </Flex>
      )}
    </Modal>
  );
};

export const ImportUsersButton = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-users">
        {t('userManagement.import.button')}
      </Button>
      {open ? <ImportUsersDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};
