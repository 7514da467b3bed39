import type { ReactNode } from 'react';
import './auth.css';

type AuthLayoutProps = { title: string; lead: string; children: ReactNode };

export function AuthLayout({ title, lead, children }: AuthLayoutProps) {
  return (
    <div className="auth">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <p className="auth-lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}
