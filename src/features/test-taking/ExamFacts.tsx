// The learner's exam pages' shared frame: the way back to the tests, a page waiting for its
// record (or saying why it did not come), and facts as a term-and-value grid.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths';
import { useTranslation } from '../../lib/i18n';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';

export function BackToTests() {
  const { t } = useTranslation('exam');
  return (
    <Button component={RouterLink} to={paths.testCorner}>
      {t('common.allTests')}
    </Button>
  );
}

/** While the record loads: a spinner, or the reason it could not be read. */
export function PageWaiting(props: { title: string; error: string | null; loadingLabel: string }) {
  return (
    <PageContainer title={props.title} actions={<BackToTests />}>
      {props.error ? (
        <Alert severity="error">{props.error}</Alert>
      ) : (
        <Spinner label={props.loadingLabel} />
      )}
    </PageContainer>
  );
}

/** A term and its value; `large` for a result's figures. */
export function Fact({ term, value, large }: { term: string; value: string; large?: boolean }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant={large ? 'h6' : 'body1'}
        sx={{ m: 0, fontWeight: large ? undefined : 600 }}
      >
        {value}
      </Typography>
    </Box>
  );
}

interface FactsProps {
  columns: number;
  /** Room below (more follows in the same card). */
  spaced?: boolean;
  children: ReactNode;
}

export function Facts({ columns, spaced = false, children }: FactsProps) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
        m: 0,
        mb: spaced ? 3 : 0,
      }}
    >
      {children}
    </Box>
  );
}
