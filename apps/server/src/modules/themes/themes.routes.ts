import { ADMIN_ROLES, themeListSchema } from '@ricambi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ThemesService } from './themes.service.ts';

export const themesRoutes =
  (themes: ThemesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/themes',
      { config: { access: 'public' }, schema: { tags: ['themes'], response: { 200: themeListSchema } } },
      async () => themes.list(),
    );
    app.post(
      '/api/themes-reload',
      { config: { access: ADMIN_ROLES }, schema: { tags: ['themes'], response: { 200: themeListSchema } } },
      async () => themes.reload(),
    );
  };
