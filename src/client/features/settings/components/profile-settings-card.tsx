import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '#shared/zod.ts';
import type { User } from '#shared/schemas/auth.ts';
import { updateProfileSchema } from '#shared/schemas/settings.ts';
import { RestoredNote } from '#client/components/restored-note.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';
import { changedSettings, useUnsavedSettings } from '../unsaved-settings.ts';
import { ChangePictureButton } from './change-picture-button.tsx';

const { fullName, email, companyName } = updateProfileSchema.shape;

/** The card saves all three fields at once, so none is optional here; a blank company clears it. */
const profileFormSchema = z.object({
  fullName: fullName.def.innerType,
  email: email.def.innerType,
  companyName: companyName.def.innerType.def.innerType,
});
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormData = z.output<typeof profileFormSchema>;

/** In the order they are shown: a server refusal focuses the first field it names. */
const fields = ['fullName', 'email', 'companyName'] as const;

type ProfileSettingsCardProps = {
  user: User;
  /** The user's picture, composed by the page (the app layer owns the avatar). */
  avatar: ReactNode;
};

/** Full name, email and company of the logged-in user. */
export function ProfileSettingsCard({ user, avatar }: ProfileSettingsCardProps) {
  const saved: ProfileFormInput = {
    fullName: user.fullName,
    email: user.email,
    companyName: user.companyName ?? '',
  };
  const form = useForm<ProfileFormInput, unknown, ProfileFormData>({
    resolver: zodResolver(profileFormSchema),
    // Follows the user as saved (the server trims), but never overwrites what is being typed.
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveSettings(form, fields);
  const { isRestored } = useUnsavedSettings(form, saved, {
    key: 'settings-profile',
    writer: user.id,
    sending: save.sending,
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const pictureHintId = useId();

  return (
    <TitledCard title="Profile Settings">
      <form
        noValidate
        className="grid gap-6"
        onSubmit={handleSubmit((values) =>
          save.mutate(changedSettings(values, form.getValues(), saved)),
        )}
      >
        {isRestored ? <RestoredNote /> : null}
        <div className="flex items-center gap-4">
          {avatar}
          <div className="grid min-w-0 grid-cols-1 gap-1.5">
            <div>
              <p className="truncate font-medium">{user.fullName}</p>
              <p className="text-muted-foreground truncate text-sm">@{user.username}</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <ChangePictureButton hintId={pictureHintId} />
              <p id={pictureHintId} className="text-muted-foreground text-xs">
                JPG, PNG or GIF. Max size 2MB.
              </p>
            </div>
          </div>
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField label="Full Name" error={errors.fullName?.message}>
            <Input autoComplete="name" {...register('fullName')} />
          </FormField>
          <FormField label="Email Address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <FormField
            label="Trading Company Name"
            error={errors.companyName?.message}
            className="md:col-span-2"
          >
            <Input autoComplete="organization" {...register('companyName')} />
          </FormField>
        </div>
        <div>
          <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
