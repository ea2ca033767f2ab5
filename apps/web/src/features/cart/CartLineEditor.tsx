import {
  CART_LIMITS,
  type CartLine,
  canSubmitQuantity,
  cartLineErrors,
  isCountUnit,
  parseQuantity,
  requiresRequestDate,
} from '@ricambi/domain';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCartItem } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';
import { describeCartError, type LineStatus, LineStatusIcon } from './LineStatus.tsx';
import { RequestDatePicker } from './RequestDatePicker.tsx';
import { onEnter, useSendConfirmingOverAvailability } from './useAddToCart.ts';

type Field = 'quantita' | 'dataRichiesta' | 'serialNumber';
const FIELDS: readonly Field[] = ['quantita', 'dataRichiesta', 'serialNumber'];

/** A quantity as the user types it in this language: no thousands separator, the language's decimal mark. */
export const quantityText = (value: number, lang: string) =>
  lang === 'en' ? String(value) : String(value).replace('.', ',');

/**
 * The edit panel of a cart line (spec 1 §2.3, §5): quantity (NR whole numbers from 1, other units a
 * decimal with '.' or ','), requested date (required unless the article is of kind 0; from tomorrow,
 * weekdays only), serial (≤ 15). The rules are the domain's `cartLineErrors`, as on the server;
 * Update stays disabled while any fails or the quantity is 0 or less.
 */
export const CartLineEditor = ({
  line,
  status,
  onStatus,
  onClose,
}: {
  line: CartLine;
  status: LineStatus | null;
  onStatus: (status: LineStatus | null) => void;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const update = useUpdateCartItem();
  const sendConfirming = useSendConfirmingOverAvailability();
  const [values, setValues] = useState({
    quantita: quantityText(line.quantita, i18n.language),
    dataRichiesta: line.dataRichiesta,
    serialNumber: line.serialNumber ?? '',
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const article = { unitaMisura: line.unitaMisura, tipoArticoloOrig: line.tipoArticoloOrig };
  const ruleErrors = cartLineErrors(values, article);
  const message = (field: Field) => {
    const key = ruleErrors[field];
    if (key) return t(key, { max: CART_LIMITS.serialNumber });
    return serverErrors[field];
  };
  const typed = parseQuantity(values.quantita, line.unitaMisura);
  const changed =
    !typed.ok ||
    typed.value !== line.quantita ||
    (values.dataRichiesta ?? null) !== (line.dataRichiesta ?? null) ||
    values.serialNumber.trim() !== (line.serialNumber ?? '');
  const canUpdate =
    Object.keys(ruleErrors).length === 0 &&
    canSubmitQuantity(values.quantita, line.unitaMisura) &&
    changed &&
    status !== 'saving';

  const set = (field: Field, value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const send = (quantita: number, confermaSuperamento: boolean) =>
    update.mutateAsync({
      id: line.id,
      quantita,
      dataRichiesta: values.dataRichiesta || null,
      serialNumber: values.serialNumber.trim() || null,
      confermaSuperamento,
    });

  const submit = async () => {
    const parsed = parseQuantity(values.quantita, line.unitaMisura);
    if (!canUpdate || !parsed.ok) return;
    const quantita = parsed.value;
    const cartArticle = { id: line.idArticolo, ...article };
    let sending = false;
    try {
      const outcome = await sendConfirming((confirmed) => send(quantita, confirmed), {
        check: { article: cartArticle, quantita },
        // A confirmation already given holds while the quantity does not grow.
        confirmed: line.confermaSuperamento && quantita <= line.quantita,
        onSend: () => {
          sending = true;
          onStatus('saving');
        },
      });
      if (outcome === 'cancelled') {
        if (sending) onStatus(null);
        return;
      }
      onStatus('saved');
      onClose();
    } catch (error) {
      onStatus('error');
      const fieldErrors = error instanceof ApiError ? (error.problem?.fieldErrors ?? []) : [];
      const onFields = fieldErrors.filter((f) => FIELDS.includes(f.field as Field));
      setServerErrors(
        Object.fromEntries(
          onFields.map((f) => [f.field, t(f.message, { max: CART_LIMITS.serialNumber, ...f.params })]),
        ),
      );
      setFailure(onFields.length === fieldErrors.length && onFields.length > 0 ? null : describeCartError(t, error));
    }
  };

  const id = (field: Field) => `cart-line-${line.id}-${field}`;
  const item = (field: Field) => ({
    htmlFor: id(field),
    validateStatus: message(field) ? ('error' as const) : undefined,
    help: message(field),
    style: { marginBottom: 8 },
  });
  const unit = t(`unit.${line.unitaMisura}`, { defaultValue: line.unitaMisura });

  return (
    <Form
      layout="vertical"
      component="div"
      className="cart-line-editor"
      data-testid={`cart-editor-${line.id}`}
      aria-label={t('cart.edit.panelFor', { code: line.articolo })}
      role="group"
    >
      <Flex gap={16} wrap align="flex-start">
        <Form.Item {...item('quantita')} label={`${t('cart.field.quantita')} (${unit})`} required>
          <Input
            id={id('quantita')}
            value={values.quantita}
            inputMode={isCountUnit(line.unitaMisura) ? 'numeric' : 'decimal'}
            onChange={(e) => set('quantita', e.target.value)}
            onPressEnter={onEnter(submit)}
            style={{ width: 130 }}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          {...item('dataRichiesta')}
          label={t('cart.field.dataRichiesta')}
          required={requiresRequestDate(line.tipoArticoloOrig)}
        >
          <RequestDatePicker
            id={id('dataRichiesta')}
            value={values.dataRichiesta}
            onChange={(iso) => set('dataRichiesta', iso)}
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item {...item('serialNumber')} label={t('cart.field.serialNumber')}>
          <Input
            id={id('serialNumber')}
            value={values.serialNumber}
            onChange={(e) => set('serialNumber', e.target.value)}
            onPressEnter={onEnter(submit)}
            count={{ show: true, max: CART_LIMITS.serialNumber }}
            style={{ width: 220 }}
          />
        </Form.Item>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Button
          type="primary"
          onClick={() => void submit()}
          disabled={!canUpdate}
          loading={status === 'saving'}
          data-testid="cart-line-update"
        >
          {t('cart.edit.update')}
        </Button>
        <Button onClick={onClose}>{t('global.cancel')}</Button>
        <LineStatusIcon status={status} />
      </Flex>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 4 }} /> : null}
    </Form>
  );
};
