// /live-classes for staff: the classes they may see, paged and searched by name on the server,
// in Upcoming and Past tabs; schedule, edit and cancel (with a confirmation); each class links
// to its attendance.
import { lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { liveClassPaths } from '../../lib/paths';
import { useAppDispatch } from '../../store/hooks';
import { messageShown } from '../../store/uiSlice';
import { useCancelLiveClassMutation, useLiveClassesPageQuery } from './liveClassesEndpoints';
import { LIVE_CLASSES_PAGE_SIZE } from './liveClassesUrls';
import { startText } from './liveClassTime';
import type { ClassWhen, LiveClass } from './liveClassesTypes';

const LiveClassFormDialog = lazy(() =>
  import('./LiveClassFormDialog').then((module) => ({ default: module.LiveClassFormDialog })),
);

function audienceOf(item: LiveClass): string {
  if (item.is_public) return 'Public';
  const batches = item.batches.map((batch) => batch.Batch).join(', ');
  return [item.course?.course_name, batches].filter(Boolean).join(' · ') || '—';
}

/** Staff open an upcoming class themselves: Zoom's room (hosting when they can) or the link. */
function roomLink(item: LiveClass, when: ClassWhen) {
  if (item.cancelled || when !== 'upcoming') return null;
  const href = item.provider === 'zoom' ? liveClassPaths.room(item.documentId) : item.join_url;
  if (!href) return null;
  return (
    <Button
      size="small"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${item.name}`}
    >
      Open
    </Button>
  );
}

const COLUMNS: RecordColumn<LiveClass>[] = [
  { header: 'Name', cell: (item) => item.name },
  { header: 'Starts', cell: (item) => startText(item.date) },
  { header: 'Duration', cell: (item) => `${item.duration_minutes} min` },
  { header: 'For', cell: audienceOf },
  { header: 'Held over', cell: (item) => (item.provider === 'zoom' ? 'Zoom' : 'Join link') },
  {
    header: 'Status',
    cell: (item) =>
      item.cancelled ? (
        <Chip size="small" color="warning" label="Cancelled" />
      ) : (
        <Chip size="small" variant="outlined" label="Scheduled" />
      ),
  },
];

export function StaffLiveClasses() {
  const dispatch = useAppDispatch();
  const search = useListSearch();
  const [when, setWhen] = useState<ClassWhen>('upcoming');
  // The tabs split at the moment the screen opened, so paging does not shift under the reader.
  const [now] = useState(() => new Date().toISOString());
  const [cancelling, setCancelling] = useState<LiveClass | null>(null);
  const list = useLiveClassesPageQuery({ search: search.search, when, page: search.page, now });
  const [cancelLiveClass] = useCancelLiveClassMutation();
  const say = (text: string) => dispatch(messageShown({ kind: 'success', text }));

  return (
    <RecordListPage
      title="Live classes"
      query={list}
      retry
      search={search}
      searchLabel="Search classes"
      searchHelp="Name contains"
      filters={
        <Tabs
          value={when}
          onChange={(_event, value: ClassWhen) => {
            setWhen(value);
            search.setPage(1);
          }}
          aria-label="When"
        >
          <Tab value="upcoming" label="Upcoming" />
          <Tab value="past" label="Past" />
        </Tabs>
      }
      columns={COLUMNS}
      rowKey={(item) => item.documentId}
      noun="live class"
      nameOf={(item) => item.name}
      empty={{
        title: search.search
          ? 'No class matches'
          : when === 'upcoming'
            ? 'No upcoming classes'
            : 'No past classes',
        description: search.search ? 'Try another name.' : 'Schedule one with New live class.',
      }}
      pageSize={LIVE_CLASSES_PAGE_SIZE}
      form={(record, close) => (
        <LiveClassFormDialog
          record={record}
          onClose={close}
          onSaved={() => say(record ? 'Class saved.' : 'Class scheduled.')}
        />
      )}
      rowActions={(item, standard) => (
        <>
          <Button
            size="small"
            component={RouterLink}
            to={liveClassPaths.attendance(item.documentId)}
            aria-label={`Attendance of ${item.name}`}
          >
            Attendance
          </Button>
          {roomLink(item, when)}
          {item.cancelled ? null : standard.edit}
          {item.cancelled ? null : (
            <Button
              size="small"
              color="error"
              onClick={() => setCancelling(item)}
              aria-label={`Cancel live class ${item.name}`}
            >
              Cancel
            </Button>
          )}
        </>
      )}
      dialogs={
        <ConfirmDialog
          open={cancelling !== null}
          title="Cancel this class?"
          message={
            cancelling
              ? `"${cancelling.name}" stays listed as cancelled; learners can no longer join it.`
              : ''
          }
          confirmLabel="Cancel class"
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            if (!cancelling) return;
            await cancelLiveClass(cancelling.documentId).unwrap();
            say('Class cancelled.');
          }}
        />
      }
    />
  );
}
