import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { IMPORT_MAX_BYTES, importResultSchema } from '#shared/schemas/export.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { foreignFormat, IMPORT_TOO_LARGE } from './data-transfer.errors.ts';
import type { createExportService } from './export.service.ts';
import { createImportClaims } from './import-claims.ts';
import type { ImportUpload } from './import-file.ts';
import type { createImportService } from './import.service.ts';

const tags = ['data'];

/** A ZIP arrives as its raw bytes; browsers on Windows name its type differently. */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

/**
 * The upload as this plugin's parsers keep it. A request without a body, or with one the
 * parsers of the rest of the API took (text), holds no export.
 */
function uploadOf(body: unknown): ImportUpload {
  if (typeof body !== 'object' || body === null || !('kind' in body)) throw foreignFormat();
  return body as ImportUpload;
}

function attachment(filename: string) {
  return `attachment; filename="${filename}"`;
}

export const dataTransferRoutes: FastifyPluginAsyncZod<{
  exporter: ReturnType<typeof createExportService>;
  importer: ReturnType<typeof createImportService>;
}> = async (app, { exporter, importer }) => {
  // Only in this plugin, whose one route with a body is the import: the upload is kept as its
  // bytes, the bare export.json too, for the import reader's process to parse (never this
  // thread: docs/decisions/0023-export-import.md).
  app.addContentTypeParser(ZIP_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, { kind: 'zip', bytes: body as Buffer } satisfies ImportUpload),
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, { kind: 'json', bytes: body as Buffer } satisfies ImportUpload),
  );

  const claims = createImportClaims();

  app.get(
    '/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Everything the trader owns as a ZIP: export.json, sessions.csv and the screenshots',
        // The answer is the file's bytes; errors are the usual JSON.
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(exporter.filename('zip')))
        .send(Readable.from(exporter.exportZip(user)));
    },
  );

  app.get(
    '/export/sessions.csv',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The trader's sessions as a CSV for spreadsheets",
        // The answer is the file's bytes; errors are the usual JSON.
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(exporter.filename('csv')))
        .send(Readable.from(exporter.exportCsv(user.id)));
    },
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { access: 'user', tooLargeMessage: IMPORT_TOO_LARGE, isLargeUpload: true },
      schema: {
        tags,
        summary:
          'Take an export back: the ZIP (application/zip) or its export.json (application/json)',
        response: {
          200: importResultSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
      // One import per trader at a time, and a few per instance, claimed before the upload is
      // read (import-claims.ts).
      preParsing: async (request, reply) => claims.claim(requireUser(request).id, request, reply),
    },
    async (request) => {
      const { id } = requireUser(request);
      return claims.work(id, request, () => importer.importData(id, uploadOf(request.body)));
    },
  );
};
