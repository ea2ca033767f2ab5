import { type Tracking, type TrackingEvent, trackingEventSchema } from '@ricambi/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as repo from './order-history.repository.ts';

const TIMEOUT_MS = 8_000;

/**
 * The tracking service's answer (docs/api.md "Tracking service"): GET {TRACKING_URL}/{slug}/{wayBill}
 * → 200 { corriere, eventi: [{ data, luogo, stato, descrizione }] }, 404 when it knows nothing of it.
 */
const serviceAnswerSchema = z.object({
  corriere: z.string().max(40).nullish(),
  eventi: z.array(trackingEventSchema).max(500),
});

export type Carrier = { track: (wayBill: string, slug: string | undefined) => Promise<Tracking> };

const unavailable = () => new AppError(503, 'storicoOrdine.tracking.unavailable');
const unknownWaybill = () => notFound('storicoOrdine.tracking.notFound');

/** By the instant: a service may give each event in the offset of its hub (+01:00, +02:00, Z). */
const newestFirst = (events: TrackingEvent[]) => [...events].sort((a, b) => Date.parse(b.data) - Date.parse(a.data));

const answer = (wayBill: string, corriere: string | null, events: TrackingEvent[]): Tracking => {
  const eventi = newestFirst(events);
  const [latest] = eventi;
  if (!latest) throw unknownWaybill();
  return { wayBill, corriere, stato: latest.stato, eventi };
};

/** A configured carrier tracking service over HTTP: its failure is a failure, never a made-up success. */
export const httpCarrier = (baseUrl: string, fetchImpl: typeof fetch = fetch): Carrier => ({
  track: async (wayBill, slug) => {
    const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(slug || 'auto')}/${encodeURIComponent(wayBill)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 404) throw unknownWaybill();
    if (!response.ok) throw unavailable();
    const parsed = serviceAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unavailable();
    return answer(wayBill, parsed.data.corriere ?? null, parsed.data.eventi);
  },
});

/** By default: the carrier events the ERP handed back with the shipments. */
export const handedBackCarrier = (db: DbOrTx): Carrier => ({
  track: async (wayBill) => {
    const rows = await repo.findTrackingEvents(db, wayBill);
    return answer(
      wayBill,
      rows[0]?.corriere ?? null,
      rows.map((e) => ({
        data: e.data.toISOString(),
        luogo: e.luogo,
        stato: e.stato as TrackingEvent['stato'],
        descrizione: e.descrizione,
      })),
    );
  },
});
