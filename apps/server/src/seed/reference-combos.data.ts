import { COMBO_LISTS, comboCategoryTipo, type LocalizedTexts } from '@ricambi/domain';

type ComboSeed = { tipo: string; chiave: string; ordine: number; descrizione: LocalizedTexts };

const l5 = (it: string, en: string, fr: string, de: string, es: string): LocalizedTexts => ({ it, en, fr, de, es });

const list = (tipo: string, values: LocalizedTexts[]): ComboSeed[] =>
  values.map((descrizione, i) => ({ tipo, chiave: String(i + 1), ordine: i + 1, descrizione }));

const OTHER = l5('Altro', 'Other', 'Autre', 'Sonstiges', 'Otro');

/** A keyed list: the key is the document's own (brands are lower-case words, spec 2 §3). */
const keyed = (tipo: string, values: [string, LocalizedTexts][]): ComboSeed[] =>
  values.map(([chiave, descrizione], i) => ({ tipo, chiave, ordine: i + 1, descrizione }));

/** The lookup lists of the technical documents (spec 2 §3): brands, types and three category levels. */
const DOCUMENT_COMBOS: ComboSeed[] = [
  ...keyed(COMBO_LISTS.marchi, [
    ['eurocomach', l5('Eurocomach', 'Eurocomach', 'Eurocomach', 'Eurocomach', 'Eurocomach')],
    ['nordmak', l5('Nordmak', 'Nordmak', 'Nordmak', 'Nordmak', 'Nordmak')],
    ['tracks', l5('Cingoli in gomma', 'Rubber tracks', 'Chenilles caoutchouc', 'Gummiketten', 'Orugas de goma')],
  ]),
  ...keyed(comboCategoryTipo('tipodocumento'), [
    ['MAN', l5('Manuale', 'Manual', 'Manuel', 'Handbuch', 'Manual')],
    [
      'BOL',
      l5(
        'Bollettino di servizio',
        'Service bulletin',
        'Bulletin de service',
        'Service-Bulletin',
        'Boletín de servicio',
      ),
    ],
    ['CAT', l5('Catalogo ricambi', 'Parts list', 'Catalogue de pièces', 'Ersatzteilliste', 'Catálogo de recambios')],
    ['SCH', l5('Schema tecnico', 'Technical diagram', 'Schéma technique', 'Technisches Schema', 'Esquema técnico')],
  ]),
  ...keyed(comboCategoryTipo('categoria1'), [
    [
      'USO',
      l5(
        'Uso e manutenzione',
        'Operation and maintenance',
        'Utilisation et entretien',
        'Betrieb und Wartung',
        'Uso y mantenimiento',
      ),
    ],
    [
      'ASS',
      l5('Assistenza tecnica', 'Technical service', 'Service technique', 'Technischer Service', 'Asistencia técnica'),
    ],
    ['RIC', l5('Ricambi', 'Spare parts', 'Pièces détachées', 'Ersatzteile', 'Recambios')],
    ['SIC', l5('Sicurezza', 'Safety', 'Sécurité', 'Sicherheit', 'Seguridad')],
  ]),
  ...keyed(comboCategoryTipo('categoria2'), [
    ['MOT', l5('Motore', 'Engine', 'Moteur', 'Motor', 'Motor')],
    ['IDR', l5('Impianto idraulico', 'Hydraulic system', 'Circuit hydraulique', 'Hydraulik', 'Sistema hidráulico')],
    ['ELE', l5('Impianto elettrico', 'Electrical system', 'Circuit électrique', 'Elektrik', 'Sistema eléctrico')],
    [
      'CAR',
      l5(
        'Carro e cingoli',
        'Undercarriage and tracks',
        'Train de roulement et chenilles',
        'Fahrwerk und Ketten',
        'Tren de rodaje y orugas',
      ),
    ],
    ['CAB', l5('Cabina', 'Cab', 'Cabine', 'Kabine', 'Cabina')],
  ]),
  ...keyed(comboCategoryTipo('categoria3'), [
    ['DIA', l5('Diagnosi', 'Diagnostics', 'Diagnostic', 'Diagnose', 'Diagnóstico')],
    [
      'SMO',
      l5(
        'Smontaggio e montaggio',
        'Removal and fitting',
        'Dépose et repose',
        'Aus- und Einbau',
        'Desmontaje y montaje',
      ),
    ],
    ['TAR', l5('Tarature', 'Settings', 'Réglages', 'Einstellungen', 'Ajustes')],
  ]),
];

/**
 * The lookup lists of the after-sales forms (spec 2 §7), in five languages. Reference data: inserted
 * when missing; managers edit them afterwards on the combo values screen.
 */
export const REFERENCE_COMBOS: ComboSeed[] = [
  ...list(COMBO_LISTS.problemi, [
    l5('Motore', 'Engine', 'Moteur', 'Motor', 'Motor'),
    l5('Impianto idraulico', 'Hydraulic system', 'Circuit hydraulique', 'Hydraulik', 'Sistema hidráulico'),
    l5('Impianto elettrico', 'Electrical system', 'Circuit électrique', 'Elektrik', 'Sistema eléctrico'),
    l5(
      'Carro e cingoli',
      'Undercarriage and tracks',
      'Train de roulement et chenilles',
      'Fahrwerk und Ketten',
      'Tren de rodaje y orugas',
    ),
    l5('Cabina', 'Cab', 'Cabine', 'Kabine', 'Cabina'),
    l5('Carpenteria', 'Structure', 'Structure', 'Stahlbau', 'Estructura'),
    OTHER,
  ]),
  ...list(COMBO_LISTS.problemiSegnalati, [
    l5('Perdita d’olio', 'Oil leak', 'Fuite d’huile', 'Ölverlust', 'Fuga de aceite'),
    l5('Rumorosità anomala', 'Abnormal noise', 'Bruit anormal', 'Ungewöhnliches Geräusch', 'Ruido anómalo'),
    l5('Surriscaldamento', 'Overheating', 'Surchauffe', 'Überhitzung', 'Sobrecalentamiento'),
    l5('Guasto elettrico', 'Electrical fault', 'Panne électrique', 'Elektrischer Defekt', 'Avería eléctrica'),
    l5('Rottura meccanica', 'Mechanical breakage', 'Rupture mécanique', 'Mechanischer Bruch', 'Rotura mecánica'),
    l5('Mancato avviamento', 'Does not start', 'Ne démarre pas', 'Springt nicht an', 'No arranca'),
    l5('Perdita di potenza', 'Loss of power', 'Perte de puissance', 'Leistungsverlust', 'Pérdida de potencia'),
    l5('Usura anomala', 'Abnormal wear', 'Usure anormale', 'Ungewöhnlicher Verschleiß', 'Desgaste anómalo'),
    OTHER,
  ]),
  // Thirteen places, as the tickets' collocazioneKey 1–13 (spec 2 §2); 0 means none chosen.
  ...list(COMBO_LISTS.collocazioneProblema, [
    l5('Motore', 'Engine', 'Moteur', 'Motor', 'Motor'),
    l5('Trasmissione', 'Transmission', 'Transmission', 'Antrieb', 'Transmisión'),
    l5('Impianto idraulico', 'Hydraulic system', 'Circuit hydraulique', 'Hydraulik', 'Sistema hidráulico'),
    l5('Impianto elettrico', 'Electrical system', 'Circuit électrique', 'Elektrik', 'Sistema eléctrico'),
    l5('Cabina', 'Cab', 'Cabine', 'Kabine', 'Cabina'),
    l5('Braccio e avambraccio', 'Boom and arm', 'Flèche et balancier', 'Ausleger und Stiel', 'Pluma y brazo'),
    l5(
      'Benna e attrezzature',
      'Bucket and attachments',
      'Godet et équipements',
      'Löffel und Anbaugeräte',
      'Cazo y equipos',
    ),
    l5('Carro', 'Undercarriage', 'Train de roulement', 'Fahrwerk', 'Tren de rodaje'),
    l5('Cingoli', 'Tracks', 'Chenilles', 'Ketten', 'Orugas'),
    l5(
      'Ralla e rotazione',
      'Slewing ring and swing',
      'Couronne et rotation',
      'Drehkranz und Schwenkwerk',
      'Corona y giro',
    ),
    l5('Raffreddamento', 'Cooling', 'Refroidissement', 'Kühlung', 'Refrigeración'),
    l5('Carrozzeria', 'Bodywork', 'Carrosserie', 'Karosserie', 'Carrocería'),
    OTHER,
  ]),
  ...list(COMBO_LISTS.settori, [
    l5('Edilizia', 'Construction', 'Bâtiment', 'Bauwesen', 'Construcción'),
    l5('Movimento terra', 'Earthmoving', 'Terrassement', 'Erdbewegung', 'Movimiento de tierras'),
    l5('Agricoltura', 'Agriculture', 'Agriculture', 'Landwirtschaft', 'Agricultura'),
    l5(
      'Giardinaggio e paesaggistica',
      'Landscaping',
      'Paysagisme',
      'Garten- und Landschaftsbau',
      'Jardinería y paisajismo',
    ),
    l5('Noleggio', 'Rental', 'Location', 'Vermietung', 'Alquiler'),
    l5('Demolizione', 'Demolition', 'Démolition', 'Abbruch', 'Demolición'),
    l5('Pubblica amministrazione', 'Public sector', 'Secteur public', 'Öffentliche Hand', 'Sector público'),
    l5('Industria', 'Industry', 'Industrie', 'Industrie', 'Industria'),
    OTHER,
  ]),
  ...[
    ['it', l5('Italiano', 'Italian', 'Italien', 'Italienisch', 'Italiano')],
    ['en', l5('Inglese', 'English', 'Anglais', 'Englisch', 'Inglés')],
    ['fr', l5('Francese', 'French', 'Français', 'Französisch', 'Francés')],
    ['de', l5('Tedesco', 'German', 'Allemand', 'Deutsch', 'Alemán')],
    ['es', l5('Spagnolo', 'Spanish', 'Espagnol', 'Spanisch', 'Español')],
  ].map(([chiave, descrizione], i) => ({
    tipo: COMBO_LISTS.lingue,
    chiave: chiave as string,
    ordine: i + 1,
    descrizione: descrizione as LocalizedTexts,
  })),
  ...DOCUMENT_COMBOS,
];
