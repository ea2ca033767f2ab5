import { isActingAs, isLanguage, LANGUAGES, type SettingsRequest, settingsSchema } from '@ricambi/domain';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useSaveSettings } from '../../api/account.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { showSuccess } from '../../lib/alerts.ts';
import { NotWhileActing } from '../act-as/NotWhileActing.tsx';

export const SettingsPage = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const [form] = Form.useForm<SettingsRequest>();
  const save = useSaveSettings();
  const [failed, setFailed] = useState(false);
  if (!account) return null;

  return (
    <PageCard title={t('settings.title', { username: account.login })}>
      <NotWhileActing account={account} />
      {failed ? (
        <Alert type="error" showIcon title={t('settings.messages.error.fail')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<SettingsRequest>
        form={form}
        layout="vertical"
        disabled={isActingAs(account)}
        initialValues={{
          firstName: account.firstName ?? '',
          lastName: account.lastName ?? '',
          email: account.email ?? '',
          langKey: isLanguage(account.langKey) ? account.langKey : 'it',
        }}
        onFinish={(values) => {
          setFailed(false);
          save.mutate(values, {
            onSuccess: async (saved) => {
              if (isLanguage(saved.langKey)) await changeLanguage(saved.langKey);
              // Not `t`: it is bound to the language of the last render, the one just left.
              showSuccess(i18n.t('settings.messages.success'));
            },
            onError: (error) => applyFieldErrors(form, error, t) || setFailed(true),
          });
        }}
      >
        <Form.Item
          name="firstName"
          label={t('settings.form.firstname')}
          required
          rules={[zodRule(settingsSchema.shape.firstName, t)]}
        >
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={t('settings.form.lastname')}
          required
          rules={[zodRule(settingsSchema.shape.lastName, t)]}
        >
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('global.form.email.label')}
          required
          rules={[zodRule(settingsSchema.shape.email, t)]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="langKey" label={t('settings.form.language')} required>
          <Select options={LANGUAGES.map((lang) => ({ value: lang, label: t(`global.language.${lang}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.form.button')}
        </Button>
      </Form>
    </PageCard>
  );
};
