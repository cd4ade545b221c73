import { Link } from 'wouter';
import { Logo } from '#client/components/logo.tsx';
import { paths } from '#client/lib/paths.ts';

type SidebarBrandProps = { name: string; company: string; onNavigate?: () => void };

export function SidebarBrand({ name, company, onNavigate }: SidebarBrandProps) {
  return (
    <div className="border-sidebar-border flex h-16 shrink-0 items-center border-b px-4 pr-12 md:pr-4">
      <Link
        href={paths.dashboard}
        onClick={onNavigate}
        className="focus-visible:ring-ring flex min-w-0 items-center gap-3 rounded-md outline-none focus-visible:ring-2"
      >
        <Logo className="size-9 shrink-0" />
        <span className="min-w-0">
          <span className="block truncate leading-tight font-semibold">{name}</span>
          <span className="text-muted-foreground block truncate text-xs">by {company}</span>
        </span>
      </Link>
    </div>
  );
}
