import { resolveTheme } from '@ricambi/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { accountQuery } from '../api/account.api.ts';
import { themesQuery } from '../api/themes.api.ts';
import { loadAppTexts } from '../i18n/index.ts';
import { guard, rememberTarget } from '../lib/guards.ts';
import { areaAllowed } from '../lib/navigation.ts';
import { AppLayout, loadSignedInShell } from './layout.tsx';
import { PageLoading } from './PageLoading.tsx';
import { ROUTES } from './routes.ts';

export type RouterContext = { queryClient: QueryClient };

export const createAppRouter = (queryClient: QueryClient, history?: RouterHistory) => {
  const root = createRootRouteWithContext<RouterContext>()({
    component: AppLayout,
    // Fetched when a path matches no route; the router waits for it before rendering.
    notFoundComponent: lazyRouteComponent(() => import('../features/common/StatusPages.tsx'), 'NotFoundPage'),
    // A signed-in user's page renders with the whole header and its texts: both fetched first (once).
    beforeLoad: async ({ context }) => {
      if (await context.queryClient.ensureQueryData(accountQuery))
        await Promise.all([loadSignedInShell(), loadAppTexts()]);
    },
  });
  const children = ROUTES.map((route) =>
    createRoute({
      getParentRoute: () => root,
      path: route.path,
      component: route.component,
      staticData: {
        titleKey: route.titleKey,
        name: route.name,
        path: route.path,
        access: route.access,
        area: route.area,
      },
      beforeLoad: async ({ context, location }) => {
        const account = await context.queryClient.ensureQueryData(accountQuery);
        const decision = guard(route.access, account);
        if (decision === 'login') {
          rememberTarget(location.href);
          throw redirect({ to: '/login' });
        }
        if (decision === 'denied') throw redirect({ to: '/accessdenied' });
        if (decision === 'home') throw redirect({ to: '/' });
        // Spec 2 §1: a page of an area the active theme gives no access to is denied, not only hidden.
        if (route.area) {
          const themes = await context.queryClient.ensureQueryData(themesQuery).catch(() => undefined);
          const theme = themes ? resolveTheme(themes, globalThis.location?.hostname, account?.tema) : undefined;
          if (!areaAllowed(route, theme)) throw redirect({ to: '/accessdenied' });
        }
      },
    }),
  );
  return createRouter({
    routeTree: root.addChildren(children),
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: false,
    // A page's code loads with its first visit: a loading state, never a blank page, while it comes.
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 150,
    scrollRestoration: true,
  });
};

export type AppRouter = ReturnType<typeof createAppRouter>;
