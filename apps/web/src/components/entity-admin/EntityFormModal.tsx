import { ExclamationCircleFilled } from '@ant-design/icons';
import { LANGUAGES } from '@ricambi/domain';
import {
  Alert,
  DatePicker,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type CSSProperties, Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodObject, ZodType } from 'zod';
import { useEntity, useSaveEntity } from '../../api/entity-admin.api.ts';
import { ApiError } from '../../api/http.ts';
import { describeError, showSuccess } from '../../lib/alerts.ts';
import { applyFieldErrors, zodRule } from '../forms.ts';
import type { EntityConfig, EntityField, EntityRow } from './entity-admin.types.ts';

const DATETIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';

const helpOf = (f: EntityField, editing: boolean, t: (key: string) => string) => {
  const key = typeof f.help === 'function' ? f.help(editing) : f.help;
  return key ? t(key) : undefined;
};

const isRequired = (f: EntityField, values: EntityRow, editing: boolean) =>
  typeof f.required === 'function' ? f.required(values, editing) : Boolean(f.required);

/** Form values from the server's row: dates become dayjs for the pickers. */
const toFormValues = (config: EntityConfig, row: EntityRow) => {
  const base = config.toForm ? config.toForm(row) : { ...row };
  for (const f of config.fields) {
    if (f.kind === 'datetime' && typeof base[f.name] === 'string') base[f.name] = dayjs(base[f.name] as string);
  }
  return base;
};

const fromFormValues = (config: EntityConfig, values: EntityRow, editing: boolean) => {
  const out: EntityRow = { ...values };
  for (const f of config.fields) {
    const v = out[f.name];
    if (f.kind === 'datetime' && dayjs.isDayjs(v)) out[f.name] = (v as Dayjs).toISOString();
  }
  return config.fromForm ? config.fromForm(out, editing) : out;
};

const crossFieldRule = (f: EntityField, form: FormInstance<EntityRow>, t: TFunction) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const key = f.validate?.(value, form.getFieldsValue(true) as EntityRow);
    if (key) throw new Error(t(key));
  },
});

/** Two columns that fall back to one on a narrow screen; wide fields and headings span both. */
const TWO_COLUMNS: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  columnGap: 16,
};
const FULL_ROW: CSSProperties = { gridColumn: '1 / -1' };

/** The top field of a path: `modellos.2.modello` -> `modellos`. */
const topField = (path: string | number | readonly (string | number)[]) =>
  String(Array.isArray(path) ? path[0] : String(path).split('.')[0]);

/** A server error on a row of a field (`rows.2.codice`) put on the field itself: the form knows no deeper name. */
const onTopFields = (error: unknown) =>
  error instanceof ApiError && error.problem?.fieldErrors?.length
    ? new ApiError(error.status, error.url, error.method, {
        ...error.problem,
        fieldErrors: error.problem.fieldErrors.map((f) => ({ ...f, field: topField(f.field) })),
      })
    : error;

/** Form.Item hands its child id, value and onChange: they are passed on to the control. */
type Injected = { id?: string; value?: never; checked?: never; onChange?: never };

const FieldInput = ({ field, disabled, ...injected }: { field: EntityField; disabled: boolean } & Injected) => {
  const options = typeof field.options === 'function' ? field.options() : field.options;
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          rows={3}
          disabled={disabled}
          showCount={Boolean(field.maxLength)}
          maxLength={field.maxLength}
          {...injected}
        />
      );
    case 'password':
      return <Input.Password disabled={disabled} autoComplete="new-password" {...injected} />;
    case 'number':
      return (
        <InputNumber
          min={field.min}
          max={field.max}
          step={field.step}
          disabled={disabled}
          style={{ width: '100%' }}
          {...injected}
        />
      );
    case 'switch':
      return <Switch disabled={disabled} {...injected} />;
    case 'select':
      return (
        <Select
          options={options}
          disabled={disabled}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          {...injected}
        />
      );
    case 'multiselect':
      return (
        <Select
          mode="multiple"
          options={options}
          disabled={disabled}
          showSearch={{ optionFilterProp: 'label' }}
          {...injected}
        />
      );
    case 'datetime':
      return (
        <DatePicker showTime format={DATETIME_FORMAT} disabled={disabled} style={{ width: '100%' }} {...injected} />
      );
    default:
      return <Input disabled={disabled} {...injected} />;
  }
};

/** The new/edit dialog of an entity: Save stays disabled while the form is invalid or saving. */
export const EntityFormModal = ({
  config,
  ids,
  onClose,
}: {
  config: EntityConfig;
  ids?: readonly string[];
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const editing = Boolean(ids);
  const [form] = Form.useForm<EntityRow>();
  const existing = useEntity<EntityRow>(config, ids);
  const save = useSaveEntity(config);
  const values = Form.useWatch([], form) ?? {};
  const [valid, setValid] = useState(editing);
  /** Fields that failed the last check: their tab is marked. */
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string>();
  const schema: ZodObject | undefined = editing ? config.schemas?.update : config.schemas?.create;

  const noteErrors = (errorFields: { name: (string | number)[] }[] | undefined) =>
    setInvalid(new Set((errorFields ?? []).map((e) => topField(e.name))));
  // A check overtaken by the field's own validation is rejected as "out of date" even when every
  // field passed: its errorFields still tell whether the form is valid.
  const checkValidity = () =>
    form.validateFields({ validateOnly: true }).then(
      () => {
        setValid(true);
        noteErrors([]);
      },
      (e: { errorFields?: { name: (string | number)[] }[] }) => {
        setValid(!e?.errorFields?.length);
        noteErrors(e?.errorFields);
      },
    );

  useEffect(() => {
    if (editing && existing.data) form.setFieldsValue(toFormValues(config, existing.data));
  }, [editing, existing.data, form, config]);

  const ruleFor = (name: string) => {
    const shape = (schema?.shape ?? {}) as Record<string, ZodType>;
    return shape[name] ? [zodRule(shape[name], t)] : [];
  };

  const onOk = async () => {
    setFailure(undefined);
    const submitted = await form.validateFields().catch((e: { errorFields?: { name: (string | number)[] }[] }) => {
      noteErrors(e?.errorFields);
      return undefined;
    });
    if (!submitted) return;
    save.mutate(
      { ids, body: fromFormValues(config, form.getFieldsValue(true) as EntityRow, editing) },
      {
        onSuccess: () => {
          showSuccess(t(editing ? 'entity.messages.updated' : 'entity.messages.created'));
          onClose();
        },
        onError: (error) => {
          if (applyFieldErrors(form, onTopFields(error), t)) {
            noteErrors(form.getFieldsError().filter((f) => f.errors.length));
          } else setFailure(describeError(error));
        },
      },
    );
  };

  const shown = config.fields
    .filter((f) => !(editing ? f.hiddenOnEdit : f.hiddenOnCreate))
    .filter((f) => !f.visible || f.visible(values));
  const tabs = [...new Set(shown.flatMap((f) => (f.tab ? [f.tab] : [])))];

  const renderField = (f: EntityField) => {
    const disabled = (editing && Boolean(f.readOnlyOnEdit)) || Boolean(f.disabled?.(values, editing));
    const required = isRequired(f, values, editing);
    const label = t(f.labelKey);
    if (f.kind === 'localized') {
      return (
        <Form.Item key={f.name} label={label} required={required} style={{ marginBottom: 8 }}>
          {LANGUAGES.map((lang) => (
            <Form.Item
              key={lang}
              name={[f.name, lang]}
              label={t(`global.language.${lang}`)}
              rules={[
                { max: f.maxLength, message: t('validation.maxlength', { max: f.maxLength }) },
                ...(required && lang === 'it' ? [{ required: true, message: t('validation.required') }] : []),
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} showCount maxLength={f.maxLength} />
            </Form.Item>
          ))}
        </Form.Item>
      );
    }
    return (
      <Fragment key={f.name}>
        {f.section ? (
          <Divider titlePlacement="start" style={{ ...FULL_ROW, marginTop: 4 }}>
            {t(f.section)}
          </Divider>
        ) : null}
        <Form.Item
          name={f.name}
          label={f.tab === f.labelKey ? undefined : label}
          style={f.wide || f.kind === 'textarea' ? FULL_ROW : undefined}
          required={required}
          extra={helpOf(f, editing, t)}
          valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
          dependencies={f.dependencies}
          validateStatus={f.composite ? '' : undefined}
          // One message per field: a required field's own schema would repeat "required".
          validateFirst
          rules={[
            ...(required ? [{ required: true, message: t('validation.required') }] : []),
            ...(f.kind === 'datetime' || f.kind === 'switch' || f.composite ? [] : ruleFor(f.name)),
            ...(f.validate ? [crossFieldRule(f, form, t)] : []),
          ]}
        >
          {f.render ? <CustomField field={f} disabled={disabled} /> : <FieldInput field={f} disabled={disabled} />}
        </Form.Item>
      </Fragment>
    );
  };

  return (
    <Modal
      open
      title={t(editing ? 'entity.dialog.edit' : 'entity.dialog.create', { entity: t(`${config.name}.entity`) })}
      okText={t('entity.action.save')}
      cancelText={t('entity.action.cancel')}
      onOk={onOk}
      onCancel={onClose}
      okButtonProps={{ disabled: !valid || save.isPending, loading: save.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
      width={config.formWidth ?? 720}
    >
      {editing && existing.isPending ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={editing ? undefined : config.newDefaults}
          onValuesChange={() => void checkValidity()}
          requiredMark
        >
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <div style={config.formColumns === 2 ? TWO_COLUMNS : undefined}>
            {shown.filter((f) => !f.tab).map(renderField)}
          </div>
          {tabs.length ? (
            <Tabs
              items={tabs.map((tab) => ({
                key: tab,
                // Every pane mounted: the fields of a hidden tab are validated too.
                forceRender: true,
                label: (
                  <Space size={6}>
                    {t(tab)}
                    {shown.some((f) => f.tab === tab && invalid.has(f.name)) ? (
                      <ExclamationCircleFilled aria-hidden style={{ color: token.colorError }} />
                    ) : null}
                  </Space>
                ),
                children: (
                  <div style={config.formColumns === 2 ? TWO_COLUMNS : undefined}>
                    {shown.filter((f) => f.tab === tab).map(renderField)}
                  </div>
                ),
              }))}
            />
          ) : null}
        </Form>
      )}
    </Modal>
  );
};

const CustomField = ({
  field,
  disabled,
  id,
  value,
  onChange,
}: {
  field: EntityField;
  disabled: boolean;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) => <>{field.render?.({ id, value, onChange: (v) => onChange?.(v), disabled })}</>;
