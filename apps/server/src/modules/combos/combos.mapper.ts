import type { ComboValue } from '@ricambi/domain';
import type { ComboRow } from './combos.repository.ts';

export const toComboValue = (row: ComboRow): ComboValue => ({
  id: { tipo: row.tipo, chiave: row.chiave },
  descrizione: row.descrizione,
});
