// An administrator's marking tools above a Mains work's results (issue 27): the allocation dialog
// and the release check (score distribution, moderation flags) before publishing.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { mainsPaths } from '../../lib/paths';
import type { WorkKind } from '../mains';
import { AllocationDialog } from './AllocationDialog';
import { ReleaseCheck } from './ReleaseCheck';

export function AdminMarking({ kind, documentId }: { kind: WorkKind; documentId: string }) {
  const [allocating, setAllocating] = useState(false);
  const [checking, setChecking] = useState(false);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" onClick={() => setAllocating(true)}>
          Allocate scripts
        </Button>
        <Button variant="outlined" aria-expanded={checking} onClick={() => setChecking((c) => !c)}>
          {checking ? 'Hide release check' : 'Release check'}
        </Button>
        <Button variant="text" component={RouterLink} to={mainsPaths.rechecks}>
          Re-check requests
        </Button>
      </Box>
      {checking ? <ReleaseCheck kind={kind} documentId={documentId} /> : null}
      {allocating ? (
        <AllocationDialog
          kind={kind}
          documentId={documentId}
          onClose={() => setAllocating(false)}
        />
      ) : null}
    </>
  );
}
