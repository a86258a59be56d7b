import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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

type InputFieldProps = Omit<FieldProps, 'children' | 'className'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

/** A `Field` holding one text-like input: the common case of the shop's forms. */
export function InputField({ label, aside, hint, wide, value, onValueChange, ...input }: InputFieldProps) {
  return (
    <Field label={label} aside={aside} hint={hint} wide={wide}>
      {(field) => (
        <input {...field} {...input} className="input" value={value} onChange={(e) => onValueChange(e.target.value)} />
      )}
    </Field>
  );
}
