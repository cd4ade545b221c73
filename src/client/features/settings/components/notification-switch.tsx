import { useId } from 'react';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';

type NotificationSwitchProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** One notification: a labelled switch whose description is read out with it. */
export function NotificationSwitch({
  label,
  description,
  checked,
  onCheckedChange,
}: NotificationSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} variant="toggle">
          {label}
        </Label>
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
