import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { queryErrorMessage } from '../../store/api';
import { ListStates } from '../../components/feedback/ListStates';
import { PageContainer } from '../../components/layout/PageContainer';
import { LOGS_PAGE_SIZE, useUploadedLogsQuery } from './diagnosticsEndpoints';
import type { UploadedLog } from './diagnosticsTypes';
import { LogDetailsDialog, sentAt } from './LogDetailsDialog';
import { PageControls } from '../../components/data/PageControls';

/** /diagnostics (administrators): the logs people sent, newest first, paged on the server. */
export function DiagnosticsPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<UploadedLog | null>(null);
  // While another page loads, the one before stays on screen.
  const { data, isFetching, isSuccess, error: failure } = useUploadedLogsQuery(page);
  const logs = data?.data ?? [];
  const error = queryErrorMessage(failure);
  const total = data?.meta.pagination?.total ?? logs.length;

  return (
    <PageContainer title="Diagnostics">
      <ListStates
        count={logs.length}
        loading={isFetching}
        loaded={isSuccess}
        error={error}
        loadingLabel="Loading diagnostics"
        empty={{
          title: 'No diagnostics sent yet',
          description:
            'When someone uses Send diagnostics on their Settings screen, it appears here.',
        }}
      />
      {logs.length > 0 ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Uploaded diagnostics">
              <TableHead>
                <TableRow>
                  <TableCell>Sent</TableCell>
                  <TableCell>User</TableCell>
                  <TableCell>Browser</TableCell>
                  <TableCell>OS</TableCell>
                  <TableCell>Device</TableCell>
                  <TableCell align="right">Details</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {logs.map((log) => {
                  const email = log.users_permissions_user?.email ?? 'unknown user';
                  return (
                    <TableRow
                      key={log.documentId}
                      hover
                      onClick={() => setOpen(log)}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>{sentAt(log)}</TableCell>
                      <TableCell>{email}</TableCell>
                      <TableCell>{log.browser}</TableCell>
                      <TableCell>{log.os}</TableCell>
                      <TableCell>{log.device}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          aria-label={`Open diagnostics from ${email}, sent ${sentAt(log)}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            setOpen(log);
                          }}
                        >
                          Open
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls total={total} page={page} pageSize={LOGS_PAGE_SIZE} onPage={setPage} />
        </Paper>
      ) : null}
      <LogDetailsDialog log={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
