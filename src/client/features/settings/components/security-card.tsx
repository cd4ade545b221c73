import { useId } from 'react';
import { TitledCard } from '#client/components/titled-card.tsx';
import { ActiveLogins } from './active-logins.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** 'Security': the password, and the browsers logged in to the account. */
export function SecurityCard() {
  const id = useId();
  return (
    <TitledCard title="Security" contentClassName="grid gap-8">
      <ChangePasswordForm titleId={`${id}-password`} />
      <div className="border-border border-t pt-6">
        <ActiveLogins titleId={`${id}-logins`} />
      </div>
    </TitledCard>
  );
}
