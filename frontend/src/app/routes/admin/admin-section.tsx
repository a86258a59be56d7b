/** Admin screens not built yet show the strip and this note; the dashboard is only the strip. */
export function AdminSectionRoute({ pending = true }: { pending?: boolean }) {
  if (!pending) return null;
  return <p className="notice">This screen is on its way.</p>;
}
