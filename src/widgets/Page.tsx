import type { ReactNode } from 'react';

/** A button of the page title row. */
export interface PageAction {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'danger' | 'success';
  disabled?: boolean;
  /** Why the button is off, shown as its tooltip and read as its description; only while disabled. */
  disabledHint?: string;
}

/** The page container: a full-height grey surface holding a title row and cards. */
export function Page({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <main className="w-page" aria-label={label}>
      {children}
    </main>
  );
}

/** The page title (an h1) with its action buttons on the right. */
export function PageTitle({
  title,
  actions = [],
  children,
}: {
  title: string;
  actions?: PageAction[];
  children?: ReactNode;
}) {
  return (
    <header className="w-page-title">
      <h1>{title}</h1>
      <div className="w-page-title__actions">
        {children}
        {/* Keyed by place, not label: a button whose label changes («Выгрузка…») keeps the keyboard focus. */}
        {actions.map((action, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a screen's title actions are a fixed list in a fixed order
            key={index}
            type="button"
            className={`w-button${action.variant && action.variant !== 'primary' ? ` w-button--${action.variant}` : ''}`}
            onClick={action.onClick}
            disabled={action.disabled}
            title={action.disabled ? action.disabledHint : undefined}
          >
            {action.label}
          </button>
        ))}
      </div>
    </header>
  );
}

/** A white content card; with a title it becomes a labelled region. */
export function PageCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="w-card" aria-label={title}>
      {title ? <h2 style={{ margin: '0 0 12px', fontSize: 18, fontWeight: 500 }}>{title}</h2> : null}
      {children}
    </section>
  );
}
