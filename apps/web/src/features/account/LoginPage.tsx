import { isLanguage, LIMITS } from '@ricambi/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../api/account.api.ts';
import { ApiError } from '../../api/http.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { requiredTextRule } from '../../components/text-rules.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { describeError } from '../../lib/alerts.ts';
import { takeTarget } from '../../lib/guards.ts';

type Values = { username: string; password: string; rememberMe: boolean };

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string>();

  const onFinish = (values: Values) => {
    setFailure(undefined);
    login.mutate(values, {
      onSuccess: async (account) => {
        if (isLanguage(account.langKey)) await changeLanguage(account.langKey);
        await navigate({ href: takeTarget() ?? '/', replace: true });
      },
      onError: (error) => {
        const throttled = error instanceof ApiError && error.status === 429;
        const notActivated = error instanceof ApiError && error.problem?.message === 'error.login.notActivated';
        setFailure(throttled || notActivated ? describeError(error) : t('login.messages.error.authentication'));
      },
    });
  };

  return (
    <PageCard title={t('login.title')} width={440}>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          role="alert"
          data-testid="login-error"
        />
      ) : null}
      <Form<Values> layout="vertical" initialValues={{ rememberMe: true }} onFinish={onFinish} requiredMark>
        <Form.Item
          name="username"
          label={t('global.form.username.label')}
          required
          rules={[requiredTextRule(t, { max: LIMITS.email.max, trim: true })]}
        >
          <Input autoComplete="username" autoFocus placeholder={t('global.form.username.placeholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.form.password.label')}
          required
          rules={[requiredTextRule(t, { max: LIMITS.password.max })]}
        >
          <Input.Password autoComplete="current-password" placeholder={t('login.form.password.placeholder')} />
        </Form.Item>
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{t('login.form.rememberme')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.form.button')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/reset/request">{t('login.password.forgot')}</Link>
        <span>
          {t('global.messages.info.register.noaccount')}{' '}
          <Link to="/register">{t('global.messages.info.register.link')}</Link>
        </span>
      </Flex>
    </PageCard>
  );
};
