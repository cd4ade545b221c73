import type { App } from '#server/app.ts';
import type { SignupInput, User } from '#shared/schemas/auth.ts';

let counter = 0;

/** Signup fields for a new, unique trader. */
export function buildSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  counter += 1;
  return {
    username: `trader${counter}`,
    password: 'correct-horse-1',
    fullName: `Trader Number${counter}`,
    email: `trader${counter}@example.com`,
    ...overrides,
  };
}

export async function signup(app: App, overrides: Partial<SignupInput> = {}) {
  const body = buildSignup(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { ...body, user: response.json<{ user: User }>().user };
}

/** The `Cookie` header value of a fresh login. */
export async function login(app: App, username: string, password: string, rememberMe = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password, rememberMe },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'rk_session');
  if (!cookie) throw new Error('login set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Wrong passwords for `username` at the login form, `count` of them, each from another
 * address of 10.`network`.0.0/16. Throws unless each is refused as wrong (401): a 429 among
 * them would mean a limit was spent sooner than the caller meant.
 */
export async function guessFromManyAddresses(
  app: App,
  username: string,
  { count, network }: { count: number; network: number },
) {
  for (let i = 0; i < count; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.${network}.${i >> 8}.${(i & 255) + 1}`,
      payload: { username, password: `guess-${i}` },
    });
    if (response.statusCode !== 401) {
      throw new Error(`guess ${i + 1} answered ${response.statusCode}: ${response.body}`);
    }
  }
}

/** A new trader, logged in: the `cookie` goes into `headers: { cookie }`. */
export async function createLoggedInUser(app: App, overrides: Partial<SignupInput> = {}) {
  const account = await signup(app, overrides);
  const cookie = await login(app, account.username, account.password);
  return { ...account, cookie };
}
