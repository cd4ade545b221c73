import { importResultSchema, type ImportResult } from '#shared/schemas/export.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

/** Where the browser downloads the export from: a plain link, the login cookie goes along. */
export const EXPORT_ZIP_URL = '/api/export';
export const EXPORT_CSV_URL = '/api/export/sessions.csv';

/**
 * Sends an export file back: the ZIP, or its export.json. The type comes from the name, since
 * browsers disagree on a ZIP's (Windows says application/x-zip-compressed, some say nothing).
 */
export function importData(file: File): Promise<ImportResult> {
  const isJson = file.name.toLowerCase().endsWith('.json');
  return apiRequest('/api/import', {
    method: 'POST',
    body: new Blob([file], { type: isJson ? 'application/json' : 'application/zip' }),
    schema: importResultSchema,
  });
}

type UseImportDataOptions = {
  onSuccess?: (result: ImportResult) => void;
  onError?: (error: Error) => void;
};

/**
 * An import adds rules and sessions: everything that shows them is refreshed, as after a
 * session write (`sessionViews`), the team's figures included.
 */
export function useImportData({ onSuccess, onError }: UseImportDataOptions = {}) {
  return useApiMutation({
    mutationFn: importData,
    refreshes: [
      queryKeys.rules.all,
      queryKeys.sessions.all,
      queryKeys.analytics.all,
      queryKeys.team.all,
    ],
    onSuccess,
    onError,
  });
}
