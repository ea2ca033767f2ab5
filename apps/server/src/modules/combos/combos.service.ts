import { COMBO_LISTS, type ComboList, comboCategoryTipo } from '@ricambi/domain';
import type { DbOrTx } from '../../db/client.ts';
import { toComboValue } from './combos.mapper.ts';
import { findComboValues, findComboValuesOfTypes } from './combos.repository.ts';

/** The values of one list (combo_voci.tipo), as the API gives them. */
export const comboValues = async (db: DbOrTx, tipo: string) => (await findComboValues(db, tipo)).map(toComboValue);

/** The values of several lists read in one query: by list, each as `comboValues` gives it. */
export const comboValuesOf = async (db: DbOrTx, tipos: readonly string[]) => {
  const rows = await findComboValuesOfTypes(db, tipos);
  return new Map(tipos.map((tipo) => [tipo, rows.filter((r) => r.tipo === tipo).map(toComboValue)]));
};

export const createCombosService = (db: DbOrTx) => ({
  list: (list: ComboList) => comboValues(db, COMBO_LISTS[list]),
  categories: (type: string) => comboValues(db, comboCategoryTipo(type)),
});
export type CombosService = ReturnType<typeof createCombosService>;
