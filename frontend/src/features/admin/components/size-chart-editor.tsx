import { parseList } from '../utils/admin-format';
import { readChartRows, writeChartRows, type ChartRow } from '../utils/product-form';

type SizeChartEditorProps = {
  /** The form's `sizeChart` value: its rows as JSON text ('' for none). */
  value: string;
  onChange: (value: string) => void;
  /** The form's size labels (`type`), comma separated, for `Start from the sizes`. */
  sizes: string;
};

/**
 * A product's own size chart (decisions D49): a row per size, its label and the longest foot it
 * fits in cm. Empty means the shop's UK 3-12 chart; the rules on a chart are the server's.
 */
export function SizeChartEditor({ value, onChange, sizes }: SizeChartEditorProps) {
  const rows = readChartRows(value);
  const write = (next: ChartRow[]) => onChange(writeChartRows(next));
  const edit = (index: number, change: Partial<ChartRow>) =>
    write(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const missing = parseList(sizes).filter((label) => !rows.some((row) => row.size.trim() === label));

  return (
    <fieldset className="field-wide admin-size-chart">
      <legend>Size chart</legend>
      <p className="field-hint">
        Foot length in cm that each size fits, smallest first. Leave empty to use the shop&apos;s chart (UK 3 to UK 12).
      </p>
      {rows.length > 0 ? (
        <ol className="admin-size-chart-rows">
          {rows.map((row, index) => (
            // A row has no id of its own; its inputs are controlled, so keying by place is safe.
            <li key={index}>
              <input
                type="text"
                aria-label={`Size ${index + 1}`}
                placeholder="Size"
                value={row.size}
                onChange={(e) => edit(index, { size: e.target.value })}
              />
              <input
                type="text"
                inputMode="decimal"
                aria-label={`Foot length in cm of ${row.size.trim() || `size ${index + 1}`}`}
                placeholder="cm"
                value={row.footCm}
                onChange={(e) => edit(index, { footCm: e.target.value })}
              />
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`Remove ${row.size.trim() || `size ${index + 1}`}`}
                onClick={() => write(rows.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="admin-form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => write([...rows, { size: '', footCm: '' }])}>
          Add a size to the chart
        </button>
        {missing.length > 0 ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => write([...rows, ...missing.map((size) => ({ size, footCm: '' }))])}
          >
            Start from the sizes
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
