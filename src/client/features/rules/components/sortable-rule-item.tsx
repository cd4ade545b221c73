import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ArrowDown,
  ArrowDownToLine,
  ArrowUp,
  ArrowUpToLine,
  GripVertical,
  Pencil,
  Trash2,
} from 'lucide-react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Rule } from '#shared/schemas/rules.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/utils.ts';

/** The keys a menu's trigger opens it with, which a row being moved by the keyboard uses. */
const MENU_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

type SortableRuleItemProps = {
  rule: Rule;
  /** The row's place in the list, from 0, and the list's length: what the move menu offers. */
  index: number;
  total: number;
  onMove: (rule: Rule, to: number) => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/**
 * One rule row. Only the handle starts a drag: dnd-kit's attributes belong on a button. A click
 * on the handle, which is no drag, opens a menu that moves the row without one, for a pointer
 * that cannot drag (WCAG 2.5.7) and a screen reader's click
 * (docs/decisions/0073-reordering-without-a-drag.md). The keyboard's Space and Enter still
 * pick the row up: the drag library claims those keys.
 */
export function SortableRuleItem({
  rule,
  index,
  total,
  onMove,
  onEdit,
  onDelete,
}: SortableRuleItemProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: rule.id });
  // dnd-kit names the handle's role 'sortable', which a screen reader reads in place of
  // 'button': the handle is a button that opens a menu of moves (and picks the row up), and is
  // announced as one, with its instructions.
  const { 'aria-roledescription': _roleDescription, ...handleAttributes } = attributes;
  const [menuOpen, setMenuOpen] = useState(false);
  // While the last order is saving, the list takes no other (dnd-kit's aria-disabled).
  const isSaving = attributes['aria-disabled'];
  const moves = [
    { label: 'Move to top', to: 0, Icon: ArrowUpToLine },
    { label: 'Move up', to: index - 1, Icon: ArrowUp },
    { label: 'Move down', to: index + 1, Icon: ArrowDown },
    { label: 'Move to bottom', to: total - 1, Icon: ArrowDownToLine },
  ];

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
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger
          asChild
          // The menu's own trigger opens on a press; here the drag library has the press, and
          // the menu opens on the click that ends a press which was no drag. Space and Enter
          // pick the row up and drop it: the library cancels their keydowns, and Space's keyup
          // is cancelled too, since Firefox clicks on it all the same. The Down arrow opens the
          // menu, unless a row is moving or the last order is saving.
          onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
            listeners?.onPointerDown?.(event);
            event.preventDefault();
          }}
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            listeners?.onKeyDown?.(event);
            if ((isDragging || isSaving) && MENU_KEYS.has(event.key)) event.preventDefault();
          }}
          onKeyUp={(event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key === ' ') event.preventDefault();
          }}
          onClick={() => {
            if (!isSaving) setMenuOpen(true);
          }}
        >
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...handleAttributes}
            aria-label={`Reorder rule: ${rule.description}`}
            className={cn(
              'text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring flex h-10 w-8 touch-none items-center justify-center rounded-md outline-none focus-visible:ring-2',
              isDragging ? 'cursor-grabbing' : 'cursor-grab',
            )}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {moves.map(({ label, to, Icon }) => (
            <DropdownMenuItem
              key={label}
              disabled={isSaving || to < 0 || to >= total || to === index}
              onSelect={() => onMove(rule, to)}
            >
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
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
