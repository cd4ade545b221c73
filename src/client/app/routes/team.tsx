import { Link } from 'wouter';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TeamDiscipline } from '#client/features/team/components/team-discipline.tsx';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

/** Administrators only: the router wraps it in `ProtectedRoute requireAdmin`. */
export function TeamRoute() {
  usePageTitle('Team discipline');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Team discipline"
        description="The discipline figures of the traders who share them with administrators"
        actions={
          <Button asChild variant="outline">
            <Link href={paths.admin}>User Management</Link>
          </Button>
        }
      />
      <TeamDiscipline />
    </div>
  );
}
