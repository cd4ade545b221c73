import { BellOff, BellRing, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useNotificationPermission } from '#client/lib/use-notification-permission.ts';

/** This browser's permission, and what the trader can do about it. */
export function NotificationPermission() {
  const { state, request } = useNotificationPermission();

  return (
    <div role="status" aria-live="polite" className="bg-muted/50 rounded-lg border p-3 text-sm">
      {state === 'granted' ? (
        <Line icon={<BellRing className="text-primary size-4" />}>
          Notifications are allowed in this browser.
        </Line>
      ) : state === 'default' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Line icon={<CircleAlert className="text-muted-foreground size-4" />}>
            This browser needs your permission to show reminders.
          </Line>
          <Button type="button" size="sm" onClick={() => void request()}>
            Allow notifications
          </Button>
        </div>
      ) : state === 'denied' ? (
        <Line icon={<BellOff className="text-destructive size-4" />}>
          Notifications are blocked for Rulekeeper in this browser. To get reminders, open the site
          settings (the icon at the left of the address bar), set Notifications to Allow, then
          reload this page.
        </Line>
      ) : (
        <Line icon={<BellOff className="text-muted-foreground size-4" />}>
          This browser cannot show notifications. Install Rulekeeper on your home screen or use
          another browser to get reminders.
        </Line>
      )}
    </div>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {icon}
      </span>
      <span>{children}</span>
    </p>
  );
}
