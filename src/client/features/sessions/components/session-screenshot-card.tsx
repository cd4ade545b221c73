import { ExternalLink, ImageOff } from 'lucide-react';
import type { Session } from '#shared/schemas/sessions.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { getScreenshotUrl } from '../api/screenshot-urls.ts';

/** The session's screenshot; the image opens full size in a new tab. */
export function SessionScreenshotCard({ session }: { session: Session }) {
  return (
    <TitledCard title="Screenshot">
      {session.screenshotPath ? (
        <a
          href={getScreenshotUrl(session.screenshotPath)}
          target="_blank"
          rel="noopener noreferrer"
          className="group focus-visible:ring-ring focus-visible:ring-offset-background grid gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-offset-2"
        >
          <img
            src={getScreenshotUrl(session.screenshotPath)}
            alt={`Screenshot of ${session.name}`}
            className="bg-muted max-h-[70vh] w-full rounded-lg border object-contain"
          />
          <span className="text-primary inline-flex items-center gap-1.5 text-sm font-medium group-hover:underline">
            Open full size
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </span>
        </a>
      ) : (
        <div className="text-muted-foreground flex flex-col items-center gap-2 py-6 text-center">
          <ImageOff aria-hidden="true" className="size-6" />
          <p>No screenshot available for this session</p>
        </div>
      )}
    </TitledCard>
  );
}
