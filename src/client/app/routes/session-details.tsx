import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

export function SessionDetailsRoute() {
  usePageTitle('Session Details');
  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link href={paths.history}>
            <ArrowLeft aria-hidden="true" />
            Back to History
          </Link>
        </Button>
      </div>
      <PageHeader title="Session Details" />
      <ComingSoon />
    </div>
  );
}
