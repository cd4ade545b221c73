import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { answerCalls } from './page-answers.ts';

describe('answerCalls', () => {
  const request = { headers: { cookie: 'rk_session=token' } } as unknown as FastifyRequest;

  test('leaves out a call the app could not answer, and keeps the others', async () => {
    // As when the server begins to close between the page's request and its calls.
    const app = {
      inject: async ({ url }: { url: string }) => {
        if (url === '/api/notices') throw new Error('Fastify has already been closed');
        return { statusCode: 200, headers: {}, json: () => ({ url }) };
      },
    } as unknown as FastifyInstance;
    await expect(answerCalls(app, request, ['/api/auth/session', '/api/notices'])).resolves.toEqual(
      { answers: { '/api/auth/session': { url: '/api/auth/session' } }, cookies: [] },
    );
  });
});
