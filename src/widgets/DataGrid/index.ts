export type { GridAction, LoadPage, LoadPageParams, LoadPageResult } from '../../machines/grid.ts';
export type { FilterType } from '../../machines/gridQuery.ts';
export {
  type CreateLoadPageOptions,
  createLoadPage,
  defaultFilterParam,
  type FilterParam,
  listQuery,
  readPagination,
} from './createLoadPage.ts';
export { DataGrid, type DataGridProps, DataGridView, type DataGridViewProps } from './DataGrid.tsx';
export { ALL_ROWS, PaginationControl, PaginationHeader } from './Pagination.tsx';
export type { CellKind, GridColumn } from './types.ts';
export { type GridActorRef, useGridActor } from './useGridActor.ts';
