import type { AppInfo, User } from '#shared/schemas/auth.ts';
import { SidebarBrand } from './sidebar-brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { UserMenu } from './user-menu.tsx';

type SidebarContentProps = {
  user: User;
  appInfo: AppInfo;
  /** Called when a link is followed, so that the phone drawer can close. */
  onNavigate?: () => void;
};

/** Brand, navigation and user menu: the same on the desktop sidebar and the phone drawer. */
export function SidebarContent({ user, appInfo, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col">
      <SidebarBrand name={appInfo.name} company={appInfo.company} onNavigate={onNavigate} />
      <SidebarNav isAdmin={user.isAdmin} onNavigate={onNavigate} />
      <UserMenu user={user} onNavigate={onNavigate} />
    </div>
  );
}
