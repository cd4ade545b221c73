import { format } from 'date-fns';
import { Monitor, Smartphone } from 'lucide-react';
import type { ActiveLogin } from '#shared/schemas/security.ts';

const PHONE = /\b(?:iPhone|Android)\b/;

/** 'Mar 14, 2026, 09:05' in the browser's own time zone. */
function formatMoment(iso: string) {
  return format(new Date(iso), 'MMM d, yyyy, HH:mm');
}

/** One login: its device, 'This device' for the current one, and when it was last used. */
export function ActiveLoginItem({ login }: { login: ActiveLogin }) {
  const Icon = PHONE.test(login.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <Icon aria-hidden="true" className="text-muted-foreground mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{login.device}</span>
          {login.isCurrent ? (
            <span className="bg-primary/10 text-primary rounded-full px-2 py-0.5 text-xs font-medium">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-muted-foreground text-sm">
          {login.isCurrent ? 'Active now' : `Last used ${formatMoment(login.lastUsedAt)}`}
          {' · '}
          Logged in {formatMoment(login.createdAt)}
        </p>
      </div>
    </li>
  );
}
