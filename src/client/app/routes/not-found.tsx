import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

export function NotFoundRoute() {
  const { isLoading } = useAuth();
  usePageTitle('Page Not Found');

  // Wait for the session so that the page does not jump into the sidebar layout a moment later.
  if (isLoading) return <PageLoading />;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <div className="grid gap-4 p-6">
          <div className="flex items-center gap-2">
            <CircleAlert aria-hidden="true" className="text-destructive size-8 shrink-0" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground text-sm">
            Did you forget to add the page to the router?
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link href={paths.dashboard}>Go to the dashboard</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
