import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useInstitute } from './useInstitute';

/** The sign-in pages' header (issue 24): the institute's logo and name. */
export function InstituteHeader() {
  const institute = useInstitute();
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}
    >
      {institute.logo ? (
        <Box
          component="img"
          src={institute.logo.url}
          alt=""
          sx={{ height: 48, maxWidth: 160, objectFit: 'contain' }}
        />
      ) : null}
      <Typography component="p" variant="h5" color="primary">
        {institute.name}
      </Typography>
    </Box>
  );
}
