import type { ReactNode } from 'react';

type AdminSectionProps = {
  /** Names the heading's id, `admin-<name>-title`. */
  name: string;
  /** The browser tab's title, before `· Paduka`. */
  tabTitle: string;
  heading: string;
  children: ReactNode;
};

/** One admin screen: its tab title and its heading, then the screen's content. */
export function AdminSection({ name, tabTitle, heading, children }: AdminSectionProps) {
  const headingId = `admin-${name}-title`;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <title>{`${tabTitle} · Paduka`}</title>
      <h1 id={headingId}>{heading}</h1>
      {children}
    </section>
  );
}
