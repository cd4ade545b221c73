import { ChevronsUpDown, LogOut, Settings } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { User } from '#shared/schemas/auth.ts';
import { toastError } from '#client/components/error-toast.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { paths } from '#client/lib/paths.ts';
import { leaveUnlessUnsaved } from '#client/lib/unsaved-changes.ts';
import { UserAvatar } from './user-avatar.tsx';

type UserMenuProps = { user: User; onNavigate?: () => void };

export function UserMenu({ user, onNavigate }: UserMenuProps) {
  const [, navigate] = useLocation();
  const displayName = user.fullName.trim() || 'Trader';
  const email = user.email.trim();

  const logout = useLogout({
    onSuccess: () => {
      toast({ title: 'Logged Out', description: 'You have been logged out successfully.' });
      navigate(paths.login, { replace: true });
    },
    onError: (error) => toastError(error, { title: 'Logout Failed', fallback: 'Logout failed' }),
  });

  return (
    <div className="border-sidebar-border shrink-0 border-t p-3">
      <DropdownMenu>
        <DropdownMenuTrigger className="focus-visible:ring-ring hover:bg-accent data-[state=open]:bg-accent flex w-full items-center gap-3 rounded-md p-2 text-left transition-colors outline-none focus-visible:ring-2">
          <UserAvatar name={displayName} src={user.avatar} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{displayName}</span>
            <span className="text-muted-foreground block truncate text-xs">
              {email || 'No email'}
            </span>
          </span>
          <ChevronsUpDown aria-hidden="true" className="text-muted-foreground size-4 shrink-0" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side="top"
          align="start"
          className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
        >
          <DropdownMenuLabel>
            <span className="block truncate font-medium">{displayName}</span>
            <span className="text-muted-foreground block truncate text-xs">
              {email || 'No email'}
            </span>
            {user.companyName ? (
              <span className="text-muted-foreground block truncate text-xs">
                {user.companyName}
              </span>
            ) : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href={paths.settings} onClick={onNavigate}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            variant="destructive"
            disabled={logout.isPending}
            // Settings changed and not saved ask first, as a link does.
            onSelect={() => leaveUnlessUnsaved(() => logout.mutate())}
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
