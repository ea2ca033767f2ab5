import { type CheckoutInput, DEFAULT_ADDRESS_TYPE, hasAnyAuthority, type SendResult } from '@ricambi/domain';
import { useNavigate } from '@tanstack/react-router';
import { Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useCartAddresses, useCartCheck, useCartKind, useSendOrder, useShippingCost } from '../../api/checkout.api.ts';
import type { ApiError } from '../../api/http.ts';
import { describeError } from '../../lib/alerts.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useActiveBanner } from '../banners/useActiveBanner.ts';
import { storeWarrantyOrder } from '../warranty/warranty.order.ts';
import {
  buildSendBody,
  type CheckoutMode,
  type CheckoutValues,
  chosenAddress,
  fieldErrorText,
  isCartChanged,
  linesWithoutSerial,
  newIdempotencyKey,
  type SendKind,
  splitFieldErrors,
  TYPED_ADDRESS,
} from './checkout.form.ts';
import { cptAvailable, type ShippingLookup } from './ShippingSection.tsx';

const K = 'checkout';

export type CheckoutFailure = { type: 'error' | 'warning'; text: string; details?: string[] };

/**
 * The state of the checkout form and its send use case (spec 1 §4, §5): the cart as checked by the
 * server, the addresses, the shipping cost of the chosen address, the CHECKOUT banner, and `onSend`,
 * which validates, sends once per page visit (one Idempotency-Key) and places the server's refusals
 * on their fields or in the failure shown above the send buttons.
 */
export const useCheckoutForm = (mode: CheckoutMode) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const account = useAccount();
  const theme = useActiveTheme();
  const [form] = Form.useForm<CheckoutValues>();
  const check = useCartCheck(lang);
  const addresses = useCartAddresses();
  const kind = useCartKind();
  const checkoutBanner = useActiveBanner('CHECKOUT');
  const send = useSendOrder(mode, lang);
  // One key per page visit: a double click or a retry after a network error gives one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const [busyKind, setBusyKind] = useState<SendKind>();
  const [result, setResult] = useState<SendResult>();
  const [failure, setFailure] = useState<CheckoutFailure>();
  const [serialCheck, setSerialCheck] = useState(false);

  const saved = addresses.data ?? [];
  const cart = check.data?.cart;
  const lines = cart?.righe ?? [];
  const problems = check.data?.problemi ?? [];
  const missingSerial = useMemo(
    () => new Set(serialCheck ? linesWithoutSerial(lines).map((l) => l.id) : []),
    [serialCheck, lines],
  );

  // The default address (TIPO_INDIRIZZO 000) is preselected; without addresses the typed one is. The
  // form mounts once the addresses are read, so this is its initial value.
  const initialChoice =
    saved.find((a) => a.TIPO_INDIRIZZO === DEFAULT_ADDRESS_TYPE)?.TIPO_INDIRIZZO ??
    saved[0]?.TIPO_INDIRIZZO ??
    TYPED_ADDRESS;

  // The shipping cost is looked up for the address chosen, when its country or postal code changes.
  const values = Form.useWatch([], form) as CheckoutValues | undefined;
  const destination = values?.addressChoice ? chosenAddress(values, saved) : undefined;
  const cap = useDebouncedValue(destination?.CAP ?? '', 400);
  const shipping = useShippingCost({ stato: destination?.STATO, cap, id: cart?.idTestata });
  const lookup: ShippingLookup = {
    idle: !destination?.STATO,
    loading: shipping.isFetching || cap !== (destination?.CAP ?? ''),
    failed: shipping.isError,
    cost: shipping.data,
  };
  const cpt = cptAvailable(lookup);
  const formMounted = Boolean(check.data && addresses.data);
  useEffect(() => {
    if (formMounted && !cpt && !lookup.loading && form.getFieldValue('spedizione') === 'CPT') {
      form.setFieldValue('spedizione', 'EXW');
    }
  }, [formMounted, cpt, lookup.loading, form]);

  // Spec 1 §2.3: a subdealer's checkout is the request.
  const redirectToRequest = mode === 'order' && hasAnyAuthority(account?.authorities, ['ROLE_CR_SUBDEALER']);
  const quoteAndWarranty =
    mode === 'order' && hasAnyAuthority(account?.authorities, ['ROLE_CR_USER']) && theme?.canAccessParts === true;
  const banner = checkoutBanner.banner;
  const blocked = problems.length > 0;

  /** The server's refusal of a send, on the form's fields or in the failure. */
  const showRefusal = (error: unknown, valid: CheckoutValues) => {
    if (isCartChanged(error)) {
      const message = (error as ApiError).problem?.message ?? '';
      setFailure({ type: 'warning', text: t(message, { defaultValue: t(`${K}.changed`) }) });
      void check.refetch();
      return;
    }
    const { onForm, other } = splitFieldErrors(error, valid.addressChoice === TYPED_ADDRESS || saved.length === 0);
    if (onForm.length) {
      form.setFields(
        onForm.map((f) => ({ name: f.name, errors: f.errors.map((e) => fieldErrorText(t, e)) })) as Parameters<
          typeof form.setFields
        >[0],
      );
      form.scrollToField(onForm[0]?.name ?? [], { block: 'center' });
    }
    if (other.length) {
      // A line refused at send (`linee.{id}.{field}`): the cart is checked again to list it above.
      if (other.some((e) => e.field.startsWith('linee.'))) void check.refetch();
      setFailure({
        type: 'error',
        text: t(`${K}.fieldErrors`),
        details: other.map((e) => {
          const line = /^linee\.(\d+)\.(.+)$/.exec(e.field);
          const name = line
            ? `${lines.find((l) => l.id === Number(line[1]))?.articolo ?? line[1]} — ${t(`${K}.summary.field.${line[2]}`, { defaultValue: line[2] })}`
            : t(`${K}.field.${e.field}`, { defaultValue: e.field });
          return t('error.field', { name, message: fieldErrorText(t, e) });
        }),
      });
    } else if (!onForm.length) {
      setFailure({ type: 'error', text: describeError(error, `${K}.error.generic`) });
    }
  };

  const onSend = async (sendKind: SendKind) => {
    if (sending.current || !cart) return;
    sending.current = true;
    setBusyKind(sendKind);
    setFailure(undefined);
    try {
      let valid: CheckoutValues;
      try {
        await form.validateFields();
        valid = form.getFieldsValue(true) as CheckoutValues;
      } catch (invalid) {
        const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center', focus: true });
        return;
      }
      if (sendKind === 'ORDCG') {
        setSerialCheck(true);
        if (linesWithoutSerial(lines).length > 0) {
          setFailure({ type: 'error', text: t('jricambiApp.checkout.matricola_required') });
          return;
        }
      } else setSerialCheck(false);
      const body = buildSendBody(mode, sendKind, valid, {
        saved,
        lines,
        total: cart.totale,
        bannerId: banner?.id,
      });
      if (sendKind === 'ORDCG') {
        // Spec 2 §4: a warranty order goes with a warranty request. The body waits for the request
        // page, which sends both at once (its own Idempotency-Key: a retry there sends it once).
        const idTestata = cart.idTestata ?? lines[0]?.idTestata;
        if (idTestata == null) {
          setFailure({ type: 'error', text: t(`${K}.error.generic`) });
          return;
        }
        storeWarrantyOrder(idTestata, { checkout: body as CheckoutInput, idempotencyKey: newIdempotencyKey() });
        await navigate({ to: '/richiestagaranzia/$idTestata', params: { idTestata: String(idTestata) } });
        return;
      }
      try {
        setResult(await send.mutateAsync({ body, idempotencyKey }));
      } catch (error) {
        showRefusal(error, valid);
      }
    } finally {
      sending.current = false;
      setBusyKind(undefined);
    }
  };

  return {
    form,
    check,
    isPending: check.isPending || addresses.isPending,
    redirectToRequest,
    result,
    cart,
    lines,
    problems,
    missingSerial,
    saved,
    initialChoice,
    values,
    lookup,
    freeFrom: kind.data?.spedizioneGratuitaDa,
    checkoutBanner,
    quoteAndWarranty,
    blocked,
    busyKind,
    failure,
    onSend,
  };
};

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
