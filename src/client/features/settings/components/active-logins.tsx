import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useEndOtherLogins } from '../api/end-other-logins.ts';
import { useLogins } from '../api/get-logins.ts';
import { ActiveLoginItem } from './active-login-item.tsx';

/**
 * One login's row, as ActiveLoginItem lays it out: there is always this browser's. Two 48 px
 * bars had moved the buttons and cards below up by 62 px when, as most often, it was the one.
 */
function LoginsSkeleton() {
  return (
    <div role="status" aria-label="Loading active logins" className="flex items-start gap-3">
      <Skeleton className="mt-0.5 size-5 shrink-0" />
      <div className="grid flex-1 gap-0.5">
        <div className="font-medium">
          <Skeleton className="h-lh w-48 max-w-full" />
        </div>
        <div className="text-sm">
          <Skeleton className="h-lh w-72 max-w-full" />
        </div>
      </div>
    </div>
  );
}

/**
 * 'Active logins': every browser logged in to the account, and 'Log out everywhere else',
 * which asks first and is offered only when there is another login to end.
 */
export function ActiveLogins({ titleId }: { titleId: string }) {
  const logins = useLogins();
  const [isConfirming, setIsConfirming] = useState(false);
  const endOthers = useEndOtherLogins({
    onSuccess: ({ ended }) => {
      setIsConfirming(false);
      toast({
        title: 'Logged Out Elsewhere',
        // None: the other logins ended after the list was read (logged out, or expired).
        description:
          ended === 0
            ? 'Your other logins had already ended.'
            : ended === 1
              ? 'Your other login has been ended.'
              : `Your ${ended} other logins have been ended.`,
      });
    },
    onError: (error) => {
      setIsConfirming(false);
      toastError(error, { fallback: 'Failed to log out your other logins. Please try again.' });
    },
  });
  const hasOthers = logins.data?.some((login) => !login.isCurrent) ?? false;
  const canEndOthers = hasOthers && !endOthers.isPending;

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="grid gap-1">
        <h3 id={titleId} className="text-base font-semibold">
          Active logins
        </h3>
        <p className="text-muted-foreground text-sm">
          Browsers and devices logged in to your account.
        </p>
      </div>
      {logins.isPending ? (
        <LoginsSkeleton />
      ) : logins.isLoadingError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-destructive">Your logins could not be loaded.</p>
          <TryAgainButton retry={logins} size="sm" />
        </div>
      ) : logins.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No active logins.</p>
      ) : (
        <ul aria-labelledby={titleId} className="divide-border divide-y">
          {logins.data.map((login) => (
            <ActiveLoginItem key={login.id} login={login} />
          ))}
        </ul>
      )}
      {/* Keyed: Preact could take this div for the load error's above, and build the button
          anew (docs/decisions/0074-focus-after-a-row-goes.md). */}
      <div key="actions" className="grid gap-2 sm:flex sm:items-center sm:gap-3">
        <Button
          type="button"
          variant="outline"
          // Disabled for the pointer and the screen reader, and still focusable: the list read
          // again after the others ended disables it before the question closes, and focus,
          // given back to a disabled button, fell to the top of the page.
          aria-disabled={!canEndOthers}
          className="w-full aria-disabled:pointer-events-none aria-disabled:opacity-60 sm:w-auto"
          aria-describedby={hasOthers ? undefined : `${titleId}-only`}
          onClick={() => {
            if (canEndOthers) setIsConfirming(true);
          }}
        >
          <LogOut aria-hidden="true" />
          Log out everywhere else
        </Button>
        {logins.isSuccess && !hasOthers ? (
          <p id={`${titleId}-only`} className="text-muted-foreground text-sm">
            This is your only login.
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Log out everywhere else?"
        description="Every other browser and device logged in to your account will be logged out. This one stays logged in."
        confirmLabel="Log out everywhere else"
        pendingLabel="Logging out..."
        isPending={endOthers.isPending}
        destructive
        onConfirm={() => endOthers.mutate()}
      />
    </section>
  );
}
