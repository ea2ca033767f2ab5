import { changePasswordSchema, isActingAs } from '@ricambi/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useChangePassword } from '../../api/account.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { PageCard } from '../../components/PageCard.tsx';
import { showSuccess } from '../../lib/alerts.ts';
import { NotWhileActing } from '../act-as/NotWhileActing.tsx';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

export const PasswordPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [failed, setFailed] = useState(false);

  return (
    <PageCard title={t('password.title', { username: account?.login ?? '' })}>
      <NotWhileActing account={account} />
      {failed ? (
        <Alert type="error" showIcon title={t('password.messages.error')} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={isActingAs(account)}
        onFinish={(values) => {
          setFailed(false);
          change.mutate(
            { currentPassword: values.currentPassword, newPassword: values.newPassword },
            {
              onSuccess: () => {
                form.resetFields();
                showSuccess(t('password.messages.success'));
              },
              onError: (error) => applyFieldErrors(form, error, t) || setFailed(true),
            },
          );
        }}
      >
        <Form.Item
          name="currentPassword"
          label={t('global.form.currentpassword.label')}
          required
          rules={[zodRule(changePasswordSchema.shape.currentPassword, t)]}
        >
          <Input.Password autoComplete="current-password" placeholder={t('global.form.currentpassword.placeholder')} />
        </Form.Item>
        <NewPasswordFields name="newPassword" />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.form.button')}
        </Button>
      </Form>
    </PageCard>
  );
};
