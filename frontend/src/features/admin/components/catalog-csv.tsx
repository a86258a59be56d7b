import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { DownloadButton } from '@/components/ui/download-button';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import {
  checkImport,
  exportProducts,
  importProblems,
  importTally,
  refetchPhotos,
  startImport,
  useImportJob,
  type ImportProblem,
  type ImportReport,
} from '../api/catalog-csv';

const counts = (report: ImportReport) =>
  `${report.created} new, ${report.updated} updated, ${report.unchanged} unchanged`;

/** The rows a check or a job refused, as the file numbers them (row 0: the whole import). */
function Problems({ problems }: { problems: ImportProblem[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-label="Import errors">
        <thead>
          <tr>
            <th>Row</th>
            <th>Column</th>
            <th>Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={`${p.row}-${p.column}-${i}`}>
              <td>{p.row > 0 ? p.row : 'All'}</td>
              <td>{p.column}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Warnings({ report }: { report: ImportReport }) {
  if (report.warnings.length === 0) return null;
  return (
    <ul className="admin-import-warnings" aria-label="Import warnings">
      {report.warnings.map((w, i) => (
        <li key={`${w.row}-${i}`}>
          Row {w.row}
          {w.column ? `, ${w.column}` : ''}: {w.message}
        </li>
      ))}
    </ul>
  );
}

/** The photo columns a missing photo's warning names (decisions section 19). */
const PHOTO_COLUMNS = ['Image Src', 'Product image URL', 'Variant Image', 'Variant image URL', 'Images'];

/**
 * A finished job's photos that could not be fetched or used: their products were imported
 * without them. `Fetch again` asks the server to fetch only those, then follows the job again.
 */
function MissingPhotos({ job, report, onAgain }: { job: string; report: ImportReport; onAgain: () => void }) {
  const [busy, setBusy] = useState(false);
  if (report.status !== 'done' || report.missingPhotos === 0) return null;
  const missing = report.warnings.filter((w) => PHOTO_COLUMNS.includes(w.column));
  const again = async () => {
    setBusy(true);
    try {
      await refetchPhotos(job);
      onAgain();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to fetch the photos again'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-import-missing">
      <p>
        {report.missingPhotos === 1
          ? '1 photo could not be used: its product was imported without it.'
          : `${report.missingPhotos} photos could not be used: their products were imported without them.`}
      </p>
      <ul aria-label="Missing photos">
        {missing.map((w, i) => (
          <li key={`${w.row}-${i}`}>
            Row {w.row}: {w.message}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void again()}>
        Fetch again
      </button>
    </div>
  );
}

/** A running job: a bar of products written out of all, then what it did. */
function JobProgress({ job, onFinished }: { job: string; onFinished: (report: ImportReport) => void }) {
  const queryClient = useQueryClient();
  const progress = useImportJob(job);
  const report = progress.data;
  const status = report?.status;
  useEffect(() => {
    if (report && status !== 'running') onFinished(report);
  }, [report, status, onFinished]);
  if (progress.isError) return <p role="alert">{errorMessage(progress.error, 'Failed to follow the import')}</p>;
  if (!report) return <p>Starting the import...</p>;
  return (
    <div className="admin-import-progress">
      <label>
        {report.status === 'running'
          ? `Importing: ${report.processed} of ${report.total} products`
          : `Imported ${report.processed} of ${report.total} products`}
        <progress value={report.processed} max={Math.max(report.total, 1)} />
      </label>
      {report.status === 'done' ? <p>{counts(report)}</p> : null}
      {report.status === 'done' && report.errors.length > 0 ? (
        <>
          <p>Left out for errors in the file:</p>
          <Problems problems={report.errors} />
        </>
      ) : null}
      {report.status === 'failed' ? (
        <>
          <p role="alert">
            {report.processed > report.unchanged
              ? `The import stopped after writing ${report.processed - report.unchanged} products.`
              : 'The import failed: nothing was written.'}
          </p>
          <Problems problems={report.errors} />
        </>
      ) : null}
      <Warnings report={report} />
      <MissingPhotos
        job={job}
        report={report}
        onAgain={() => void queryClient.invalidateQueries({ queryKey: ['products', 'import', job] })}
      />
    </div>
  );
}

/**
 * The admin products screen's catalog in and out (decisions section 17): `Export` saves the
 * catalog as Shopify's product CSV; `Import` takes Shopify's or WooCommerce's CSV (and a zip of
 * the photos it names),
 * checks it with a dry run that writes nothing, then writes it as a job whose progress shows as a
 * bar.
 */
export function CatalogCsv() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  // A refused file's products: the right ones may still be imported without the others.
  const [tally, setTally] = useState<{ valid: number; invalid: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<string | null>(null);

  const reset = () => {
    setChecked(null);
    setProblems([]);
    setTally(null);
    setJob(null);
  };

  const check = async () => {
    if (!file) return;
    reset();
    setBusy(true);
    try {
      setChecked(await checkImport(file, photos));
    } catch (error) {
      setProblems(importProblems(error));
      setTally(importTally(error));
      notify.error(errorMessage(error, 'Failed to check the file'));
    } finally {
      setBusy(false);
    }
  };

  const run = async (skipInvalid: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const started = await startImport(file, photos, skipInvalid);
      setChecked(null);
      setProblems([]);
      setTally(null);
      setJob(started.job);
    } catch (error) {
      setProblems(importProblems(error));
      setTally(importTally(error));
      notify.error(errorMessage(error, 'Failed to start the import'));
    } finally {
      setBusy(false);
    }
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (checked) void run(false);
  };

  const finished = (report: ImportReport) => {
    if (report.status === 'done') {
      notify.success(`Import finished: ${counts(report)}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories.all });
    } else {
      notify.error('Import failed');
    }
  };

  return (
    <div className="admin-catalog-csv">
      <p>
        <DownloadButton label="Export" download={exportProducts} failed="Failed to export products" />
      </p>
      <form className="admin-form" aria-label="Import products" onSubmit={start}>
        <FileField
          label="Products CSV"
          hint="Shopify's or WooCommerce's product CSV, or this shop's export"
          accept=".csv,text/csv"
          onPick={(picked) => {
            setFile(picked);
            reset();
          }}
        />
        <FileField
          label="Photos (zip)"
          hint="Optional: the photos the CSV names by file name"
          accept=".zip,application/zip"
          onPick={(picked) => {
            setPhotos(picked);
            reset();
          }}
        />
        <div className="admin-form-actions">
          <button type="button" className="btn btn-secondary" disabled={!file || busy} onClick={() => void check()}>
            Dry run
          </button>
          <button type="submit" className="btn btn-primary" disabled={!checked || busy}>
            Import
          </button>
        </div>
      </form>
      {checked ? (
        <div className="admin-import-check">
          <p>
            Ready to import {checked.total} products: {counts(checked)}.
          </p>
          <Warnings report={checked} />
        </div>
      ) : null}
      {problems.length > 0 ? <Problems problems={problems} /> : null}
      {tally && tally.valid > 0 ? (
        <div className="admin-import-check">
          <p>
            {tally.valid === 1 ? '1 product is' : `${tally.valid} products are`} right;{' '}
            {tally.invalid === 1 ? '1 has' : `${tally.invalid} have`} errors and would be left out.
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(true)}>
            {`Import the ${tally.valid} valid ${tally.valid === 1 ? 'product' : 'products'}`}
          </button>
        </div>
      ) : null}
      {job ? <JobProgress job={job} onFinished={finished} /> : null}
    </div>
  );
}

/** A labelled file input handing on the file picked (or `null` when the pick is cleared). */
function FileField({
  label,
  hint,
  accept,
  onPick,
}: {
  label: string;
  hint: string;
  accept: string;
  onPick: (file: File | null) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(field) => (
        <input {...field} type="file" accept={accept} onChange={(event) => onPick(event.target.files?.[0] ?? null)} />
      )}
    </Field>
  );
}
