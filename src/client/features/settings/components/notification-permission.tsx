import { BellOff, BellRing, CircleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useNotificationPermission } from '#client/lib/use-notification-permission.ts';

/** This browser's permission, and what the trader can do about it. */
export function NotificationPermission() {
  const { state, request } = useNotificationPermission();
  // The browser's answer (to the button, or in its site settings) replaces the button: when it
  // had the keyboard, the keyboard stays here, on the words that say what the answer was,
  // instead of falling to the page's start. The button's blur as it is removed is not the
  // keyboard leaving it: it still has the page then, so a blur counts once the button is known
  // to stay.
  const box = useRef<HTMLDivElement>(null);
  const isButtonFocused = useRef(false);
  useEffect(() => {
    if (!isButtonFocused.current || state === 'default') return;
    isButtonFocused.current = false;
    if (document.activeElement === document.body) box.current?.focus();
  }, [state]);

  return (
    <div
      ref={box}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      className="bg-muted/50 focus-visible:ring-ring rounded-lg border p-3 text-sm outline-none focus-visible:ring-2"
    >
      {state === 'granted' ? (
        <Line icon={<BellRing className="text-primary size-4" />}>
          Notifications are allowed in this browser.
        </Line>
      ) : state === 'default' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Line icon={<CircleAlert className="text-muted-foreground size-4" />}>
            This browser needs your permission to show reminders.
          </Line>
          <Button
            type="button"
            size="sm"
            onFocus={() => (isButtonFocused.current = true)}
            onBlur={(event) => {
              const button = event.currentTarget;
              queueMicrotask(() => {
                if (button.isConnected) isButtonFocused.current = false;
              });
            }}
            onClick={() => void request()}
          >
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
