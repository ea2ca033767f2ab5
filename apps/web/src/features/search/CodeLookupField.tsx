import { type ArticoloHit, CATALOGUE_ADMIN_LIMITS } from '@ricambi/domain';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';

/** Codes compare without case and punctuation. */
const normalizeCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

type Texts = { label: string; placeholder: string; button: string; required: string; notFound: string };

/** An exact article code, looked up through the free search; the hit whose code matches is handed on. */
export const CodeLookupField = ({
  texts,
  onFound,
  testId,
}: {
  /** Translation keys; notFound receives {{code}}. */
  texts: Texts;
  onFound: (hit: ArticoloHit) => void;
  testId?: string;
}) => {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'required' | 'notFound'>('idle');
  const submit = async () => {
    const wanted = normalizeCode(code);
    if (!wanted) return setState('required');
    setState('busy');
    try {
      const params = new URLSearchParams({ term: code.trim(), size: '1', lang: i18n.language });
      const [hit] = await http.get<ArticoloHit[]>(`/api/search/full?${params}`);
      if (hit && normalizeCode(hit.articolo) === wanted) return onFound(hit);
      setState('notFound');
    } catch {
      setState('idle');
    }
  };
  const message =
    state === 'required' ? t(texts.required) : state === 'notFound' ? t(texts.notFound, { code }) : undefined;
  return (
    <Form.Item validateStatus={message ? 'error' : undefined} help={message} style={{ marginBottom: 0 }}>
      <Input.Search
        aria-label={t(texts.label)}
        placeholder={t(texts.placeholder)}
        enterButton={t(texts.button)}
        size="large"
        value={code}
        maxLength={CATALOGUE_ADMIN_LIMITS.articolo.articolo}
        loading={state === 'busy'}
        onChange={(e) => {
          setCode(e.target.value);
          setState('idle');
        }}
        onSearch={() => void submit()}
        data-testid={testId}
      />
    </Form.Item>
  );
};
