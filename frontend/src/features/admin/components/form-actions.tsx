/** An admin form's buttons: submit (red when it refuses something), and Cancel when the form sits in a modal. */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
  danger = false,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel?: () => void;
  danger?: boolean;
}) {
  return (
    <div className="admin-form-actions">
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={submitting}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
