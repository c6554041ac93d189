import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../components/BusyButton';

/** The CSV file to preview; without one, the field says so and takes the focus. */
export function CsvFileForm({ busy, onPreview }: { busy: boolean; onPreview: (file: File) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [noFile, setNoFile] = useState(false);
  const preview = (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    setNoFile(!file);
    if (!file) {
      fileInput.current?.focus();
      return;
    }
    onPreview(file);
  };
  return (
    <form onSubmit={preview} className="staff-csv" aria-describedby="csv-help">
      <p id="csv-help">
        One row per applicant: their email, then accept, waitlist or reject (a first row
        &quot;email,decision&quot; is skipped). Nothing changes until you have read the preview and applied
        it.
      </p>
      <div className="field">
        <label htmlFor="csv-file">CSV file</label>
        {noFile && (
          <p className="field-error" id="csv-file-error">
            Choose a CSV file to preview
          </p>
        )}
        <input
          id="csv-file"
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={noFile || undefined}
          aria-describedby={noFile ? 'csv-file-error' : undefined}
        />
      </div>
      <BusyButton type="submit" className="button" busy={busy}>
        Preview
      </BusyButton>
    </form>
  );
}
