import { COMBO_LISTS, type ComboList, comboCategoryTipo } from '@ricambi/domain';
import type { DbOrTx } from '../../db/client.ts';
import { toComboValue } from './combos.mapper.ts';
import { findComboValues } from './combos.repository.ts';

export const createCombosService = (db: DbOrTx) => ({
  list: async (list: ComboList) => (await findComboValues(db, COMBO_LISTS[list])).map(toComboValue),
  categories: async (type: string) => (await findComboValues(db, comboCategoryTipo(type))).map(toComboValue),
});
export type CombosService = ReturnType<typeof createCombosService>;
