import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import type { App } from '#server/app.ts';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { ImportResult } from '#shared/schemas/export.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import type { Session, SessionsPage } from '#shared/schemas/sessions.ts';
import type { TestApp } from './test-app.ts';

/** `GET /api/export` as the trader: the ZIP's bytes. */
export async function exportZip(app: App, cookie: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url: '/api/export', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.body}`);
  return response.rawPayload;
}

/** `POST /api/import` of a ZIP (bytes) or a JSON document (an object or a string). */
export function postImport(app: App, cookie: string, file: Buffer | object | string) {
  const isZip = Buffer.isBuffer(file);
  return app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { cookie, 'content-type': isZip ? 'application/zip' : 'application/json' },
    payload: isZip || typeof file === 'string' ? file : JSON.stringify(file),
  });
}

export async function importFile(
  app: App,
  cookie: string,
  file: Buffer | object,
): Promise<ImportResult> {
  const response = await postImport(app, cookie, file);
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.body}`);
  return response.json<ImportResult>();
}

/** A ZIP made of the given entries (text or bytes), as any zip tool would make it. */
export function makeZip(entries: Record<string, string | Uint8Array>): Buffer {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(entries)) {
    files[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return Buffer.from(zipSync(files));
}

/**
 * Everything a trader sees of their data, without the ids and references that differ from
 * one account to another: rules in order, sessions with their checklists, the figures, and
 * each screenshot's format and size.
 */
export async function traderView(t: TestApp, cookie: string) {
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return response;
  };
  const { rules } = (await get('/api/rules')).json<{ rules: Rule[] }>();
  const { sessions: page } = (await get('/api/sessions?limit=200')).json<SessionsPage>();
  const sessions = [];
  for (const summary of page) {
    const { session } = (await get(`/api/sessions/${summary.id}`)).json<{ session: Session }>();
    let screenshot = null;
    if (session.screenshotPath) {
      const image = await get(`/api/screenshots/${session.screenshotPath}`);
      const { format, width, height } = await sharp(image.rawPayload).metadata();
      screenshot = { format, width, height };
    }
    sessions.push({
      name: session.name,
      date: session.date,
      sessionTypeId: session.sessionTypeId,
      notes: session.notes,
      resultMoney: session.resultMoney,
      resultR: session.resultR,
      complianceRating: session.complianceRating,
      followedCount: session.followedCount,
      totalCount: session.totalCount,
      checklist: session.rulesFollowed.map(({ description, followed }) => ({
        description,
        followed,
      })),
      screenshot,
    });
  }
  const analytics = (await get('/api/analytics?today=2026-03-20')).json<Analytics>();
  return {
    rules: rules.map(({ description, notes }) => ({ description, notes })),
    sessions,
    analytics: {
      ...analytics,
      // Rule ids are the account's own; the figures per rule are what must match.
      ruleCompliance: analytics.ruleCompliance
        .map(({ ruleId: _id, ...figures }) => figures)
        .sort((a, b) => a.description.localeCompare(b.description)),
    },
  };
}

/** The rows and files of the whole database: what a refused import must leave as it was. */
export async function everything(t: TestApp) {
  const { db } = t.database;
  return {
    rules: await db.selectFrom('trading_rules').selectAll().orderBy('id').execute(),
    sessions: await db.selectFrom('trading_sessions').selectAll().orderBy('id').execute(),
    items: await db
      .selectFrom('session_rule_results')
      .selectAll()
      .orderBy('session_id')
      .orderBy('position')
      .execute(),
    months: await db.selectFrom('month_stats').selectAll().orderBy('month').execute(),
    ruleStats: await db
      .selectFrom('rule_stats')
      .selectAll()
      .orderBy('user_id')
      .orderBy('rule_id')
      .execute(),
    files: await t.listImageFiles(),
  };
}
