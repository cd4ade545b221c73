import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { screenshotParamsSchema } from '#shared/schemas/sessions.ts';
import { IMAGE_CONTENT_TYPES } from '../../images/process-image.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { SessionsService } from './sessions.service.ts';

const tags = ['sessions'];

/**
 * A reference names one image for ever (it is random and never reused), so the browser may keep
 * it; `private`: only the trader's own browser, never a shared cache.
 */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export const screenshotsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  for (const variant of ['image', 'thumbnail'] as const) {
    app.get(
      variant === 'image' ? '/screenshots/:ref' : '/screenshots/:ref/thumbnail',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            variant === 'image'
              ? "A session's screenshot, to its owner only"
              : "A session screenshot's small WebP thumbnail, to its owner only",
          // The answer is the image's bytes (PNG, JPEG or WebP); errors are the usual JSON.
          params: screenshotParamsSchema,
        },
      },
      async (request, reply) => {
        const { ref } = request.params;
        const bytes = await sessions.readScreenshot(
          requireUser(request).id,
          ref,
          variant,
          request.versions?.sessions,
        );
        const extension = variant === 'image' ? ref.slice(ref.lastIndexOf('.') + 1) : 'webp';
        return reply
          .header('content-type', IMAGE_CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('cache-control', IMAGE_CACHE_CONTROL)
          .header('content-disposition', 'inline')
          .send(bytes);
      },
    );
  }
};
