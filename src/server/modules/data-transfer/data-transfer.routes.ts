import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { IMPORT_MAX_BYTES, importResultSchema } from '#shared/schemas/export.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { IMPORT_TOO_LARGE } from './data-transfer.errors.ts';
import type { createExportService } from './export.service.ts';
import type { createImportService } from './import.service.ts';

const tags = ['data'];

/** A ZIP arrives as its raw bytes; browsers on Windows name its type differently. */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

function attachment(filename: string) {
  return `attachment; filename="${filename}"`;
}

export const dataTransferRoutes: FastifyPluginAsyncZod<{
  exporter: ReturnType<typeof createExportService>;
  importer: ReturnType<typeof createImportService>;
}> = async (app, { exporter, importer }) => {
  // Only in this plugin: the rest of the API takes JSON alone.
  app.addContentTypeParser(ZIP_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

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
      config: { access: 'user', tooLargeMessage: IMPORT_TOO_LARGE },
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
        },
      },
    },
    async (request) => importer.importData(requireUser(request).id, request.body),
  );
};
