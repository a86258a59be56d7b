/** An admin form's buttons: submit, and Cancel when the form sits in an edit modal. */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="admin-form-actions">
      <button type="submit" className="btn btn-primary" disabled={submitting}>
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
