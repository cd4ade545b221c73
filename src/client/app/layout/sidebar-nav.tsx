import {
  ChartColumn,
  LayoutDashboard,
  ListChecks,
  ScrollText,
  Settings,
  ShieldCheck,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';

type NavItem = { href: string; label: string; icon: LucideIcon; adminOnly?: boolean };

const navItems: NavItem[] = [
  { href: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { href: paths.rules, label: 'Trading Rules', icon: ListChecks },
  { href: paths.history, label: 'Session History', icon: ScrollText },
  { href: paths.analytics, label: 'Analytics', icon: ChartColumn },
  // Shown to administrators only: a link that leads to a refusal serves nobody.
  { href: paths.admin, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
  { href: paths.team, label: 'Team discipline', icon: UsersRound, adminOnly: true },
  { href: paths.settings, label: 'Settings', icon: Settings },
];

/** The path itself, or for links other than `/` anything below it, marks the entry active. */
function isUnder(location: string, href: string) {
  return location === href || (href !== paths.dashboard && location.startsWith(`${href}/`));
}

/** The entry of the page: the longest link the location is under (/admin/team is not /admin). */
function activeHref(location: string, items: NavItem[]) {
  return items
    .filter((item) => isUnder(location, item.href))
    .reduce<string | null>(
      (best, { href }) => (best && best.length >= href.length ? best : href),
      null,
    );
}

type SidebarNavProps = { isAdmin: boolean; onNavigate?: () => void };

export function SidebarNav({ isAdmin, onNavigate }: SidebarNavProps) {
  const [location] = useLocation();
  const items = navItems.filter((item) => isAdmin || !item.adminOnly);
  const active = activeHref(location, items);

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
      <ul className="grid gap-1">
        {items.map(({ href, label, icon: Icon }) => {
          const isActive = href === active;
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'focus-visible:ring-ring flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2',
                  isActive
                    ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                    : 'text-sidebar-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
