import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { createTrader } from './support.ts';

/** A valid 8 × 6 PNG: small enough to inline, real enough for the server to re-encode. */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAG0lEQVR4nGP4X6EBR3JIiIEciRNwJIeESJcAAFTjR7lMBSxoAAAAAElFTkSuQmCC';

/** A session as the API answers it (the fields the tests read). */
export interface CreatedSession {
  id: number;
  name: string;
  date: string;
  sessionTypeId: number | null;
  complianceRating: number;
  screenshotPath: string | null;
  notes: string | null;
  rulesFollowed: { ruleId: number; description: string; followed: boolean }[];
}

export interface SessionSeed {
  name: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** The session type by name ('London'); the first type when left out. */
  sessionType?: string;
  /** Checklist items, in order; a rule's id with whether it was followed. */
  rulesFollowed?: { ruleId: number; followed: boolean }[];
  notes?: string | null;
  withScreenshot?: boolean;
}

/** The request context of a page (its cookies) or one of its own (another trader's login). */
type Requester = Page | APIRequestContext;

function requestOf(requester: Requester): APIRequestContext {
  return 'request' in requester ? requester.request : requester;
}

/** The seeded session types, by name. */
export async function getSessionTypes(requester: Requester) {
  const response = await requestOf(requester).get('/api/session-types');
  expect(response.status(), await response.text()).toBe(200);
  const { sessionTypes } = (await response.json()) as {
    sessionTypes: { id: number; name: string; startTime: string; endTime: string }[];
  };
  return sessionTypes;
}

/** The logged-in trader's rules, in order. */
export async function getRules(requester: Requester) {
  const response = await requestOf(requester).get('/api/rules');
  expect(response.status(), await response.text()).toBe(200);
  const { rules } = (await response.json()) as { rules: { id: number; description: string }[] };
  return rules;
}

/** Records a session through the API as the trader logged in on `requester`. */
export async function createSession(requester: Requester, seed: SessionSeed) {
  const types = await getSessionTypes(requester);
  const type = seed.sessionType ? types.find((t) => t.name === seed.sessionType) : types[0];
  expect(type, `session type ${seed.sessionType ?? '(first)'}`).toBeDefined();
  const response = await requestOf(requester).post('/api/sessions', {
    data: {
      name: seed.name,
      date: seed.date,
      sessionTypeId: type?.id,
      rulesFollowed: seed.rulesFollowed ?? [],
      notes: seed.notes ?? null,
      ...(seed.withScreenshot ? { screenshotData: TINY_PNG_DATA_URL } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { session } = (await response.json()) as { session: CreatedSession };
  return session;
}

/** The whole checklist of the trader's rules: the first `followed` of them followed. */
export async function checklist(requester: Requester, followed: number) {
  const rules = await getRules(requester);
  return rules.map((rule, index) => ({ ruleId: rule.id, followed: index < followed }));
}

/**
 * A second trader, logged in on a request context of their own (dispose it when done): for
 * data the trader under test must not see.
 */
export async function logInOtherTrader(baseURL: string | undefined) {
  const context = await request.newContext({ baseURL });
  const account = await createTrader(context);
  const response = await context.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}
