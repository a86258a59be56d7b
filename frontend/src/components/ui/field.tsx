import { useId, type ReactNode } from 'react';

/** Spread onto the field's input, select or textarea. */
export type FieldControlProps = { id: string; 'aria-describedby': string | undefined };

type FieldProps = {
  label: ReactNode;
  /** Beside the label in a `field-row`; `null` keeps the row with nothing beside the label. */
  aside?: ReactNode;
  hint?: ReactNode;
  wide?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control with an optional hint, so every form wires label-for and aria-describedby the same way. */
export function Field({ label, aside, hint, wide = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const labelEl = (
    <label htmlFor={id} className="field-label">
      {label}
    </label>
  );
  return (
    <div className={`field${wide ? ' field-wide' : ''}${className ? ` ${className}` : ''}`}>
      {aside === undefined ? (
        labelEl
      ) : (
        <div className="field-row">
          {labelEl}
          {aside}
        </div>
      )}
      {children({ id, 'aria-describedby': hint ? hintId : undefined })}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
