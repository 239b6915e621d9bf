// Category, sub-category and second sub-category of a list, kept per place in the ui slice. The
// sub-categories load once a category is chosen; the second-level ones once a sub-category is,
// and only those under it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { useTestCategoryOptionsQuery } from '../courses';
import {
  categorySelectionChanged,
  selectCategorySelection,
  type CategoryLevel,
  type CategoryScope,
} from '../../store/uiSlice';
import { useSubCategory2OptionsQuery, useTestSubCategoryOptionsQuery } from './testsEndpoints';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { optionsOf } from '../../store/queryState';

interface TestCategoryFilterProps {
  scope: CategoryScope;
  /** Told after any change (e.g. to go back to page 1). */
  onChange?: () => void;
}

export function TestCategoryFilter({ scope, onChange }: TestCategoryFilterProps) {
  const dispatch = useAppDispatch();
  const selection = useAppSelector(selectCategorySelection(scope));
  const categories = optionsOf(useTestCategoryOptionsQuery());
  const subCategories = optionsOf(
    useTestSubCategoryOptionsQuery(selection.category !== null ? undefined : skipToken),
  );
  const subCategoryId = selection.subCategory;
  const secondLevel = optionsOf(useSubCategory2OptionsQuery(subCategoryId ?? skipToken));

  const change = (level: CategoryLevel) => (value: string) => {
    dispatch(categorySelectionChanged({ scope, level, id: value || null }));
    onChange?.();
  };
  const problem = categories.error ?? subCategories.error ?? secondLevel.error;

  return (
    <Box sx={{ mb: 2 }}>
      <Box
        role="group"
        aria-label="Filter by category"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        <SelectInput
          label="Category"
          value={selection.category ?? ''}
          onChange={change('category')}
          emptyLabel="All categories"
          choices={choicesOf(categories.items, (item) => item.CategoryName)}
        />
        <SelectInput
          label="Sub-category"
          value={selection.subCategory ?? ''}
          onChange={change('subCategory')}
          emptyLabel={selection.category ? 'All sub-categories' : 'Choose a category first'}
          disabled={!selection.category}
          choices={choicesOf(subCategories.items, (item) => item.TestSubCategory)}
        />
        <SelectInput
          label="Second sub-category"
          value={selection.subCategory2 ?? ''}
          onChange={change('subCategory2')}
          emptyLabel={
            selection.subCategory ? 'All second sub-categories' : 'Choose a sub-category first'
          }
          disabled={!selection.subCategory}
          choices={choicesOf(secondLevel.items, (item) => item.test_sub_category_2)}
        />
      </Box>
      {problem ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The filter choices could not be loaded: {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
