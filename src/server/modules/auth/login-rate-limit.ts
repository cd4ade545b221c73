import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { normalizeUsername } from '../users/user-dto.ts';

const WINDOW = '15 minutes';
/** Failed logins allowed per username (from anywhere) in the window: slows guessing one password. */
export const MAX_FAILURES_PER_USERNAME = 10;
/** Failed logins allowed per address: generous, as a whole trading desk may sit behind one. */
export const MAX_FAILURES_PER_IP = 50;

/**
 * Throttles failed logins per address and per username. Only failures count, so traders who
 * type their password right are never held up by someone else's guessing from another address.
 * See docs/decisions/0004-login-rate-limit.md.
 */
export function createLoginRateLimit(app: FastifyInstance) {
  // The store counts after the check, so `max` is one below the failures allowed.
  const limiters = [
    app.createRateLimit({
      max: MAX_FAILURES_PER_IP - 1,
      timeWindow: WINDOW,
      keyGenerator: (request) => `login-ip:${request.ip}`,
    }),
    app.createRateLimit({
      max: MAX_FAILURES_PER_USERNAME - 1,
      timeWindow: WINDOW,
      keyGenerator: (request) =>
        `login-user:${normalizeUsername((request.body as { username: string }).username)}`,
    }),
  ];

  return {
    /** preHandler: 429 while either limit is exceeded. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      for (const limiter of limiters) {
        const status = await limiter(request, { increment: false });
        if (!status.isAllowed && status.isExceeded) {
          const minutes = Math.max(1, Math.ceil(status.ttlInSeconds / 60));
          void reply.header('retry-after', status.ttlInSeconds);
          throw new AppError(
            'auth.too_many_attempts',
            429,
            `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          );
        }
      }
    },
    /** Counts a failed attempt against the address and the username. */
    async recordFailure(request: FastifyRequest) {
      for (const limiter of limiters) await limiter(request);
    },
  };
}
