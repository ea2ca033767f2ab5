import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { isLanguage, LIMITS } from '@ricambi/domain';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';
import { type SignInForm, signIn } from '../api/sign-in.api.ts';
import { requiredTextError } from '../components/text-rules.ts';
import { rememberLanguage } from '../i18n/index.ts';
import { describeError } from '../lib/alerts.ts';
import { takeTarget } from '../lib/guards.ts';
import { LoginIcon } from './LoginIcon.tsx';

type Field = 'username' | 'password';
type Errors = Partial<Record<Field, string>>;

const LIMITS_OF = {
  username: { max: LIMITS.email.max, trim: true },
  password: { max: LIMITS.password.max },
} as const;

/** After signing in: the page the user was sent here from (spec 1 §2.2), else home, in the account's language. */
const enterApp = (langKey: string) => {
  if (isLanguage(langKey)) rememberLanguage(langKey);
  window.location.replace(takeTarget() ?? '/');
};

const FormField = ({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) => (
  <div className={error ? 'login-field login-field-error' : 'login-field'}>
    {/* The required mark is drawn by the style sheet, as antd does: the label's name is the label. */}
    <label htmlFor={id} className="login-label login-label-required">
      {label}
    </label>
    {children}
    {error ? (
      <div id={`${id}_help`} className="login-help">
        {error}
      </div>
    ) : null}
  </div>
);

/**
 * The sign-in form (spec 1 §2.1): login and password required within the domain limits (the
 * messages the app's forms give), remember-me on by default, the spec's message on a refusal.
 * Nothing is sent while a field is wrong; the first wrong field gets the focus.
 */
export const LoginForm = () => {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignInForm>({ username: '', password: '', rememberMe: true });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const errorsOf = (form: SignInForm): Errors => ({
    username: requiredTextError(t, form.username, LIMITS_OF.username),
    password: requiredTextError(t, form.password, LIMITS_OF.password),
  });

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the form was sent, a field's message follows what is typed.
    if (checked) setErrors(errorsOf(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = errorsOf(values);
    setChecked(true);
    setErrors(found);
    const wrong = (['username', 'password'] as const).find((field) => found[field]);
    if (wrong) {
      inputs[wrong].current?.focus();
      return;
    }
    setFailure(undefined);
    setPending(true);
    try {
      const account = await signIn(values);
      // The button stays busy: the app's page is loading.
      enterApp(account.langKey);
    } catch (error) {
      const throttled = error instanceof ApiError && error.status === 429;
      const notActivated = error instanceof ApiError && error.problem?.message === 'error.login.notActivated';
      const unreachable = error instanceof ApiError && error.status === 0;
      setFailure(
        throttled || notActivated || unreachable ? describeError(error) : t('login.messages.error.authentication'),
      );
      setPending(false);
    }
  };

  const described = (field: Field) => (errors[field] ? `${field}_help` : undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      {failure ? (
        <div role="alert" className="login-alert" data-testid="login-error">
          {failure}
        </div>
      ) : null}
      <FormField id="username" label={t('global.form.username.label')} error={errors.username}>
        <input
          ref={inputs.username}
          id="username"
          name="username"
          className="login-input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the page exists to type this field, as the app's did.
          autoFocus
          aria-required="true"
          aria-invalid={Boolean(errors.username)}
          aria-describedby={described('username')}
          placeholder={t('global.form.username.placeholder')}
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
        />
      </FormField>
      <FormField id="password" label={t('login.form.password.label')} error={errors.password}>
        <div className="login-password">
          <input
            ref={inputs.password}
            id="password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            className="login-input"
            autoComplete="current-password"
            aria-required="true"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={described('password')}
            placeholder={t('login.form.password.placeholder')}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <button
            type="button"
            className="login-reveal"
            aria-pressed={showPassword}
            aria-label={t('login.form.password.show')}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            <LoginIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
          </button>
        </div>
      </FormField>
      <label className="login-check">
        <input
          type="checkbox"
          name="rememberMe"
          checked={values.rememberMe}
          onChange={(event) => setValues({ ...values, rememberMe: event.target.checked })}
        />
        <span>{t('login.form.rememberme')}</span>
      </label>
      <button type="submit" className="login-submit" disabled={pending}>
        {pending ? <LoginIcon icon={LoadingOutlined} spin /> : null}
        {t('login.form.button')}
      </button>
    </form>
  );
};
