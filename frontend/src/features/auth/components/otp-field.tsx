import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';

type OtpFieldProps = { value: string; onChange: (value: string) => void; hint?: ReactNode };

/** The e-mailed one-time code, as registration and password reset ask for it (numbers only). */
export function OtpField({ value, onChange, hint }: OtpFieldProps) {
  return (
    <Field label="OTP" hint={hint}>
      {(field) => (
        <input
          {...field}
          className="input"
          type="number"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
