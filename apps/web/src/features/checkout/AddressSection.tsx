import { ADDRESS_LIMITS, type CartAddress, type ComboVoce, DEFAULT_ADDRESS_TYPE } from '@ricambi/domain';
import { Col, Flex, Form, Input, Radio, Row, Select, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCountries, useProvinces } from '../../api/checkout.api.ts';
import type { CheckoutMode } from './checkout.form.ts';
import { TYPED_ADDRESS } from './checkout.form.ts';

const K = 'checkout.address';

export const comboName = (voce: ComboVoce | undefined, lang: string) =>
  voce ? (voce.descrizione[lang as keyof ComboVoce['descrizione']] ?? voce.descrizione.it ?? voce.id.chiaveDue) : '';

const textRules = (t: TFunction, max: number, required: boolean): Rule[] => [
  ...(required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []),
  { max, message: t('validation.maxlength', { max }) },
];

/** One saved address on one or two lines, with the country in the user's language. */
const AddressText = ({ address, countries }: { address: CartAddress; countries: readonly ComboVoce[] }) => {
  const { t, i18n } = useTranslation();
  const country = countries.find((c) => c.id.chiaveDue === address.STATO);
  const place = [address.CAP, address.CITTA, address.PROV ? `(${address.PROV})` : ''].filter(Boolean).join(' ');
  return (
    <Flex vertical>
      <span>
        <Typography.Text strong>{address.RAGSOC}</Typography.Text>
        {address.TIPO_INDIRIZZO === DEFAULT_ADDRESS_TYPE ? (
          <Tag color="blue" style={{ marginInlineStart: 8 }}>
            {t(`${K}.default`)}
          </Tag>
        ) : null}
      </span>
      <Typography.Text type="secondary">
        {[address.INDIRIZZO, place, country ? comboName(country, i18n.language) : address.STATO]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
    </Flex>
  );
};

/**
 * The shipping address (spec 1 §2.3, §5): one of the user's addresses (the default one
 * preselected) or a typed one. STATO is required for an order and optional for a request; PROV is
 * shown and required only for a country with provinces (Italy).
 */
export const AddressSection = ({ mode, saved }: { mode: CheckoutMode; saved: readonly CartAddress[] }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const form = Form.useFormInstance();
  const choice: string | undefined = Form.useWatch('addressChoice', form);
  const stato: string | undefined = Form.useWatch(['cartAddress', 'STATO'], form);
  const countries = useCountries().data ?? [];
  const typed = choice === TYPED_ADDRESS || saved.length === 0;
  const hasProvinces = countries.find((c) => c.id.chiaveDue === stato)?.province === true;
  const provinces = useProvinces(stato, typed && hasProvinces).data ?? [];
  const stateRequired = mode === 'order';

  return (
    <Flex vertical gap={8}>
      <Form.Item
        name="addressChoice"
        label={t(`${K}.choose`)}
        hidden={saved.length === 0}
        style={saved.length === 0 ? { marginBottom: 0 } : undefined}
      >
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="address-choice">
          {saved.map((a) => (
            <Radio key={a.TIPO_INDIRIZZO} value={a.TIPO_INDIRIZZO} style={{ alignItems: 'flex-start' }}>
              <AddressText address={a} countries={countries} />
            </Radio>
          ))}
          <Radio value={TYPED_ADDRESS} data-testid="address-typed">
            {t(`${K}.typed`)}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {saved.length === 0 ? <Typography.Text type="secondary">{t(`${K}.noAddresses`)}</Typography.Text> : null}
      {typed ? (
        <fieldset
          style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '12px 16px 0', margin: 0, minWidth: 0 }}
          data-testid="typed-address"
        >
          <legend style={{ fontSize: 14, padding: '0 4px', width: 'auto', marginBottom: 0, border: 0 }}>
            {t(`${K}.typedLegend`)}
          </legend>
          <Form.Item
            name={['cartAddress', 'RAGSOC']}
            label={t(`${K}.RAGSOC`)}
            required
            rules={textRules(t, ADDRESS_LIMITS.RAGSOC, true)}
          >
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name={['cartAddress', 'INDIRIZZO']}
            label={t(`${K}.INDIRIZZO`)}
            required
            rules={textRules(t, ADDRESS_LIMITS.INDIRIZZO, true)}
          >
            <Input autoComplete="street-address" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Form.Item
                name={['cartAddress', 'CAP']}
                label={t(`${K}.CAP`)}
                rules={textRules(t, ADDRESS_LIMITS.CAP, false)}
              >
                <Input autoComplete="postal-code" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item
                name={['cartAddress', 'CITTA']}
                label={t(`${K}.CITTA`)}
                required
                rules={textRules(t, ADDRESS_LIMITS.CITTA, true)}
              >
                <Input autoComplete="address-level2" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={hasProvinces ? 14 : 24}>
              <Form.Item
                name={['cartAddress', 'STATO']}
                label={t(`${K}.STATO`)}
                required={stateRequired}
                rules={stateRequired ? [{ required: true, message: t('validation.required') }] : []}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  allowClear={!stateRequired}
                  placeholder={t(`${K}.countryPlaceholder`)}
                  options={countries.map((c) => ({ value: c.id.chiaveDue, label: comboName(c, lang) }))}
                  data-testid="address-stato"
                />
              </Form.Item>
            </Col>
            {hasProvinces ? (
              <Col xs={24} sm={10}>
                <Form.Item
                  name={['cartAddress', 'PROV']}
                  label={t(`${K}.PROV`)}
                  required
                  rules={[{ required: true, message: t('validation.required') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t(`${K}.provincePlaceholder`)}
                    options={provinces.map((p) => ({
                      value: p.id.chiaveDue,
                      label: `${comboName(p, lang)} (${p.id.chiaveDue})`,
                    }))}
                    data-testid="address-prov"
                  />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </fieldset>
      ) : null}
    </Flex>
  );
};
