import { z } from 'zod';
import { localizedTextSchema } from './banners.schemas.ts';

/**
 * The lookup lists of the after-sales forms (spec 2 §7 combos), kept in combo_voci by `tipo`:
 * GET /api/combovoci/{list}. Countries and provinces are constants (cart.schemas.ts).
 */
export const COMBO_LISTS = {
  problemi: 'PROBLEMI',
  problemiSegnalati: 'PROBLEMI_SEGNALATI',
  collocazioneProblema: 'COLLOCAZIONE_PROBLEMA',
  settori: 'SETTORI',
  lingue: 'LINGUE',
  /** The brands of the technical documents (key: the lower-case brand). */
  marchi: 'MARCHI',
} as const;
export type ComboList = keyof typeof COMBO_LISTS;

/** GET /api/combovoci/categorie/{type}: document categories (1, 2, 3) and types, `CATEGORIE_{type}`. */
export const COMBO_CATEGORY_TYPE_PATTERN = /^[A-Za-z0-9_]{1,30}$/;
export const comboCategoryTipo = (type: string) => `CATEGORIE_${type.toUpperCase()}`;

/** One value of a lookup list: its key and its description in every language it has. */
export const comboValueSchema = z.object({
  id: z.object({ tipo: z.string(), chiave: z.string() }),
  descrizione: localizedTextSchema,
});
export type ComboValue = z.infer<typeof comboValueSchema>;
