import { request, type FullConfig } from '@playwright/test';
import { ADMIN } from './support.ts';

/** The first account on an empty database is the administrator: make it ours, before any trader. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  const response = await context.post('/api/auth/signup', { data: ADMIN });
  if (response.status() !== 201 && response.status() !== 409) {
    throw new Error(
      `Could not create the admin account: ${response.status()} ${await response.text()}`,
    );
  }
  await context.dispose();
}
