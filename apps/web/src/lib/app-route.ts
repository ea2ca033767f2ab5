import type { Authority, ThemeArea } from '@ricambi/domain';
import type { RouteComponent } from '@tanstack/react-router';
import type { RouteAccess } from './guards.ts';

/** Where a route shows in the navigation bar, and which theme flag it needs (spec 1 §2.3). */
export type NavPlacement = {
  menu: 'main' | 'account' | 'admin' | 'anonymous';
  order: number;
  /** Show the entry only to these authorities, when narrower than the route's access. */
  roles?: readonly Authority[];
};

/**
 * One row of the route table. Each feature declares its own in `<feature>.routes.ts` with its pages
 * loaded lazily (`lazyRouteComponent`), so the table itself pulls in no page code.
 */
export type AppRoute = {
  name: string;
  path: string;
  access: RouteAccess;
  titleKey: string;
  component: RouteComponent;
  nav?: NavPlacement;
  area?: ThemeArea;
};

/** What the router keeps of each row, for page titles and for pages that look a route up by name. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: string;
    name?: string;
    path?: string;
    access?: RouteAccess;
    area?: ThemeArea;
  }
}
