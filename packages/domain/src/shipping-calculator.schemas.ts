import { z } from 'zod';
import { ADDRESS_LIMITS } from './cart.rules.ts';
import { isCountryCode } from './countries.constants.ts';
import { parseWeight, SHIPPING_CALCULATOR_LIMITS, SHIPPING_CALCULATOR_MESSAGES } from './shipping-calculator.rules.ts';

/**
 * GET /api/speseSpedizione?stato&cap&peso (spec 2 §3, §5, §7): a country of the checkout's list
 * (ISO alpha-3, as the tariff stores it), an optional postcode of at most 7 characters, and a weight
 * in kg above 0 (a dot or a comma as decimal separator).
 */
export const shippingCalculatorQuerySchema = z.object({
  stato: z
    .string()
    .trim()
    .toUpperCase()
    // No message of their own: the field error then says the limit (toFieldErrors).
    .min(1, { abort: true })
    .max(ADDRESS_LIMITS.STATO, { abort: true })
    .refine(isCountryCode, 'validation.invalid'),
  cap: z.string().trim().max(SHIPPING_CALCULATOR_LIMITS.cap).default(''),
  peso: z
    .string()
    .trim()
    .min(1, { abort: true })
    .max(SHIPPING_CALCULATOR_LIMITS.pesoText, SHIPPING_CALCULATOR_MESSAGES.pesoNumber)
    .transform((text, ctx) => {
      const parsed = parseWeight(text);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
});
export type ShippingCalculatorQuery = z.input<typeof shippingCalculatorQuerySchema>;

/**
 * The tariff's cost for that country, postcode and weight: `spese` in euro with 2 decimals, or -1
 * (SHIPPING_NOT_CALCULABLE) with `calcolabile` false when no tariff row covers them.
 */
export const shippingCalculationSchema = z.object({
  spese: z.number(),
  calcolabile: z.boolean(),
});
export type ShippingCalculation = z.infer<typeof shippingCalculationSchema>;
