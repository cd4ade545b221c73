import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { AVATAR_MAX_BYTES, IMAGE_MEDIA_TYPES } from '#shared/constants.ts';
import { toastError } from '#client/components/error-toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { readAsDataUrl } from '#client/lib/read-as-data-url.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';

/**
 * 'Change Picture': a file picker for images. A file over 2 MB is refused here with the
 * product's toast (the server refuses it too); the server checks the bytes and crops the
 * picture, and the sidebar shows it as soon as it is saved.
 */
export function ChangePictureButton({ hintId }: { hintId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUpdateProfile({
    onSuccess: () =>
      toast({
        title: 'Settings Saved',
        description: 'Your settings have been updated successfully.',
      }),
    onError: (error) => toastError(error, { fallback: UPLOAD_FAILED }),
  });

  const takeFile = async (file: File) => {
    if (file.size > AVATAR_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: 'File Too Large',
        description: 'Profile image must be less than 2MB.',
      });
      return;
    }
    try {
      upload.mutate({ avatar: await readAsDataUrl(file) });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: UPLOAD_FAILED });
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-describedby={hintId}
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
      >
        <ImageUp aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : 'Change Picture'}
      </Button>
      {/* Hidden: the button opens it, so keyboard users meet one clear control. */}
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
    </>
  );
}
