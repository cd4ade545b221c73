import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { z } from '#shared/zod.ts';
import { newAccountFields, signupSchema } from '#shared/schemas/auth.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, databaseOptionsFromConfig, type AppDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { AppError } from './errors.ts';
import { createPasswordHasher } from './modules/users/passwords.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createImageStoreFromConfig } from './storage/from-config.ts';

const USAGE = `Manage accounts from the command line (the server may be running).

  npm run user:create -- --username NAME --full-name "FULL NAME" --email EMAIL [--company NAME] [--admin]
  npm run user:promote -- --username NAME
  npm run user:reset-password -- --username NAME

The password is asked for twice on a terminal, or read from the first line of standard input
(echo "$PASSWORD" | npm run user:reset-password -- --username NAME). A reset ends every login
of the user.`;

class UsageError extends Error {}

/** A password typed without echo, twice; or the first line of a pipe. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    throw new UsageError('No password on standard input');
  }
  const ask = async (question: string) => {
    const prompt = createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: true,
    });
    // Echo the prompt, not the keys.
    const output = prompt as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text) => {
      if (text.includes(question)) process.stdout.write(question);
    };
    const answer = await new Promise<string>((resolve) => prompt.question(question, resolve));
    prompt.close();
    process.stdout.write('\n');
    return answer;
  };
  const password = await ask('Password: ');
  if ((await ask('Password again: ')) !== password) throw new UsageError('The passwords differ');
  return password;
}

/** The first message of a failed check, named by its field. */
function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => issue.message).join('\n');
}

async function run(command: string | undefined, args: string[], database: AppDatabase) {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      'full-name': { type: 'string' },
      email: { type: 'string' },
      company: { type: 'string' },
      admin: { type: 'boolean', default: false },
    },
  });
  if (!values.username) throw new UsageError('--username is required');
  const config = loadConfig();
  const users = createUsersService({
    database,
    images: await createImageStoreFromConfig(config),
    isSignupConfiguredOpen: config.isSignupOpen,
    passwords: createPasswordHasher(),
  });

  switch (command) {
    case 'create': {
      const input = signupSchema.safeParse({
        username: values.username,
        fullName: values['full-name'],
        email: values.email,
        password: await readPassword(),
        ...(values.company ? { companyName: values.company } : {}),
      });
      if (!input.success) throw new UsageError(describeIssues(input.error));
      const user = await users.createAccount(input.data, { isAdmin: values.admin });
      return `Created ${user.isAdmin ? 'administrator' : 'trader'} ${user.username}.`;
    }
    case 'promote': {
      const user = await users.makeAdministrator(values.username);
      return `${user.username} is an administrator.`;
    }
    case 'reset-password': {
      const password = newAccountFields.password.safeParse(await readPassword());
      if (!password.success) throw new UsageError(describeIssues(password.error));
      const user = await users.resetPassword(values.username, password.data);
      return `New password set for ${user.username}; every login of theirs has ended.`;
    }
    default:
      throw new UsageError(`Unknown command "${command ?? ''}"`);
  }
}

try {
  const [command, ...args] = process.argv.slice(2);
  const database = createDatabase(databaseOptionsFromConfig(loadConfig()));
  try {
    // A closed instance can get its first administrator before the server ever started.
    await migrateToLatest(database);
    console.log(await run(command, args, database));
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof TypeError && 'code' in error)
    console.error(`${error.message}\n\n${USAGE}`);
  else console.error(error);
  process.exitCode = 1;
}
