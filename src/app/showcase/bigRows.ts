import type { LoadPage } from '../../widgets/index.ts';

/** One generated row of the 50,000-row demo. */
export interface BigRow {
  id: number;
  flight: string;
  stand: string;
  tasks: number;
  late: boolean;
}

const CARRIERS = ['SU', 'FV', 'DP', 'S7', 'U6', 'UT', 'TK', 'EK'];

/** Deterministic demo rows: `bigRows(2)[1].flight` is 'FV 1002'. */
export function bigRows(count: number): BigRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    flight: `${CARRIERS[index % CARRIERS.length]} ${1000 + (index % 9000)}`,
    stand: `М${(index * 7) % 60}`,
    tasks: (index * 13) % 40,
    late: index % 11 === 0,
  }));
}

/** A loadPage over rows in memory, sorting and filtering like a server: `memoryLoadPage(bigRows(100))`. */
export function memoryLoadPage(rows: readonly BigRow[]): LoadPage<BigRow> {
  return async (params) => {
    let result = rows.filter((row) =>
      Object.entries(params.filters).every(([key, value]) =>
        String(row[key as keyof BigRow])
          .toLocaleLowerCase('ru')
          .includes(value.toLocaleLowerCase('ru')),
      ),
    );
    if (params.sort) {
      const desc = params.sort.startsWith('-');
      const key = (desc ? params.sort.slice(1) : params.sort) as keyof BigRow;
      result = [...result].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (desc ? -1 : 1));
    }
    const pageCount = Math.max(1, Math.ceil(result.length / params.perPage));
    const page = Math.min(params.page, pageCount);
    const start = (page - 1) * params.perPage;
    return {
      items: result.slice(start, start + params.perPage),
      totalCount: result.length,
      pageCount,
      currentPage: page,
      perPage: params.perPage,
    };
  };
}
