import { type CartAddress, DEFAULT_ADDRESS_TYPE, type ShippingCalculation } from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** What the calculator sends: the country code, the postcode, the weight in kg written with a dot. */
export type ShippingCalculatorParams = { stato: string; cap: string; peso: string };

/**
 * GET /api/speseSpedizione?stato&cap&peso (spec 2 §5, §7): the tariff's cost, or -1 when it is not
 * calculable. Asked for only once the page has valid inputs (`params` set); each answer is read fresh
 * (the tariff can be replaced at any time). The page shows failures itself, field errors on the fields.
 */
export const useShippingCalculation = (params: ShippingCalculatorParams | undefined) =>
  useQuery({
    queryKey: queryKeys.shippingCalculator.cost(params ?? { stato: '', cap: '', peso: '' }),
    queryFn: () => http.get<ShippingCalculation>(`/api/speseSpedizione?${new URLSearchParams(params)}`),
    enabled: params !== undefined,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });

/**
 * The user's address of type 000 (spec 2 §2: the calculator's prefill), from the checkout's
 * GET /api/cartaddress and its cache entry; null when there is none. That call is ROLE_CART's: the page
 * asks only a holder, and a failure only means no prefill.
 */
export const useDefaultAddress = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.checkout.addresses(),
    queryFn: () => http.get<CartAddress[]>('/api/cartaddress'),
    select: (addresses) => addresses.find((a) => a.TIPO_INDIRIZZO === DEFAULT_ADDRESS_TYPE) ?? null,
    enabled,
    staleTime: 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });
