import { MACHINE_LIMITS, visibilitaInputSchema } from '@ricambi/domain';
import { Alert, AutoComplete, Descriptions, Form, Input, Modal, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDealerMachines,
  useDeleteVisibilita,
  userLabel,
  useSaveVisibilita,
  useSubdealers,
  useVisibilita,
} from '../../api/visibility.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { describeError, showSuccess } from '../../lib/alerts.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

const TYPEAHEAD_DEBOUNCE_MS = 200;
type Values = { login?: string; matricola?: string; note?: string | null };
const shape = visibilitaInputSchema.shape;

/** The read-only view of one row. */
export const VisibilityViewModal = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const row = useVisibilita(id);
  const r = row.data;
  return (
    <Modal
      open
      title={t('visibility.detail.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      data-testid="visibility-view"
    >
      {row.isError ? <Alert type="error" showIcon title={describeError(row.error)} /> : null}
      {r ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'dealer', label: t('visibility.field.dealerLogin'), children: r.dealerLogin },
            {
              key: 'login',
              label: t('visibility.field.login'),
              children: userLabel({ login: r.login, company: r.subdealerName }),
            },
            { key: 'matricola', label: t('visibility.field.matricola'), children: r.matricola },
            { key: 'descr', label: t('visibility.field.mtDescr'), children: r.mtDescr },
            {
              key: 'note',
              label: t('visibility.field.note'),
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.note}</span>,
            },
            { key: 'createdBy', label: t('visibility.field.createdBy'), children: r.createdBy },
            { key: 'createdDate', label: t('visibility.field.createdDate'), children: formatDateTime(r.createdDate) },
            { key: 'modBy', label: t('visibility.field.lastModifiedBy'), children: r.lastModifiedBy },
            {
              key: 'modDate',
              label: t('visibility.field.lastModifiedDate'),
              children: formatDateTime(r.lastModifiedDate),
            },
          ]}
        />
      ) : row.isPending ? (
        <Spin />
      ) : null}
    </Modal>
  );
};

/**
 * New (/new/{dealer}) and edit (/{id}/{dealer}/edit): the subdealer, then the serial (a typeahead
 * over the dealer's machines, disabled until a subdealer is chosen), and a note of at most 400
 * characters. Save stays disabled while the form is invalid.
 */
export const VisibilityFormModal = ({ id, dealer, onClose }: { id?: number; dealer: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = id !== undefined;
  const existing = useVisibilita(id);
  const subdealers = useSubdealers(dealer);
  const save = useSaveVisibilita();
  const [failure, setFailure] = useState<string>();
  const [valid, setValid] = useState(false);
  const login = Form.useWatch('login', form);
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim().toLowerCase(), TYPEAHEAD_DEBOUNCE_MS);
  const machines = useDealerMachines(dealer, term);

  useEffect(() => {
    const r = existing.data;
    if (r) {
      form.setFieldsValue({ login: r.login, matricola: r.matricola, note: r.note ?? '' });
      setValid(true);
    }
  }, [existing.data, form]);

  const checkValidity = async () => {
    const values = form.getFieldsValue();
    const filled = Boolean(values.login) && Boolean(values.matricola?.trim());
    const withinLimits = (values.note ?? '').length <= MACHINE_LIMITS.visibilitaNote;
    const errors = form.getFieldsError().some((f) => f.errors.length > 0);
    setValid(filled && withinLimits && !errors);
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setFailure(undefined);
    save.mutate(
      {
        id,
        body: {
          login: values.login ?? '',
          matricola: values.matricola ?? '',
          note: values.note ?? null,
          dealerLogin: dealer,
        },
      },
      {
        onSuccess: (row) => {
          showSuccess(t(editing ? 'visibility.updated' : 'visibility.created', { param: row.matricola }));
          onClose();
        },
        onError: (error) => {
          if (applyFieldErrors(form, error, t)) setValid(false);
          else setFailure(describeError(error));
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t(editing ? 'visibility.dialog.edit' : 'visibility.dialog.create')}
      okText={t('entity.action.save')}
      cancelText={t('entity.action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !valid || save.isPending, loading: save.isPending }}
      width={560}
      destroyOnHidden
      data-testid="visibility-form"
    >
      {editing && existing.isPending ? (
        <Spin />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark
          onFieldsChange={() => void checkValidity()}
          initialValues={{ note: '' }}
        >
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Form.Item label={t('visibility.field.dealerLogin')} htmlFor="visibility-form-dealer">
            <Input id="visibility-form-dealer" value={dealer} disabled data-testid="visibility-form-dealer" />
          </Form.Item>
          <Form.Item
            name="login"
            label={t('visibility.field.login')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('visibility.form.subdealerPlaceholder')}
              loading={subdealers.isFetching}
              options={(subdealers.data ?? []).map((u) => ({ value: u.login, label: userLabel(u) }))}
              notFoundContent={subdealers.isFetching ? null : t('visibility.form.noSubdealers')}
              data-testid="visibility-form-login"
            />
          </Form.Item>
          <Form.Item
            name="matricola"
            label={t('visibility.field.matricola')}
            extra={login ? undefined : t('visibility.form.pickSubdealerFirst')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              zodRule(shape.matricola, t),
            ]}
          >
            <AutoComplete
              disabled={!login}
              maxLength={MACHINE_LIMITS.matricola}
              placeholder={t('visibility.form.serialPlaceholder')}
              onSearch={setTyped}
              options={(machines.data ?? []).map((m) => ({
                value: m.mtMatricola,
                label: m.mtDescr ? `${m.mtMatricola} · ${m.mtDescr}` : m.mtMatricola,
              }))}
              data-testid="visibility-form-matricola"
            />
          </Form.Item>
          <Form.Item name="note" label={t('visibility.field.note')} rules={[zodRule(shape.note, t)]}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              showCount
              maxLength={MACHINE_LIMITS.visibilitaNote}
              data-testid="visibility-form-note"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};

/** "Remove the visibility of serial X for Y?" */
export const VisibilityDeleteModal = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const row = useVisibilita(id);
  const remove = useDeleteVisibilita();
  return (
    <Modal
      open
      title={t('entity.delete.title')}
      okText={t('entity.action.delete')}
      cancelText={t('entity.action.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending, disabled: !row.data }}
      onOk={() =>
        remove.mutate(id, {
          onSuccess: () => {
            showSuccess(t('visibility.deleted', { param: row.data?.matricola ?? '' }));
            onClose();
          },
        })
      }
      onCancel={onClose}
    >
      {row.isError ? <Alert type="error" showIcon title={describeError(row.error)} /> : null}
      {row.data ? (
        <p data-testid="delete-question">
          {t('visibility.delete.question', { matricola: row.data.matricola, login: row.data.login })}
        </p>
      ) : row.isPending ? (
        <Spin />
      ) : null}
    </Modal>
  );
};
