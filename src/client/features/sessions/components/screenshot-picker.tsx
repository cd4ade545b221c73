import { ImageUp } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type DragEvent,
  type Ref,
} from 'react';
import { IMAGE_MEDIA_TYPES } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { readAsDataUrl } from '#client/lib/read-as-data-url.ts';
import { cn } from '#client/lib/utils.ts';
import { getScreenshotUrl } from '../api/screenshot-urls.ts';
import { describeImageFileProblem } from './read-image-file.ts';
import type { ScreenshotValue } from './session-form-schema.ts';

type ScreenshotPickerProps = {
  value: ScreenshotValue;
  onChange: (value: ScreenshotValue) => void;
  error?: string | undefined;
  /** Given to the choose button, so that a refusal about the screenshot can focus it. */
  ref?: Ref<HTMLButtonElement>;
  /** Told when an image starts and ends being read: the form is not saved meanwhile. */
  onReadingChange?: (isReading: boolean) => void;
};

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Text copied from a document: plain, and formatted beside it. */
function isFormattedText(clipboard: DataTransfer) {
  const { types } = clipboard;
  return (
    types.includes('text/plain') && (types.includes('text/html') || types.includes('text/rtf'))
  );
}

/** A field that takes typed text, where a paste's text goes. */
function isTextField(target: EventTarget | null) {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement &&
    ['text', 'search', 'url', 'email', 'tel', 'number', 'password'].includes(target.type)
  );
}

/**
 * 'Trading Screenshot': an image chosen with the file picker, dropped on the zone, or pasted
 * from the clipboard (traders copy chart screenshots), shown as a preview with 'Remove'.
 */
export function ScreenshotPicker({
  value,
  onChange,
  error,
  ref,
  onReadingChange,
}: ScreenshotPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // The choose button is the form's (`ref`) and the picker's own: Remove hands focus to it.
  const chooseRef = useRef<HTMLButtonElement | null>(null);
  const setChooseButton = useCallback(
    (button: HTMLButtonElement | null) => {
      chooseRef.current = button;
      if (typeof ref === 'function') ref(button);
      else if (ref) ref.current = button;
    },
    [ref],
  );
  const [isDragging, setIsDragging] = useState(false);
  // Images being read (a large one takes a moment on a phone). A Save pressed meanwhile sent the
  // form without the image, which arrived once the dialog had closed.
  const reads = useRef(0);
  const [isReading, setIsReading] = useState(false);
  const countRead = (change: 1 | -1) => {
    reads.current += change;
    const reading = reads.current > 0;
    setIsReading(reading);
    onReadingChange?.(reading);
  };
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // The trader's choices in turn (an image taken, Remove): a read that ends after a later
  // choice was made is not the trader's choice any more. A large photo picked, then at once a
  // small screenshot, put the photo back once its read ended, and it was what got saved.
  const choices = useRef(0);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const takeFile = async (file: File) => {
    // Pasted or dropped while the form's fields are disabled (its save under way): not taken.
    if (fieldsetRef.current?.matches(':disabled')) return;
    const problem = describeImageFileProblem(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    const choice = ++choices.current;
    countRead(1);
    try {
      const dataUrl = await readAsDataUrl(file);
      if (choice === choices.current) onChange({ kind: 'new', dataUrl });
    } catch {
      if (choice === choices.current) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'The image could not be read. Please try again.',
        });
      }
    } finally {
      countRead(-1);
    }
  };

  // The dialog is modal, so a paste anywhere while it is open is meant for it. Only a paste
  // that carries a file is taken; pasted text goes on to the field it was pasted in. So does
  // formatted text that comes with a picture of itself, as Excel's and OneNote's copies do
  // (plain text, HTML or RTF, and an image): pasted in a text field, the text is what was meant,
  // and the picture would have replaced the chart. A file copied in a file manager carries its
  // name as plain text alone, and a browser's "Copy image" HTML without plain text: both taken.
  const onPaste = useEffectEvent((event: ClipboardEvent) => {
    const clipboard = event.clipboardData;
    const file = clipboard?.files[0];
    if (!file) return;
    if (isTextField(event.target) && isFormattedText(clipboard)) return;
    event.preventDefault();
    void takeFile(file);
  });
  useEffect(() => {
    const pasteListener = (event: ClipboardEvent) => onPaste(event);
    // A file dropped beside the zone would make the browser open it in place of the app,
    // throwing the form away: outside the zone (which has handled its own events by the time
    // they reach the document) a file cannot be dropped at all.
    const dropGuard = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    document.addEventListener('paste', pasteListener);
    document.addEventListener('dragover', dropGuard);
    document.addEventListener('drop', dropGuard);
    return () => {
      document.removeEventListener('paste', pasteListener);
      document.removeEventListener('dragover', dropGuard);
      document.removeEventListener('drop', dropGuard);
    };
  }, []);

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setIsDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      // Without this the browser would open the dropped file itself.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setIsDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) void takeFile(file);
    },
  };

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  const preview = value && (value.kind === 'new' ? value.dataUrl : getScreenshotUrl(value.ref));

  return (
    <fieldset
      ref={fieldsetRef}
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Trading Screenshot</legend>
      <div
        {...dropHandlers}
        data-dragging={isDragging || undefined}
        className={cn(
          'grid gap-3 rounded-lg border-2 border-dashed p-4 transition-colors',
          'data-[dragging]:border-primary data-[dragging]:bg-primary/5',
          error && 'border-destructive',
        )}
      >
        {/* Keyed: Preact matches an unkeyed child by its type as well as its place, and took
            the controls' div below for the placeholder's when the image went, building the
            controls anew, so the choose button that Remove gave focus to left the page. */}
        {preview ? (
          <img
            key="preview"
            src={preview}
            alt="Screenshot preview"
            className="bg-muted h-48 w-full rounded-md object-contain"
          />
        ) : (
          <div
            key="placeholder"
            className="flex flex-col items-center gap-1 pt-2 text-center text-sm"
          >
            <ImageUp aria-hidden="true" className="text-muted-foreground mb-1 size-8" />
            {/* A touch screen has nothing to drag an image from: its words name what it has. */}
            <p className="font-medium pointer-coarse:hidden">Drag an image here or paste it</p>
            <p className="hidden font-medium pointer-coarse:block">Choose an image, or paste one</p>
          </div>
        )}
        <div
          key="controls"
          className={cn(
            'flex flex-wrap items-center gap-3',
            preview ? 'justify-between' : 'flex-col',
          )}
        >
          <p id={hintId} className="text-muted-foreground text-xs">
            PNG, JPEG, WebP or GIF, up to 10 MB
          </p>
          <p role="status" className="text-muted-foreground text-xs empty:hidden">
            {isReading ? 'Reading the image...' : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={setChooseButton}
              type="button"
              variant="outline"
              size="sm"
              aria-describedby={describedBy}
              onClick={() => inputRef.current?.click()}
            >
              {preview ? 'Choose another image' : 'Choose image'}
            </Button>
            {preview ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  // Remove goes with the image: the keyboard's place is the way to choose another.
                  chooseRef.current?.focus();
                  choices.current += 1;
                  onChange(null);
                }}
              >
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {/* Hidden: the button above opens it, so keyboard users meet one clear control. */}
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_MEDIA_TYPES.join(',')}
        className="hidden"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again is noticed.
          event.target.value = '';
          if (file) void takeFile(file);
        }}
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
