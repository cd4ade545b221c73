// The data the bench reads, made through the HTTP API like a trader would: it exercises the
// real signup, login and create paths, and needs no knowledge of the database.

const SESSIONS = 5000;
const IN_FLIGHT = 8;

/** A trader with a login cookie, 20 rules (half with notes) and 5,000 sessions. */
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
  // 5,000 sessions, each with the 20-rule checklist (100,000 checklist items), two or three a
  // day up to today: the history's pages and the analytics read them. Sent a few at a time.
  const { rules: created } = (await (
    await send('GET', '/api/rules', undefined, cookie)
  ).json()) as {
    rules: { id: number }[];
  };
  const today = new Date();
  const dayOf = (index: number) =>
    new Date(
      Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() - Math.floor(index * 0.4)),
    )
      .toISOString()
      .slice(0, 10);
  const record = (index: number) =>
    send(
      'POST',
      '/api/sessions',
      {
        name: `Session ${index}`,
        date: dayOf(index),
        sessionTypeId: (index % 5) + 1,
        rulesFollowed: created.map((rule, i) => ({
          ruleId: rule.id,
          followed: (i * 7 + index) % 10 < 8,
        })),
        notes: null,
      },
      cookie,
    );
  for (let start = 0; start < SESSIONS; start += IN_FLIGHT) {
    await Promise.all(
      Array.from({ length: Math.min(IN_FLIGHT, SESSIONS - start) }, (_, i) => record(start + i)),
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
  return { cookie, credentials, today: dayOf(0) };
}
