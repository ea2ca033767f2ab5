import {
  businessToday,
  type ComboValue,
  formatItalianDate,
  isWarrantyEditable,
  isWarrantyExpiredOn,
  type Language,
  localizedText,
  type StoredFileView,
  WARRANTY_TRANSITIONS,
  type Warranty,
  type WarrantyRow,
  type WarrantyState,
} from '@ricambi/domain';
import type { WarrantyRecord, WarrantyWithMachine } from './warranty.repository.ts';

type EventRow = { statoAttivita: string; nota: string | null; login: string; data: Date };

const stateOf = (r: WarrantyRecord) => r.statoAttivita as WarrantyState;
const yesNo = (flag: boolean) => (flag ? 'Y' : 'N');
const describe = (list: ComboValue[], key: string | null, lang: Language) => {
  const found = key ? list.find((v) => v.id.chiave === key) : undefined;
  return found ? localizedText(found.descrizione, lang) : null;
};

export const toWarrantyRow = (
  w: WarrantyWithMachine & { allegati: number },
  lang: Language,
  problemi: ComboValue[],
  showDealer: boolean,
): WarrantyRow => ({
  id: { matricola: w.r.matricola, numeroRichiesta: w.r.numero },
  descrizione: localizedText(w.localizedDescrizione ?? {}, lang),
  dealer: showDealer ? w.r.dealerLogin : null,
  dataRichiestaIso: w.r.dataRichiesta,
  dataRichiesta: formatItalianDate(w.r.dataRichiesta) ?? '',
  dataGuasto: formatItalianDate(w.r.dataGuasto),
  problemaSegnalato: describe(problemi, w.r.problemaSegnalato, lang),
  statoAttivita: stateOf(w.r),
  seEditable: yesNo(isWarrantyEditable(stateOf(w.r))),
  allegati: w.allegati,
  numeroOrdine: w.numeroOrdine,
});

export const toWarranty = (
  w: WarrantyWithMachine,
  context: {
    lang: Language;
    problemi: ComboValue[];
    collocazioni: ComboValue[];
    componente: Record<string, string> | null;
    allegati: StoredFileView[];
    eventi: EventRow[];
    backOffice: boolean;
  },
): Warranty => {
  const r = w.r;
  const { lang } = context;
  const state = stateOf(r);
  return {
    id: { matricola: r.matricola, numeroRichiesta: r.numero },
    descrizione: localizedText(w.localizedDescrizione ?? {}, lang),
    dealer: context.backOffice ? r.dealerLogin : null,
    dataFineGaranzia: formatItalianDate(r.dataFineGaranzia),
    garanziaScaduta: isWarrantyExpiredOn(r.dataFineGaranzia, r.dataRichiesta),
    dataRichiestaIso: r.dataRichiesta,
    dataRichiesta: formatItalianDate(r.dataRichiesta) ?? '',
    dataGuasto: formatItalianDate(r.dataGuasto),
    dataRiparazione: formatItalianDate(r.dataRiparazione),
    // The order's day where the business is (Italy), as its number's year.
    dataOrdine: w.dataOrdine ? formatItalianDate(businessToday(w.dataOrdine)) : null,
    numeroOrdine: w.numeroOrdine,
    oreLavoro: r.oreLavoro,
    oreIntervento: r.oreIntervento,
    oreViaggio: r.oreViaggio,
    chilometri: r.chilometri,
    costoTotaleIntervento: r.costoTotaleIntervento,
    problemaSegnalato: r.problemaSegnalato,
    problemaSegnalatoDescrizione: describe(context.problemi, r.problemaSegnalato, lang),
    problemaNote: r.problemaNote,
    collocazioneProblema: r.collocazioneProblema,
    collocazioneProblemaDescrizione: describe(context.collocazioni, r.collocazioneProblema, lang),
    codiceComponente: r.codiceComponente,
    componenteDescrizione: context.componente ? localizedText(context.componente, lang) : null,
    soluzioneAdottataNote: r.soluzioneAdottataNote,
    statoAttivita: state,
    prossimiStati: context.backOffice ? [...WARRANTY_TRANSITIONS[state]] : [],
    stato: r.stato,
    provincia: r.provincia,
    allegati: context.allegati,
    nomeAllegato: context.allegati.map((a) => a.name).join('#') || null,
    seEditable: yesNo(isWarrantyEditable(state)),
    eventi: context.eventi.map((e) => ({
      statoAttivita: e.statoAttivita as WarrantyState,
      nota: e.nota,
      login: e.login,
      data: e.data.toISOString(),
    })),
  };
};
