// The learner's own attendance history: the classes they joined through the portal, newest
// first, paged on the server.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { queryErrorMessage } from '../../store/api';
import { useMyAttendanceQuery } from './liveClassesEndpoints';
import { MY_ATTENDANCE_PAGE_SIZE } from './liveClassesUrls';
import { startText } from './liveClassTime';
import type { MyAttendanceRow } from './liveClassesTypes';

const COLUMNS: RecordColumn<MyAttendanceRow>[] = [
  { header: 'Class', cell: (row) => row.class.name },
  { header: 'Started', cell: (row) => startText(row.class.date) },
  { header: 'Duration', cell: (row) => `${row.class.duration_minutes} min` },
  { header: 'You joined', cell: (row) => startText(row.joinedAt) },
];

export function MyAttendance() {
  const [page, setPage] = useState(1);
  const history = useMyAttendanceQuery(page);
  const error = history.isError
    ? queryErrorMessage(history.error, 'Your attendance could not be loaded.')
    : null;
  return (
    <Box component="section" aria-label="My attendance">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        My attendance
      </Typography>
      <RecordTable
        name="My attendance"
        records={recordsOf(history, error)}
        columns={COLUMNS}
        rowKey={(row) => `${row.class.documentId}-${row.joinedAt}`}
        empty={{
          title: 'No classes attended yet',
          description: 'Classes you join from the portal are listed here.',
        }}
        page={page}
        pageSize={MY_ATTENDANCE_PAGE_SIZE}
        onPage={setPage}
      />
    </Box>
  );
}
