import {
  type ComboValue,
  formatItalianDate,
  type Language,
  localizedText,
  type MessaInStrada,
  type MessaInStradaRow,
  type StoredFileView,
} from '@ricambi/domain';
import type { MachineOnTheRoad } from './messa-in-strada.repository.ts';

const yesNo = (flag: boolean) => (flag ? 'Y' : 'N');
const editable = (m: MachineOnTheRoad) => (m.ms?.seEditable === 'N' ? 'N' : 'Y');

export const toMessaInStradaRow = (m: MachineOnTheRoad, lang: Language, attachments: number): MessaInStradaRow => ({
  id: { matricola: m.matricola },
  descrizione: localizedText(m.localizedDescrizione, lang),
  nomeCliente: m.ms?.nomeCliente ?? null,
  loc: m.ms?.loc ?? null,
  stato: m.ms?.stato ?? null,
  msData: formatItalianDate(m.ms?.msData),
  fatta: m.ms !== null,
  seEditable: editable(m),
  seAllegato: yesNo(attachments > 0),
});

export const toMessaInStrada = (
  m: MachineOnTheRoad,
  lang: Language,
  settori: ComboValue[],
  allegati: StoredFileView[],
): MessaInStrada => {
  const ms = m.ms;
  const settore = settori.find((s) => s.id.chiave === ms?.msSettore);
  return {
    id: { matricola: m.matricola },
    descrizione: localizedText(m.localizedDescrizione, lang),
    nomeCliente: ms?.nomeCliente ?? null,
    via: ms?.via ?? null,
    cap: ms?.cap ?? null,
    loc: ms?.loc ?? null,
    partitaIva: ms?.partitaIva ?? null,
    geoLoc: ms?.geoLoc ?? null,
    stato: ms?.stato ?? null,
    provincia: ms?.provincia ?? null,
    msSettore: ms?.msSettore ?? null,
    settore: settore ? localizedText(settore.descrizione, lang) : null,
    rif: ms?.rif ?? null,
    telefono: ms?.telefono ?? null,
    email: ms?.email ?? null,
    msData: formatItalianDate(ms?.msData),
    seEditable: editable(m),
    seAllegato: yesNo(allegati.length > 0),
    nomeAllegato: allegati.map((a) => a.name).join('#') || null,
    allegati,
    registrata: ms !== null,
  };
};
