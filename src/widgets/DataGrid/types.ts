import type { ComponentType, ReactNode } from 'react';
import type { FilterType } from '../../machines/gridQuery.ts';
import type { SelectOption } from '../Select/options.ts';

/** Cell kinds of spec 3.3. */
export type CellKind = 'serial' | 'string' | 'number' | 'select' | 'render' | 'icon' | 'renderComponent';

/** A grid column (spec 3.3). `key` is both the row field and the sort and filter key sent to the server. */
export interface GridColumn<T> {
  key: string;
  title: string;
  sortable?: boolean;
  filterable?: boolean;
  filterType?: FilterType;
  /** Options of a select filter; an option's `value` (or id) is what is sent, booleans as 1/0. */
  filterData?: SelectOption[];
  kind?: CellKind;
  /** Width in px; columns without one share the rest (or take 160 px with horizontal scroll). */
  width?: number;
  /** A column without a width: its share of the rest against the others' (default 1; 2 takes twice as much). */
  grow?: number;
  /** Options whose name a `select` cell shows for the row's id. */
  options?: SelectOption[];
  /** Content of a `render` cell. */
  render?: (row: T, index: number) => ReactNode;
  /** Icon of an `icon` cell. */
  icon?: (row: T) => ReactNode;
  /** Component of a `renderComponent` cell. */
  component?: ComponentType<{ row: T; index: number }>;
  align?: 'left' | 'right' | 'center';
  /**
   * 'right' keeps the column at the grid's right edge while the grid scrolls sideways (row actions). Not for a grid
   * with `windowColumns`, which draws only the columns in view.
   */
  pin?: 'right';
}
