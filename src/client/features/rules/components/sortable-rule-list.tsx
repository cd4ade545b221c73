import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useState } from 'react';
import type { Rule } from '#shared/schemas/rules.ts';
import { useReorderRules } from '../api/reorder-rules.ts';
import { orderRules } from '../order-rules.ts';
import { SortableRuleItem } from './sortable-rule-item.tsx';

/** A keyboard drag moves the row 25 px per arrow key, the step the product was observed with. */
const KEYBOARD_STEP_PX = 25;

const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

/** The list only sorts up and down, so a drag never wanders sideways. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const screenReaderInstructions = {
  draggable:
    'To reorder a rule, press Space or Enter to pick it up. Use the Up and Down arrow keys to move it, press Space or Enter again to drop it in its new place, or press Escape to cancel. Or press the Down arrow key for a menu of moves.',
};

type SortableRuleListProps = {
  rules: Rule[];
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

export function SortableRuleList({ rules: cachedRules, onEdit, onDelete }: SortableRuleListProps) {
  const reorderRules = useReorderRules();
  // dnd-kit lets go of the row in the same render as onDragEnd, but the cache hears of the
  // new order a tick later: without this the row would flash back to its old place. It only
  // holds ids, until the save settles; the cache stays the one copy of the rules.
  const [droppedOrder, setDroppedOrder] = useState<number[] | null>(null);
  const rules = (droppedOrder && orderRules(cachedRules, droppedOrder)) ?? cachedRules;
  const sensors = useSensors(
    // A short travel before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );

  const describe = (id: UniqueIdentifier) => {
    const index = rules.findIndex((rule) => rule.id === id);
    return { description: rules[index]?.description ?? 'rule', position: index + 1 };
  };
  const total = rules.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const { description, position } = describe(active.id);
      return `Picked up rule "${description}", position ${position} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      const { description } = describe(active.id);
      if (!over) return `Rule "${description}" is no longer over a position in the list.`;
      return `Rule "${description}" moved to position ${describe(over.id).position} of ${total}.`;
    },
    onDragEnd: ({ active, over }) => {
      const { description } = describe(active.id);
      if (!over) return `Rule "${description}" dropped. The order did not change.`;
      return `Rule "${description}" dropped at position ${describe(over.id).position} of ${total}.`;
    },
    onDragCancel: ({ active }) => {
      const { description, position } = describe(active.id);
      return `Reordering cancelled. Rule "${description}" is back at position ${position} of ${total}.`;
    },
  };

  /** Moves the row at `from` to `to` and saves the order; `onSaved` once the server has it. */
  const saveMove = (from: number, to: number, onSaved?: () => void) => {
    const ruleIds = arrayMove(rules, from, to).map((rule) => rule.id);
    // One save at a time: a drop while the last one is saving puts the row back. The order it
    // was made from goes along: moved elsewhere meanwhile, the rules' order is not put back.
    const started = reorderRules.mutate(
      { ruleIds, fromRuleIds: rules.map((rule) => rule.id) },
      { onSuccess: onSaved, onSettled: () => setDroppedOrder(null) },
    );
    if (started) setDroppedOrder(ruleIds);
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rules.findIndex((rule) => rule.id === active.id);
    const to = rules.findIndex((rule) => rule.id === over.id);
    if (from < 0 || to < 0) return;
    saveMove(from, to);
  };

  // The move menu's word for a screen reader, as a drop has the drag library's announcement:
  // once the server has the order (a refusal says so in a toast, and puts the row back). The
  // same words twice differ by a trailing no-break space, so the second is read out too.
  const [moveAnnouncement, setMoveAnnouncement] = useState('');
  const handleMove = (rule: Rule, to: number) => {
    const from = rules.findIndex(({ id }) => id === rule.id);
    if (from < 0 || to === from) return;
    const words = `Rule "${rule.description}" moved to position ${to + 1} of ${total}.`;
    saveMove(from, to, () =>
      setMoveAnnouncement((last) => (last === words ? `${words}\u00a0` : words)),
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragEnd={handleDragEnd}
    >
      <SortableContext
        items={rules}
        strategy={verticalListSortingStrategy}
        disabled={reorderRules.isPending}
      >
        <ol className="grid gap-2">
          {rules.map((rule, index) => (
            <SortableRuleItem
              key={rule.id}
              rule={rule}
              index={index}
              total={total}
              onMove={handleMove}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ol>
      </SortableContext>
      {/* In the page from the start: a live region that appears with its words is not read. */}
      <p role="status" className="sr-only">
        {moveAnnouncement}
      </p>
    </DndContext>
  );
}
