import { CV_ACCEPT } from '../../machines/rules';
import { useApplication, useErrors, useForm, useSend } from '../app/ApplicationProvider';
import { describedBy, FieldError, fieldId } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { CvHelpDialog } from './CvHelpDialog';

/** The CV field of the eligibility step: the picker, the upload's progress, and the way out when it cannot work. */
export function CvUpload() {
  const send = useSend();
  const form = useForm();
  const { errors } = useErrors();
  const upload = useApplication((s) => s.context.upload);
  const uploading = useApplication((s) => s.matches({ eligibility: { cv: 'uploading' } }));
  const helpOpen = useApplication((s) => s.matches({ eligibility: { cv: 'help' } }));
  const uploadingName = useApplication((s) => s.context.cvFile?.name);
  const percent = upload && upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const chosen = uploadingName ?? (form.pdf || 'No file chosen');

  return (
    <div className={errors.cv?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId('cv')}>Upload your CV (required)</label>
      <span className="hint" id="field-cv-hint">
        PDF or Word (.doc, .docx), up to 10 MB.
      </span>
      <FieldError name="cv" errors={errors} />
      {/* The browser's own 'Choose File / No file chosen' cannot be styled or translated: the input stays (it
          keeps the keyboard, the picker and the label) but is hidden, and a second label is the visible button. */}
      <div className="file-picker">
        <input
          id={fieldId('cv')}
          className="file-picker__input visually-hidden"
          name="cv"
          type="file"
          accept={CV_ACCEPT}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send({ type: 'CV.SELECT', file });
            e.target.value = '';
          }}
          {...describedBy('cv', errors, 'field-cv-hint field-cv-file')}
        />
        <label htmlFor={fieldId('cv')} className="button button--secondary file-picker__button">
          {form.pdf ? 'Choose another file' : 'Choose a file'}
        </label>
        <span className="file-picker__name" id="field-cv-file">
          {chosen}
        </span>
      </div>
      {uploading && (
        <div className="upload" role="status">
          <progress className="upload-progress" max={100} value={percent} aria-label="CV upload progress" />
          <span>Uploading your CV… {percent}%</span>
        </div>
      )}
      {!uploading && form.hasUploadedCV && (
        <Notice>{form.pdf ? `Your CV is uploaded: ${form.pdf}` : 'You told us you emailed your CV.'}</Notice>
      )}
      <p>
        <button type="button" className="button--link" onClick={() => send({ type: 'CV.HELP' })}>
          Help: I cannot upload my CV
        </button>
      </p>
      <CvHelpDialog open={helpOpen} />
    </div>
  );
}
