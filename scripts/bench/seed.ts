// The data the bench reads, made through the HTTP API like a trader would: it exercises the
// real signup, login and create paths, and needs no knowledge of the database.

const SESSIONS = 300;

/** A trader with a login cookie, 20 rules (half with notes) and 300 sessions. */
export async function seed(base: string) {
  const account = {
    username: 'bench_trader',
    password: 'bench-password',
    fullName: 'Bench Trader',
    email: 'bench@example.com',
  };
  const send = async (method: string, path: string, body?: object, cookie = '') => {
    const response = await fetch(base + path, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) {
      throw new Error(
        `seeding: ${method} ${path} answered ${response.status} ${await response.text()}`,
      );
    }
    return response;
  };
  await send('POST', '/api/auth/signup', account);
  const credentials = { username: account.username, password: account.password };
  const login = await send('POST', '/api/auth/login', credentials);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (let i = 1; i <= 20; i += 1) {
    const notes = i % 2 ? { notes: `Reminder for rule ${i}: wait for the close.` } : {};
    await send('POST', '/api/rules', { description: `Rule number ${i}`, ...notes }, cookie);
  }
  // A year of sessions, each with the 20-rule checklist, for the history's first page.
  const { rules: created } = (await (
    await send('GET', '/api/rules', undefined, cookie)
  ).json()) as {
    rules: { id: number }[];
  };
  for (let day = 0; day < SESSIONS; day += 1) {
    const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const rulesFollowed = created.map((rule, i) => ({
      ruleId: rule.id,
      followed: (i + day) % 3 > 0,
    }));
    await send(
      'POST',
      '/api/sessions',
      { name: `Session ${day}`, date, sessionTypeId: 3, rulesFollowed, notes: null },
      cookie,
    );
  }
  // Make sure the measured requests do what we think: an authenticated session, 20 rules.
  const session = (await (await send('GET', '/api/auth/session', undefined, cookie)).json()) as {
    authenticated: boolean;
  };
  const { rules } = (await (await send('GET', '/api/rules', undefined, cookie)).json()) as {
    rules: unknown[];
  };
  if (!session.authenticated || rules.length !== 20) {
    throw new Error(
      `seeding: session authenticated=${session.authenticated}, ${rules.length} rules`,
    );
  }
  return { cookie, credentials };
}
