import { Link, useSearch } from '@tanstack/react-router';
import { Alert, Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetFinish } from '../../api/account.api.ts';
import { applyFieldErrors } from '../../components/forms.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { PageCard } from '../../components/PageCard.tsx';

type Values = { newPassword: string; confirmPassword: string };

export const ResetFinishPage = () => {
  const { t } = useTranslation();
  const { key } = useSearch({ strict: false }) as { key?: string };
  const [form] = Form.useForm<Values>();
  const finish = useResetFinish();
  const [failed, setFailed] = useState(false);

  if (!key) {
    return (
      <PageCard title={t('reset.finish.title')}>
        <Alert type="error" showIcon title={t('reset.finish.messages.keymissing')} data-testid="reset-key-missing" />
      </PageCard>
    );
  }
  if (finish.isSuccess) {
    return (
      <PageCard title={t('reset.finish.title')}>
        <Result
          status="success"
          title={t('reset.finish.messages.success')}
          extra={<Link to="/login">{t('global.messages.info.authenticated.link')}</Link>}
          data-testid="reset-done"
        />
      </PageCard>
    );
  }
  return (
    <PageCard title={t('reset.finish.title')} intro={t('reset.finish.messages.info')}>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t('reset.finish.messages.error')}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          setFailed(false);
          finish.mutate(
            { key, newPassword: values.newPassword },
            { onError: (error) => applyFieldErrors(form, error, t) || setFailed(true) },
          );
        }}
      >
        <NewPasswordFields name="newPassword" autoFocus />
        <Button type="primary" htmlType="submit" block loading={finish.isPending}>
          {t('reset.finish.form.button')}
        </Button>
      </Form>
    </PageCard>
  );
};
