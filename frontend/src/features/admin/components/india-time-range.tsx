import { Field } from '@/components/ui/field';

type IndiaTimeRangeProps = {
  start: string;
  end: string;
  onChange: (key: 'start' | 'end', value: string) => void;
};

/** The Start and End fields of a sale or a coupon, both in India time (`datetime-local`). */
export function IndiaTimeRange({ start, end, onChange }: IndiaTimeRangeProps) {
  return (
    <>
      {(['start', 'end'] as const).map((key) => (
        <Field key={key} label={`${key === 'start' ? 'Start' : 'End'} (India time)`}>
          {(field) => (
            <input
              {...field}
              type="datetime-local"
              required
              value={key === 'start' ? start : end}
              onChange={(e) => onChange(key, e.target.value)}
            />
          )}
        </Field>
      ))}
    </>
  );
}
