import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportResult } from '#shared/schemas/export.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { linkAs } from '#client/lib/api-client.ts';
import { EXPORT_CSV_URL, EXPORT_ZIP_URL, useImportData } from '../api/import-data.ts';

function count(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** '3 rules and 12 sessions added, 0 skipped'. */
function describeImport({ rulesAdded, sessionsAdded, sessionsSkipped }: ImportResult) {
  return `${count(rulesAdded, 'rule')} and ${count(sessionsAdded, 'session')} added, ${sessionsSkipped} skipped`;
}

/**
 * 'Your Data': everything the trader owns as one file (a ZIP of JSON, CSV and screenshots),
 * the sessions as a CSV, and an import of such a file, which adds and never deletes.
 */
export function YourDataCard() {
  const inputRef = useRef<HTMLInputElement>(null);
  const importButtonRef = useRef<HTMLButtonElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const hintId = useId();
  const importData = useImportData({
    onSuccess: (result) => {
      setFile(null);
      toast({ title: 'Import Complete', description: describeImport(result) });
    },
    onError: (error) => {
      setFile(null);
      toastError(error, { title: 'Import Failed', fallback: 'Import failed. Please try again.' });
    },
  });

  return (
    <TitledCard title="Your Data">
      <div className="grid gap-4">
        <p id={hintId} className="text-muted-foreground text-sm">
          Export downloads your rules, sessions and screenshots as one ZIP file. Import takes such a
          file back: rules you already have are kept, and sessions you already have are skipped.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild variant="outline">
            <a href={linkAs(EXPORT_ZIP_URL)} download>
              <Download aria-hidden="true" />
              Export
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={linkAs(EXPORT_CSV_URL)} download>
              <FileSpreadsheet aria-hidden="true" />
              Download CSV
            </a>
          </Button>
          <Button
            ref={importButtonRef}
            type="button"
            variant="outline"
            aria-describedby={hintId}
            disabled={importData.isPending}
            onClick={() => inputRef.current?.click()}
          >
            <Upload aria-hidden="true" />
            {importData.isPending ? 'Importing...' : 'Import'}
          </Button>
          {/* Hidden: the Import button opens it, so keyboard users meet one clear control. */}
          <input
            ref={inputRef}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            aria-label="Export file to import"
            className="hidden"
            tabIndex={-1}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared, so that choosing the same file again is noticed.
              event.target.value = '';
              if (!chosen) return;
              // The server refuses it too; here it is refused before a long upload.
              if (chosen.size > IMPORT_MAX_BYTES) {
                toast({
                  variant: 'destructive',
                  title: 'File Too Large',
                  description: 'The import file must be at most 200 MB',
                });
                return;
              }
              setFile(chosen);
            }}
          />
        </div>
      </div>
      <ConfirmDialog
        open={file !== null}
        onOpenChange={(open) => {
          if (!open) {
            setFile(null);
            importButtonRef.current?.focus();
          }
        }}
        title="Import this file?"
        description={
          <>
            The rules and sessions in <strong className="break-all">{file?.name}</strong> will be
            added to your account. Rules with the same text as one of yours are matched, sessions
            you already have are skipped, and nothing is deleted or changed.
          </>
        }
        confirmLabel="Import"
        pendingLabel="Importing..."
        isPending={importData.isPending}
        onConfirm={() => {
          if (file) importData.mutate(file);
        }}
      />
    </TitledCard>
  );
}
