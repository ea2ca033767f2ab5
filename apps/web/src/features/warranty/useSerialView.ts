import { WARRANTY_LIMITS } from '@ricambi/domain';
import { useTranslation } from 'react-i18next';
import { type SerialCheck, useSerialCheck } from '../../api/warranty.api.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { machineDescription } from '../machines/machine.facts.tsx';
import type { SerialView } from './warranty.form.ts';

/** Spec 2 §5: the serial is checked a short while after typing stops. */
export const SERIAL_CHECK_DELAY_MS = 400;

/** The serial check's answer as the form shows it. */
export const serialViewOf = (
  state: { typed: string; checked: string; data: SerialCheck | undefined; isFetching: boolean; isError: boolean },
  lang: string,
): SerialView => {
  const typed = state.typed.trim();
  if (!typed || typed.length > WARRANTY_LIMITS.matricola) return { status: 'idle' };
  if (typed !== state.checked || state.isFetching) return { status: 'checking' };
  if (state.isError || !state.data) return { status: 'error' };
  if (!state.data.valid) return { status: 'invalid', reason: state.data.reason };
  return {
    status: 'valid',
    descrizione: state.data.machine ? machineDescription(state.data.machine, lang) : null,
    dataFineGaranzia: state.data.dataFineGaranzia,
  };
};

/**
 * The serial of a new request, checked as it is typed (spec 2 §5): upper-cased, then, after a short
 * wait, the extract-catalogue call (KO: refused) and the warranty end date.
 */
export const useSerialView = (matricola: string): SerialView => {
  const { i18n } = useTranslation();
  const typed = matricola.trim().toUpperCase();
  const checked = useDebouncedValue(typed, SERIAL_CHECK_DELAY_MS);
  const valid = checked !== '' && checked.length <= WARRANTY_LIMITS.matricola;
  const check = useSerialCheck(checked, i18n.language, valid);
  return serialViewOf(
    { typed, checked, data: check.data, isFetching: check.isFetching, isError: check.isError },
    i18n.language,
  );
};
