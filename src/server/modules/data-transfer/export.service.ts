import type { User } from '#shared/schemas/auth.ts';
import {
  EXPORT_CSV_NAME,
  EXPORT_FORMAT,
  EXPORT_IMAGES_FOLDER,
  EXPORT_JSON_NAME,
  EXPORT_VERSION,
  type ExportFileInput,
} from '#shared/schemas/export.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { createRulesRepository } from '../rules/rules.repository.ts';
import { screenshotKeys } from '../sessions/screenshot-files.ts';
import {
  createDataTransferRepository,
  type ExportedSessionRow,
} from './data-transfer.repository.ts';
import { sessionsCsv } from './sessions-csv.ts';
import { createZipWriter } from './zip-writer.ts';
import { fromHundredths } from '#shared/schemas/results.ts';

type ExportSession = ExportFileInput['sessions'][number];

function toExportSession(row: ExportedSessionRow, hasImage: boolean): ExportSession {
  return {
    uid: row.uid,
    name: row.name,
    date: row.sessionDate,
    sessionType: row.sessionType,
    notes: row.notes,
    complianceRating: row.complianceRating,
    checklist: row.checklist,
    screenshot:
      row.screenshotRef && hasImage ? `${EXPORT_IMAGES_FOLDER}${row.screenshotRef}` : null,
    resultMoney: fromHundredths(row.resultMoney),
    resultR: fromHundredths(row.resultR),
    createdAt: row.createdAt,
  };
}

/**
 * Everything a trader owns, as one file: the ZIP of `export.json`, `sessions.csv` and the
 * screenshots as stored, or the CSV alone. Both are produced while they are sent, a page of
 * sessions at a time (docs/export-format.md).
 */
export function createExportService({
  database,
  images,
  now = () => new Date(),
}: {
  database: AppDatabase;
  images: ImageStore;
  now?: () => Date;
}) {
  const transfer = createDataTransferRepository(database);
  const rules = createRulesRepository(database);

  /**
   * The JSON document in pieces: the head, then one session at a time. `hasImage` says whether
   * a session's screenshot is in the file.
   */
  async function* exportJson(user: User, hasImage: (ref: string) => Promise<boolean>) {
    const head: Omit<ExportFileInput, 'sessions'> = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now().toISOString(),
      profile: {
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        companyName: user.companyName,
        currency: user.preferences.results.currency,
      },
      rules: (await rules.listRules(user.id)).map((rule, position) => ({
        id: rule.id,
        description: rule.description,
        notes: rule.notes,
        position,
      })),
    };
    // The head without its closing brace, then the sessions array written as it is read.
    yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "sessions": [`;
    let separator = '\n    ';
    for await (const page of transfer.sessionPages(user.id)) {
      for (const row of page) {
        const ref = row.screenshotRef;
        const session = toExportSession(row, ref !== null && (await hasImage(ref)));
        yield separator + JSON.stringify(session);
        separator = ',\n    ';
      }
    }
    yield '\n  ]\n}\n';
  }

  return {
    filename: (extension: 'zip' | 'csv') =>
      extension === 'zip'
        ? `rulekeeper-export-${now().toISOString().slice(0, 10)}.zip`
        : `rulekeeper-sessions-${now().toISOString().slice(0, 10)}.csv`,

    /**
     * The ZIP, in pieces as they are written: screenshots first, then the JSON, any screenshot
     * put in place while it was written, and the CSV.
     */
    async *exportZip(user: User): AsyncGenerator<Buffer> {
      const userId = user.id;
      const zip = createZipWriter();
      // A screenshot whose file is missing is exported without one, so the file imports.
      const presentImages = new Set<string>();
      const missingImages = new Set<string>();
      /** A screenshot's bytes, read once: null when it is in the file already, or missing. */
      const readNew = async (ref: string) => {
        if (presentImages.has(ref) || missingImages.has(ref)) return null;
        const bytes = await images.get(screenshotKeys(ref).image);
        (bytes ? presentImages : missingImages).add(ref);
        return bytes;
      };
      for (const ref of await transfer.listScreenshotRefs(userId)) {
        const bytes = await readNew(ref);
        if (!bytes) continue;
        zip.addStored(`${EXPORT_IMAGES_FOLDER}${ref}`, bytes);
        yield* zip.drain();
      }

      // A screenshot put in place since they were listed (an edit on another device while the
      // export runs) is read as its session is written, and added after the JSON: without it,
      // that session left without a screenshot.
      const lateImages = new Map<string, Buffer>();
      const hasImage = async (ref: string) => {
        const bytes = await readNew(ref);
        if (bytes) lateImages.set(ref, bytes);
        return presentImages.has(ref);
      };
      const json = zip.openText(EXPORT_JSON_NAME);
      for await (const piece of exportJson(user, hasImage)) {
        json.write(piece);
        yield* zip.drain();
      }
      json.end();
      for (const [ref, bytes] of lateImages) {
        zip.addStored(`${EXPORT_IMAGES_FOLDER}${ref}`, bytes);
        yield* zip.drain();
      }

      const csv = zip.openText(EXPORT_CSV_NAME);
      for await (const piece of sessionsCsv(transfer.sessionPages(userId))) {
        csv.write(piece);
        yield* zip.drain();
      }
      csv.end();
      zip.end();
      yield* zip.drain();
    },

    /** The sessions as a spreadsheet, a page at a time. */
    async *exportCsv(userId: number): AsyncGenerator<string> {
      yield* sessionsCsv(transfer.sessionPages(userId));
    },
  };
}
