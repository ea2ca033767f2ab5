import { type ActiveBanner, BANNER_REFRESH_MS, type BannerType } from '@ricambi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/**
 * The banners the signed-in user has not acknowledged yet, for the ambiente (a theme name), read
 * again every BANNER_REFRESH_MS (spec 1 §4, §9). Banners are a side notice: a failed read shows no
 * alert and is retried at the next refresh.
 */
export const useActiveBanners = (
  q: { login: string | undefined; ambiente: string | undefined; type?: BannerType },
  enabled = true,
) =>
  useQuery({
    queryKey: queryKeys.banners.active(q.login ?? '', q.ambiente ?? '', q.type),
    queryFn: () => {
      const params = new URLSearchParams({ ambiente: q.ambiente ?? '' });
      if (q.type) params.set('type', q.type);
      return http.get<ActiveBanner[]>(`/api/banners/active?${params}`);
    },
    enabled: enabled && Boolean(q.login && q.ambiente),
    staleTime: BANNER_REFRESH_MS,
    refetchInterval: BANNER_REFRESH_MS,
    retry: false,
    meta: { handlesErrors: true },
  });

/** POST /api/banners/checked: the user closed (acknowledged) the banner; it is not shown to them again. */
export const useAcknowledgeBanner = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; text?: string }) => http.post<void>('/api/banners/checked', body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.banners.activeAll() }),
  });
};

/** GET /api/banners/types: the kinds offered in the banner form. */
export const useBannerTypes = () =>
  useQuery({
    queryKey: queryKeys.banners.types(),
    queryFn: () => http.get<BannerType[]>('/api/banners/types'),
    staleTime: Number.POSITIVE_INFINITY,
  });
