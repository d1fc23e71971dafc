import { type ReactNode, useId, useState } from 'react';

/** Whether the panel under `key` was left folded; a storage that cannot be read means open. */
function readFolded(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'folded';
  } catch {
    return false;
  }
}

function writeFolded(key: string, folded: boolean): void {
  try {
    if (folded) localStorage.setItem(key, 'folded');
    else localStorage.removeItem(key);
  } catch {
    // A full or refused storage only forgets the choice.
  }
}

/**
 * A screen's filters that fold into one line, so a timeline or grid under them gets the height: a «Свернуть фильтры»
 * / «Показать фильтры» button (aria-expanded) and, folded, the summary of what is chosen. The choice is kept in localStorage under
 * `storageKey`, per screen. Example: `<FilterPanel storageKey="staffPlanning.filtersFolded" summary="…">…</…>`.
 */
export function FilterPanel({
  storageKey,
  summary,
  children,
}: {
  storageKey: string;
  summary: string;
  children: ReactNode;
}) {
  const [folded, setFolded] = useState(() => readFolded(storageKey));
  const body = useId();
  const toggle = () => {
    setFolded(!folded);
    writeFolded(storageKey, !folded);
  };
  return (
    <div className={`w-filter-panel${folded ? ' w-filter-panel--folded' : ''}`}>
      <div className="w-filter-panel__head">
        <button
          type="button"
          className="w-filter-panel__toggle"
          aria-expanded={!folded}
          aria-controls={body}
          onClick={toggle}
        >
          {folded ? 'Показать фильтры' : 'Свернуть фильтры'}
        </button>
        {folded ? <span className="w-filter-panel__summary">{summary}</span> : null}
      </div>
      <div id={body} hidden={folded}>
        {children}
      </div>
    </div>
  );
}
