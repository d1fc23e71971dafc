import { useState } from 'react';
import { ContextMenu, type ContextMenuItem } from '../../widgets/index.ts';

/**
 * The row's menu as a button, so keyboard users reach what a right click opens: the same items, at the button.
 */
export function RowActions({ label, items }: { label: string; items: ContextMenuItem[] }) {
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  return (
    <>
      <button
        type="button"
        className="tariff-vip__row-menu"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          setPosition({ x: box.left, y: box.bottom });
        }}
      >
        ⋯
      </button>
      <ContextMenu position={position} items={items} onClose={() => setPosition(null)} />
    </>
  );
}
