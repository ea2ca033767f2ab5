import { emailField } from '@ricambi/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResetInit } from '../../api/account.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { handleApiError } from '../../lib/alerts.ts';

export const ResetRequestPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const reset = useResetInit();

  return (
    <PageCard title={t('reset.request.title')} intro={reset.isSuccess ? undefined : t('reset.request.messages.info')}>
      {reset.isSuccess ? (
        <Alert type="success" showIcon title={t('reset.request.messages.success')} data-testid="reset-requested" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={({ email }) =>
            reset.mutate(email, { onError: (error) => applyFieldErrors(form, error, t) || handleApiError(error) })
          }
        >
          <Form.Item name="email" label={t('global.form.email.label')} required rules={[zodRule(emailField, t)]}>
            <Input type="email" autoComplete="email" autoFocus placeholder={t('global.form.email.placeholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('reset.request.form.button')}
          </Button>
        </Form>
      )}
    </PageCard>
  );
};
