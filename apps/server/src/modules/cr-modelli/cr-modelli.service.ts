import type { crModelliInputSchema } from '@ricambi/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../platform/errors.ts';
import { modelNames, modelNameTaken } from './cr-modelli.repository.ts';

export type CrModelliInput = z.output<typeof crModelliInputSchema>;

/** A model name is unique regardless of case: a field error, not the database's. Answers the columns to write. */
export const crModelliColumns = async (tx: DbOrTx, input: CrModelliInput, existingId?: number) => {
  if (await modelNameTaken(tx, input.modello, existingId))
    throw fieldError('modello', 'crModelli.validation.modelloTaken');
  return { modello: input.modello, note: input.note ?? null };
};

/** GET /api/crModellis/name: every model name, in order. */
export const crModelliNames = (db: DbOrTx) => modelNames(db);
