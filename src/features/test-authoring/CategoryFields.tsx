// The three category pickers of a test or assignment (category, sub-category, second-level
// sub-category) with the rule that a new sub-category clears the second level.
import { CategoryPicker, SingleRefPicker } from '../courses';
import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import type { TestCategory } from '../courses';
import { useSubCategory2OptionsQuery, useTestSubCategoryOptionsQuery } from './testsEndpoints';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { optionsOf, pickerProps } from '../../store/queryState';
import type { TestSubCategory, TestSubCategory2 } from './testTypes';

// Stable label functions, so the memoised pickers skip renders of unrelated fields.
const subCategoryLabel = (item: TestSubCategory) => item.TestSubCategory;
const subCategory2Label = (item: TestSubCategory2) => item.test_sub_category_2;

interface Categorised {
  test_category?: TestCategory | null;
  test_sub_category?: TestSubCategory | null;
  test_sub_category_2?: TestSubCategory2 | null;
}

export interface CategoryChoice {
  category: TestCategory | null;
  subCategory: TestSubCategory | null;
  subCategory2: TestSubCategory2 | null;
  setCategory: (value: TestCategory | null) => void;
  setSubCategory: (value: TestSubCategory | null) => void;
  setSubCategory2: (value: TestSubCategory2 | null) => void;
  /** The three relations as a save sends them. */
  payload: {
    test_category: string | null;
    test_sub_category: string | null;
    test_sub_category_2: string | null;
  };
}

/** The chosen categories of a form, starting from the record being edited. */
export function useCategoryChoice(record: Categorised | null | undefined): CategoryChoice {
  const [category, setCategory] = useState<TestCategory | null>(record?.test_category ?? null);
  const [subCategory, setSubCategoryOnly] = useState<TestSubCategory | null>(
    record?.test_sub_category ?? null,
  );
  const [subCategory2, setSubCategory2] = useState<TestSubCategory2 | null>(
    record?.test_sub_category_2 ?? null,
  );
  const setSubCategory = useCallback((value: TestSubCategory | null) => {
    setSubCategoryOnly((previous) => {
      if (value?.documentId !== previous?.documentId) setSubCategory2(null);
      return value;
    });
  }, []);
  const payload = useMemo(
    () => ({
      test_category: category?.documentId ?? null,
      test_sub_category: subCategory?.documentId ?? null,
      test_sub_category_2: subCategory2?.documentId ?? null,
    }),
    [category, subCategory, subCategory2],
  );
  return {
    category,
    subCategory,
    subCategory2,
    setCategory,
    setSubCategory,
    setSubCategory2,
    payload,
  };
}

/** The pickers, three columns on wide screens and one on a phone. */
export function CategoryFields({ choice }: { choice: CategoryChoice }) {
  const subCategories = optionsOf(useTestSubCategoryOptionsQuery());
  const subCategoryId = choice.subCategory?.documentId ?? null;
  const secondLevel = optionsOf(useSubCategory2OptionsQuery(subCategoryId ?? skipToken));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
      <CategoryPicker value={choice.category} onChange={choice.setCategory} />
      <SingleRefPicker
        label="Sub-category"
        {...pickerProps(subCategories)}
        value={choice.subCategory}
        onChange={choice.setSubCategory}
        labelOf={subCategoryLabel}
      />
      <SingleRefPicker
        label="Second sub-category"
        {...pickerProps(secondLevel)}
        disabled={!choice.subCategory}
        value={choice.subCategory2}
        onChange={choice.setSubCategory2}
        labelOf={subCategory2Label}
        helperText={choice.subCategory ? undefined : 'Choose a sub-category first.'}
      />
    </Box>
  );
}
