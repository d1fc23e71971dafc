/**
 * A small timeline for component tests: two rows of three bars over a day (minutes from midnight), 15 minutes a
 * slot. A new object each call, so a test may change its copy.
 * Example: `render(<Timeline {...twoRowTimeline()} now={now} />)`.
 */
export const twoRowTimeline = () => ({
  rowCount: 2,
  rowLabel: (row: number) => `Строка ${row + 1}`,
  bars: {
    starts: Float64Array.of(0, 30, 120),
    ends: Float64Array.of(60, 90, 150),
    rows: Int32Array.of(0, 0, 1),
  },
  range: { from: 0, to: 1440 },
  scaleMinutes: 15,
  ariaLabel: 'Задачи',
});
