import {
  businessToday,
  CHECKLIST_LIMITS,
  type ChecklistAnswer,
  type ChecklistState,
  type ChecklistType,
  checklistImageName,
  checklistScoreOf,
  checklistStateOf,
  GENERIC_SERIAL,
  LANGUAGES,
} from '@ricambi/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import type { LocalizedText } from '../db/schema/banners.schema.ts';
import {
  appUser,
  crDarHeader,
  crDarLine,
  crDarTemplateHeader,
  crDarTemplateLine,
  crModelli,
  macchina,
  messaInStrada,
} from '../db/schema/index.ts';
import type { Files } from '../platform/files.ts';
import { createRng, hash32 } from './catalogue-generator.ts';
import { MACHINE_MODELS, type MachineType } from './catalogue-vocabulary.ts';
import { BENCH_CATALOGUE_CODE } from './machines-generator.ts';

const SEED = 0x15c4ec;
const DAY = 86_400_000;
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------
// What a question may not apply to (darNaFlag Y): the machine's type, cab and optional equipment.

/** A demo machine as the checklists see it: its type, cab or canopy, and what it was fitted with. */
type Profile = {
  type: MachineType;
  canopy: boolean;
  rubberTracks: boolean;
  kw: number;
  aux: boolean;
  coupler: boolean;
  hammer: boolean;
  beacon: boolean;
  rearLights: boolean;
  extinguisher: boolean;
  travelAlarm: boolean;
  liftingKit: boolean;
};

/** When a question does not apply (answered '--'). */
const NOT_APPLICABLE = {
  cab: (p: Profile) => p.canopy,
  tracked: (p: Profile) => p.type === 'loader',
  wheeled: (p: Profile) => p.type !== 'loader',
  excavator: (p: Profile) => p.type !== 'mini' && p.type !== 'midi',
  rubber: (p: Profile) => !p.rubberTracks,
  /** Stage V engines of 37 kW and more have SCR and an AdBlue tank. */
  scr: (p: Profile) => p.kw < 37,
  aux: (p: Profile) => !p.aux,
  coupler: (p: Profile) => !p.coupler,
  hammer: (p: Profile) => !p.hammer,
  beacon: (p: Profile) => !p.beacon,
  rearLights: (p: Profile) => !p.rearLights,
  extinguisher: (p: Profile) => !p.extinguisher,
  travelAlarm: (p: Profile) => !p.travelAlarm,
  lifting: (p: Profile) => !p.liftingKit,
} as const;
type NaRule = keyof typeof NOT_APPLICABLE;

// ---------------------------------------------------------------------------------------------
// The rows: two description lines (the question, then what to check) in it, en, fr, de, es.

type Pair = readonly [descr1: string, descr2: string];
type Texts = readonly [it: Pair, en: Pair, fr: Pair, de: Pair, es: Pair];
/** A row of the bank: a group's or a question's texts; a question's KO weight and when it does not apply. */
type Row = { texts: Texts; na?: NaRule; ko?: number };

const row = (it: Pair, en: Pair, fr: Pair, de: Pair, es: Pair, opts: Omit<Row, 'texts'> = {}): Row => ({
  texts: [it, en, fr, de, es],
  ...opts,
});

/** Safety-critical: a KO weighs more. Cosmetic or paperwork: less. */
const CRITICAL = -5;
const MINOR = -1;
/** What a cylinder's question checks, in the five languages. */
const ROD = [
  'Stelo senza rigature, nessuna perdita',
  'Rod free of scores, no leaks',
  'Tige sans rayures, aucune fuite',
  'Kolbenstange ohne Riefen, keine Leckage',
  'Vástago sin rayas, sin fugas',
] as const;
const cylinder = (it: string, en: string, fr: string, de: string, es: string, na?: NaRule) =>
  row([it, ROD[0]], [en, ROD[1]], [fr, ROD[2]], [de, ROD[3]], [es, ROD[4]], na ? { na } : {});

const BANK = {
  // --- level-1 groups
  docs: row(
    ['Documentazione e targhette', 'Documenti a bordo, targhe e adesivi'],
    ['Documents and plates', 'On-board documents, plates and decals'],
    ['Documentation et plaques', 'Documents de bord, plaques et autocollants'],
    ['Dokumentation und Schilder', 'Bordunterlagen, Schilder und Aufkleber'],
    ['Documentación y placas', 'Documentos a bordo, placas y adhesivos'],
  ),
  engine: row(
    ['Motore', 'Livelli, filtri, cinghie e avviamento'],
    ['Engine', 'Levels, filters, belts and starting'],
    ['Moteur', 'Niveaux, filtres, courroies et démarrage'],
    ['Motor', 'Füllstände, Filter, Riemen und Start'],
    ['Motor', 'Niveles, filtros, correas y arranque'],
  ),
  hydraulics: row(
    ['Impianto idraulico', 'Olio, tubi flessibili, raccordi e cilindri'],
    ['Hydraulic system', 'Oil, hoses, fittings and cylinders'],
    ['Circuit hydraulique', 'Huile, flexibles, raccords et vérins'],
    ['Hydraulikanlage', 'Öl, Schläuche, Verschraubungen und Zylinder'],
    ['Sistema hidráulico', 'Aceite, latiguillos, racores y cilindros'],
  ),
  electrical: row(
    ['Impianto elettrico', 'Batteria, luci, segnalatori e strumenti'],
    ['Electrical system', 'Battery, lights, warning devices and gauges'],
    ['Circuit électrique', 'Batterie, feux, avertisseurs et instruments'],
    ['Elektrische Anlage', 'Batterie, Beleuchtung, Warngeräte, Instrumente'],
    ['Sistema eléctrico', 'Batería, luces, avisadores e instrumentos'],
  ),
  cab: row(
    ['Cabina e comandi', 'Posto di guida, comandi e comfort'],
    ['Cab and controls', 'Operator station, controls and comfort'],
    ['Cabine et commandes', 'Poste de conduite, commandes et confort'],
    ['Kabine und Bedienelemente', 'Fahrerplatz, Bedienung und Komfort'],
    ['Cabina y mandos', 'Puesto de conducción, mandos y confort'],
  ),
  undercarriage: row(
    ['Carro e cingoli / ruote', 'Organi di traslazione e lama'],
    ['Undercarriage, tracks / wheels', 'Travel components and dozer blade'],
    ['Châssis, chenilles / roues', 'Organes de translation et lame'],
    ['Unterwagen, Ketten / Räder', 'Fahrwerkskomponenten und Planierschild'],
    ['Tren de rodaje, orugas / ruedas', 'Órganos de traslación y hoja'],
  ),
  attachments: row(
    ['Attrezzature', 'Benna, attacco rapido e accessori'],
    ['Attachments', 'Bucket, quick coupler and accessories'],
    ['Équipements', 'Godet, attache rapide et accessoires'],
    ['Anbaugeräte', 'Löffel, Schnellwechsler und Zubehör'],
    ['Equipos', 'Cazo, enganche rápido y accesorios'],
  ),
  safety: row(
    ['Sicurezza', 'Protezioni, dispositivi e dotazioni'],
    ['Safety', 'Guards, devices and equipment'],
    ['Sécurité', 'Protections, dispositifs et équipements'],
    ['Sicherheit', 'Schutzeinrichtungen und Ausrüstung'],
    ['Seguridad', 'Protecciones, dispositivos y dotación'],
  ),
  functional: row(
    ['Prova funzionale', 'Prova di tutti i movimenti a motore caldo'],
    ['Functional test', 'Test of all movements with the engine warm'],
    ['Essai fonctionnel', 'Essai de tous les mouvements moteur chaud'],
    ['Funktionsprüfung', 'Prüfung aller Bewegungen bei warmem Motor'],
    ['Prueba funcional', 'Prueba de todos los movimientos en caliente'],
  ),
  transport: row(
    ['Trasporto e scarico', 'Stato della macchina all’arrivo in cantiere'],
    ['Transport and unloading', 'Condition of the machine on arrival on site'],
    ['Transport et déchargement', 'État de la machine à l’arrivée sur le chantier'],
    ['Transport und Entladung', 'Zustand der Maschine bei Ankunft auf der Baustelle'],
    ['Transporte y descarga', 'Estado de la máquina al llegar a la obra'],
  ),
  levelsLeaks: row(
    ['Livelli e perdite', 'Controllo a macchina ferma, in piano'],
    ['Levels and leaks', 'Checked with the machine parked on level ground'],
    ['Niveaux et fuites', 'Contrôle machine arrêtée, sur sol plat'],
    ['Füllstände und Undichtigkeiten', 'Prüfung bei abgestellter Maschine, eben'],
    ['Niveles y fugas', 'Control con la máquina parada y nivelada'],
  ),
  instruction: row(
    ['Istruzione dell’operatore', 'Spiegazione al cliente alla consegna'],
    ['Operator instruction', 'Explained to the customer at handover'],
    ['Formation de l’opérateur', 'Expliqué au client à la livraison'],
    ['Einweisung des Bedieners', 'Dem Kunden bei der Übergabe erklärt'],
    ['Formación del operador', 'Explicado al cliente en la entrega'],
  ),
  acceptance: row(
    ['Accettazione del cliente', 'Consegna e firma del verbale'],
    ['Customer acceptance', 'Handover and signature of the report'],
    ['Acceptation du client', 'Remise et signature du procès-verbal'],
    ['Abnahme durch den Kunden', 'Übergabe und Unterzeichnung des Protokolls'],
    ['Aceptación del cliente', 'Entrega y firma del acta'],
  ),

  // --- documents and plates
  manual: row(
    ['Manuale uso e manutenzione a bordo', 'Nella lingua del cliente, nel portadocumenti'],
    ['Operator and maintenance manual on board', 'In the customer’s language, in the document holder'],
    ['Manuel d’utilisation et d’entretien à bord', 'Dans la langue du client, dans le porte-documents'],
    ['Betriebs- und Wartungsanleitung an Bord', 'In der Sprache des Kunden, im Dokumentenfach'],
    ['Manual de uso y mantenimiento a bordo', 'En el idioma del cliente, en el portadocumentos'],
  ),
  ceDecl: row(
    ['Dichiarazione CE di conformità', 'Matricola uguale a quella della targhetta'],
    ['EC declaration of conformity', 'Serial number matches the identification plate'],
    ['Déclaration CE de conformité', 'Numéro de série identique à celui de la plaque'],
    ['EG-Konformitätserklärung', 'Seriennummer stimmt mit dem Typenschild überein'],
    ['Declaración CE de conformidad', 'Número de serie igual al de la placa'],
  ),
  plate: row(
    ['Targhetta di identificazione', 'Presente, leggibile, rivettata al telaio'],
    ['Identification plate', 'Present, legible, riveted to the frame'],
    ['Plaque d’identification', 'Présente, lisible, rivetée au châssis'],
    ['Typenschild', 'Vorhanden, lesbar, am Rahmen vernietet'],
    ['Placa de identificación', 'Presente, legible, remachada al bastidor'],
  ),
  decals: row(
    ['Adesivi e pittogrammi', 'Secondo l’elenco del manuale'],
    ['Decals and pictograms', 'As listed in the manual'],
    ['Autocollants et pictogrammes', 'Selon la liste du manuel'],
    ['Aufkleber und Piktogramme', 'Laut Liste in der Betriebsanleitung'],
    ['Adhesivos y pictogramas', 'Según la lista del manual'],
  ),
  safetyDecals: row(
    ['Adesivi di sicurezza', 'Tutti presenti, integri e leggibili'],
    ['Safety decals', 'All present, intact and legible'],
    ['Autocollants de sécurité', 'Tous présents, intacts et lisibles'],
    ['Sicherheitsaufkleber', 'Alle vorhanden, unbeschädigt und lesbar'],
    ['Adhesivos de seguridad', 'Todos presentes, intactos y legibles'],
  ),
  noiseLabel: row(
    ['Targhetta della potenza sonora', 'Valore LWA garantito, ben visibile'],
    ['Sound power label', 'Guaranteed LWA value, clearly visible'],
    ['Étiquette de puissance acoustique', 'Valeur LWA garantie, bien visible'],
    ['Schallleistungsaufkleber', 'Garantierter LWA-Wert, gut sichtbar'],
    ['Etiqueta de potencia acústica', 'Valor LWA garantizado, bien visible'],
    { ko: MINOR },
  ),
  loadChart: row(
    ['Tabella dei carichi in cabina', 'Per macchine abilitate al sollevamento'],
    ['Load chart in the cab', 'For machines approved for lifting'],
    ['Tableau de charges en cabine', 'Pour les machines aptes au levage'],
    ['Traglasttabelle in der Kabine', 'Für Maschinen mit Hebezeugeinsatz'],
    ['Tabla de cargas en la cabina', 'Para máquinas aptas para elevación'],
    { na: 'lifting' },
  ),
  keys: row(
    ['Chiavi consegnate', 'Due chiavi di avviamento e chiave del serbatoio'],
    ['Keys handed over', 'Two ignition keys and the fuel cap key'],
    ['Clés remises', 'Deux clés de contact et la clé du réservoir'],
    ['Schlüssel übergeben', 'Zwei Zündschlüssel und der Tankdeckelschlüssel'],
    ['Llaves entregadas', 'Dos llaves de contacto y la llave del depósito'],
  ),
  warrantyBook: row(
    ['Certificato di garanzia', 'Compilato e consegnato al cliente'],
    ['Warranty certificate', 'Filled in and given to the customer'],
    ['Certificat de garantie', 'Rempli et remis au client'],
    ['Garantieschein', 'Ausgefüllt und dem Kunden übergeben'],
    ['Certificado de garantía', 'Cumplimentado y entregado al cliente'],
  ),
  partsCatalogue: row(
    ['Catalogo ricambi', 'Accesso al portale o copia cartacea'],
    ['Spare parts catalogue', 'Portal access or printed copy'],
    ['Catalogue de pièces détachées', 'Accès au portail ou copie papier'],
    ['Ersatzteilkatalog', 'Portalzugang oder gedruckte Ausgabe'],
    ['Catálogo de recambios', 'Acceso al portal o copia impresa'],
    { ko: MINOR },
  ),

  // --- engine
  levels: row(
    ['Livelli', 'Macchina in piano, motore spento e freddo'],
    ['Fluid levels', 'Machine level, engine off and cold'],
    ['Niveaux', 'Machine à plat, moteur arrêté et froid'],
    ['Füllstände', 'Maschine eben, Motor aus und kalt'],
    ['Niveles', 'Máquina nivelada, motor parado y frío'],
  ),
  engineOil: row(
    ['Olio motore', 'Astina tra MIN e MAX, olio pulito'],
    ['Engine oil', 'Dipstick between MIN and MAX, clean oil'],
    ['Huile moteur', 'Jauge entre MIN et MAX, huile propre'],
    ['Motoröl', 'Messstab zwischen MIN und MAX, sauberes Öl'],
    ['Aceite del motor', 'Varilla entre MIN y MAX, aceite limpio'],
  ),
  coolant: row(
    ['Liquido di raffreddamento', 'Nel vaso di espansione tra MIN e MAX'],
    ['Coolant', 'Expansion tank between MIN and MAX'],
    ['Liquide de refroidissement', 'Vase d’expansion entre MIN et MAX'],
    ['Kühlmittel', 'Ausgleichsbehälter zwischen MIN und MAX'],
    ['Líquido refrigerante', 'Vaso de expansión entre MIN y MAX'],
  ),
  fuel: row(
    ['Gasolio', 'Almeno un quarto di serbatoio'],
    ['Diesel fuel', 'At least a quarter of a tank'],
    ['Gazole', 'Au moins un quart de réservoir'],
    ['Dieselkraftstoff', 'Mindestens ein Viertel Tankfüllung'],
    ['Gasóleo', 'Al menos un cuarto de depósito'],
    { ko: MINOR },
  ),
  adblue: row(
    ['AdBlue', 'Serbatoio pieno (motori Stage V con SCR)'],
    ['AdBlue (DEF)', 'Tank full (Stage V engines with SCR)'],
    ['AdBlue', 'Réservoir plein (moteurs Stage V avec SCR)'],
    ['AdBlue', 'Tank voll (Stufe-V-Motoren mit SCR)'],
    ['AdBlue', 'Depósito lleno (motores Stage V con SCR)'],
    { na: 'scr' },
  ),
  belt: row(
    ['Cinghia alternatore e ventola', 'Tensione corretta, nessuna crepa'],
    ['Alternator and fan belt', 'Correct tension, no cracks'],
    ['Courroie d’alternateur et ventilateur', 'Tension correcte, aucune fissure'],
    ['Lichtmaschinen- und Lüfterriemen', 'Richtige Spannung, keine Risse'],
    ['Correa del alternador y ventilador', 'Tensión correcta, sin grietas'],
  ),
  airFilter: row(
    ['Filtro aria', 'Cartuccia pulita, indicatore di intasamento verde'],
    ['Air filter', 'Clean element, restriction indicator green'],
    ['Filtre à air', 'Cartouche propre, indicateur de colmatage vert'],
    ['Luftfilter', 'Einsatz sauber, Wartungsanzeige grün'],
    ['Filtro de aire', 'Cartucho limpio, indicador de obstrucción verde'],
  ),
  leaksEngine: row(
    ['Vano motore senza perdite', 'Olio, gasolio e liquido di raffreddamento'],
    ['Engine bay free of leaks', 'Oil, diesel fuel and coolant'],
    ['Compartiment moteur sans fuites', 'Huile, gazole et liquide de refroidissement'],
    ['Motorraum ohne Undichtigkeiten', 'Öl, Diesel und Kühlmittel'],
    ['Compartimento del motor sin fugas', 'Aceite, gasóleo y líquido refrigerante'],
  ),
  coldStart: row(
    ['Avviamento e minimo', 'Avvio pronto, minimo regolare, fumo normale'],
    ['Starting and idling', 'Starts promptly, steady idle, normal smoke'],
    ['Démarrage et ralenti', 'Démarrage franc, ralenti stable, fumée normale'],
    ['Start und Leerlauf', 'Startet sofort, ruhiger Leerlauf, Abgas normal'],
    ['Arranque y ralentí', 'Arranque rápido, ralentí estable, humo normal'],
  ),

  // --- hydraulics
  hydOil: row(
    ['Livello olio idraulico', 'Spia di livello a metà, attrezzatura a terra'],
    ['Hydraulic oil level', 'Sight glass half full, equipment lowered'],
    ['Niveau d’huile hydraulique', 'Voyant à mi-hauteur, équipement au sol'],
    ['Hydraulikölstand', 'Schauglas halb voll, Ausrüstung abgesenkt'],
    ['Nivel de aceite hidráulico', 'Visor a la mitad, equipo apoyado en el suelo'],
  ),
  hoses: row(
    ['Tubi flessibili e raccordi', 'Controllo visivo con impianto in pressione'],
    ['Hoses and fittings', 'Visual check with the system pressurised'],
    ['Flexibles et raccords', 'Contrôle visuel, circuit sous pression'],
    ['Schläuche und Verschraubungen', 'Sichtprüfung bei Anlage unter Druck'],
    ['Latiguillos y racores', 'Control visual con el circuito en presión'],
  ),
  hoseBoom: row(
    ['Tubi del braccio e dell’avambraccio', 'Nessuno sfregamento o piegatura'],
    ['Boom and arm hoses', 'No chafing or kinks'],
    ['Flexibles de flèche et de balancier', 'Aucun frottement ni pliure'],
    ['Schläuche an Ausleger und Stiel', 'Keine Scheuerstellen oder Knicke'],
    ['Latiguillos de pluma y balancín', 'Sin rozaduras ni dobleces'],
  ),
  hoseFittings: row(
    ['Raccordi serrati e asciutti', 'Nessun trasudamento ai raccordi e al distributore'],
    ['Fittings tight and dry', 'No seepage at the fittings or the control valve'],
    ['Raccords serrés et secs', 'Aucun suintement aux raccords et au distributeur'],
    ['Verschraubungen fest und trocken', 'Kein Schwitzen an Verschraubungen und Steuerblock'],
    ['Racores apretados y secos', 'Sin rezumes en los racores ni en el distribuidor'],
  ),
  hoseAux: row(
    ['Circuito ausiliario', 'Tubi e innesti rapidi, con tappi di protezione'],
    ['Auxiliary circuit', 'Hoses and quick couplings, with dust caps'],
    ['Circuit auxiliaire', 'Flexibles et coupleurs, avec bouchons'],
    ['Zusatzhydraulik', 'Schläuche und Schnellkupplungen mit Staubkappen'],
    ['Circuito auxiliar', 'Latiguillos y enchufes rápidos, con tapones'],
    { na: 'aux' },
  ),
  cylinders: row(
    ['Cilindri', 'Steli integri, guarnizioni senza perdite'],
    ['Cylinders', 'Rods undamaged, seals not leaking'],
    ['Vérins', 'Tiges intactes, joints sans fuite'],
    ['Zylinder', 'Kolbenstangen intakt, Dichtungen dicht'],
    ['Cilindros', 'Vástagos intactos, juntas sin fugas'],
  ),
  cylBoom: cylinder(
    'Cilindro del braccio',
    'Boom cylinder',
    'Vérin de flèche',
    'Auslegerzylinder',
    'Cilindro de la pluma',
  ),
  cylArm: cylinder(
    'Cilindro dell’avambraccio',
    'Arm cylinder',
    'Vérin de balancier',
    'Stielzylinder',
    'Cilindro del balancín',
    'excavator',
  ),
  cylBucket: cylinder(
    'Cilindro della benna',
    'Bucket cylinder',
    'Vérin de godet',
    'Löffelzylinder',
    'Cilindro del cazo',
  ),
  cylBlade: cylinder(
    'Cilindro della lama',
    'Dozer blade cylinder',
    'Vérin de lame',
    'Planierschildzylinder',
    'Cilindro de la hoja',
    'excavator',
  ),
  cylSwingBoom: cylinder(
    'Cilindro del brandeggio',
    'Boom swing cylinder',
    'Vérin de déport de flèche',
    'Knickzylinder des Auslegers',
    'Cilindro de giro de la pluma',
    'excavator',
  ),

  // --- electrical
  battery: row(
    ['Batteria', 'Tensione sopra 12,4 V, morsetti serrati e protetti'],
    ['Battery', 'Voltage above 12.4 V, terminals tight and covered'],
    ['Batterie', 'Tension supérieure à 12,4 V, bornes serrées'],
    ['Batterie', 'Spannung über 12,4 V, Pole fest und abgedeckt'],
    ['Batería', 'Tensión superior a 12,4 V, bornes apretados'],
  ),
  batteryIsolator: row(
    ['Staccabatteria', 'Interrompe il circuito, chiave presente'],
    ['Battery isolator', 'Cuts the circuit, key present'],
    ['Coupe-batterie', 'Coupe le circuit, clé présente'],
    ['Batterietrennschalter', 'Trennt den Stromkreis, Schlüssel vorhanden'],
    ['Desconectador de batería', 'Corta el circuito, llave presente'],
  ),
  lights: row(
    ['Luci', 'Accendere ogni faro e controllare il fascio'],
    ['Lights', 'Switch on each lamp and check the beam'],
    ['Éclairage', 'Allumer chaque phare et contrôler le faisceau'],
    ['Beleuchtung', 'Jeden Scheinwerfer einschalten und prüfen'],
    ['Luces', 'Encender cada faro y comprobar el haz'],
  ),
  frontLights: row(
    ['Fari di lavoro anteriori', 'Su cabina e braccio'],
    ['Front work lights', 'On the cab and the boom'],
    ['Phares de travail avant', 'Sur la cabine et la flèche'],
    ['Vordere Arbeitsscheinwerfer', 'An Kabine und Ausleger'],
    ['Faros de trabajo delanteros', 'En la cabina y la pluma'],
  ),
  rearLights: row(
    ['Fari di lavoro posteriori', 'Se presenti'],
    ['Rear work lights', 'If fitted'],
    ['Phares de travail arrière', 'Si présents'],
    ['Hintere Arbeitsscheinwerfer', 'Falls vorhanden'],
    ['Faros de trabajo traseros', 'Si están montados'],
    { na: 'rearLights', ko: MINOR },
  ),
  beacon: row(
    ['Lampeggiante rotante', 'Fissaggio magnetico o a vite, funzionante'],
    ['Rotating beacon', 'Magnetic or bolted mount, working'],
    ['Gyrophare', 'Fixation magnétique ou vissée, fonctionne'],
    ['Rundumkennleuchte', 'Magnet- oder Schraubbefestigung, funktioniert'],
    ['Rotativo', 'Fijación magnética o atornillada, funciona'],
    { na: 'beacon' },
  ),
  horn: row(
    ['Avvisatore acustico', 'Suono chiaro dal pulsante sul joystick'],
    ['Horn', 'Clear sound from the joystick button'],
    ['Avertisseur sonore', 'Son net depuis le bouton du joystick'],
    ['Hupe', 'Deutlicher Ton über die Joystick-Taste'],
    ['Bocina', 'Sonido claro desde el botón del joystick'],
  ),
  travelAlarm: row(
    ['Allarme di traslazione', 'Cicalino attivo in marcia, se previsto'],
    ['Travel alarm', 'Buzzer sounds when travelling, if fitted'],
    ['Alarme de translation', 'Signal sonore en translation, si prévu'],
    ['Fahralarm', 'Summer ertönt beim Fahren, falls vorhanden'],
    ['Alarma de traslación', 'Avisador activo en marcha, si lo lleva'],
    { na: 'travelAlarm' },
  ),
  warningLights: row(
    ['Spie e strumentazione', 'Test spie all’avvio, nessun codice di errore'],
    ['Warning lights and gauges', 'Bulb test at start-up, no error codes'],
    ['Témoins et instruments', 'Test des témoins au démarrage, aucun code'],
    ['Warnleuchten und Instrumente', 'Lampentest beim Start, keine Fehlercodes'],
    ['Testigos e instrumentos', 'Prueba de testigos al arrancar, sin códigos'],
  ),
  hourMeter: row(
    ['Contaore', 'Funzionante, ore annotate nel rapporto'],
    ['Hour meter', 'Working, hours noted in the report'],
    ['Compteur horaire', 'Fonctionne, heures notées dans le rapport'],
    ['Betriebsstundenzähler', 'Funktioniert, Stunden im Bericht notiert'],
    ['Horómetro', 'Funciona, horas anotadas en el informe'],
  ),

  // --- cab and controls
  seatBelt: row(
    ['Sedile e cintura di sicurezza', 'Regolazioni, arrotolatore e fibbia'],
    ['Seat and seat belt', 'Adjustments, retractor and buckle'],
    ['Siège et ceinture de sécurité', 'Réglages, enrouleur et boucle'],
    ['Sitz und Sicherheitsgurt', 'Verstellung, Aufroller und Schloss'],
    ['Asiento y cinturón de seguridad', 'Ajustes, enrollador y hebilla'],
    { ko: CRITICAL },
  ),
  rops: row(
    ['Struttura ROPS/FOPS', 'Integra, bulloni serrati, targhetta presente'],
    ['ROPS/FOPS structure', 'Undamaged, bolts tight, label present'],
    ['Structure ROPS/FOPS', 'Intacte, boulons serrés, plaque présente'],
    ['ROPS/FOPS-Schutzaufbau', 'Unbeschädigt, Schrauben fest, Schild vorhanden'],
    ['Estructura ROPS/FOPS', 'Intacta, tornillos apretados, placa presente'],
    { ko: CRITICAL },
  ),
  safetyLever: row(
    ['Leva di sicurezza', 'Sollevata, blocca tutti i movimenti'],
    ['Safety lock lever', 'When raised it locks all movements'],
    ['Levier de sécurité', 'Relevé, il bloque tous les mouvements'],
    ['Sicherheitshebel', 'Hochgeklappt sperrt er alle Bewegungen'],
    ['Palanca de seguridad', 'Levantada bloquea todos los movimientos'],
    { ko: CRITICAL },
  ),
  joysticks: row(
    ['Joystick e pedali', 'Ritorno al centro, nessun gioco anomalo'],
    ['Joysticks and pedals', 'Return to neutral, no abnormal play'],
    ['Joysticks et pédales', 'Retour au neutre, aucun jeu anormal'],
    ['Joysticks und Pedale', 'Rückstellung in Neutral, kein Spiel'],
    ['Joysticks y pedales', 'Vuelven al centro, sin holguras'],
  ),
  glassWipers: row(
    ['Vetri, specchietti e tergicristallo', 'Vetri integri, lavavetri funzionante'],
    ['Glass, mirrors and wiper', 'Glass intact, washer working'],
    ['Vitres, rétroviseurs et essuie-glace', 'Vitres intactes, lave-glace en état'],
    ['Scheiben, Spiegel und Wischer', 'Scheiben intakt, Waschanlage funktioniert'],
    ['Cristales, espejos y limpiaparabrisas', 'Cristales intactos, lavaparabrisas en uso'],
    { na: 'cab' },
  ),
  ac: row(
    ['Aria condizionata', 'Raffredda entro 5 minuti, nessun rumore'],
    ['Air conditioning', 'Cools within 5 minutes, no noise'],
    ['Climatisation', 'Refroidit en 5 minutes, aucun bruit'],
    ['Klimaanlage', 'Kühlt innerhalb von 5 Minuten, geräuschlos'],
    ['Aire acondicionado', 'Enfría en 5 minutos, sin ruidos'],
    { na: 'cab' },
  ),
  heater: row(
    ['Riscaldamento e ventilazione', 'Tutte le velocità, bocchette orientabili'],
    ['Heating and ventilation', 'All fan speeds, adjustable vents'],
    ['Chauffage et ventilation', 'Toutes les vitesses, buses orientables'],
    ['Heizung und Lüftung', 'Alle Gebläsestufen, verstellbare Düsen'],
    ['Calefacción y ventilación', 'Todas las velocidades, rejillas orientables'],
    { na: 'cab' },
  ),
  displaySetup: row(
    ['Impostazioni del display', 'Lingua, data, ora e unità del cliente'],
    ['Display settings', 'Customer’s language, date, time and units'],
    ['Réglages de l’afficheur', 'Langue, date, heure et unités du client'],
    ['Displayeinstellungen', 'Sprache, Datum, Uhrzeit und Einheiten'],
    ['Ajustes de la pantalla', 'Idioma, fecha, hora y unidades del cliente'],
    { ko: MINOR },
  ),

  // --- undercarriage
  tracks: row(
    ['Cingoli', 'Solo macchine cingolate'],
    ['Tracks', 'Tracked machines only'],
    ['Chenilles', 'Machines sur chenilles uniquement'],
    ['Ketten', 'Nur Kettenmaschinen'],
    ['Orugas', 'Solo máquinas de orugas'],
  ),
  trackTension: row(
    ['Tensione dei cingoli', 'Freccia al rullo centrale secondo il manuale'],
    ['Track tension', 'Sag at the centre roller as per the manual'],
    ['Tension des chenilles', 'Flèche au galet central selon le manuel'],
    ['Kettenspannung', 'Durchhang an der Mittelrolle laut Anleitung'],
    ['Tensión de las orugas', 'Flecha en el rodillo central según el manual'],
    { na: 'tracked' },
  ),
  rubberTracks: row(
    ['Cingoli in gomma', 'Nessun taglio, inserti metallici non scoperti'],
    ['Rubber tracks', 'No cuts, steel cores not exposed'],
    ['Chenilles caoutchouc', 'Aucune coupure, inserts métalliques couverts'],
    ['Gummiketten', 'Keine Schnitte, Stahleinlagen nicht freiliegend'],
    ['Orugas de goma', 'Sin cortes, insertos metálicos no expuestos'],
    { na: 'rubber' },
  ),
  rollers: row(
    ['Rulli, ruota tendicingolo e motoriduttori', 'Nessuna perdita d’olio, viti serrate'],
    ['Rollers, idler and travel motors', 'No oil leaks, bolts tight'],
    ['Galets, roue de tension et moteurs de translation', 'Aucune fuite d’huile, vis serrées'],
    ['Laufrollen, Leitrad und Fahrmotoren', 'Keine Ölverluste, Schrauben fest'],
    ['Rodillos, rueda guía y motores de traslación', 'Sin fugas de aceite, tornillos apretados'],
    { na: 'tracked' },
  ),
  wheels: row(
    ['Ruote', 'Solo macchine gommate'],
    ['Wheels', 'Wheeled machines only'],
    ['Roues', 'Machines sur pneus uniquement'],
    ['Räder', 'Nur Radmaschinen'],
    ['Ruedas', 'Solo máquinas de ruedas'],
  ),
  tyres: row(
    ['Pneumatici', 'Pressione come da adesivo, nessun taglio'],
    ['Tyres', 'Pressure as per the label, no cuts'],
    ['Pneumatiques', 'Pression selon l’étiquette, aucune coupure'],
    ['Reifen', 'Luftdruck laut Aufkleber, keine Schnitte'],
    ['Neumáticos', 'Presión según la etiqueta, sin cortes'],
    { na: 'wheeled' },
  ),
  wheelNuts: row(
    ['Dadi delle ruote', 'Serrati alla coppia prescritta'],
    ['Wheel nuts', 'Tightened to the specified torque'],
    ['Écrous de roue', 'Serrés au couple prescrit'],
    ['Radmuttern', 'Mit vorgeschriebenem Drehmoment angezogen'],
    ['Tuercas de las ruedas', 'Apretadas al par prescrito'],
    { na: 'wheeled', ko: CRITICAL },
  ),
  blade: row(
    ['Lama apripista', 'Perni ingrassati, nessun gioco'],
    ['Dozer blade', 'Pins greased, no play'],
    ['Lame de remblayage', 'Axes graissés, aucun jeu'],
    ['Planierschild', 'Bolzen abgeschmiert, kein Spiel'],
    ['Hoja empujadora', 'Pasadores engrasados, sin holgura'],
    { na: 'excavator' },
  ),

  // --- attachments
  quickCoupler: row(
    ['Attacco rapido', 'Bloccaggio, sicura e spia in cabina'],
    ['Quick coupler', 'Locking, safety pin and cab indicator'],
    ['Attache rapide', 'Verrouillage, sécurité et témoin en cabine'],
    ['Schnellwechsler', 'Verriegelung, Sicherung und Anzeige'],
    ['Enganche rápido', 'Bloqueo, seguro e indicador en cabina'],
    { na: 'coupler', ko: CRITICAL },
  ),
  bucket: row(
    ['Benna', 'Denti, lama, perni e boccole'],
    ['Bucket', 'Teeth, cutting edge, pins and bushings'],
    ['Godet', 'Dents, lame, axes et bagues'],
    ['Löffel', 'Zähne, Schneide, Bolzen und Buchsen'],
    ['Cazo', 'Dientes, cuchilla, pasadores y casquillos'],
  ),
  hammer: row(
    ['Martello idraulico', 'Montaggio, tubi e pressione di esercizio'],
    ['Hydraulic breaker', 'Mounting, hoses and working pressure'],
    ['Brise-roche hydraulique', 'Montage, flexibles et pression de service'],
    ['Hydraulikhammer', 'Anbau, Schläuche und Betriebsdruck'],
    ['Martillo hidráulico', 'Montaje, latiguillos y presión de trabajo'],
    { na: 'hammer' },
  ),
  greasing: row(
    ['Punti di ingrassaggio', 'Tutti ingrassati, ingrassatori integri'],
    ['Grease points', 'All greased, nipples undamaged'],
    ['Points de graissage', 'Tous graissés, graisseurs intacts'],
    ['Schmierstellen', 'Alle abgeschmiert, Nippel unbeschädigt'],
    ['Puntos de engrase', 'Todos engrasados, engrasadores intactos'],
  ),
  attachmentsDelivered: row(
    ['Attrezzature ordinate', 'Tutte consegnate, come da ordine'],
    ['Ordered attachments', 'All delivered, as per the order'],
    ['Équipements commandés', 'Tous livrés, conformes à la commande'],
    ['Bestellte Anbaugeräte', 'Alle geliefert, laut Bestellung'],
    ['Equipos pedidos', 'Todos entregados, según el pedido'],
  ),

  // --- safety
  guards: row(
    ['Carter e protezioni', 'Chiusi, cerniere e chiusure funzionanti'],
    ['Covers and guards', 'Closed, hinges and latches working'],
    ['Capots et protections', 'Fermés, charnières et serrures en état'],
    ['Hauben und Schutzabdeckungen', 'Geschlossen, Scharniere und Schlösser in Ordnung'],
    ['Capós y protecciones', 'Cerrados, bisagras y cierres en buen estado'],
  ),
  emergencyStop: row(
    ['Arresto del motore', 'La chiave spegne il motore in ogni condizione'],
    ['Engine shutdown', 'The key stops the engine in every condition'],
    ['Arrêt du moteur', 'La clé arrête le moteur en toute condition'],
    ['Motorabstellung', 'Der Schlüssel stellt den Motor immer ab'],
    ['Parada del motor', 'La llave para el motor en cualquier caso'],
    { ko: CRITICAL },
  ),
  handrails: row(
    ['Corrimano e gradini', 'Integri, fissati, superfici antiscivolo'],
    ['Handrails and steps', 'Intact, secure, anti-slip surfaces'],
    ['Mains courantes et marchepieds', 'Intacts, fixés, surfaces antidérapantes'],
    ['Haltegriffe und Trittstufen', 'Intakt, fest, rutschfeste Flächen'],
    ['Pasamanos y peldaños', 'Intactos, fijos, superficies antideslizantes'],
  ),
  extinguisher: row(
    ['Estintore', 'Se previsto: carico, fissato, revisionato'],
    ['Fire extinguisher', 'If fitted: charged, secured, inspected'],
    ['Extincteur', 'Si prévu : chargé, fixé, contrôlé'],
    ['Feuerlöscher', 'Falls vorhanden: gefüllt, befestigt, geprüft'],
    ['Extintor', 'Si lo lleva: cargado, fijado, revisado'],
    { na: 'extinguisher' },
  ),
  swingLock: row(
    ['Blocco della rotazione', 'Perno di blocco torretta per il trasporto'],
    ['Swing lock', 'Upper structure lock pin for transport'],
    ['Blocage de rotation', 'Axe de blocage de tourelle pour le transport'],
    ['Schwenkverriegelung', 'Oberwagen-Sperrbolzen für den Transport'],
    ['Bloqueo del giro', 'Pasador de bloqueo de la torreta para transporte'],
    { na: 'excavator' },
  ),

  // --- functional test
  movements: row(
    ['Movimenti', 'Corsa completa, velocità e assenza di scatti'],
    ['Movements', 'Full stroke, speed and smoothness'],
    ['Mouvements', 'Course complète, vitesse et douceur'],
    ['Bewegungen', 'Voller Hub, Geschwindigkeit, ruckfrei'],
    ['Movimientos', 'Carrera completa, velocidad y suavidad'],
  ),
  boomMove: row(
    ['Sollevamento e discesa del braccio', 'Non scende da solo a motore spento'],
    ['Boom raise and lower', 'No drift with the engine off'],
    ['Levée et descente de la flèche', 'Pas de descente seule, moteur arrêté'],
    ['Ausleger heben und senken', 'Kein Absinken bei abgestelltem Motor'],
    ['Subida y bajada de la pluma', 'No baja sola con el motor parado'],
    { ko: CRITICAL },
  ),
  armBucketMove: row(
    ['Avambraccio e benna', 'Movimenti fluidi fino a fine corsa'],
    ['Arm and bucket', 'Smooth movement to the end of stroke'],
    ['Balancier et godet', 'Mouvements fluides jusqu’en fin de course'],
    ['Stiel und Löffel', 'Gleichmäßig bis zum Endanschlag'],
    ['Balancín y cazo', 'Movimientos suaves hasta el final de carrera'],
  ),
  swing: row(
    ['Rotazione della torretta', 'Nei due sensi, frenata senza contraccolpi'],
    ['Upper structure swing', 'Both directions, braking without jerks'],
    ['Rotation de la tourelle', 'Dans les deux sens, freinage sans à-coups'],
    ['Schwenken des Oberwagens', 'Beide Richtungen, ruckfreies Abbremsen'],
    ['Giro de la torreta', 'En ambos sentidos, frenado sin tirones'],
    { na: 'excavator' },
  ),
  travel: row(
    ['Traslazione', 'Su terreno piano, per almeno 20 metri'],
    ['Travel', 'On level ground, for at least 20 metres'],
    ['Translation', 'Sur sol plat, sur au moins 20 mètres'],
    ['Fahren', 'Auf ebenem Boden, mindestens 20 Meter'],
    ['Traslación', 'En terreno llano, al menos 20 metros'],
  ),
  travelStraight: row(
    ['Marcia rettilinea', 'Avanti e indietro senza deviare'],
    ['Straight travel', 'Forward and reverse without drifting'],
    ['Marche en ligne droite', 'Avant et arrière sans dévier'],
    ['Geradeauslauf', 'Vorwärts und rückwärts ohne Abweichung'],
    ['Marcha en línea recta', 'Adelante y atrás sin desviarse'],
  ),
  travelSpeed2: row(
    ['Seconda velocità', 'Inserimento e disinserimento automatico'],
    ['Second travel speed', 'Engages and disengages automatically'],
    ['Deuxième vitesse', 'Enclenchement et retour automatiques'],
    ['Zweite Fahrstufe', 'Schaltet automatisch zu und ab'],
    ['Segunda velocidad', 'Se activa y desactiva automáticamente'],
  ),
  parkingBrake: row(
    ['Freno di stazionamento', 'Tiene la macchina in pendenza'],
    ['Parking brake', 'Holds the machine on a slope'],
    ['Frein de stationnement', 'Maintient la machine en pente'],
    ['Feststellbremse', 'Hält die Maschine am Hang'],
    ['Freno de estacionamiento', 'Mantiene la máquina en pendiente'],
    { ko: CRITICAL },
  ),
  noises: row(
    ['Rumori e vibrazioni', 'Nessun rumore anomalo da pompa e motori'],
    ['Noise and vibration', 'No abnormal noise from the pump and motors'],
    ['Bruits et vibrations', 'Aucun bruit anormal de la pompe et des moteurs'],
    ['Geräusche und Vibrationen', 'Keine auffälligen Geräusche von Pumpe und Motoren'],
    ['Ruidos y vibraciones', 'Sin ruidos anómalos de la bomba y los motores'],
  ),
  workTemp: row(
    ['Temperature di esercizio', 'Entro i limiti dopo 30 minuti di lavoro'],
    ['Operating temperatures', 'Within limits after 30 minutes of work'],
    ['Températures de service', 'Dans les limites après 30 minutes de travail'],
    ['Betriebstemperaturen', 'Nach 30 Minuten Arbeit im Normalbereich'],
    ['Temperaturas de trabajo', 'Dentro de los límites tras 30 minutos'],
  ),

  // --- DAR: transport and unloading
  bodyDamage: row(
    ['Carrozzeria senza danni da trasporto', 'Giro completo attorno alla macchina'],
    ['Bodywork free of transport damage', 'Full walk-around of the machine'],
    ['Carrosserie sans dommages de transport', 'Tour complet de la machine'],
    ['Karosserie ohne Transportschäden', 'Kompletter Rundgang um die Maschine'],
    ['Carrocería sin daños de transporte', 'Vuelta completa alrededor de la máquina'],
  ),
  paint: row(
    ['Verniciatura', 'Nessun graffio o ammaccatura, ritocchi eseguiti'],
    ['Paintwork', 'No scratches or dents, touch-ups done'],
    ['Peinture', 'Aucune rayure ni bosse, retouches faites'],
    ['Lackierung', 'Keine Kratzer oder Dellen, Ausbesserungen erledigt'],
    ['Pintura', 'Sin arañazos ni abolladuras, retoques hechos'],
    { ko: MINOR },
  ),
  tieDown: row(
    ['Punti di ancoraggio', 'Integri, non deformati dal trasporto'],
    ['Tie-down points', 'Intact, not deformed by transport'],
    ['Points d’arrimage', 'Intacts, non déformés par le transport'],
    ['Verzurrpunkte', 'Intakt, durch den Transport nicht verformt'],
    ['Puntos de amarre', 'Intactos, sin deformaciones por el transporte'],
  ),
  missingParts: row(
    ['Macchina completa', 'Nessun pezzo mancante o smontato per il viaggio'],
    ['Machine complete', 'No part missing or removed for transport'],
    ['Machine complète', 'Aucune pièce manquante ou démontée pour le transport'],
    ['Maschine vollständig', 'Kein Teil fehlt oder ist für den Transport demontiert'],
    ['Máquina completa', 'Ninguna pieza falta o desmontada para el viaje'],
  ),

  // --- DAR: operator instruction
  controls: row(
    ['Comandi', 'Spiegati dal posto di guida'],
    ['Controls', 'Explained from the operator’s seat'],
    ['Commandes', 'Expliquées depuis le poste de conduite'],
    ['Bedienelemente', 'Am Fahrerplatz erklärt'],
    ['Mandos', 'Explicados desde el puesto de conducción'],
  ),
  iControls: row(
    ['Schema dei comandi ISO/SAE', 'Spiegato e impostato come richiesto'],
    ['ISO/SAE control pattern', 'Explained and set as requested'],
    ['Schéma de commandes ISO/SAE', 'Expliqué et réglé selon la demande'],
    ['Steuerschema ISO/SAE', 'Erklärt und wie gewünscht eingestellt'],
    ['Esquema de mandos ISO/SAE', 'Explicado y ajustado según lo pedido'],
  ),
  iDisplay: row(
    ['Display, spie e allarmi', 'Significato di ogni spia e cosa fare'],
    ['Display, warning lights and alarms', 'What each light means and what to do'],
    ['Afficheur, témoins et alarmes', 'Signification de chaque témoin, que faire'],
    ['Display, Warnleuchten und Alarme', 'Bedeutung jeder Leuchte und was zu tun ist'],
    ['Pantalla, testigos y alarmas', 'Significado de cada testigo y qué hacer'],
  ),
  iCoupler: row(
    ['Uso dell’attacco rapido', 'Aggancio, verifica e sgancio dell’attrezzo'],
    ['Using the quick coupler', 'Coupling, checking and releasing the tool'],
    ['Utilisation de l’attache rapide', 'Accrocher, vérifier et décrocher l’outil'],
    ['Bedienung des Schnellwechslers', 'Werkzeug ankuppeln, prüfen und lösen'],
    ['Uso del enganche rápido', 'Enganchar, comprobar y soltar el equipo'],
    { na: 'coupler', ko: CRITICAL },
  ),
  maintenance: row(
    ['Manutenzione', 'Mostrata sulla macchina con il manuale'],
    ['Maintenance', 'Shown on the machine with the manual'],
    ['Entretien', 'Montré sur la machine avec le manuel'],
    ['Wartung', 'An der Maschine mit der Anleitung gezeigt'],
    ['Mantenimiento', 'Mostrado en la máquina con el manual'],
  ),
  iDaily: row(
    ['Controlli giornalieri', 'Livelli, perdite, filtro aria, cingoli'],
    ['Daily checks', 'Levels, leaks, air filter, tracks'],
    ['Contrôles journaliers', 'Niveaux, fuites, filtre à air, chenilles'],
    ['Tägliche Kontrollen', 'Füllstände, Lecks, Luftfilter, Ketten'],
    ['Controles diarios', 'Niveles, fugas, filtro de aire, orugas'],
  ),
  iIntervals: row(
    ['Intervalli di manutenzione', 'Primo tagliando a 50 ore, poi ogni 500 ore'],
    ['Service intervals', 'First service at 50 hours, then every 500'],
    ['Intervalles d’entretien', 'Première révision à 50 h, puis toutes les 500 h'],
    ['Wartungsintervalle', 'Erste Inspektion nach 50 h, dann alle 500 h'],
    ['Intervalos de mantenimiento', 'Primera revisión a las 50 h, luego cada 500 h'],
  ),
  iGrease: row(
    ['Ingrassaggio', 'Punti e frequenza, grasso consigliato'],
    ['Greasing', 'Points and frequency, recommended grease'],
    ['Graissage', 'Points et fréquence, graisse conseillée'],
    ['Abschmieren', 'Stellen und Häufigkeit, empfohlenes Fett'],
    ['Engrase', 'Puntos y frecuencia, grasa recomendada'],
  ),
  iFuel: row(
    ['Rifornimento', 'Gasolio e AdBlue corretti, mai mescolati'],
    ['Refuelling', 'Correct diesel and AdBlue, never mixed'],
    ['Ravitaillement', 'Bon gazole et AdBlue, jamais mélangés'],
    ['Betanken', 'Richtiger Diesel und AdBlue, nie vermischen'],
    ['Repostaje', 'Gasóleo y AdBlue correctos, nunca mezclados'],
  ),
  iSafety: row(
    ['Regole di sicurezza', 'Illustrate all’operatore'],
    ['Safety rules', 'Explained to the operator'],
    ['Règles de sécurité', 'Expliquées à l’opérateur'],
    ['Sicherheitsregeln', 'Dem Bediener erklärt'],
    ['Normas de seguridad', 'Explicadas al operador'],
  ),
  iSeatBelt: row(
    ['Uso della cintura', 'Obbligatoria con la macchina in movimento'],
    ['Wearing the seat belt', 'Mandatory while the machine is moving'],
    ['Port de la ceinture', 'Obligatoire quand la machine est en mouvement'],
    ['Anlegen des Gurtes', 'Pflicht, solange die Maschine in Bewegung ist'],
    ['Uso del cinturón', 'Obligatorio con la máquina en movimiento'],
    { ko: CRITICAL },
  ),
  iLifting: row(
    ['Sollevamento di carichi', 'Solo con valvole di blocco e tabella dei carichi'],
    ['Lifting loads', 'Only with hose-burst valves and the load chart'],
    ['Levage de charges', 'Seulement avec clapets et tableau de charges'],
    ['Heben von Lasten', 'Nur mit Rohrbruchventilen und Traglasttabelle'],
    ['Elevación de cargas', 'Solo con válvulas de seguridad y tabla de cargas'],
    { na: 'lifting', ko: CRITICAL },
  ),

  // --- DAR: customer acceptance
  aOrder: row(
    ['Macchina conforme all’ordine', 'Modello, versione e optional verificati'],
    ['Machine as ordered', 'Model, version and options checked'],
    ['Machine conforme à la commande', 'Modèle, version et options vérifiés'],
    ['Maschine wie bestellt', 'Modell, Ausführung und Optionen geprüft'],
    ['Máquina conforme al pedido', 'Modelo, versión y opcionales comprobados'],
  ),
  aRoad: row(
    ['Messa in strada registrata', 'Dati del cliente inseriti nel portale'],
    ['Road registration recorded', 'Customer details entered in the portal'],
    ['Mise en service enregistrée', 'Données du client saisies sur le portail'],
    ['Inbetriebnahme erfasst', 'Kundendaten im Portal eingetragen'],
    ['Puesta en servicio registrada', 'Datos del cliente introducidos en el portal'],
  ),
  aPhotos: row(
    ['Foto della consegna', 'Macchina sul luogo di consegna'],
    ['Handover photos', 'Machine at the place of delivery'],
    ['Photos de la livraison', 'Machine sur le lieu de livraison'],
    ['Übergabefotos', 'Maschine am Übergabeort'],
    ['Fotos de la entrega', 'Máquina en el lugar de entrega'],
    { ko: MINOR },
  ),
  aSignature: row(
    ['Verbale firmato dal cliente', 'Copia al cliente, originale al concessionario'],
    ['Report signed by the customer', 'Copy to the customer, original to the dealer'],
    ['Procès-verbal signé par le client', 'Copie au client, original au concessionnaire'],
    ['Protokoll vom Kunden unterschrieben', 'Kopie an den Kunden, Original an den Händler'],
    ['Acta firmada por el cliente', 'Copia al cliente, original al concesionario'],
  ),
} satisfies Record<string, Row>;
type Key = keyof typeof BANK;

/** A template's tree: a key is a question; [key, children] is a group (level 1 always a group). */
type Node = Key | readonly [Key, readonly Node[]];

const PDI_TREE: readonly Node[] = [
  ['docs', ['manual', 'ceDecl', 'plate', ['decals', ['safetyDecals', 'noiseLabel', 'loadChart']]]],
  ['engine', [['levels', ['engineOil', 'coolant', 'fuel', 'adblue']], 'belt', 'airFilter', 'leaksEngine', 'coldStart']],
  [
    'hydraulics',
    [
      'hydOil',
      ['hoses', ['hoseBoom', 'hoseFittings', 'hoseAux']],
      ['cylinders', ['cylBoom', 'cylArm', 'cylBucket', 'cylBlade', 'cylSwingBoom']],
    ],
  ],
  [
    'electrical',
    [
      'battery',
      'batteryIsolator',
      ['lights', ['frontLights', 'rearLights', 'beacon']],
      'horn',
      'travelAlarm',
      'warningLights',
      'hourMeter',
    ],
  ],
  ['cab', ['seatBelt', 'rops', 'safetyLever', 'joysticks', 'glassWipers', 'ac', 'heater', 'displaySetup']],
  [
    'undercarriage',
    [['tracks', ['trackTension', 'rubberTracks', 'rollers']], ['wheels', ['tyres', 'wheelNuts']], 'blade'],
  ],
  ['attachments', ['quickCoupler', 'bucket', 'hammer', 'greasing']],
  ['safety', ['guards', 'emergencyStop', 'handrails', 'extinguisher', 'swingLock']],
  [
    'functional',
    [
      ['movements', ['boomMove', 'armBucketMove', 'swing']],
      ['travel', ['travelStraight', 'travelSpeed2', 'parkingBrake']],
      'noises',
      'workTemp',
    ],
  ],
];

/** What version 1 of the PDI added to 0.9 (0.9 also weighed every KO alike). */
const PDI_ADDED_IN_1: ReadonlySet<Key> = new Set<Key>([
  'adblue',
  'noiseLabel',
  'displaySetup',
  'beacon',
  'hoseAux',
  'cylSwingBoom',
  'workTemp',
]);

const DAR_TREE: readonly Node[] = [
  ['docs', ['manual', 'warrantyBook', 'ceDecl', 'plate', 'keys', 'partsCatalogue']],
  ['transport', ['bodyDamage', 'paint', 'glassWipers', 'tieDown', 'missingParts']],
  ['levelsLeaks', [['levels', ['engineOil', 'coolant', 'hydOil', 'fuel']], 'leaksEngine', 'hoseFittings', 'battery']],
  ['cab', ['seatBelt', 'rops', 'safetyLever', 'displaySetup', 'ac', 'horn', 'hourMeter']],
  ['undercarriage', [['tracks', ['trackTension', 'rubberTracks']], ['wheels', ['tyres', 'wheelNuts']], 'blade']],
  ['attachments', ['attachmentsDelivered', 'quickCoupler', 'bucket', 'hammer']],
  [
    'functional',
    [
      ['movements', ['boomMove', 'armBucketMove', 'swing']],
      ['travel', ['travelStraight', 'travelSpeed2', 'parkingBrake']],
      'noises',
    ],
  ],
  [
    'instruction',
    [
      ['controls', ['iControls', 'iDisplay', 'iCoupler']],
      ['maintenance', ['iDaily', 'iIntervals', 'iGrease', 'iFuel']],
      ['iSafety', ['iSeatBelt', 'iLifting']],
    ],
  ],
  ['acceptance', ['aOrder', 'aRoad', 'aPhotos', 'aSignature']],
];

/** A template line as the seed writes it. */
export type DemoTemplateLine = {
  key: Key;
  tipoRiga: 'G' | 'D';
  progressivo1: number;
  progressivo2: number | null;
  progressivo3: number | null;
  darDescr1: LocalizedText;
  darDescr2: LocalizedText;
  darNaFlag: 'Y' | 'N';
  scoreOK: number | null;
  scoreKO: number | null;
  scoreNA: number | null;
};

const localized = (texts: Texts, index: 0 | 1): LocalizedText =>
  Object.fromEntries(LANGUAGES.map((lang, i) => [lang, (texts[i] as Pair)[index]]));

/** Numbers a tree p1[.p2[.p3]] and writes its lines; `uniformKo` weighs every KO the same (version 0.9). */
const linesOf = (tree: readonly Node[], skip: ReadonlySet<Key> = new Set(), uniformKo?: number) => {
  const lines: DemoTemplateLine[] = [];
  const walk = (nodes: readonly Node[], path: number[]) => {
    let n = 0;
    for (const node of nodes) {
      const [key, children] = typeof node === 'string' ? [node, undefined] : node;
      if (skip.has(key)) continue;
      if (lines.some((l) => l.key === key)) throw new Error(`checklist demo: ${key} twice in a template`);
      n++;
      const at = [...path, n];
      const item: Row = BANK[key];
      const question = children === undefined;
      if (path.length === 0 && question) throw new Error(`checklist demo: ${key} is a question at level 1`);
      if (at.length > 3) throw new Error(`checklist demo: ${key} is deeper than three levels`);
      lines.push({
        key,
        tipoRiga: question ? 'D' : 'G',
        progressivo1: at[0] as number,
        progressivo2: at[1] ?? null,
        progressivo3: at[2] ?? null,
        darDescr1: localized(item.texts, 0),
        darDescr2: localized(item.texts, 1),
        darNaFlag: question && item.na ? 'Y' : 'N',
        scoreOK: question ? 1 : null,
        scoreKO: question ? (uniformKo ?? item.ko ?? -2) : null,
        scoreNA: question ? 0 : null,
      });
      if (children) walk(children, at);
    }
  };
  walk(tree, []);
  return lines;
};

type TemplateSpec = {
  tipoDocumento: ChecklistType;
  versione: string;
  nome: string;
  nomeBreve: string;
  darDescr: string;
  note: string | null;
  lines: DemoTemplateLine[];
};

/** The demo templates (issue 15 §9): PDI 1 and DAR 1 in force, and PDI 0.9 closed. */
export const DEMO_CHECKLIST_TEMPLATES: readonly TemplateSpec[] = [
  {
    tipoDocumento: 'PDI',
    versione: '0.9',
    nome: 'PDI – Pre-Delivery Inspection',
    nomeBreve: 'PDI',
    darDescr: 'Controllo pre-consegna della macchina',
    note: 'Prima versione: ogni KO vale -1. Sostituita dalla versione 1.',
    lines: linesOf(PDI_TREE, PDI_ADDED_IN_1, -1),
  },
  {
    tipoDocumento: 'PDI',
    versione: '1',
    nome: 'PDI – Pre-Delivery Inspection',
    nomeBreve: 'PDI',
    darDescr: 'Controllo pre-consegna della macchina',
    note: 'Versione 1: AdBlue, display, circuito ausiliario e prova a caldo; KO pesati per importanza.',
    lines: linesOf(PDI_TREE),
  },
  {
    tipoDocumento: 'DAR',
    versione: '1',
    nome: 'DAR – Delivery Acceptance Report',
    nomeBreve: 'DAR',
    darDescr: 'Verbale di consegna e accettazione del cliente',
    note: null,
    lines: linesOf(DAR_TREE),
  },
];

/** Every description non-empty and within the 64 characters of spec 3 §5 (checked before anything is written). */
export const checklistTextProblems = (templates: readonly TemplateSpec[] = DEMO_CHECKLIST_TEMPLATES) => {
  const problems: string[] = [];
  for (const t of templates) {
    if (t.darDescr.length > CHECKLIST_LIMITS.darDescr) problems.push(`${t.tipoDocumento} ${t.versione} darDescr`);
    for (const l of t.lines)
      for (const lang of LANGUAGES)
        for (const [field, text] of [
          ['darDescr1', l.darDescr1[lang]],
          ['darDescr2', l.darDescr2[lang]],
        ] as const)
          if (!text?.trim() || text.length > CHECKLIST_LIMITS.darDescr)
            problems.push(`${t.tipoDocumento} ${t.versione} ${l.key} ${field}.${lang}: ${JSON.stringify(text)}`);
  }
  return problems;
};

// ---------------------------------------------------------------------------------------------
// The demo checklists

type Login = 'dealer' | 'superdealer';
type Ko = { key: Key; detail: string; photos: readonly string[] };

type DemoChecklist = {
  login: Login;
  tipo: ChecklistType;
  versione: '1' | '0.9';
  state: ChecklistState;
  /** Which of the dealer's machines on the road (the most recent first); 'old' for the 0.9 one. */
  machine: number | 'old';
  /** In Corso: the share of the questions answered, in order. */
  answered?: number;
  arrival: boolean;
  ko: readonly Ko[];
  rating: number | null;
  note: string | null;
  /** Not sent: how long ago it was last changed. */
  hoursAgo?: number;
};

const KO = {
  hoseFittings: {
    key: 'hoseFittings',
    detail:
      'Trasudamento d’olio dal raccordo del tubo di mandata sul distributore, lato braccio. Raccordo serrato a coppia, da ricontrollare dopo 10 ore di lavoro.',
    photos: ['Raccordo sul distributore'],
  },
  rollers: {
    key: 'rollers',
    detail:
      'Perdita d’olio dalla tenuta frontale del motoriduttore di traslazione sinistro. Aperta richiesta di sostituzione della tenuta in garanzia.',
    photos: ['Motoriduttore sinistro', 'Tenuta frontale'],
  },
  paint: {
    key: 'paint',
    detail:
      'Graffio di circa 15 cm sul cofano motore lato destro, probabilmente fatto durante il carico. Ritoccato con la vernice originale prima della consegna.',
    photos: ['Cofano motore lato destro'],
  },
  tieDown: {
    key: 'tieDown',
    detail:
      'Occhione di ancoraggio posteriore sinistro leggermente piegato dalla catena del trasporto. Segnalato al trasportatore e annotato sul DDT.',
    photos: ['Occhione posteriore sinistro'],
  },
  missingParts: {
    key: 'missingParts',
    detail:
      'Manca lo specchietto retrovisore sinistro, smontato per il trasporto e non caricato. Spedito dal magazzino, montaggio previsto entro la settimana.',
    photos: ['Staffa specchietto sinistro'],
  },
  cylBucket: {
    key: 'cylBucket',
    detail:
      'Rigatura longitudinale di 4 cm sullo stelo del cilindro benna e leggera perdita dalla guarnizione. Ordinati stelo e kit guarnizioni.',
    photos: ['Stelo cilindro benna', 'Guarnizione cilindro benna'],
  },
  frontLights: {
    key: 'frontLights',
    detail:
      'Il faro di lavoro sul braccio non si accende: connettore ossidato. Pulito e protetto con grasso dielettrico, resta da verificare il relè.',
    photos: ['Faro di lavoro sul braccio'],
  },
  seatBelt: {
    key: 'seatBelt',
    detail:
      'L’arrotolatore della cintura non blocca allo strappo. Cintura da sostituire prima della consegna: ordinata in urgenza.',
    photos: ['Arrotolatore cintura'],
  },
  bodyDamage: {
    key: 'bodyDamage',
    detail:
      'Ammaccatura sul carter laterale destro e fanale posteriore incrinato: danni da trasporto. Foto fatte in presenza dell’autista, riserva scritta sul DDT.',
    photos: ['Carter laterale destro', 'Fanale posteriore'],
  },
  safetyDecals: {
    key: 'safetyDecals',
    detail: 'Adesivo di pericolo schiacciamento sul braccio staccato e illeggibile. Richiesto il kit adesivi.',
    photos: ['Adesivo sul braccio'],
  },
  belt: {
    key: 'belt',
    detail: 'Cinghia dell’alternatore lenta e con crepe superficiali. Sostituita e tesa al valore del manuale.',
    photos: ['Cinghia alternatore'],
  },
  hoseBoom: {
    key: 'hoseBoom',
    detail:
      'Il tubo flessibile del cilindro avambraccio sfrega sulla staffa e la guaina è consumata. Aggiunta una fascetta e la protezione a spirale.',
    photos: ['Tubo cilindro avambraccio'],
  },
  battery: {
    key: 'battery',
    detail:
      'Tensione della batteria 11,9 V a riposo, morsetto positivo ossidato. Batteria ricaricata e morsetto pulito, da ricontrollare alla consegna.',
    photos: ['Morsetto positivo batteria'],
  },
  horn: {
    key: 'horn',
    detail:
      'Il clacson suona a intermittenza: contatto del pulsante sul joystick sinistro difettoso. Ordinato il pulsante.',
    photos: ['Pulsante del joystick'],
  },
  trackTension: {
    key: 'trackTension',
    detail:
      'Cingolo destro troppo lento: freccia di 45 mm contro i 10–15 mm del manuale. Ritensionato, da ricontrollare dopo 50 ore.',
    photos: ['Cingolo destro'],
  },
} satisfies Partial<Record<Key, Ko>>;

/**
 * The demo checklists (issue 15 §9): each state for both demo dealers, PDI and DAR, on different
 * machines on the road; the dealer's oldest sent one on the closed PDI 0.9.
 */
export const DEMO_CHECKLISTS: readonly DemoChecklist[] = [
  {
    login: 'dealer',
    tipo: 'PDI',
    versione: '1',
    state: 'Inviato',
    machine: 3,
    arrival: true,
    ko: [KO.hoseFittings, KO.rollers],
    rating: 4,
    note: 'Tenuta del motoriduttore sostituita in garanzia prima della consegna; raccordo ricontrollato, asciutto.',
  },
  {
    login: 'dealer',
    tipo: 'DAR',
    versione: '1',
    state: 'Inviato',
    machine: 3,
    arrival: true,
    ko: [KO.paint],
    rating: 5,
    note: 'Cliente soddisfatto, operatore già esperto della gamma.',
  },
  {
    login: 'dealer',
    tipo: 'DAR',
    versione: '1',
    state: 'Inviato',
    machine: 4,
    arrival: true,
    ko: [KO.tieDown, KO.missingParts],
    rating: 3,
    note: 'Consegna con riserva per lo specchietto mancante.',
  },
  {
    login: 'dealer',
    tipo: 'PDI',
    versione: '1',
    state: 'Completato',
    machine: 1,
    arrival: true,
    ko: [KO.cylBucket, KO.frontLights, KO.seatBelt],
    rating: null,
    note: null,
    hoursAgo: 26,
  },
  {
    login: 'dealer',
    tipo: 'DAR',
    versione: '1',
    state: 'In Corso',
    machine: 2,
    answered: 0.55,
    arrival: true,
    ko: [KO.bodyDamage],
    rating: null,
    note: null,
    hoursAgo: 3,
  },
  {
    login: 'dealer',
    tipo: 'PDI',
    versione: '1',
    state: 'In Corso',
    machine: 0,
    answered: 0.2,
    arrival: false,
    ko: [KO.safetyDecals],
    rating: null,
    note: null,
    hoursAgo: 1,
  },
  {
    login: 'dealer',
    tipo: 'PDI',
    versione: '0.9',
    state: 'Inviato',
    machine: 'old',
    arrival: true,
    ko: [KO.belt],
    rating: 4,
    note: null,
  },
  {
    login: 'superdealer',
    tipo: 'PDI',
    versione: '1',
    state: 'Inviato',
    machine: 2,
    arrival: true,
    ko: [KO.hoseBoom, KO.battery],
    rating: 4,
    note: 'Batteria ricontrollata alla consegna: 12,7 V.',
  },
  {
    login: 'superdealer',
    tipo: 'DAR',
    versione: '1',
    state: 'Completato',
    machine: 1,
    arrival: true,
    ko: [KO.horn],
    rating: 4,
    note: 'Pulsante del clacson in arrivo, da montare alla prima visita.',
    hoursAgo: 50,
  },
  {
    login: 'superdealer',
    tipo: 'PDI',
    versione: '1',
    state: 'In Corso',
    machine: 0,
    answered: 0.7,
    arrival: true,
    ko: [KO.trackTension],
    rating: null,
    note: null,
    hoursAgo: 20,
  },
];

// ---------------------------------------------------------------------------------------------
// Road registrations of the machines the checklists are about

type Town = { loc: string; cap: string; provincia: string; prefisso: string; ufficio: string };
const TOWNS: Record<Login, readonly Town[]> = {
  dealer: [
    { loc: 'Brescia', cap: '25124', provincia: 'BS', prefisso: '030', ufficio: '017' },
    { loc: 'Bergamo', cap: '24125', provincia: 'BG', prefisso: '035', ufficio: '016' },
    { loc: 'Lodi', cap: '26900', provincia: 'LO', prefisso: '0371', ufficio: '098' },
    { loc: 'Cremona', cap: '26100', provincia: 'CR', prefisso: '0372', ufficio: '019' },
    { loc: 'Seriate', cap: '24068', provincia: 'BG', prefisso: '035', ufficio: '016' },
    { loc: 'Desenzano del Garda', cap: '25015', provincia: 'BS', prefisso: '030', ufficio: '017' },
    { loc: 'Lecco', cap: '23900', provincia: 'LC', prefisso: '0341', ufficio: '097' },
    { loc: 'Treviglio', cap: '24047', provincia: 'BG', prefisso: '0363', ufficio: '016' },
  ],
  superdealer: [
    { loc: 'Verona', cap: '37135', provincia: 'VR', prefisso: '045', ufficio: '023' },
    { loc: 'Padova', cap: '35127', provincia: 'PD', prefisso: '049', ufficio: '028' },
    { loc: 'Vicenza', cap: '36100', provincia: 'VI', prefisso: '0444', ufficio: '024' },
    { loc: 'Treviso', cap: '31100', provincia: 'TV', prefisso: '0422', ufficio: '026' },
    { loc: 'Modena', cap: '41122', provincia: 'MO', prefisso: '059', ufficio: '036' },
    { loc: 'Bologna', cap: '40128', provincia: 'BO', prefisso: '051', ufficio: '037' },
  ],
};
const STREETS = [
  'Via dell’Industria',
  'Via dell’Artigianato',
  'Via Enrico Fermi',
  'Via Guglielmo Marconi',
  'Via dei Lavoratori',
  'Via Vittorio Veneto',
  'Via Galileo Galilei',
  'Via Alessandro Volta',
];
const CONTACTS = ['Marco', 'Giulia', 'Andrea', 'Paolo', 'Francesca', 'Matteo', 'Elena', 'Stefano'];
/** The machine generator's Italian customers (prefix, name, company form) and their sector (SETTORI key). */
const SECTOR_OF_PREFIX: Record<string, string> = {
  Scavi: '2',
  Edil: '1',
  'Movimento Terra': '2',
  Costruzioni: '1',
  Noleggi: '5',
  Impresa: '1',
  Giardini: '4',
  Demolizioni: '6',
};
const ITALIAN_CUSTOMER = new RegExp(`^(${Object.keys(SECTOR_OF_PREFIX).join('|')}) (\\w+) (Srl|Snc|SpA|Sas)$`);

/** How many more machines each dealer gets on the road, and how many of them must be excavators. */
const REGISTRATIONS: Record<Login, { recent: number; excavators: number }> = {
  dealer: { recent: 7, excavators: 5 },
  superdealer: { recent: 6, excavators: 3 },
};

/** An Italian VAT number with its check digit: 7 digits of the firm, 3 of the tax office. */
const partitaIva = (firm: number, ufficio: string) => {
  const digits = `${String(firm % 10_000_000).padStart(7, '0')}${ufficio}`.split('').map(Number);
  const sum = digits.reduce((s, d, i) => s + (i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2), 0);
  return `IT${digits.join('')}${(10 - (sum % 10)) % 10}`;
};

const stringHash = (text: string) => hash32(SEED, ...Array.from(text, (c) => c.charCodeAt(0)));

// ---------------------------------------------------------------------------------------------
// Photos of the KO answers

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const PALETTE = ['#5b6770', '#6d5f4b', '#4f6b5a', '#5a5d7a', '#6f5a5a', '#4d6470', '#665c6e', '#5f6b4e', '#6b6257'];

/**
 * A workshop photo of the defect (JPEG 800×600): the part drawn on a background of its group's
 * colour, the defect ringed in red, a KO badge, and the part, serial and line as captions. The
 * second photo of a line is a close-up.
 */
const photoOf = (p: { caption: string; matricola: string; line: string; group: number; slot: 1 | 2; salt: number }) => {
  const rng = createRng(hash32(SEED, 31, p.salt));
  const bg = PALETTE[p.group % PALETTE.length] as string;
  const cx = rng.int(300, 500);
  const cy = rng.int(250, 330);
  const part =
    p.slot === 1
      ? `<rect x="140" y="170" width="520" height="240" rx="18" fill="#e8a33a" stroke="#2b2b2b" stroke-width="6"/>` +
        `<rect x="190" y="230" width="260" height="26" fill="#2b2b2b"/><circle cx="560" cy="290" r="52" fill="#3a3a3a"/>` +
        `<circle cx="560" cy="290" r="18" fill="#9aa0a6"/><rect x="190" y="300" width="180" height="60" rx="8" fill="#c9882c"/>`
      : `<circle cx="400" cy="300" r="190" fill="#9aa0a6" stroke="#2b2b2b" stroke-width="8"/>` +
        `<circle cx="400" cy="300" r="120" fill="#7d848a"/><circle cx="400" cy="300" r="45" fill="#3a3a3a"/>` +
        `<path d="M${cx - 70} ${cy - 40} L${cx - 20} ${cy + 5} L${cx + 10} ${cy - 15} L${cx + 70} ${cy + 45}" stroke="#1d1d1d" stroke-width="6" fill="none"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${bg}"/>` +
    `<rect y="470" width="800" height="130" fill="#2f3438"/>${part}` +
    `<ellipse cx="${cx}" cy="${cy}" rx="95" ry="70" fill="none" stroke="#e02020" stroke-width="8"/>` +
    `<rect x="640" y="24" width="130" height="70" rx="12" fill="#e02020"/>` +
    `<text x="705" y="74" font-family="Arial" font-size="44" font-weight="bold" text-anchor="middle" fill="#fff">KO</text>` +
    `<text x="40" y="70" font-family="Arial" font-size="30" fill="#fff">${escapeXml(p.matricola)}</text>` +
    `<text x="40" y="110" font-family="Arial" font-size="22" fill="#e6e6e6">${escapeXml(p.line)}</text>` +
    `<text x="400" y="535" font-family="Arial" font-size="32" text-anchor="middle" fill="#fff">${escapeXml(p.caption)}</text>` +
    `<text x="400" y="575" font-family="Arial" font-size="20" text-anchor="middle" fill="#cfcfcf">${p.slot === 1 ? 'Vista d’insieme' : 'Dettaglio'}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
};

// ---------------------------------------------------------------------------------------------

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const yearsBefore = (iso: string, years: number) =>
  `${Number(iso.slice(0, 4)) - years}${iso.slice(4)}`.replace('-02-29', '-02-28');

type Machine = {
  matricola: string;
  consegna: string;
  versione: string | null;
  cliente: string | null;
  modello: string;
  registered: boolean;
  profile: Profile;
};

const profileOf = (matricola: string, modello: string, versione: string | null): Profile | undefined => {
  const model = MACHINE_MODELS.find((m) => m.model === modello);
  if (!model) return undefined;
  const rng = createRng(stringHash(matricola));
  const aux = rng.chance(0.6);
  const liftingKit = rng.chance(0.4);
  return {
    type: model.type,
    canopy: versione === 'Tettuccio',
    rubberTracks: model.track !== undefined,
    kw: model.powerKw,
    aux,
    coupler: rng.chance(0.6),
    hammer: aux && rng.chance(0.4),
    beacon: rng.chance(0.7),
    rearLights: rng.chance(0.5),
    extinguisher: rng.chance(0.3),
    travelAlarm: rng.chance(0.6),
    liftingKit,
  };
};
const isExcavator = (m: Machine) => m.profile.type === 'mini' || m.profile.type === 'midi';

export type DemoChecklistsResult = {
  templates: number;
  templateLines: number;
  registrations: number;
  checklists: number;
  lines: number;
  photos: number;
};

/**
 * Checklists demo data (issue 15 §9): the PDI (version 1 in force since two years, 0.9 closed
 * before it) and DAR templates in three levels and five languages, more machines on the road for
 * the demo dealers (dealer ≥ 10, superdealer ≥ 5), and their checklists in every state — states
 * and scores by the domain's rules, KO answers with their detail and one or two photos on the
 * attachment store (area checklist, with thumbnails). Choices are seeded; dates count back from
 * the run. Does nothing when a template exists.
 */
export const loadDemoChecklists = async (db: Db, files: Files): Promise<DemoChecklistsResult> => {
  const none = { templates: 0, templateLines: 0, registrations: 0, checklists: 0, lines: 0, photos: 0 };
  const [present] = await db.select({ n: sql<number>`count(*)::int` }).from(crDarTemplateHeader);
  if ((present?.n ?? 0) > 0) return none;
  const problems = checklistTextProblems();
  if (problems.length > 0) throw new Error(`checklist demo texts: ${problems.join('; ')}`);

  const now = Date.now();
  const today = businessToday(new Date(now));
  const currentFrom = yearsBefore(today, 2);
  const oldFrom = yearsBefore(today, 3);
  const oldTo = isoDay(dayMs(currentFrom) - DAY);
  const result = { ...none };

  // The templates and their lines.
  const templates = new Map<string, { id: number; spec: TemplateSpec; lineIds: Map<Key, number> }>();
  for (const spec of DEMO_CHECKLIST_TEMPLATES) {
    const old = spec.versione === '0.9';
    const [header] = await db
      .insert(crDarTemplateHeader)
      .values({
        daData: old ? oldFrom : currentFrom,
        aData: old ? oldTo : null,
        nome: spec.nome,
        nomeBreve: spec.nomeBreve,
        versione: spec.versione,
        darDescr: spec.darDescr,
        note: spec.note,
        tipoDocumento: spec.tipoDocumento,
        createdBy: 'manager',
        createdDate: new Date(dayMs(old ? oldFrom : currentFrom) - 20 * DAY),
      })
      .returning({ id: crDarTemplateHeader.id });
    if (!header) throw new Error('checklist template not written');
    const ids = await db
      .insert(crDarTemplateLine)
      .values(
        spec.lines.map(({ key: _key, ...line }) => ({
          ...line,
          templateHeaderId: header.id,
          createdBy: 'manager',
        })),
      )
      .returning({ id: crDarTemplateLine.id });
    const lineIds = new Map<Key, number>();
    spec.lines.forEach((line, i) => {
      const id = ids[i]?.id;
      if (id === undefined) throw new Error('checklist template line not written');
      lineIds.set(line.key, id);
    });
    templates.set(`${spec.tipoDocumento} ${spec.versione}`, { id: header.id, spec, lineIds });
    result.templates++;
    result.templateLines += spec.lines.length;
  }

  const users = await db
    .select({
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      email: appUser.email,
      company: appUser.company,
    })
    .from(appUser)
    .where(inArray(appUser.login, ['dealer', 'superdealer']));

  for (const login of ['dealer', 'superdealer'] as const) {
    const user = users.find((u) => u.login === login);
    if (!user) continue;
    const rows = await db
      .select({
        matricola: macchina.mtMatricola,
        consegna: macchina.mtDtCons,
        versione: macchina.mtVersione,
        cliente: macchina.mtCliDescr,
        modello: crModelli.modello,
        registered: messaInStrada.matricola,
      })
      .from(macchina)
      .innerJoin(crModelli, eq(crModelli.id, macchina.modelloId))
      .leftJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
      .where(
        and(
          eq(macchina.dealerLogin, login),
          isNotNull(macchina.mtDtCons),
          lte(macchina.mtDtCons, today),
          ne(macchina.mtMatricola, GENERIC_SERIAL),
          ne(macchina.mtCrCod, BENCH_CATALOGUE_CODE),
        ),
      )
      .orderBy(desc(macchina.mtDtCons), asc(macchina.mtMatricola));
    const machines: Machine[] = rows.flatMap((r) => {
      const profile = profileOf(r.matricola, r.modello, r.versione);
      return profile && r.consegna ? [{ ...r, consegna: r.consegna, registered: r.registered !== null, profile }] : [];
    });

    // More machines on the road: the most recent ones delivered to an Italian customer (enough
    // excavators among them for the checklists), and for the dealer one delivered under PDI 0.9.
    const candidates = machines.filter((m) => !m.registered && ITALIAN_CUSTOMER.test(m.cliente ?? ''));
    const plan = REGISTRATIONS[login];
    const chosen: Machine[] = [];
    for (const m of candidates) {
      const excavators = chosen.filter(isExcavator).length;
      if (chosen.length >= plan.recent && excavators >= plan.excavators) break;
      if (chosen.length >= plan.recent && !isExcavator(m)) continue;
      chosen.push(m);
    }
    const old =
      login === 'dealer'
        ? candidates.find(
            (m) =>
              isExcavator(m) &&
              m.consegna >= isoDay(dayMs(oldFrom) + 30 * DAY) &&
              m.consegna <= isoDay(dayMs(oldTo) - 30 * DAY),
          )
        : undefined;
    if (old) chosen.push(old);
    const towns = TOWNS[login];
    const registrations = chosen.map((m, i) => {
      const h = stringHash(m.matricola);
      const [, prefix = 'Edil', name = 'Bianchi'] = ITALIAN_CUSTOMER.exec(m.cliente ?? '') ?? [];
      const town = towns[i % towns.length] as Town;
      m.registered = true;
      return {
        matricola: m.matricola,
        nomeCliente: m.cliente as string,
        via: `${STREETS[h % STREETS.length]} ${1 + ((h >>> 8) % 120)}`,
        cap: town.cap,
        loc: town.loc,
        partitaIva: partitaIva(h >>> 4, town.ufficio),
        stato: 'ITA',
        provincia: town.provincia,
        msSettore: SECTOR_OF_PREFIX[prefix] ?? '1',
        rif: `${CONTACTS[(h >>> 12) % CONTACTS.length]} ${name}`,
        telefono: `${town.prefisso} ${String(200_000 + ((h >>> 3) % 799_999))}`,
        email: `info@${`${prefix}${name}`.toLowerCase().replace(/[^a-z]/g, '')}.it`,
        geoLoc: null,
        msData: m.consegna,
        seEditable: 'Y',
        createdBy: login,
        createdDate: new Date(dayMs(m.consegna) + 15 * HOUR),
      };
    });
    if (registrations.length > 0) await db.insert(messaInStrada).values(registrations).onConflictDoNothing();
    result.registrations += registrations.length;

    // The checklists: on machines on the road, the most recent first.
    const onRoad = machines.filter((m) => m.registered && isExcavator(m));
    const recent = onRoad.filter((m) => m.consegna >= currentFrom);
    for (const [index, c] of DEMO_CHECKLISTS.entries()) {
      if (c.login !== login) continue;
      const machine =
        c.machine === 'old' ? onRoad.find((m) => m.consegna >= oldFrom && m.consegna <= oldTo) : recent[c.machine];
      const template = templates.get(`${c.tipo} ${c.versione}`);
      if (!machine || !template) continue;
      const created = await writeChecklist(db, files, {
        checklist: c,
        salt: index,
        machine,
        user,
        template,
        now,
      });
      result.checklists++;
      result.lines += created.lines;
      result.photos += created.photos;
    }
  }
  return result;
};

/** One checklist: its header, a line per template line, the answers, and the KO photos. */
const writeChecklist = async (
  db: Db,
  files: Files,
  p: {
    checklist: DemoChecklist;
    salt: number;
    machine: Machine;
    user: {
      login: string;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
      company: string | null;
    };
    template: { id: number; spec: TemplateSpec; lineIds: Map<Key, number> };
    now: number;
  },
) => {
  const { checklist: c, machine, template } = p;
  const rng = createRng(hash32(SEED, 7, p.salt));
  const lines = template.spec.lines;
  const questions = lines.filter((l) => l.tipoRiga === 'D');
  const koOf = new Map(c.ko.map((k) => [k.key, k]));
  for (const k of c.ko)
    if (!questions.some((q) => q.key === k.key))
      throw new Error(`checklist demo: ${k.key} is not a question of ${c.tipo} ${c.versione}`);

  // When: a sent checklist on its machine's delivery (the PDI a few days before, the DAR on the
  // day), sent the day after; the others changed hours ago.
  const delivered = dayMs(machine.consegna);
  const sent = c.state === 'Inviato';
  const compiled = sent
    ? Math.min(delivered + (c.tipo === 'PDI' ? -3 * DAY + 11 * HOUR : 15 * HOUR), p.now - 30 * HOUR)
    : p.now - (c.hoursAgo ?? 1) * HOUR;
  const inviato = sent ? compiled + 20 * HOUR + rng.int(0, 120) * 60_000 : null;
  const arrival = c.arrival ? isoDay(Math.min(delivered, compiled) - rng.int(8, 20) * DAY) : null;
  const opened = compiled - (sent ? rng.int(2, 6) * HOUR : Math.max(1, (c.hoursAgo ?? 1) * 0.5) * HOUR);

  // The answers: every question when complete, else the first share in order; KO where the plan
  // says, '--' where the question does not apply to the machine, OK elsewhere.
  const answeredCount = c.state === 'In Corso' ? Math.round(questions.length * (c.answered ?? 0.5)) : questions.length;
  const answered = new Set([...questions.slice(0, answeredCount).map((q) => q.key), ...koOf.keys()]);
  const answerOf = (line: DemoTemplateLine): ChecklistAnswer | null => {
    if (line.tipoRiga !== 'D' || !answered.has(line.key)) return null;
    if (koOf.has(line.key)) return 'KO';
    const na = (BANK[line.key] as Row).na;
    return line.darNaFlag === 'Y' && na && NOT_APPLICABLE[na](machine.profile) ? '--' : 'OK';
  };
  const answers = lines.map((l) => ({ ...l, risposta: answerOf(l) }));
  const computed = checklistStateOf('In Corso', answers);
  const expected = sent ? 'Completato' : c.state;
  if (computed !== expected)
    throw new Error(`checklist demo: ${c.tipo} of ${machine.matricola} is ${computed}, not ${expected}`);

  const [header] = await db
    .insert(crDarHeader)
    .values({
      matricola: machine.matricola,
      dataCompilazione: new Date(compiled),
      dataArrivoMacchina: arrival,
      modello: machine.modello,
      userLogin: p.user.login,
      userFirstName: p.user.firstName,
      userLastName: p.user.lastName,
      userEmail: p.user.email,
      dealerLogin: p.user.login,
      userRagioneSociale: p.user.company,
      stato: sent ? 'Inviato' : computed,
      valutazioneUtente: c.rating,
      valutazioneCalcolata: checklistScoreOf(answers),
      note: c.note,
      templateHeaderId: template.id,
      inviatoAt: inviato === null ? null : new Date(inviato),
      createdBy: p.user.login,
      createdDate: new Date(opened),
      lastModifiedBy: p.user.login,
      lastModifiedDate: new Date(inviato ?? compiled),
    })
    .returning({ id: crDarHeader.id });
  if (!header) throw new Error('checklist header not written');
  const written = await db
    .insert(crDarLine)
    .values(
      answers.map((a) => {
        const ko = koOf.get(a.key);
        return {
          headerId: header.id,
          templateLineId: template.lineIds.get(a.key) as number,
          risposta: a.risposta,
          rispostaDettaglio: a.risposta === 'KO' ? (ko?.detail ?? null) : null,
          createdBy: p.user.login,
          createdDate: new Date(opened),
          lastModifiedBy: a.risposta ? p.user.login : null,
          lastModifiedDate: a.risposta ? new Date(compiled) : null,
        };
      }),
    )
    .returning({ id: crDarLine.id, templateLineId: crDarLine.templateLineId });

  // The KO photos, named as an upload would name them, taken a few minutes before the last change
  // (drawn all at once, then stored one by one).
  const shots = c.ko.flatMap((ko, i) => {
    const line = lines.find((l) => l.key === ko.key) as DemoTemplateLine;
    const lineId = written.find((w) => w.templateLineId === template.lineIds.get(ko.key))?.id;
    if (lineId === undefined) return [];
    const numbering = [line.progressivo1, line.progressivo2, line.progressivo3].filter((n) => n !== null).join('.');
    return ko.photos.slice(0, 2).map((caption, s) => {
      const slot = (s + 1) as 1 | 2;
      const at = new Date(compiled - (c.ko.length - i) * 7 * 60_000 + s * 40_000);
      return {
        lineId,
        slot,
        nome: checklistImageName({
          matricola: machine.matricola,
          tipoDocumento: c.tipo,
          lineId,
          at,
          slot,
          extension: 'jpg',
        }),
        bytes: photoOf({
          caption,
          matricola: machine.matricola,
          line: `${c.tipo} ${numbering} – ${line.darDescr1.it}`,
          group: line.progressivo1,
          slot,
          salt: hash32(p.salt, i, slot),
        }),
      };
    });
  });
  const images = await Promise.all(shots.map((shot) => shot.bytes));
  for (const [i, { lineId, slot, nome }] of shots.entries()) {
    await files.add(
      db,
      {
        area: 'checklist',
        name: nome,
        bytes: images[i] as Buffer,
        contentType: 'image/jpeg',
        kind: 'image',
        extension: 'jpg',
      },
      (tx, stored) =>
        tx
          .update(crDarLine)
          .set(
            slot === 1
              ? { nomeImmagine1: nome, immagine1FileId: stored.id }
              : { nomeImmagine2: nome, immagine2FileId: stored.id },
          )
          .where(eq(crDarLine.id, lineId)),
    );
  }
  const photos = shots.length;
  return { lines: written.length, photos };
};
