import { InTurns } from '#client/components/in-turn.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { AppearanceCard } from '#client/features/settings/components/appearance-card.tsx';
import { DeleteAccountCard } from '#client/features/settings/components/delete-account-card.tsx';
import { NotificationsCard } from '#client/features/settings/components/notifications-card.tsx';
import { ProfileSettingsCard } from '#client/features/settings/components/profile-settings-card.tsx';
import { ResultsCard } from '#client/features/settings/components/results-card.tsx';
import { SessionRemindersCard } from '#client/features/settings/components/session-reminders-card.tsx';
import { SecurityCard } from '#client/features/settings/components/security-card.tsx';
import { SharingCard } from '#client/features/settings/components/sharing-card.tsx';
import { SettingsSkeleton } from '#client/features/settings/components/settings-skeleton.tsx';
import { YourDataCard } from '#client/features/settings/components/your-data-card.tsx';
import { sessionTypesQueryOptions } from '#client/features/sessions/api/get-session-types.ts';
import { UserAvatar } from '../layout/user-avatar.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function SettingsRoute() {
  usePageTitle('Settings');
  const { user } = useAuth();

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title="Settings" description="Manage your account and preferences" />
      {user ? (
        // One card per task, top to bottom: nine forms rendered at once held a phone's main
        // thread for about 0.4 s.
        <InTurns>
          <ProfileSettingsCard
            user={user}
            avatar={<UserAvatar name={user.fullName} src={user.avatar} size="xl" />}
          />
          <NotificationsCard user={user} />
          <ResultsCard user={user} />
          <SessionRemindersCard user={user} sessionTypesQuery={sessionTypesQueryOptions} />
          <AppearanceCard user={user} />
          <SharingCard user={user} />
          <SecurityCard />
          <YourDataCard />
          <DeleteAccountCard />
        </InTurns>
      ) : (
        <SettingsSkeleton />
      )}
    </div>
  );
}
