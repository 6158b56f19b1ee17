import type { Column } from '../lib/csv';
import './data-table.css';

/** The table view of a chart: every value it draws, readable by screen readers and keyboard. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
}) {
  return (
    <div className="data-table" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, columnIndex) => {
                const text = column.format ? column.format(row) : (column.value(row) ?? '—');
                return columnIndex === 0 ? (
                  <th key={column.key} scope="row">
                    {text}
                  </th>
                ) : (
                  <td key={column.key}>{text}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
