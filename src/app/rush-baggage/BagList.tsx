// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated; their checkboxes take focus
import { List, type RowComponentProps } from 'react-window';
import type { Directory } from '../../machines/rushDraft.ts';
import type { Baggage } from '../../shared/rush-baggage.ts';
import { routeText, STATUS_TEXT } from './labels.ts';

const ROW = 48;
/** The list's height at most; a flight's few hundred bags scroll inside it, only the visible rows drawn. */
const MAX_HEIGHT = 560;

interface RowProps {
  bags: Baggage[];
  selected: readonly number[];
  directory: Directory;
  disabled: boolean;
  onToggle: (id: number) => void;
}

function BagRow({
  index,
  style,
  bags,
  selected,
  directory,
  disabled,
  onToggle,
}: RowComponentProps<RowProps>) {
  const bag = bags[index];
  const chosen = selected.includes(bag.id);
  const minor = bag.minorBaggage.map((piece) => piece.tag).join(', ');
  // A long route is cut to the cell; the tooltip has all of it.
  const route = routeText(bag.baggageRoute, directory);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={chosen}
      className={`rush-bags__row${bag.status === 'mishandled' ? ' is-mishandled' : ''}${chosen ? ' is-chosen' : ''}`}
      style={style}
    >
      <span role="gridcell" className="rush-bags__check">
        <input
          type="checkbox"
          aria-label={`Выбрать багаж ${bag.tag}`}
          checked={chosen}
          disabled={disabled}
          onChange={() => onToggle(bag.id)}
        />
      </span>
      <span role="gridcell" className="rush-bags__tag">
        {bag.tag}
      </span>
      <span role="gridcell" className="rush-bags__name">
        {bag.name}
      </span>
      <span role="gridcell" className="rush-bags__route" title={route}>
        {route}
      </span>
      <span role="gridcell" className="rush-bags__minor" title={minor}>
        {bag.minorBaggage.length > 0 ? `+${bag.minorBaggage.length}: ${minor}` : '—'}
      </span>
      <span role="gridcell" className="rush-bags__status">
        <span className={`rush-status rush-status--${bag.status}`}>{STATUS_TEXT[bag.status]}</span>
        {bag.new_tag ? <span className="rush-bags__new-tag">{bag.new_tag}</span> : null}
      </span>
    </div>
  );
}

/**
 * The flight's bags, mishandled first as the server sorts them and marked red; a tick chooses a major bag for the
 * rush (its minor pieces go with it and can be left out in the modal). Virtualised: only visible rows are drawn.
 */
export function BagList(props: RowProps) {
  const { bags } = props;
  if (bags.length === 0) return <p className="rush-bags__empty">На рейсе нет багажа</p>;
  const height = Math.min(bags.length * ROW, MAX_HEIGHT);
  return (
    <div role="grid" aria-label="Багаж рейса" aria-rowcount={bags.length + 1} className="rush-bags">
      <div role="row" aria-rowindex={1} className="rush-bags__row rush-bags__head">
        <span role="columnheader" className="rush-bags__check" />
        <span role="columnheader" className="rush-bags__tag">
          Бирка
        </span>
        <span role="columnheader" className="rush-bags__name">
          Пассажир
        </span>
        <span role="columnheader" className="rush-bags__route">
          Маршрут
        </span>
        <span role="columnheader" className="rush-bags__minor">
          Доп. места
        </span>
        <span role="columnheader" className="rush-bags__status">
          Статус
        </span>
      </div>
      <List
        role="rowgroup"
        rowComponent={BagRow}
        rowCount={bags.length}
        rowHeight={ROW}
        rowProps={props}
        defaultHeight={height}
        style={{ height }}
      />
    </div>
  );
}
