import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { accountQuery } from '../api/account.api.ts';
import { NotFoundPage } from '../features/common/StatusPages.tsx';
import { guard, rememberTarget } from '../lib/guards.ts';
import { AppLayout } from './layout.tsx';
import { PageLoading } from './PageLoading.tsx';
import { ROUTES } from './routes.ts';

export type RouterContext = { queryClient: QueryClient };

export const createAppRouter = (queryClient: QueryClient, history?: RouterHistory) => {
  const root = createRootRouteWithContext<RouterContext>()({
    component: AppLayout,
    notFoundComponent: NotFoundPage,
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
