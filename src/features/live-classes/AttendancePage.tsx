// /live-classes/:documentId/attendance (staff): the learners of the class's batches (or its
// course), present or absent, with the counts; Export downloads the sheet as xlsx.

import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RecordTable, type RecordColumn } from '../../components/data/RecordTable';
import { PageContainer } from '../../components/layout/PageContainer';
import { paths } from '../../lib/paths';

import { queryErrorMessage } from '../../store/api';
import { useFileExport } from '../../components/data/useFileExport';
import { useClassAttendanceQuery } from './liveClassesEndpoints';
import { fileNameOf, liveClassesUrls } from './liveClassesUrls';
import { startText } from './liveClassTime';
import type { AttendanceRow } from './liveClassesTypes';

const COLUMNS: RecordColumn<AttendanceRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email || '—' },
  { header: 'Roll number', cell: (row) => row.rollNumber ?? '—' },
  {
    header: 'Attendance',
    cell: (row) =>
      row.present ? (
        <Chip size="small" color="success" label="Present" />
      ) : (
        <Chip size="small" variant="outlined" label="Absent" />
      ),
  },
  {
    header: 'First joined',
    cell: (row) => (row.firstJoinedAt ? startText(row.firstJoinedAt) : '—'),
  },
  { header: 'Joins', cell: (row) => row.joins, align: 'right' },
];

export function AttendancePage() {
  const { documentId = '' } = useParams();
  const sheet = useClassAttendanceQuery(documentId);
  const exporter = useFileExport('The attendance could not be exported.');
  const data = sheet.data?.class.documentId === documentId ? sheet.data : undefined;
  const error = sheet.isError
    ? queryErrorMessage(sheet.error, 'The attendance could not be loaded.')
    : null;
  const rows = data?.rows ?? [];

  const runExport = () => {
    if (!data) return;
    void exporter.run(
      { url: liveClassesUrls.attendanceExport(documentId) },
      fileNameOf(data.class.name, 'xlsx', 'attendance-'),
    );
  };

  return (
    <PageContainer
      title={data ? `Attendance: ${data.class.name}` : 'Attendance'}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.liveClasses}>
            All live classes
          </Button>
          <Button variant="outlined" onClick={runExport} disabled={!data || exporter.running}>
            {exporter.running ? 'Exporting…' : 'Export to xlsx'}
          </Button>
        </Stack>
      }
    >
      {data ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          flexWrap="wrap"
          sx={{ mb: 2, alignItems: 'center' }}
        >
          <Typography variant="body2" sx={{ mr: 1 }}>
            {startText(data.class.date)}
          </Typography>
          <Chip color="success" label={`Present ${data.counts.present}`} />
          <Chip variant="outlined" label={`Absent ${data.counts.absent}`} />
          <Chip variant="outlined" label={`Total ${data.counts.total}`} />
        </Stack>
      ) : null}
      {exporter.errorAlert}
      <RecordTable
        name="Attendance"
        records={{
          rows,
          loading: sheet.isFetching,
          loaded: sheet.isSuccess,
          hasData: data !== undefined,
          error,
          total: rows.length,
        }}
        columns={COLUMNS}
        rowKey={(row) => row.studentDocumentId}
        empty={{
          title: 'No learners for this class',
          description: 'The class has no batch or course learners yet.',
        }}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPage={() => undefined}
      />
    </PageContainer>
  );
}
