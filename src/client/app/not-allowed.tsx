import { useEffect } from 'react';
import { focusMainContent } from '#client/components/ui/use-return-focus.ts';
import { usePageTitle } from './use-page-title.ts';

/**
 * An administrator's page opened by a trader who is not one. When it takes the place of the
 * page shown (another administrator took this login's rights, and its next read was refused),
 * the control that held focus went with that page: focus goes to the content, not the body,
 * and the tab's title no longer names the page that went.
 */
export function NotAllowed({ replacedPage }: { replacedPage: boolean }) {
  usePageTitle('Not allowed');
  useEffect(() => {
    if (!replacedPage) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) focusMainContent();
  }, [replacedPage]);
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Not allowed</h1>
      <p className="text-muted-foreground mt-2">
        This page is for administrators only: your account is not allowed to open it.
      </p>
    </div>
  );
}
