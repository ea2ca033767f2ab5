import type { ActiveBanner, Banner } from '@ricambi/domain';
import type { BannerRow } from './banners.repository.ts';

export const toActiveBanner = (r: BannerRow): ActiveBanner => ({
  id: r.id,
  startDate: r.startDate.toISOString(),
  endDate: r.endDate.toISOString(),
  headers: r.headers,
  messages: r.messages,
  type: r.type,
  ambiente: r.ambiente,
});

export const toBanner = (r: BannerRow): Banner => ({
  ...toActiveBanner(r),
  createdBy: r.createdBy,
  createdDate: r.createdDate.toISOString(),
  lastModifiedBy: r.lastModifiedBy,
  lastModifiedDate: r.lastModifiedDate?.toISOString() ?? null,
});
