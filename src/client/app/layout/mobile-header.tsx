import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AppInfo, User } from '#shared/schemas/auth.ts';
import { Logo } from '#client/components/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '#client/components/ui/sheet.tsx';
import { paths } from '#client/lib/paths.ts';
import { SidebarContent } from './sidebar-content.tsx';

type MobileHeaderProps = { user: User; appInfo: AppInfo };

/**
 * The drawer opens on the navigation, at the page the trader is on (or its first entry), not on
 * the first control that is not a link, which is how a dialog picks its first focus: that was
 * the account button at the drawer's foot, below every link.
 */
function focusCurrentPage(event: Event) {
  const drawer = event.currentTarget;
  if (!(drawer instanceof HTMLElement)) return;
  const nav = drawer.querySelector('nav');
  const link = nav?.querySelector<HTMLElement>('[aria-current="page"]') ?? nav?.querySelector('a');
  if (!link) return;
  event.preventDefault();
  link.focus();
}

/** The top bar on phones; the sidebar opens from it as a drawer. */
export function MobileHeader({ user, appInfo }: MobileHeaderProps) {
  const [location] = useLocation();
  // The drawer is open only on the page where it was opened, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === location;
  const close = () => setOpenAt(null);

  return (
    <header
      data-sticky-top
      className="bg-background/95 sticky top-0 z-40 flex h-14 items-center gap-2 border-b px-2 backdrop-blur"
    >
      <Sheet open={isOpen} onOpenChange={(open) => setOpenAt(open ? location : null)}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden="true" className="size-5" />
          </Button>
        </SheetTrigger>
        <SheetContent aria-describedby={undefined} onOpenAutoFocus={focusCurrentPage}>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SidebarContent user={user} appInfo={appInfo} onNavigate={close} />
        </SheetContent>
      </Sheet>
      <Link
        href={paths.dashboard}
        className="focus-visible:ring-ring flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2"
      >
        <Logo className="size-7 shrink-0" />
        <span className="truncate font-semibold">{appInfo.name}</span>
      </Link>
    </header>
  );
}
