import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import type { Theme } from '#shared/schemas/theme.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { parseTheme } from '#client/lib/theme.ts';
import { useSaveTheme } from '../hooks/use-save-theme.ts';

const options: { value: Theme; label: string; description: string; Icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', description: 'Always light', Icon: Sun },
  { value: 'dark', label: 'Dark', description: 'Always dark', Icon: Moon },
  { value: 'system', label: 'System', description: "Follows your device's setting", Icon: Monitor },
];

/** Light, dark or as the device is set: applied at once, saved to the account. */
export function AppearanceCard({ user }: { user: User }) {
  const id = useId();
  const theme = user.preferences.theme;
  const { chooseTheme, isSaving } = useSaveTheme();

  return (
    <TitledCard title="Appearance" contentClassName="grid gap-4">
      <div className="grid gap-1">
        <p id={`${id}-label`} className="text-sm leading-none font-medium">
          Theme
        </p>
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          Your choice follows you to every device you log in on.
        </p>
      </div>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-busy={isSaving}
        value={theme}
        onValueChange={(value) => chooseTheme(parseTheme(value), theme)}
        className="sm:grid-cols-3"
      >
        {options.map(({ value, label, description, Icon }) => (
          // The whole tile is the radio's label, so a click anywhere on it chooses.
          <label
            key={value}
            htmlFor={`${id}-${value}`}
            className="border-input has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 has-[:focus-visible]:ring-ring flex cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2"
          >
            <RadioGroupItem
              id={`${id}-${value}`}
              value={value}
              aria-labelledby={`${id}-${value}-label`}
              aria-describedby={`${id}-${value}-description`}
              // The tile shows the focus; a second ring on the dot would only crowd it.
              focusRing={false}
            />
            <Icon aria-hidden="true" className="text-muted-foreground size-5 shrink-0" />
            <span className="grid min-w-0 gap-0.5">
              <span id={`${id}-${value}-label`} className="text-sm font-medium">
                {label}
              </span>
              <span id={`${id}-${value}-description`} className="text-muted-foreground text-xs">
                {description}
              </span>
            </span>
          </label>
        ))}
      </RadioGroup>
    </TitledCard>
  );
}
