import type { ReactNode } from 'react';
import './auth.css';

type AuthCardProps = { tabTitle: string; heading: string; lead: string; children: ReactNode };

/** The sign-in, register and password-reset pages: one card with a heading, a line and the form. */
export function AuthCard({ tabTitle, heading, lead, children }: AuthCardProps) {
  return (
    <div className="container auth-page">
      <title>{`${tabTitle} · Paduka`}</title>
      <div className="card auth-card">
        <h1>{heading}</h1>
        <p className="auth-lead">{lead}</p>
        {children}
      </div>
    </div>
  );
}
