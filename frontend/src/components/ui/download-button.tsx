import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

type DownloadButtonProps = {
  label: string;
  /** Fetches the file and saves it. */
  download: () => Promise<unknown>;
  /** The toast when the download fails and the server gave no reason of its own. */
  failed: string;
  className?: string;
};

/** A button that saves a file: `Downloading...` and off while it comes, the server's refusal toasted. */
export function DownloadButton({
  label,
  download,
  failed,
  className = 'btn btn-secondary btn-sm',
}: DownloadButtonProps) {
  const mutation = useMutation({
    mutationFn: download,
    onError: (error) => notify.error(errorMessage(error, failed)),
  });
  return (
    <button type="button" className={className} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
      {mutation.isPending ? 'Downloading...' : label}
    </button>
  );
}
