import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { optionsOf } from '../../store/queryState';
import { useTestCategoryOptionsQuery } from './pickListEndpoints';

interface CategoryFilterProps {
  selected: string | null;
  onChange: (categoryId: string | null) => void;
}

/** "All" and one chip per test category; the choice is kept per place by the caller. */
export function CategoryFilter({ selected, onChange }: CategoryFilterProps) {
  const { items, status, error } = optionsOf(useTestCategoryOptionsQuery());
  if (status === 'failed') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        The categories could not be loaded: {error}
      </Alert>
    );
  }
  if (status !== 'succeeded') return <Skeleton variant="rounded" height={32} sx={{ mb: 2 }} />;
  if (items.length === 0) return null;
  const chip = (id: string | null, label: string) => (
    <Chip
      key={id ?? 'all'}
      label={label}
      clickable
      color={selected === id ? 'primary' : 'default'}
      variant={selected === id ? 'filled' : 'outlined'}
      aria-pressed={selected === id}
      onClick={() => onChange(id)}
    />
  );
  return (
    <Box
      role="group"
      aria-label="Category"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      {chip(null, 'All categories')}
      {items.map((category) => chip(category.documentId, category.CategoryName))}
    </Box>
  );
}
