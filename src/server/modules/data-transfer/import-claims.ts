import type { FastifyReply, FastifyRequest } from 'fastify';
import { importsBusy, importUnderway } from './data-transfer.errors.ts';
import { MAX_HELD_IMPORTS } from './import-reader.ts';

/**
 * One import per trader at a time (docs/decisions/0023-export-import.md). The claim is taken
 * before the upload is read: an upload is up to 200 MB held in memory until it is read, and
 * the reader reads one file at a time for everyone, so one trader's uploads in parallel could
 * fill the server's memory or the reader's queue. It is given back when the import's work
 * ends; for an upload refused or cut off before its work began, when its connection closes. A
 * client that hangs up does not end the work, so neither does it give the claim back.
 *
 * An instance holds no more claims than its reader takes imports (the one being read and
 * those waiting): the reader's own 503 comes once a body is received, and many traders'
 * uploads received at once, 200 MB each, could fill the server's memory first.
 */
export function createImportClaims() {
  /** Trader → the request that holds the trader's claim. */
  const holders = new Map<number, FastifyRequest>();
  const working = new WeakSet<FastifyRequest>();

  return {
    /**
     * Before the upload is read: a second import of the trader's is refused (429), then one
     * past the instance's claims (503). The 429 comes first: that trader waits for their own
     * import, which a 503's retry in a minute could still meet.
     */
    claim(traderId: number, request: FastifyRequest, reply: FastifyReply) {
      if (holders.has(traderId)) throw importUnderway();
      if (holders.size >= MAX_HELD_IMPORTS) throw importsBusy();
      // The client has gone already: its answer's 'close' has been and will not come again.
      if (reply.raw.destroyed) return;
      holders.set(traderId, request);
      reply.raw.once('close', () => {
        if (!working.has(request) && holders.get(traderId) === request) holders.delete(traderId);
      });
    },
    /** The import's work, done only under the claim its request holds. */
    async work<T>(traderId: number, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
      // Not this request's: its client hung up before the work began, and nobody awaits it.
      if (holders.get(traderId) !== request) throw importUnderway();
      working.add(request);
      try {
        return await work();
      } finally {
        holders.delete(traderId);
      }
    },
  };
}
