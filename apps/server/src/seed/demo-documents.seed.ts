import { businessToday, type Language } from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Db } from '../db/client.ts';
import { crDocumenti, crDocumentiFile, crDocumentiModelli } from '../db/schema/index.ts';
import { searchTextOf } from '../modules/documents/documents.contract.ts';
import type { Files } from '../platform/files.ts';
import { MACHINE_MODELS } from './catalogue-vocabulary.ts';

type L5 = Record<Language, string>;
const l5 = (it: string, en: string, fr: string, de: string, es: string): L5 => ({ it, en, fr, de, es });
const ALL: Language[] = ['it', 'en', 'fr', 'de', 'es'];

type Kind = 'MAN' | 'BOL' | 'CAT' | 'SCH';
type DemoDocument = {
  nome: string;
  brand: string;
  tipo: Kind;
  categorie: [string, string?, string?];
  title: L5;
  models: { modello: string; da?: string; a?: string }[];
  languages: Language[];
  interno?: boolean;
  /** Days from today: negative = in the past. */
  from?: number;
  to?: number;
  pages: number;
  codice: string;
};

/** Serial prefix of a demo model, as the machine generator makes it (ES 35 ZT → EC35A, NX 27 → NK27A). */
const prefixOf = (model: (typeof MACHINE_MODELS)[number]) =>
  `${model.brand === 'nordmak' ? 'NK' : 'EC'}${model.model.replace(/\D/g, '').slice(0, 3)}A`;
const serial = (prefix: string, n: number) => `${prefix}${String(n).padStart(5, '0')}`;
const code = (s: string) => s.replace(/\s+/g, '');

const SECTION_TITLES: Record<Kind, L5[]> = {
  MAN: [
    l5('Introduzione', 'Introduction', 'Introduction', 'Einleitung', 'Introducción'),
    l5('Norme di sicurezza', 'Safety rules', 'Consignes de sécurité', 'Sicherheitsvorschriften', 'Normas de seguridad'),
    l5(
      'Comandi e strumenti',
      'Controls and instruments',
      'Commandes et instruments',
      'Bedienelemente',
      'Mandos e instrumentos',
    ),
    l5(
      'Manutenzione periodica',
      'Scheduled maintenance',
      'Entretien périodique',
      'Regelmäßige Wartung',
      'Mantenimiento periódico',
    ),
    l5('Dati tecnici', 'Technical data', 'Caractéristiques techniques', 'Technische Daten', 'Datos técnicos'),
  ],
  BOL: [
    l5('Oggetto', 'Subject', 'Objet', 'Betreff', 'Asunto'),
    l5(
      'Macchine interessate',
      'Machines affected',
      'Machines concernées',
      'Betroffene Maschinen',
      'Máquinas afectadas',
    ),
    l5('Procedura', 'Procedure', 'Procédure', 'Vorgehensweise', 'Procedimiento'),
  ],
  CAT: [
    l5('Come ordinare', 'How to order', 'Comment commander', 'Bestellhinweise', 'Cómo pedir'),
    l5(
      'Tavole e posizioni',
      'Plates and positions',
      'Planches et repères',
      'Tafeln und Positionen',
      'Láminas y posiciones',
    ),
    l5('Elenco codici', 'Code list', 'Liste des références', 'Teileliste', 'Lista de códigos'),
  ],
  SCH: [
    l5('Schema generale', 'General diagram', 'Schéma général', 'Gesamtschema', 'Esquema general'),
    l5('Valori di taratura', 'Settings', 'Valeurs de réglage', 'Einstellwerte', 'Valores de ajuste'),
  ],
};

const BODY: L5 = l5(
  'Leggere attentamente queste istruzioni prima di utilizzare la macchina e conservarle a bordo. Le operazioni descritte devono essere eseguite da personale qualificato, a macchina ferma e con il motore spento.',
  'Read these instructions carefully before operating the machine and keep them on board. The operations described must be carried out by qualified staff, with the machine stopped and the engine off.',
  'Lire attentivement ces instructions avant d’utiliser la machine et les conserver à bord. Les opérations décrites doivent être effectuées par du personnel qualifié, machine arrêtée et moteur coupé.',
  'Diese Anleitung vor Inbetriebnahme der Maschine sorgfältig lesen und an Bord aufbewahren. Die beschriebenen Arbeiten dürfen nur von Fachpersonal bei stehender Maschine und abgestelltem Motor ausgeführt werden.',
  'Lea atentamente estas instrucciones antes de utilizar la máquina y consérvelas a bordo. Las operaciones descritas deben ser realizadas por personal cualificado, con la máquina parada y el motor apagado.',
);
const PAGE_WORD: L5 = l5('Pagina', 'Page', 'Page', 'Seite', 'Página');
const FIGURE: L5 = l5('Figura', 'Figure', 'Figure', 'Abbildung', 'Figura');

const wrap = (text: string, font: PDFFont, size: number, width: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
};

/** A plausible technical document: a cover, then sections with text and figure frames, page numbers. */
const makePdf = async (doc: DemoDocument, lang: Language, brandLabel: string) => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title[lang]);
  pdf.setProducer('Ricambi demo data');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const accent =
    doc.brand === 'nordmak' ? rgb(0.1, 0.35, 0.6) : doc.brand === 'tracks' ? rgb(0.2, 0.2, 0.2) : rgb(0.7, 0.15, 0.1);
  const footer = (page: PDFPage, n: number) =>
    page.drawText(`${doc.codice}-${lang.toUpperCase()} · ${PAGE_WORD[lang]} ${n}/${doc.pages}`, {
      x: 50,
      y: 30,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });

  const cover = pdf.addPage([595, 842]);
  cover.drawRectangle({ x: 0, y: 642, width: 595, height: 200, color: accent });
  cover.drawText(brandLabel.toUpperCase(), { x: 50, y: 780, size: 28, font: bold, color: rgb(1, 1, 1) });
  const titleLines = wrap(doc.title[lang], bold, 26, 495);
  titleLines.forEach((line, i) => {
    cover.drawText(line, { x: 50, y: 560 - i * 32, size: 26, font: bold });
  });
  cover.drawText(doc.models.map((m) => m.modello).join(' · '), {
    x: 50,
    y: 560 - titleLines.length * 32 - 10,
    size: 14,
    font: regular,
  });
  cover.drawRectangle({ x: 50, y: 180, width: 495, height: 200, borderColor: accent, borderWidth: 2 });
  cover.drawText(`${doc.codice} — ${lang.toUpperCase()}`, { x: 60, y: 190, size: 12, font: regular });
  footer(cover, 1);

  const sections = SECTION_TITLES[doc.tipo];
  for (let p = 2; p <= doc.pages; p++) {
    const page = pdf.addPage([595, 842]);
    const section = sections[(p - 2) % sections.length] as L5;
    page.drawText(`${p - 1}. ${section[lang]}`, { x: 50, y: 780, size: 18, font: bold, color: accent });
    let y = 750;
    for (let paragraph = 0; paragraph < 3; paragraph++) {
      for (const line of wrap(BODY[lang], regular, 11, 495)) {
        page.drawText(line, { x: 50, y, size: 11, font: regular });
        y -= 15;
      }
      y -= 10;
    }
    page.drawRectangle({ x: 50, y: y - 260, width: 495, height: 250, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 1 });
    page.drawLine({ start: { x: 80, y: y - 230 }, end: { x: 500, y: y - 40 }, thickness: 2, color: accent });
    page.drawCircle({ x: 300, y: y - 135, size: 50, borderColor: accent, borderWidth: 2 });
    page.drawText(`${FIGURE[lang]} ${p - 1}`, { x: 50, y: y - 280, size: 10, font: regular });
    footer(page, p);
  }
  return Buffer.from(await pdf.save());
};

const FILE_DESCRIPTION: Record<Kind, L5> = {
  MAN: l5('Manuale', 'Manual', 'Manuel', 'Handbuch', 'Manual'),
  BOL: l5('Bollettino', 'Bulletin', 'Bulletin', 'Bulletin', 'Boletín'),
  CAT: l5('Catalogo ricambi', 'Parts list', 'Catalogue de pièces', 'Ersatzteilliste', 'Catálogo de recambios'),
  SCH: l5('Schema', 'Diagram', 'Schéma', 'Schema', 'Esquema'),
};

const DEALER_MODELS = new Set(['ES 35 ZT', 'ES 60 ZT', 'ES 85 ZT', 'NX 27', 'NX 55']);

/**
 * The demo library (issue 13): per model its operator manual and parts list, service bulletins for
 * serial ranges (ES 35 ZT: one for EC35A00001–EC35A00020, one from EC35A00021 on), internal
 * diagrams, expired and not-yet-valid bulletins, rubber-track guides and each brand's safety rules.
 */
export const demoDocuments = (): DemoDocument[] => {
  const docs: DemoDocument[] = [];
  MACHINE_MODELS.forEach((model, i) => {
    const prefix = prefixOf(model);
    const c = code(model.model);
    const dealerModel = DEALER_MODELS.has(model.model);
    docs.push({
      nome: `Manuale uso e manutenzione ${model.model}`,
      brand: model.brand,
      tipo: 'MAN',
      categorie: ['USO'],
      title: l5(
        `Manuale di uso e manutenzione ${model.model}`,
        `${model.model} operator and maintenance manual`,
        `Manuel d’utilisation et d’entretien ${model.model}`,
        `Betriebs- und Wartungsanleitung ${model.model}`,
        `Manual de uso y mantenimiento ${model.model}`,
      ),
      models: [{ modello: model.model }],
      languages: dealerModel ? ALL : ['it', 'en'],
      from: -900,
      pages: 6,
      codice: `MUM-${c}`,
    });
    docs.push({
      nome: `Catalogo ricambi ${model.model}`,
      brand: model.brand,
      tipo: 'CAT',
      categorie: ['RIC'],
      title: l5(
        `Catalogo ricambi ${model.model}`,
        `${model.model} spare parts list`,
        `Catalogue de pièces ${model.model}`,
        `Ersatzteilliste ${model.model}`,
        `Catálogo de recambios ${model.model}`,
      ),
      models: [{ modello: model.model }],
      languages: ['it', 'en'],
      from: -700,
      pages: 4,
      codice: `CAT-${c}`,
    });
    if (i % 2 === 0 || dealerModel) {
      docs.push({
        nome: `Bollettino motore ${model.model} prima serie`,
        brand: model.brand,
        tipo: 'BOL',
        categorie: ['ASS', 'MOT', 'DIA'],
        title: l5(
          `Bollettino di servizio: diagnosi motore ${model.model}`,
          `Service bulletin: ${model.model} engine diagnostics`,
          `Bulletin de service : diagnostic moteur ${model.model}`,
          `Service-Bulletin: Motordiagnose ${model.model}`,
          `Boletín de servicio: diagnóstico motor ${model.model}`,
        ),
        models: [{ modello: model.model, da: serial(prefix, 1), a: serial(prefix, 20) }],
        languages: ['it', 'en', 'de'],
        from: -200,
        pages: 3,
        codice: `BS-${c}-01`,
      });
      docs.push({
        nome: `Bollettino idraulica ${model.model} seconda serie`,
        brand: model.brand,
        tipo: 'BOL',
        categorie: ['ASS', 'IDR', 'SMO'],
        title: l5(
          `Bollettino di servizio: tubi idraulici ${model.model}`,
          `Service bulletin: ${model.model} hydraulic hoses`,
          `Bulletin de service : flexibles hydrauliques ${model.model}`,
          `Service-Bulletin: Hydraulikschläuche ${model.model}`,
          `Boletín de servicio: latiguillos hidráulicos ${model.model}`,
        ),
        models: [{ modello: model.model, da: serial(prefix, 21) }],
        languages: ['it', 'en'],
        from: -120,
        pages: 3,
        codice: `BS-${c}-02`,
      });
    }
    if (i % 3 === 0 || model.model === 'ES 35 ZT') {
      docs.push({
        nome: `Schema idraulico ${model.model} (interno)`,
        brand: model.brand,
        tipo: 'SCH',
        categorie: ['ASS', 'IDR', 'TAR'],
        title: l5(
          `Schema idraulico e tarature ${model.model}`,
          `${model.model} hydraulic diagram and settings`,
          `Schéma hydraulique et réglages ${model.model}`,
          `Hydraulikschema und Einstellwerte ${model.model}`,
          `Esquema hidráulico y ajustes ${model.model}`,
        ),
        models: [{ modello: model.model }],
        languages: ['it'],
        interno: true,
        from: -300,
        pages: 3,
        codice: `SCH-${c}`,
      });
    }
    if (i % 4 === 0 || model.model === 'ES 35 ZT') {
      docs.push({
        nome: `Bollettino elettrico ${model.model} (scaduto)`,
        brand: model.brand,
        tipo: 'BOL',
        categorie: ['ASS', 'ELE'],
        title: l5(
          `Bollettino di servizio: cablaggio cabina ${model.model}`,
          `Service bulletin: ${model.model} cab wiring`,
          `Bulletin de service : faisceau cabine ${model.model}`,
          `Service-Bulletin: Kabinenkabelbaum ${model.model}`,
          `Boletín de servicio: cableado cabina ${model.model}`,
        ),
        models: [{ modello: model.model }],
        languages: ['it', 'en'],
        from: -800,
        to: -30,
        pages: 2,
        codice: `BS-${c}-00`,
      });
    }
  });
  for (const [n, model] of ['ES 18 ZT', 'ES 27 ZT', 'ES 35 ZT'].entries()) {
    docs.push({
      nome: `Guida montaggio cingoli in gomma ${model}`,
      brand: 'tracks',
      tipo: 'MAN',
      categorie: ['ASS', 'CAR', 'SMO'],
      title: l5(
        `Montaggio e tensionamento cingoli in gomma — ${model}`,
        `Fitting and tensioning rubber tracks — ${model}`,
        `Montage et tension des chenilles caoutchouc — ${model}`,
        `Montage und Spannen von Gummiketten — ${model}`,
        `Montaje y tensado de orugas de goma — ${model}`,
      ),
      models: [{ modello: model }],
      languages: ALL,
      from: -400 + n,
      pages: 3,
      codice: `TRK-${code(model)}`,
    });
  }
  for (const brand of ['eurocomach', 'nordmak']) {
    docs.push({
      nome: `Norme di sicurezza ${brand === 'nordmak' ? 'Nordmak' : 'Eurocomach'}`,
      brand,
      tipo: 'MAN',
      categorie: ['SIC'],
      title: l5(
        'Norme generali di sicurezza',
        'General safety rules',
        'Consignes générales de sécurité',
        'Allgemeine Sicherheitsvorschriften',
        'Normas generales de seguridad',
      ),
      models: MACHINE_MODELS.filter((m) => m.brand === brand).map((m) => ({ modello: m.model })),
      languages: ALL,
      from: -1000,
      pages: 4,
      codice: `SIC-${brand.toUpperCase()}`,
    });
  }
  docs.push({
    nome: 'Manuale uso e manutenzione ES 35 ZT edizione 2027',
    brand: 'eurocomach',
    tipo: 'MAN',
    categorie: ['USO'],
    title: l5(
      'Manuale di uso e manutenzione ES 35 ZT — edizione 2027',
      'ES 35 ZT operator manual — 2027 edition',
      'Manuel d’utilisation ES 35 ZT — édition 2027',
      'Betriebsanleitung ES 35 ZT — Ausgabe 2027',
      'Manual de uso ES 35 ZT — edición 2027',
    ),
    models: [{ modello: 'ES 35 ZT' }],
    languages: ['it', 'en'],
    from: 60,
    pages: 3,
    codice: 'MUM-ES35ZT-2027',
  });
  return docs;
};

const BRAND_LABEL: Record<string, string> = { eurocomach: 'Eurocomach', nordmak: 'Nordmak', tracks: 'Rubber Tracks' };

const dayOffset = (today: string, days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Loads the demo library once (nothing when documents exist): the rows, their files and first-page pictures. */
export const loadDemoDocuments = async (db: Db, files: Files) => {
  const [present] = await db.select({ n: sql<number>`count(*)::int` }).from(crDocumenti);
  if ((present?.n ?? 0) > 0) return { created: 0, files: 0 };
  const today = businessToday();
  let created = 0;
  let stored = 0;
  for (const doc of demoDocuments()) {
    const [row] = await db
      .insert(crDocumenti)
      .values({
        nome: doc.nome,
        brand: doc.brand,
        tipoDocumento: doc.tipo,
        categoria1: doc.categorie[0],
        categoria2: doc.categorie[1] ?? null,
        categoria3: doc.categorie[2] ?? null,
        interno: doc.interno ?? false,
        daData: doc.from === undefined ? null : dayOffset(today, doc.from),
        aData: doc.to === undefined ? null : dayOffset(today, doc.to),
        createdBy: 'manager',
      })
      .returning();
    if (!row) continue;
    created++;
    await db.insert(crDocumentiModelli).values(
      doc.models.map((m) => ({
        idCrDocumenti: row.id,
        modello: m.modello,
        daMatricola: m.da ?? null,
        aMatricola: m.a ?? null,
      })),
    );
    for (const lang of doc.languages) {
      const bytes = await makePdf(doc, lang, BRAND_LABEL[doc.brand] ?? doc.brand);
      const name = `${doc.codice}_${lang}.pdf`;
      const meta = {
        codice: `${doc.codice}-${lang.toUpperCase()}`,
        descrizioneFile: `${FILE_DESCRIPTION[doc.tipo][lang]} ${doc.models.length === 1 ? doc.models[0]?.modello : BRAND_LABEL[doc.brand]} (${lang.toUpperCase()})`,
        lingua: lang,
      };
      await files.add(
        db,
        { area: 'document', name, bytes, contentType: 'application/pdf', kind: 'pdf', extension: 'pdf' },
        async (tx, file) => {
          await tx.insert(crDocumentiFile).values({
            idCrDocumenti: row.id,
            ...meta,
            nomeFileFisico: `${file.id}.pdf`,
            nomeFileOriginale: name,
            fileId: file.id,
            searchText: searchTextOf({ nome: doc.nome, ...meta, nomeFileOriginale: name }),
          });
        },
      );
      stored++;
    }
  }
  return { created, files: stored };
};
