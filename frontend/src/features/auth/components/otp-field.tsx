import type { ReactNode } from 'react';
import { InputField } from '@/components/ui/field';

type OtpFieldProps = { value: string; onChange: (value: string) => void; hint?: ReactNode };

/** The e-mailed one-time code, as registration and password reset ask for it (numbers only). */
export function OtpField({ value, onChange, hint }: OtpFieldProps) {
  return (
    <InputField
      label="OTP"
      hint={hint}
      type="number"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      value={value}
      onValueChange={onChange}
    />
  );
}
