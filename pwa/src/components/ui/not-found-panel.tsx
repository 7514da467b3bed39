import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type WayBack = { to: string; label: string };

type NotFoundPanelProps = { title: string; code?: string; children: ReactNode; ways: WayBack[] };

/** Something the traveller asked for is not there: what, why, and links on (the first is the main one). */
export function NotFoundPanel({ title, code, children, ways }: NotFoundPanelProps) {
  return (
    <section className="page not-found">
      {code && (
        <p className="not-found-code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1>{title}</h1>
      {children}
      <p className="not-found-ways">
        {ways.map((way, i) => (
          <Link key={way.to} to={way.to} className={i === 0 ? 'button' : 'button button-secondary'}>
            {way.label}
          </Link>
        ))}
      </p>
    </section>
  );
}
