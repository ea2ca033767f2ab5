import { passwordField } from '@ricambi/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, zodRule } from './forms.ts';
import { PasswordStrengthBar } from './PasswordStrengthBar.tsx';

/** New password, its strength bar and its confirmation (spec 1 §5), for register, reset and change. */
export const NewPasswordFields = ({ name, autoFocus = false }: { name: string; autoFocus?: boolean }) => {
  const { t } = useTranslation();
  const password = Form.useWatch<string | undefined>(name);
  return (
    <>
      <Form.Item name={name} label={t('global.form.newpassword.label')} required rules={[zodRule(passwordField, t)]}>
        <Input.Password
          autoComplete="new-password"
          autoFocus={autoFocus}
          placeholder={t('global.form.newpassword.placeholder')}
        />
      </Form.Item>
      <PasswordStrengthBar password={password} />
      <Form.Item
        name="confirmPassword"
        label={t('global.form.confirmpassword.label')}
        required
        dependencies={[name]}
        rules={[zodRule(passwordField, t), confirmRule(name, t)]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('global.form.confirmpassword.placeholder')} />
      </Form.Item>
    </>
  );
};
