import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/client.ts';
import { unlessJobsRunElsewhere } from '../../db/job-lock.ts';
import { createMailOutbox, type MailTransport } from './mail-outbox.ts';
import { createNoticeJobs } from './notice-jobs.ts';

interface JobLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface NoticeRunnerOptions {
  database: AppDatabase;
  config: Pick<Config, 'mail' | 'appName'>;
  /** The mail library; by default nodemailer over `SMTP_URL`. */
  transport?: MailTransport & { close?: () => void };
  log?: JobLog;
}

/**
 * nodemailer over `smtpUrl`, loaded with the first mail: an instance without mail never loads
 * it, and one with mail does not pay for it at start-up.
 */
function smtpTransport(smtpUrl: string): MailTransport & { close: () => void } {
  let transporter: Promise<{ sendMail: MailTransport['sendMail']; close: () => void }> | null =
    null;
  return {
    async sendMail(message) {
      transporter ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      return (await transporter).sendMail(message);
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}

/**
 * One run of every notice job: the weekly reports, the low-compliance alerts, then the mail
 * that is pending. A job that fails is logged and does not stop the others. On PostgreSQL one
 * instance runs them at a time: another instance's run at the same moment returns `null`
 * without doing anything (db/job-lock.ts), and its next run finds what is still owed.
 */
export function createNoticeRunner({ database, config, transport, log }: NoticeRunnerOptions) {
  const jobs = createNoticeJobs({ database, isMailConfigured: config.mail !== null });
  const mailTransport = config.mail ? (transport ?? smtpTransport(config.mail.smtpUrl)) : null;
  const outbox =
    config.mail && mailTransport
      ? createMailOutbox({
          database,
          transport: mailTransport,
          from: config.mail.from,
          appName: config.appName,
          ...(log ? { log } : {}),
        })
      : null;

  async function step<T>(name: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      log?.error({ err: error, job: name }, 'notice job failed');
      return null;
    }
  }

  async function runEveryJob(now: Date, stopping?: AbortSignal) {
    const reports = await step('weekly reports', () => jobs.writeWeeklyReports(now));
    const alerts = await step('low-compliance alerts', () => jobs.writeLowComplianceAlerts(now));
    const mail = outbox ? await step('mail', () => outbox.sendPending(now, stopping)) : null;
    if (reports || alerts || mail?.sent || mail?.failed) {
      log?.info({ reports, alerts, mail }, 'notices written and sent');
    }
    return { reports, alerts, mail };
  }

  return {
    /** `stopping`: aborted, the mail still to send waits for the next run (a shutdown). */
    async runOnce(now: Date, stopping?: AbortSignal) {
      const run = await step('notice jobs', () =>
        unlessJobsRunElsewhere(database, () => runEveryJob(now, stopping)),
      );
      return run?.ran ? run.value : null;
    },
    close() {
      mailTransport?.close?.();
    },
  };
}

export type NoticeRunner = ReturnType<typeof createNoticeRunner>;

/**
 * Runs the notice jobs every `JOBS_INTERVAL_SECONDS` (0: never), started by main.ts, not by
 * the app, so tests and tools that build an app run no jobs. Runs never overlap; the timer
 * does not keep the process alive, and `stop` waits for the run under way, which sends no
 * further mail once asked to stop (up to 200 mails a run, each a connection to the mail server:
 * a shutdown would otherwise wait for them all, and be cut off by its deadline).
 */
export function startNoticeScheduler({
  intervalSeconds,
  now = () => new Date(),
  ...options
}: NoticeRunnerOptions & { intervalSeconds: number; now?: () => Date }) {
  if (intervalSeconds === 0) return { stop: async () => {} };
  const runner = createNoticeRunner(options);
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runner.runOnce(now(), stopping.signal).finally(() => {
      running = null;
    });
  };
  // The first run soon after the start, not a whole interval later.
  const first = setTimeout(tick, Math.min(intervalSeconds, 10) * 1000);
  const timer = setInterval(tick, intervalSeconds * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      stopping.abort();
      await running;
      runner.close();
    },
  };
}
