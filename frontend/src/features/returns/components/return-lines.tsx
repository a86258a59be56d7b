import type { ReturnLine } from '@/types/api';
import { kindText, lineName } from '@/utils/return-text';

/** A return's lines: `2 × Trail Runner (UK 8)`, then the reason and what the shopper wants. */
export function ReturnLines({ lines }: { lines: readonly ReturnLine[] }) {
  return (
    <ul className="return-lines">
      {lines.map((line, i) => (
        <li key={`${line.line}-${i}`}>
          <span className="return-line-name">
            {line.quantity} × {lineName(line)}
          </span>
          <span className="muted return-line-meta">
            {line.reason} · {kindText(line)}
          </span>
        </li>
      ))}
    </ul>
  );
}
