// What the integrity log records, told to the learner before a start (issue 23): the log never
// fails anyone by itself, but a learner should know what their teachers will see.
import Alert from '@mui/material/Alert';

export function IntegrityNotice({ requireFullscreen }: { requireFullscreen: boolean }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }} aria-label="What is recorded">
      Your teachers see a log of this attempt: switching to another tab or window, copying or
      pasting, going offline and a change of network (IP) address are recorded with the time.
      {requireFullscreen
        ? ' This test is taken in fullscreen: each time you leave fullscreen is recorded too.'
        : ''}{' '}
      Nothing in the log changes your marks by itself.
    </Alert>
  );
}
