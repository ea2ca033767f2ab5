import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { type ErpTestResult, TYPING_WAIT_MS, type User } from '@ricambi/domain';
import { Alert, App, Button, Flex, Form, Input, Select, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import {
  useAssignableAuthorities,
  useSetActivated,
  useTestErp,
  useUserSearch,
  useUserThemes,
} from '../../api/users.api.ts';
import { showSuccess } from '../../lib/alerts.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

export type ControlProps = { id?: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean };

const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Spec 1 §3 authorities (multi-select) from api/users/authorities. */
export const AuthoritiesSelect = ({ id, value, onChange, disabled }: ControlProps) => {
  const authorities = useAssignableAuthorities();
  return (
    <Select
      id={id}
      mode="multiple"
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={onChange}
      disabled={disabled}
      loading={authorities.isPending}
      options={(authorities.data ?? []).map((a) => ({ value: a, label: a }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
};

/** The profiles as tags, without the common ROLE_ prefix (the full name on hover). */
export const AuthorityTags = ({ authorities }: { authorities: readonly string[] }) => (
  <Flex wrap gap={4} style={{ maxWidth: 180 }}>
    {authorities.map((a) => (
      <Tag key={a} title={a} style={{ marginInlineEnd: 0 }}>
        {a.replace(/^ROLE_/, '')}
      </Tag>
    ))}
  </Flex>
);

/** tema / temaPdf from api/users/temi or temipdf; empty means the default theme. */
export const ThemeSelect = ({ pdf, id, value, onChange, disabled }: ControlProps & { pdf: boolean }) => {
  const { t } = useTranslation();
  const themes = useUserThemes(pdf);
  const fallback = themes.data?.find((th) => th.isDefault);
  return (
    <Select
      id={id}
      value={asString(value)}
      onChange={(v) => onChange(v ?? null)}
      disabled={disabled}
      allowClear
      loading={themes.isPending}
      placeholder={fallback ? t('userManagement.placeholder.defaultTheme', { name: fallback.title }) : undefined}
      options={(themes.data ?? []).map((th) => ({ value: th.name, label: `${th.title} (${th.label})` }))}
    />
  );
};

/** A theme's title on the detail page (empty: the default theme applies). */
export const ThemeName = ({ name, pdf }: { name: unknown; pdf: boolean }) => {
  const { t } = useTranslation();
  const themes = useUserThemes(pdf);
  const theme = themes.data?.find((th) => th.name === name);
  if (theme) return <>{`${theme.title} (${theme.label})`}</>;
  const fallback = themes.data?.find((th) => th.isDefault);
  return (
    <>{asString(name) ?? (fallback ? t('userManagement.placeholder.defaultTheme', { name: fallback.title }) : '—')}</>
  );
};

/** Spec 1 §5 and §9: the dealer of a subdealer, searched among the dealers after a 200 ms pause. */
export const DealerTypeahead = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), TYPING_WAIT_MS);
  const search = useUserSearch(debounced, 'dealer', !disabled);
  const current = asString(value);
  const options = (search.data ?? []).map((u) => ({
    value: u.login,
    label: [u.login, u.company].filter(Boolean).join(' · '),
  }));
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current });
  return (
    <Select
      id={id}
      value={current}
      onChange={(v) => onChange(v ?? null)}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      placeholder={t('userManagement.placeholder.dealer')}
      notFoundContent={search.isFetching ? <Spin size="small" /> : t('userManagement.dealer.none')}
      options={options}
      data-testid="dealer-typeahead"
    />
  );
};

const RESULT_TYPES: Record<ErpTestResult['status'], 'success' | 'error' | 'warning'> = {
  OK: 'success',
  REJECTED: 'error',
  UNREACHABLE: 'error',
  ERROR: 'error',
  NOT_CONFIGURED: 'warning',
  MISSING: 'warning',
};

/**
 * The external-system password with its Test button (spec 1 §3, §5): enabled once both credential
 * fields are filled (a stored password counts); the answer is shown under the field.
 */
export const ErpPasswordField = ({ id, value, onChange, disabled }: ControlProps) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const erpUser = asString(Form.useWatch('erpUser', form))?.trim();
  const login = asString(Form.useWatch('login', { form, preserve: true }));
  const stored = Form.useWatch('erpPasswordSet', { form, preserve: true }) === true;
  const password = asString(value);
  const test = useTestErp();
  const [result, setResult] = useState<ErpTestResult>();
  const canTest = Boolean(erpUser && (password || stored)) && !test.isPending;

  const run = () => {
    if (!erpUser) return;
    setResult(undefined);
    test.mutate(
      { erpUser, erpPassword: password, login: stored && !password ? login : undefined },
      {
        onSuccess: setResult,
        onError: () => setResult({ status: 'ERROR', message: 'userManagement.erp.error' }),
      },
    );
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Input.Password
          id={id}
          value={password ?? ''}
          onChange={(e) => {
            onChange(e.target.value);
            setResult(undefined);
          }}
          disabled={disabled}
          autoComplete="new-password"
          placeholder={stored ? t('userManagement.placeholder.erpPasswordStored') : undefined}
        />
        <Button onClick={run} disabled={!canTest} loading={test.isPending} data-testid="erp-test">
          {t('userManagement.erp.test')}
        </Button>
      </Flex>
      {result ? (
        <Alert
          type={RESULT_TYPES[result.status]}
          showIcon
          role="status"
          title={t(result.message, { status: result.httpStatus ?? '' })}
        />
      ) : null}
    </Flex>
  );
};

/**
 * The activated / deactivated label of the list: clicking it toggles activation (spec 1 §2.3, §4).
 * The signed-in account's own label does not switch (the server refuses it too).
 */
export const ActivationLabel = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const account = useAccount();
  const setActivated = useSetActivated();
  const { modal } = App.useApp();
  const self = account?.login === user.login;
  const label = t(user.activated ? 'userManagement.activated' : 'userManagement.deactivated');
  const hint = self
    ? t('userManagement.activation.self')
    : t(user.activated ? 'userManagement.activation.deactivate' : 'userManagement.activation.activate');
  return (
    <Tooltip title={hint}>
      <Button
        size="small"
        icon={user.activated ? <CheckCircleOutlined /> : <StopOutlined />}
        disabled={self}
        loading={setActivated.isPending}
        aria-label={`${label}: ${hint}`}
        data-testid={`activation-${user.login}`}
        onClick={() => {
          const next = user.activated ? 'deactivate' : 'activate';
          // A click on the label asks first: the change locks a customer out (or lets one back in).
          modal.confirm({
            title: t(`userManagement.activationConfirm.${next}Title`, { login: user.login }),
            content: t(`userManagement.activationConfirm.${next}Body`),
            okText: t(`userManagement.activationConfirm.${next}`),
            okButtonProps: { danger: user.activated },
            cancelText: t('global.cancel'),
            autoFocusButton: 'cancel',
            keyboard: true,
            onOk: () =>
              setActivated.mutateAsync({ login: user.login, activated: !user.activated }).then((u) =>
                showSuccess(
                  t(u.activated ? 'userManagement.messages.activated' : 'userManagement.messages.deactivated', {
                    login: u.login,
                  }),
                ),
              ),
          });
        }}
        style={
          user.activated
            ? { color: '#135200', background: '#f6ffed', borderColor: '#95de64' }
            : { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' }
        }
      >
        {label}
      </Button>
    </Tooltip>
  );
};
