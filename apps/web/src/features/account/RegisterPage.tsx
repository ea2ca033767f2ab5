import { type Language, registerSchema } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegister } from '../../api/account.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { PageCard } from '../../components/PageCard.tsx';

type Values = { login: string; email: string; password: string; confirmPassword: string };

export const RegisterPage = () => {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const [failed, setFailed] = useState(false);

  const onFinish = (values: Values) => {
    setFailed(false);
    register.mutate(
      { login: values.login, email: values.email, password: values.password, langKey: i18n.language as Language },
      {
        onError: (error) => {
          if (!applyFieldErrors(form, error, t)) setFailed(true);
        },
      },
    );
  };

  if (register.isSuccess) {
    return (
      <PageCard title={t('register.title')}>
        <Result
          status="success"
          title={t('register.messages.success')}
          extra={<Link to="/login">{t('global.messages.info.authenticated.link')}</Link>}
        />
      </PageCard>
    );
  }

  return (
    <PageCard title={t('register.title')}>
      {failed ? (
        <Alert type="error" showIcon title={t('register.messages.error.fail')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="login"
          label={t('global.form.username.label')}
          required
          extra={t('register.form.login.help')}
          rules={[zodRule(registerSchema.shape.login, t)]}
          normalize={(v: string) => v.toLowerCase()}
        >
          <Input autoComplete="username" autoFocus placeholder={t('global.form.username.placeholder')} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('global.form.email.label')}
          required
          rules={[zodRule(registerSchema.shape.email, t)]}
        >
          <Input type="email" autoComplete="email" placeholder={t('global.form.email.placeholder')} />
        </Form.Item>
        <NewPasswordFields name="password" />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.form.button')}
        </Button>
      </Form>
      <p style={{ marginTop: 16 }}>
        {t('register.haveaccount')} <Link to="/login">{t('global.messages.info.authenticated.link')}</Link>
      </p>
    </PageCard>
  );
};
