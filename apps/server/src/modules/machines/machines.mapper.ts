import type { Language, Machine } from '@ricambi/domain';
import { formatItalianDate, localizedText } from '@ricambi/domain';
import type { MachineRow } from './machines.repository.ts';

/** A machine as the user sees it: description in the language, version and code blanked for subdealers. */
export const toMachine = (row: MachineRow, catalogoId: number | null, lang: Language, hideCodes: boolean): Machine => ({
  id: row.id,
  mtMatricola: row.mtMatricola,
  mtDescr: localizedText(row.localizedDescrizione, lang),
  localizedDescrizione: row.localizedDescrizione,
  mt_versione: hideCodes ? null : localizedText(row.localizedVersione, lang) || row.mtVersione,
  mt_cr_cod: hideCodes ? null : row.mtCrCod,
  mt_dt_cons_txt: formatItalianDate(row.mtDtCons),
  mt_riv_descr: row.mtRivDescr,
  mt_cli_descr: row.mtCliDescr,
  dataFineGaranzia: row.dataFineGaranzia,
  catalogoId,
});
