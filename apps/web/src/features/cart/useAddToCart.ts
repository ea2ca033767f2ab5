import { type CartOrigin, parseQuantity } from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchInfoCliente, useAddCartItem } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';

/**
 * An Enter handler that starts `action`. The key's default is prevented: otherwise its keypress
 * reaches the confirmation dialog's button, focused as the dialog opens, and answers it at once.
 */
export const onEnter = (action: () => unknown) => (event: { preventDefault: () => void }) => {
  event.preventDefault();
  void action();
};

export type CartArticle = { id: number; tipoArticoloOrig: string; unitaMisura: string };

const OVER_AVAILABILITY = 'cart.error.overAvailability';

/** The server refused a quantity above the stock of a kind-0 article until the user confirms it. */
export const isOverAvailability = (error: unknown) =>
  error instanceof ApiError &&
  (error.problem?.message === OVER_AVAILABILITY ||
    Boolean(error.problem?.fieldErrors?.some((f) => f.message === OVER_AVAILABILITY)));

/**
 * Spec 1 §4: "La quantità che hai inserito è superiore alla disponibilità, vuoi proseguire?".
 * Resolves true when the user goes on; Esc, the X and Cancel answer false.
 */
export const useConfirmOverAvailability = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('cart.overAvailability.title'),
        content: t('cart.overAvailability.question'),
        okText: t('cart.overAvailability.ok'),
        cancelText: t('global.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
};

/**
 * Whether a kind-0 quantity needs the over-availability confirmation: the article's customer info
 * for exactly that quantity says so (the same call the article page makes).
 */
export const useNeedsConfirmation = () => {
  const client = useQueryClient();
  return async (article: CartArticle, quantita: number) => {
    if (article.tipoArticoloOrig !== '0') return false;
    const info = await fetchInfoCliente(client, article.id, quantita).catch(() => undefined);
    return info?.confermaSuperamento ?? false;
  };
};

/**
 * Spec 1 §4, the one confirm-and-retry: asks before a quantity above the stock of a kind-0 article
 * when `check` names one (unless `confirmed` already), sends, and when the server still finds a
 * quantity so (the stock may have changed meanwhile, or nothing could be checked before) asks and
 * sends once more with the confirmation. `onSend` runs before the first send. Answers 'sent' or
 * 'cancelled'; any other refusal is thrown for the caller to show.
 */
export const useSendConfirmingOverAvailability = () => {
  const confirm = useConfirmOverAvailability();
  const needsConfirmation = useNeedsConfirmation();
  return async (
    send: (confermaSuperamento: boolean) => Promise<unknown>,
    options: { check?: { article: CartArticle; quantita: number }; confirmed?: boolean; onSend?: () => void } = {},
  ): Promise<'sent' | 'cancelled'> => {
    let confirmed = options.confirmed ?? false;
    if (!confirmed && options.check && (await needsConfirmation(options.check.article, options.check.quantita))) {
      if (!(await confirm())) return 'cancelled';
      confirmed = true;
    }
    options.onSend?.();
    try {
      await send(confirmed);
    } catch (error) {
      if (confirmed || !isOverAvailability(error)) throw error;
      if (!(await confirm())) return 'cancelled';
      await send(true);
    }
    return 'sent';
  };
};

export type AddRequest = {
  article: CartArticle;
  quantita: string | number;
  dataRichiesta?: string | null;
  serialNumber?: string | null;
  origine: CartOrigin;
};

/**
 * Adds an article to the cart (spec 1 §2.3, §4): asks before a quantity above the stock of a kind-0
 * article, and again if the server finds it so (the stock may have changed meanwhile). Answers
 * 'added' or 'cancelled'; a refusal is thrown for the caller to show.
 */
export const useAddToCart = () => {
  const add = useAddCartItem();
  const sendConfirming = useSendConfirmingOverAvailability();
  const run = async (request: AddRequest): Promise<'added' | 'cancelled'> => {
    const parsed = parseQuantity(request.quantita, request.article.unitaMisura);
    if (!parsed.ok) throw new Error(parsed.error);
    const body = {
      idArticolo: request.article.id,
      quantita: parsed.value,
      dataRichiesta: request.dataRichiesta || null,
      serialNumber: request.serialNumber || null,
      origine: request.origine,
    };
    const outcome = await sendConfirming((confermaSuperamento) => add.mutateAsync({ ...body, confermaSuperamento }), {
      check: { article: request.article, quantita: parsed.value },
    });
    return outcome === 'sent' ? 'added' : 'cancelled';
  };
  return { run, isPending: add.isPending };
};
