import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UploadedLog } from './diagnosticsTypes';
import { formatDateTime } from '../../lib/dates';

type Row = Record<string, unknown>;

/** The stored logs as rows; a server may keep them as JSON text or as a JSON array. */
function rowsOf(value: unknown): Row[] | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!Array.isArray(parsed)) return null;
  return parsed.filter((item): item is Row => typeof item === 'object' && item !== null);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : JSON.stringify(value);
}

function LogTable({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: Row[] | null;
  columns: [string, string][];
}) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {rows === null || rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None.
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map(([, label]) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                {columns.map(([field]) => (
                  <TableCell key={field} sx={{ wordBreak: 'break-word', verticalAlign: 'top' }}>
                    {text(row[field])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function sentAt(log: UploadedLog): string {
  const when = log.createdAt ?? log.timestamp;
  return when ? formatDateTime(when) : '';
}

/** One uploaded log: who sent it from what, and its console and API logs. */
export function LogDetailsDialog({
  log,
  onClose,
}: {
  log: UploadedLog | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={log !== null} onClose={onClose} fullWidth maxWidth="lg" scroll="paper">
      <DialogTitle>Diagnostics details</DialogTitle>
      <DialogContent dividers>
        {log ? (
          <>
            <Typography variant="body2">
              Sent {sentAt(log)} by {log.users_permissions_user?.email ?? 'unknown user'}
            </Typography>
            <Typography variant="body2">
              {[log.browser, log.os, log.device].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {log.userAgent}
            </Typography>
            <LogTable
              title="Console logs"
              rows={rowsOf(log.consoleLogs)}
              columns={[
                ['timestamp', 'Time'],
                ['level', 'Level'],
                ['message', 'Message'],
              ]}
            />
            <LogTable
              title="API logs"
              rows={rowsOf(log.apiLogs)}
              columns={[
                ['timestamp', 'Time'],
                ['method', 'Method'],
                ['url', 'URL'],
                ['status', 'Status'],
                ['durationMs', 'Duration (ms)'],
              ]}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
