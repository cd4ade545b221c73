import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { getScreenshotUrl } from '../api/screenshot-urls.ts';

type ScreenshotDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session whose screenshot is shown; kept while the dialog fades out. */
  session: SessionSummary | null;
};

/** 'Session Screenshot': the full image, as large as the screen allows. */
export function ScreenshotDialog({ open, onOpenChange, session }: ScreenshotDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>Session Screenshot</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {session ? `${session.name} · ${formatSessionDate(session.date)}` : null}
          </DialogDescription>
        </DialogHeader>
        {/* A box of its own size before the image comes (the server keeps no image's size),
            the image fitted inside: sized by the image, the dialog grew as it loaded, and
            being centred moved its Close buttons by half of that, under the pointer. */}
        {session?.screenshotPath ? (
          <img
            src={getScreenshotUrl(session.screenshotPath)}
            alt={session.name}
            className="bg-muted aspect-video max-h-[70vh] w-full rounded-md object-contain"
          />
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
