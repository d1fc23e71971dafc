// biome-ignore-all lint/a11y/useSemanticElements: a virtualised body is absolutely positioned divs, so the table is built from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are read, not operated
import { List, type RowComponentProps } from 'react-window';
import type { DemandResult } from './api.ts';
import { formatMinute } from './format.ts';

const ROW_HEIGHT = 28;
/** Room for a slot's 'DD.MM.YYYY HH:mm' (spec 9's displayed date). */
const TIME_WIDTH = 136;
const CELL_WIDTH = 96;

interface RowProps {
  demand: DemandResult;
}

function DemandRow({ index, style, demand }: RowComponentProps<RowProps>) {
  const minute = demand.from + index * demand.step;
  return (
    <div role="row" style={style} className="staff-planning-grid__row">
      <span role="rowheader" className="staff-planning-grid__time" style={{ width: TIME_WIDTH }}>
        {formatMinute(minute)}
      </span>
      <span role="cell" className="staff-planning-grid__cell is-total" style={{ width: CELL_WIDTH }}>
        {demand.total[index]}
      </span>
      {demand.series.map((series) => (
        <span key={series.id} role="cell" className="staff-planning-grid__cell" style={{ width: CELL_WIDTH }}>
          {series.values[index] || ''}
        </span>
      ))}
    </div>
  );
}

/** Demand per slot (rows) and position or resource type (columns), virtualised by react-window. */
export function DemandGrid({ demand, itemWord }: { demand: DemandResult; itemWord: string }) {
  const width = TIME_WIDTH + CELL_WIDTH * (demand.series.length + 1);
  return (
    <div className="staff-planning-grid" role="table" aria-label={`Потребность по слотам и ${itemWord}`}>
      <div className="staff-planning-grid__scroll">
        <div style={{ width }}>
          <div role="row" aria-rowindex={1} className="staff-planning-grid__row is-head">
            <span role="columnheader" style={{ width: TIME_WIDTH }}>
              Слот
            </span>
            <span role="columnheader" style={{ width: CELL_WIDTH }}>
              Всего
            </span>
            {demand.series.map((series) => (
              <span key={series.id} role="columnheader" title={series.name} style={{ width: CELL_WIDTH }}>
                {series.name}
              </span>
            ))}
          </div>
          <List
            role="rowgroup"
            rowComponent={DemandRow}
            rowProps={{ demand }}
            rowCount={demand.total.length}
            rowHeight={ROW_HEIGHT}
            overscanCount={8}
            style={{ height: 520, width }}
          />
        </div>
      </div>
    </div>
  );
}
