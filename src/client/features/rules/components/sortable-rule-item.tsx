import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { Rule } from '#shared/schemas/rules.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';

type SortableRuleItemProps = {
  rule: Rule;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/** One rule row. Only the handle starts a drag: dnd-kit's attributes belong on a button. */
export function SortableRuleItem({ rule, onEdit, onDelete }: SortableRuleItemProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: rule.id });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // Handle, description and buttons on one line; the notes below, as wide as the row allows.
      className={cn(
        'bg-card grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-1 rounded-lg border p-2 sm:gap-x-2 sm:p-3',
        isDragging && 'ring-ring relative z-10 shadow-lg ring-2',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Reorder rule: ${rule.description}`}
        className={cn(
          'text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring flex h-10 w-8 touch-none items-center justify-center rounded-md outline-none focus-visible:ring-2',
          isDragging ? 'cursor-grabbing' : 'cursor-grab',
        )}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <p className="py-2 font-medium wrap-anywhere">{rule.description}</p>
      <div className="flex">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit rule: ${rule.description}`}
          onClick={() => onEdit(rule)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost-destructive"
          size="icon"
          aria-label={`Delete rule: ${rule.description}`}
          onClick={() => onDelete(rule)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {rule.notes ? (
        <div className="bg-muted col-span-2 col-start-2 mt-1 mb-1 rounded-md px-3 py-2 text-sm sm:mr-1">
          <p className="font-medium">Notes:</p>
          <p className="text-muted-foreground mt-0.5 whitespace-pre-wrap wrap-anywhere">
            {rule.notes}
          </p>
        </div>
      ) : null}
    </li>
  );
}
