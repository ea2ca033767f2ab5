import { BANNER_ALL_THEMES, type BannerType, type LocalizedTexts } from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { banner } from '../db/schema/index.ts';

type DemoBanner = {
  type: BannerType;
  ambiente: string;
  /** Days before and after the moment the demo data is loaded. */
  fromDays: number;
  toDays: number;
  headers: Required<LocalizedTexts>;
  messages: Required<LocalizedTexts>;
};

export const DEMO_BANNERS: DemoBanner[] = [
  {
    type: 'INFO',
    ambiente: BANNER_ALL_THEMES,
    fromDays: -365,
    toDays: 365,
    headers: {
      it: 'Benvenuto nel portale ricambi',
      en: 'Welcome to the spare-parts portal',
      fr: 'Bienvenue sur le portail des pièces détachées',
      de: 'Willkommen im Ersatzteilportal',
      es: 'Bienvenido al portal de recambios',
    },
    messages: {
      it: 'Qui puoi cercare i ricambi per numero di matricola, inviare gli ordini e seguirne lo stato. Per qualsiasi domanda contatta il tuo referente commerciale.',
      en: 'Here you can look up spare parts by serial number, send your orders and follow their status. If you have any questions, please contact your sales representative.',
      fr: 'Vous pouvez rechercher ici les pièces par numéro de série, envoyer vos commandes et en suivre l’état. Pour toute question, contactez votre interlocuteur commercial.',
      de: 'Hier finden Sie Ersatzteile anhand der Seriennummer, senden Ihre Bestellungen und verfolgen deren Status. Bei Fragen wenden Sie sich bitte an Ihren Vertriebsansprechpartner.',
      es: 'Aquí puede buscar recambios por número de serie, enviar sus pedidos y seguir su estado. Si tiene alguna pregunta, póngase en contacto con su comercial de referencia.',
    },
  },
  {
    type: 'WARNING',
    ambiente: 'tracks',
    fromDays: -1,
    toDays: 90,
    headers: {
      it: 'Nuovo listino dei cingoli in gomma',
      en: 'New rubber-track price list',
      fr: 'Nouveau tarif des chenilles en caoutchouc',
      de: 'Neue Preisliste für Gummiketten',
      es: 'Nueva tarifa de orugas de goma',
    },
    messages: {
      it: 'Il nuovo listino dei cingoli in gomma entra in vigore il primo giorno del prossimo mese. Gli ordini inviati prima di quella data mantengono i prezzi attuali.',
      en: 'The new rubber-track price list takes effect on the first day of next month. Orders sent before that date keep the current prices.',
      fr: 'Le nouveau tarif des chenilles en caoutchouc entre en vigueur le premier jour du mois prochain. Les commandes envoyées avant cette date conservent les prix actuels.',
      de: 'Die neue Preisliste für Gummiketten gilt ab dem ersten Tag des nächsten Monats. Vor diesem Datum gesendete Bestellungen behalten die aktuellen Preise.',
      es: 'La nueva tarifa de orugas de goma entra en vigor el primer día del próximo mes. Los pedidos enviados antes de esa fecha mantienen los precios actuales.',
    },
  },
];

const DAY_MS = 86_400_000;

/** Idempotent: a demo banner whose Italian header is already stored is left as it is. */
export const loadDemoBanners = async (db: DbOrTx, now = new Date()) => {
  let created = 0;
  for (const b of DEMO_BANNERS) {
    const [existing] = await db
      .select({ id: banner.id })
      .from(banner)
      .where(sql`${banner.headers}->>'it' = ${b.headers.it}`)
      .limit(1);
    if (existing) continue;
    await db.insert(banner).values({
      type: b.type,
      ambiente: b.ambiente,
      startDate: new Date(now.getTime() + b.fromDays * DAY_MS),
      endDate: new Date(now.getTime() + b.toDays * DAY_MS),
      headers: b.headers,
      messages: b.messages,
      createdBy: 'system',
    });
    created++;
  }
  return created;
};
