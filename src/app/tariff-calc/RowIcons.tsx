/**
 * The row actions' icons, drawn as SVG in the button's colour: a font character (🗑 was one) needs a font that has
 * it, and Debian's Chromium without an emoji font drew the bin as an empty 4 px box.
 */
/** A 16 px icon of one path in the current colour, hidden from screen readers (the button names the action). */
function RowIcon({ path }: { path: string }) {
  return (
    <svg className="calc-row-actions__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

const EDIT =
  'M11.3 1.9a1.5 1.5 0 0 1 2.1 0l.7.7a1.5 1.5 0 0 1 0 2.1L5.6 13.2 2 14l.8-3.6 8.5-8.5Zm-7.1 9.2-.4 1.7 1.7-.4 7.1-7.1-1.3-1.3-7.1 7.1Z';
const BIN =
  'M6 1.5h4a1 1 0 0 1 1 1V3h3v1.5H2V3h3v-.5a1 1 0 0 1 1-1ZM3.2 5.5h9.6l-.7 8.1a1.5 1.5 0 0 1-1.5 1.4H5.4a1.5 1.5 0 0 1-1.5-1.4l-.7-8.1Zm3 1.5v6h1.2V7H6.2Zm2.4 0v6h1.2V7H8.6Z';

export const EditIcon = () => <RowIcon path={EDIT} />;
export const BinIcon = () => <RowIcon path={BIN} />;
