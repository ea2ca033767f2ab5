import {
  type AuditEvent,
  type ChangeLoggerRequest,
  type ConfigProperty,
  type Health,
  healthSchema,
  type LoggerLevel,
  METRICS_SAMPLE_SECONDS,
  type MetricsSummary,
  type OutboxFailedMessage,
  PAGE_SIZE,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from './http.ts';
import { queryKeys } from './keys.ts';

/** The audits filter: dates as the spec's `yyyy-MM-ddTHH:mm:ss`, in UTC. */
export type AuditParams = { page: number; sort: string; fromDate?: string; toDate?: string };

/** A Date as `yyyy-MM-ddTHH:mm:ss` in UTC (the server reads dates without an offset as UTC). */
export const toAuditDate = (date: Date) => date.toISOString().slice(0, 19);

export const useAudits = (params: AuditParams) =>
  useQuery({
    queryKey: queryKeys.admin.audits(params),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(params.page), size: String(PAGE_SIZE), sort: params.sort });
      if (params.fromDate) query.set('fromDate', params.fromDate);
      if (params.toDate) query.set('toDate', params.toDate);
      return http.getPage<AuditEvent>(`/api/audits?${query}`);
    },
    placeholderData: keepPreviousData,
  });

export const useConfiguration = () =>
  useQuery({
    queryKey: queryKeys.admin.configuration(),
    queryFn: () => http.get<ConfigProperty[]>('/management/configprops'),
  });

/**
 * GET /management/health answers 503 with the same body when something is down: that answer is
 * the page's content, not an error. Other failures go to the alert mapper as usual.
 */
export const useHealth = () =>
  useQuery({
    queryKey: queryKeys.admin.health(),
    queryFn: async (): Promise<Health & { checkedAt: string }> => {
      const url = '/management/health';
      let response: Response;
      try {
        response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, url, 'GET');
      }
      const parsed = healthSchema.safeParse(await response.json().catch(() => undefined));
      if ((response.ok || response.status === 503) && parsed.success) {
        return { ...parsed.data, checkedAt: new Date().toISOString() };
      }
      throw new ApiError(response.status, url, 'GET');
    },
  });

export const useLoggers = () =>
  useQuery({ queryKey: queryKeys.admin.loggers(), queryFn: () => http.get<LoggerLevel[]>('/api/logs') });

/** A level set on a logger applies to the loggers below it too: the whole list is reloaded. */
export const useChangeLogger = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ChangeLoggerRequest) => http.put<LoggerLevel>('/api/logs', change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.loggers() }),
  });
};

/** Live figures: refetched every METRICS_SAMPLE_SECONDS while the page is open (and not paused). */
export const useMetrics = (live: boolean) =>
  useQuery({
    queryKey: queryKeys.admin.metrics(),
    queryFn: () => http.get<MetricsSummary>('/api/metrics'),
    refetchInterval: live ? METRICS_SAMPLE_SECONDS * 1000 : false,
    placeholderData: keepPreviousData,
  });

export type OutboxFailedParams = { page: number; sort: string };

/** GET /api/outbox/failed: the messages given up after their last attempt (dead letters). */
export const useOutboxFailed = (params: OutboxFailedParams) =>
  useQuery({
    queryKey: queryKeys.admin.outboxFailedPage(params),
    queryFn: () =>
      http.getPage<OutboxFailedMessage>(
        `/api/outbox/failed?${new URLSearchParams({ page: String(params.page), size: String(PAGE_SIZE), sort: params.sort })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** POST /api/outbox/failed/{id}/retry: the message queued again; the list and the metrics' counts change. */
export const useRetryOutboxMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<void>(`/api/outbox/failed/${id}/retry`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.admin.outboxFailed() }),
        client.invalidateQueries({ queryKey: queryKeys.admin.metrics() }),
      ]),
  });
};
