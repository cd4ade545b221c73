import { lowComplianceAlertSchema, weeklyReportSchema } from '#shared/schemas/notices.ts';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import type { NoticeKind } from '../../db/schema.ts';
import { lowComplianceMail, weeklyReportMail, type NoticeMail } from './notice-mail.ts';
import { createNoticesRepository } from './notices.repository.ts';

/** What the outbox needs of a mail library: nodemailer's `sendMail`, in the app. */
export interface MailTransport {
  sendMail(message: NoticeMail & { from: string; to: string }): Promise<unknown>;
}

/** Mails sent in one run at most; the rest wait for the next run. */
const MAILS_PER_RUN = 200;
const BATCH = 20;

export interface MailOutboxOptions {
  database: AppDatabase;
  transport: MailTransport;
  from: string;
  appName: string;
  log?: { warn: (details: object, message: string) => void };
}

function renderMail(
  kind: NoticeKind,
  payload: string,
  recipient: { name: string; appName: string },
): NoticeMail {
  const data: unknown = JSON.parse(payload);
  return kind === 'weekly_report'
    ? weeklyReportMail(weeklyReportSchema.parse(data), recipient)
    : lowComplianceMail(lowComplianceAlertSchema.parse(data), recipient);
}

/**
 * Sends the notices' pending mail. Each notice is claimed first by one atomic update from
 * 'pending' to 'sending': of several instances or runs only one wins it, so no mail goes out
 * twice. A crash between the claim and the end leaves the row 'sending' for good: the mail
 * may or may not have left, and it is never sent again (at most once, by choice: a missed
 * report is better than a doubled one). A refused mail is marked 'failed' and not retried.
 */
export function createMailOutbox({ database, transport, from, appName, log }: MailOutboxOptions) {
  const notices = createNoticesRepository(database);

  async function sendOne(id: number, now: Date): Promise<'sent' | 'failed' | 'skipped'> {
    if (!(await notices.claimMail(id, now))) return 'skipped';
    try {
      const mail = await notices.mailOf(id);
      if (!mail) return 'skipped'; // the account was deleted meanwhile, with its notices
      // The switch is read again: a trader who turned the mail off since gets none.
      const wanted = toBool(
        mail.kind === 'weekly_report' ? mail.notify_weekly_reports : mail.notify_low_compliance,
      );
      if (!wanted) {
        await notices.finishMail(id, 'none');
        return 'skipped';
      }
      const name = mail.full_name.trim() || mail.username;
      const message = renderMail(mail.kind, mail.payload, { name, appName });
      await transport.sendMail({ ...message, from, to: mail.email });
      await notices.finishMail(id, 'sent');
      return 'sent';
    } catch (error) {
      log?.warn({ err: error, noticeId: id }, 'notice mail not sent');
      await notices.finishMail(id, 'failed');
      return 'failed';
    }
  }

  return {
    /**
     * Sends what is pending, oldest first; returns how many went out and how many failed. Once
     * `stopping` is aborted it sends no more: the rest stays pending for the next run.
     */
    async sendPending(
      now: Date,
      stopping?: AbortSignal,
    ): Promise<{ sent: number; failed: number }> {
      const counts = { sent: 0, failed: 0 };
      let tried = 0;
      while (tried < MAILS_PER_RUN) {
        const ids = await notices.pendingMailIds(BATCH);
        if (ids.length === 0) break;
        for (const id of ids) {
          if (stopping?.aborted) return counts;
          tried += 1;
          const outcome = await sendOne(id, now);
          if (outcome !== 'skipped') counts[outcome] += 1;
        }
      }
      return counts;
    },
  };
}
