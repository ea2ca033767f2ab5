import type { CrModelli } from '@ricambi/domain';
import type { CrModelliRow } from './cr-modelli.repository.ts';

export const toCrModelli = (row: CrModelliRow): CrModelli => ({ id: row.id, modello: row.modello, note: row.note });
