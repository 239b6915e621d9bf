// RecordTable's rows on a phone: one card per record, each column's header beside its value (a
// description list), the row's actions under them. The first column is the card's title.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { RecordColumn } from './RecordTable';

interface RecordCardsProps<T> {
  name: string;
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => string | number;
  actions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
}

export function RecordCards<T>({
  name,
  rows,
  columns,
  rowKey,
  actions,
  onRowClick,
}: RecordCardsProps<T>) {
  return (
    <Box component="ul" aria-label={name} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={rowKey(row)}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          sx={{
            p: 2,
            borderBottom: 1,
            borderColor: 'divider',
            cursor: onRowClick ? 'pointer' : undefined,
          }}
        >
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(7rem, auto) 1fr',
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {columns.map((column, index) => (
              <Box key={column.header ?? index} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
                  {column.header ?? ''}
                </Box>
                <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0 }}>
                  {column.cell(row)}
                </Box>
              </Box>
            ))}
          </Box>
          {actions ? (
            <Box
              sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}
              onClick={onRowClick ? (event) => event.stopPropagation() : undefined}
            >
              {actions(row)}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
