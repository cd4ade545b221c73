import { randomBytes } from 'node:crypto';
import { complianceRating } from '#shared/compliance.ts';
import {
  MAX_RULES_PER_USER,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_PIXELS,
} from '#shared/constants.ts';
import type { ExportFile, ExportRule, ImportResult } from '#shared/schemas/export.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { ImageRejected, processImage } from '../../images/process-image.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { refreshMonthSummaries } from '../analytics/analytics-summaries.ts';
import { createRulesRepository } from '../rules/rules.repository.ts';
import {
  deleteScreenshot,
  discardScreenshots,
  screenshotKeys,
} from '../sessions/screenshot-files.ts';
import { createSessionTypesRepository } from '../sessions/session-types.repository.ts';
import { createSessionsRepository } from '../sessions/sessions.repository.ts';
import { imageRefused, tooManyRulesAfterImport, tooSlowToStore } from './data-transfer.errors.ts';
import {
  createDataTransferRepository,
  itemKey,
  type DataTransferRepository,
} from './data-transfer.repository.ts';
import { IMPORTED_SCREENSHOT_MAX_BYTES, type ImportUpload } from './import-file.ts';
import type { ImportReader } from './import-reader.ts';
import { toHundredths } from '#shared/schemas/results.ts';

/**
 * Which of the file's rules are already the trader's (the same description, each of the
 * trader's rules matched once, so rules that share a text stay apart) and which are new, in
 * the file's order.
 */
function planRules(current: Rule[], fileRules: ExportRule[]) {
  const unmatched = new Map<string, number[]>();
  for (const rule of current) {
    unmatched.set(rule.description, [...(unmatched.get(rule.description) ?? []), rule.id]);
  }
  const matched = new Map<number, number>();
  const toCreate: ExportRule[] = [];
  for (const rule of [...fileRules].sort((a, b) => a.position - b.position)) {
    const id = unmatched.get(rule.description)?.shift();
    if (id === undefined) toCreate.push(rule);
    else matched.set(rule.id, id);
  }
  return { matched, toCreate };
}

/**
 * The ids this account already gave the rules that the file's checklists name and its rules do
 * not (rules deleted before the export), read where a session of the file is here already: the
 * item at the same place of its checklist, with the same description. An earlier import of the
 * same trader's data gave them, or the account's own sessions did; taking them again keeps each
 * rule's history under one id however many exports come in, where a new id each time split it.
 * An id the file's other rules already have is not taken: one checklist names a rule once.
 */
async function recordedRuleIds(
  transfer: DataTransferRepository,
  userId: number,
  document: ExportFile,
  present: Set<string>,
  given: Map<number, number>,
): Promise<Map<number, number>> {
  const listed = new Set(document.rules.map((rule) => rule.id));
  const samples = new Map<number, { uid: string; position: number; description: string }>();
  for (const session of document.sessions) {
    if (!present.has(session.uid)) continue;
    session.checklist.forEach(({ ruleId, description }, position) => {
      if (listed.has(ruleId) || samples.has(ruleId)) return;
      samples.set(ruleId, { uid: session.uid, position, description });
    });
  }
  const items = await transfer.findChecklistItems(userId, [...samples.values()]);
  const taken = new Set(given.values());
  const recorded = new Map<number, number>();
  for (const [fileRuleId, sample] of samples) {
    const item = items.get(itemKey(sample.uid, sample.position));
    if (!item || item.description !== sample.description || taken.has(item.ruleId)) continue;
    taken.add(item.ruleId);
    recorded.set(fileRuleId, item.ruleId);
  }
  return recorded;
}

/**
 * An imported screenshot may be larger than an upload: an export of before 2026-12-07 holds
 * images as they were re-encoded then, which could pass the upload's limit. It is stored within
 * that limit, as an upload is.
 */
const IMAGE_LIMITS = {
  maxBytes: IMPORTED_SCREENSHOT_MAX_BYTES,
  maxPixels: SCREENSHOT_MAX_PIXELS,
  maxStoredBytes: SCREENSHOT_MAX_BYTES,
};

/** Checks, re-encodes and stores one imported screenshot; answers its new reference. */
async function storeImportedScreenshot(images: ImageStore, path: string, bytes: Buffer) {
  let processed;
  try {
    processed = await processImage(bytes, IMAGE_LIMITS);
  } catch (error) {
    if (error instanceof ImageRejected) throw imageRefused(path, error.problem);
    throw error;
  }
  const ref = `${randomBytes(16).toString('base64url')}.${processed.extension}`;
  const keys = screenshotKeys(ref);
  try {
    await images.put(keys.image, processed.image);
    await images.put(keys.thumbnail, processed.thumbnail);
  } catch (error) {
    await deleteScreenshot(images, ref);
    throw error;
  }
  return ref;
}

/**
 * Takes an export back into an account (docs/decisions/0023-export-import.md). The file is
 * checked whole first, its screenshots included; then one transaction under the trader's lock
 * matches rules by description (and deleted ones by the id the account gave them, where it
 * did), adds the sessions the trader did not have (by uid, when the import began and when it
 * writes) and recounts the months they fall in. Screenshots are stored before that transaction
 * and removed if it fails (unless a row holds them: it may have committed all the same), or if
 * their session turned out to be there already.
 */
export function createImportService({
  database,
  images,
  reader,
}: {
  database: AppDatabase;
  images: ImageStore;
  reader: ImportReader;
}) {
  const rules = createRulesRepository(database);
  const transfer = createDataTransferRepository(database);

  const assertRuleRoom = (current: Rule[], document: ExportFile) => {
    const { toCreate } = planRules(current, document.rules);
    const count = current.length + toCreate.length;
    if (count > MAX_RULES_PER_USER) throw tooManyRulesAfterImport(count);
  };

  /**
   * The whole write, under the trader's lock: what it added and which screenshots it used.
   * `known` are the sessions the account had when the import began: their screenshots were not
   * stored, and one the trader deleted since stays deleted rather than come back without it.
   */
  const apply = (
    userId: number,
    document: ExportFile,
    known: Set<string>,
    refs: Map<string, string>,
  ) =>
    withTraderLock(database, userId, async (tx) => {
      const txRules = createRulesRepository(tx);
      const txSessions = createSessionsRepository(tx);
      const txTransfer = createDataTransferRepository(tx);

      const current = await txRules.listRules(userId);
      assertRuleRoom(current, document);
      const { matched, toCreate } = planRules(current, document.rules);
      const ruleIds = new Map(matched);
      for (const rule of toCreate) {
        const created = await txRules.createRule(userId, {
          description: rule.description,
          notes: rule.notes ?? undefined,
        });
        ruleIds.set(rule.id, created.id);
      }
      const existing = await txTransfer.findExistingUids(
        userId,
        document.sessions.map((session) => session.uid),
      );
      for (const [fileRuleId, id] of await recordedRuleIds(
        txTransfer,
        userId,
        document,
        existing,
        ruleIds,
      )) {
        ruleIds.set(fileRuleId, id);
      }
      // Any other rule deleted before the export: one new id that no rule will ever have.
      const ruleIdOf = async (fileRuleId: number) => {
        let id = ruleIds.get(fileRuleId);
        if (id === undefined) {
          id = await txTransfer.reserveRuleId();
          ruleIds.set(fileRuleId, id);
        }
        return id;
      };

      const typeIds = new Map(
        (await createSessionTypesRepository(tx).listSessionTypes()).map((type) => [
          type.name,
          type.id,
        ]),
      );
      const used = new Set<string>();
      const days: string[] = [];
      for (const session of document.sessions) {
        if (known.has(session.uid) || existing.has(session.uid)) continue;
        const checklist = [];
        for (const item of session.checklist) {
          checklist.push({
            ruleId: await ruleIdOf(item.ruleId),
            description: item.description,
            followed: item.followed,
          });
        }
        const followedCount = checklist.filter((item) => item.followed).length;
        const ref = refs.get(session.uid) ?? null;
        if (ref) used.add(ref);
        await txSessions.insertSession(
          userId,
          {
            name: session.name,
            sessionDate: session.date,
            sessionTypeId: typeIds.get(session.sessionType ?? '') ?? null,
            notes: session.notes ?? null,
            complianceRating: complianceRating(followedCount, checklist.length),
            followedCount,
            totalCount: checklist.length,
            resultMoney: session.resultMoney == null ? null : toHundredths(session.resultMoney),
            resultR: session.resultR == null ? null : toHundredths(session.resultR),
          },
          ref,
          checklist,
          session.uid,
        );
        days.push(session.date);
      }
      await refreshMonthSummaries(tx, userId, days);
      return {
        result: {
          rulesAdded: toCreate.length,
          rulesMatched: matched.size,
          sessionsAdded: days.length,
          sessionsSkipped: document.sessions.length - days.length,
        },
        used,
      };
    });

  const removeScreenshots = (refs: Iterable<string>) =>
    Promise.all([...refs].map((ref) => deleteScreenshot(images, ref)));

  return {
    /** One file at a time per instance: the reader hands the next over once this one is used. */
    importData(userId: number, upload: ImportUpload): Promise<ImportResult> {
      return reader.read(upload, async ({ document, images: files }, storeBy) => {
        // Checked here too, so a file that cannot fit is refused before any image is processed.
        assertRuleRoom(await rules.listRules(userId), document);
        const known = await transfer.findExistingUids(
          userId,
          document.sessions.map((session) => session.uid),
        );

        /** Session uid → the stored screenshot's reference. */
        const refs = new Map<string, string>();
        try {
          for (const session of document.sessions) {
            if (!session.screenshot || known.has(session.uid)) continue;
            // Checked before each: one screenshot takes seconds at most (40 megapixels).
            if (Date.now() >= storeBy) throw tooSlowToStore();
            const bytes = files.get(session.screenshot);
            if (!bytes) continue; // the reader has checked that each one is there
            refs.set(session.uid, await storeImportedScreenshot(images, session.screenshot, bytes));
          }
          const { result, used } = await apply(userId, document, known, refs);
          // Sessions another import added in the meantime: their copies are not needed.
          await removeScreenshots([...refs.values()].filter((ref) => !used.has(ref)));
          return result;
        } catch (error) {
          await discardScreenshots(database, images, refs.values());
          throw error;
        }
      });
    },
  };
}
