import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { createImportClaims } from './import-claims.ts';
import { MAX_HELD_IMPORTS } from './import-reader.ts';

/**
 * The claims' bookkeeping, moment by moment. The API tests (import.concurrency.test.ts) show
 * the same over real sockets where a socket can be timed; a client that hangs up after its
 * last byte and before the route's handler runs cannot be, so it is shown here.
 */

/** A request and its answer, whose connection the test closes when it likes. */
function connection({ gone = false } = {}) {
  const raw = Object.assign(new EventEmitter(), { destroyed: gone });
  return {
    request: {} as FastifyRequest,
    reply: { raw } as unknown as FastifyReply,
    hangUp() {
      raw.destroyed = true;
      raw.emit('close');
    },
  };
}

const ANN = 1;
const BOB = 2;

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => 'done',
    (error: { statusCode?: number; message?: string }) => [error.statusCode, error.message],
  );
}

const UNDERWAY = [429, 'An import of yours is still being read: please wait for it to finish'];

describe('import claims', () => {
  test("a trader's second import is refused while the first holds the claim; another trader's is not", () => {
    const claims = createImportClaims();
    const first = connection();
    claims.claim(ANN, first.request, first.reply);

    const second = connection();
    expect(() => claims.claim(ANN, second.request, second.reply)).toThrow(
      expect.objectContaining({ statusCode: UNDERWAY[0], message: UNDERWAY[1] }),
    );
    const bobs = connection();
    expect(() => claims.claim(BOB, bobs.request, bobs.reply)).not.toThrow();
  });

  test("past the instance's claims another trader's import is refused (503); a holder's second is still a 429", () => {
    const claims = createImportClaims();
    const held = Array.from({ length: MAX_HELD_IMPORTS }, (_, trader) => {
      const holder = connection();
      claims.claim(trader + 1, holder.request, holder.reply);
      return holder;
    });
    const late = connection();
    const NEXT = MAX_HELD_IMPORTS + 1;
    expect(() => claims.claim(NEXT, late.request, late.reply)).toThrow(
      expect.objectContaining({ code: 'import.busy', statusCode: 503 }),
    );
    const again = connection();
    expect(() => claims.claim(1, again.request, again.reply)).toThrow(
      expect.objectContaining({ statusCode: 429 }),
    );

    // The refused one took no claim; a holder's connection closing gives one back.
    held[0]!.hangUp();
    expect(() => claims.claim(NEXT, late.request, late.reply)).not.toThrow();
  });

  test('the claim is given back when the work ends, whether it succeeds or fails', async () => {
    const claims = createImportClaims();
    const first = connection();
    claims.claim(ANN, first.request, first.reply);
    expect(await claims.work(ANN, first.request, async () => 'imported')).toBe('imported');

    const second = connection();
    claims.claim(ANN, second.request, second.reply);
    const failure = claims.work(ANN, second.request, async () => {
      throw new Error('The file is not a ZIP file');
    });
    await expect(failure).rejects.toThrow('The file is not a ZIP file');

    const third = connection();
    expect(() => claims.claim(ANN, third.request, third.reply)).not.toThrow();
  });

  test('a client that hangs up during the work keeps the claim until the work ends', async () => {
    const claims = createImportClaims();
    const first = connection();
    claims.claim(ANN, first.request, first.reply);
    let finish = () => {};
    const work = claims.work(ANN, first.request, () => new Promise<void>((r) => (finish = r)));

    first.hangUp();
    const meanwhile = connection();
    expect(() => claims.claim(ANN, meanwhile.request, meanwhile.reply)).toThrow(
      expect.objectContaining({ statusCode: 429 }),
    );

    finish();
    await work;
    const next = connection();
    expect(() => claims.claim(ANN, next.request, next.reply)).not.toThrow();
  });

  test('a client that hangs up before the work began gives the claim back, and its work is not done', async () => {
    const claims = createImportClaims();
    const first = connection();
    claims.claim(ANN, first.request, first.reply);
    // Its last byte arrived, then the connection closed before the handler ran.
    first.hangUp();

    const next = connection();
    claims.claim(ANN, next.request, next.reply);
    let done = 0;
    const late = claims.work(ANN, first.request, async () => done++);
    expect(await refusal(late)).toEqual(UNDERWAY);
    expect(done).toBe(0);

    // The late one took nothing from the trader's next import, which still holds the claim.
    const third = connection();
    expect(() => claims.claim(ANN, third.request, third.reply)).toThrow(
      expect.objectContaining({ statusCode: 429 }),
    );
    expect(await claims.work(ANN, next.request, async () => 'imported')).toBe('imported');
  });

  test('a client gone before its claim takes none, and its work is not done', async () => {
    const claims = createImportClaims();
    const gone = connection({ gone: true });
    claims.claim(ANN, gone.request, gone.reply);

    let done = 0;
    expect(await refusal(claims.work(ANN, gone.request, async () => done++))).toEqual(UNDERWAY);
    expect(done).toBe(0);
    const next = connection();
    expect(() => claims.claim(ANN, next.request, next.reply)).not.toThrow();
  });
});
