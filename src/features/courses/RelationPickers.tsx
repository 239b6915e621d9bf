// The pickers of the records a course, a test or an assignment is related to (category, language,
// subjects, batches, faculties, learners): each kind's label, its options from the server and the
// words an option shows are said once here, for the course form and the test-authoring forms.
import { useState } from 'react';
import { useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { useStaffingLock } from '../../session/useStaffingLock';
import { optionsOf, pickerProps, type QueryResultLike } from '../../store/queryState';
import type {
  BatchRef,
  FacultyRef,
  Ref,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from './courseTypes';
import {
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestCategoryOptionsQuery,
  useTestLanguageOptionsQuery,
} from './pickListEndpoints';
import { MultiRefPicker, SingleRefPicker } from './RefPicker';

/** One chosen record (or none). */
export interface OnePicked<T> {
  value: T | null;
  onChange: (value: T | null) => void;
}

/** Several chosen records. */
export interface ManyPicked<T> {
  value: T[];
  onChange: (value: T[]) => void;
  helperText?: string;
}

// Stable label functions, so the memoised pickers skip renders of unrelated fields.
const categoryLabel = (item: TestCategory) => item.CategoryName;
const languageLabel = (item: TestLanguage) => item.LanguageName;
const subjectLabel = (item: Subject) => item.SubjectName;
const batchLabel = (item: BatchRef) => item.Batch;
const facultyLabel = (item: FacultyRef) => item.FacultyName;
const studentLabel = (item: StudentRef) =>
  item.student_email ? `${item.StudentName} (${item.student_email})` : item.StudentName;

/** A picker of one record of a kind, fed by the kind's short list. */
function pickerOfOne<T extends Ref>(
  label: string,
  useOptions: () => QueryResultLike<T>,
  labelOf: (item: T) => string,
) {
  return function OnePicker({ value, onChange }: OnePicked<T>) {
    const source = optionsOf(useOptions());
    const picked = { value, onChange, labelOf };
    return <SingleRefPicker label={label} {...pickerProps(source)} {...picked} />;
  };
}

/** A picker of several records of a kind, fed by the kind's short list. */
function pickerOfMany<T extends Ref>(
  label: string,
  useOptions: () => QueryResultLike<T>,
  labelOf: (item: T) => string,
) {
  return function ManyPicker({ value, onChange, helperText }: ManyPicked<T>) {
    const source = optionsOf(useOptions());
    const picked = { value, onChange, labelOf, helperText };
    return <MultiRefPicker label={label} {...pickerProps(source)} {...picked} />;
  };
}

export const CategoryPicker = pickerOfOne('Category', useTestCategoryOptionsQuery, categoryLabel);
export const LanguagePicker = pickerOfOne('Language', useTestLanguageOptionsQuery, languageLabel);
export const SubjectPicker = pickerOfOne('Subject', useSubjectOptionsQuery, subjectLabel);
export const SubjectsPicker = pickerOfMany('Subjects', useSubjectOptionsQuery, subjectLabel);
export const BatchPicker = pickerOfOne('Batch', useBatchOptionsQuery, batchLabel);
export const BatchesPicker = pickerOfMany('Batches', useBatchOptionsQuery, batchLabel);

/** Who teaches: read-only to anyone but an administrator (useStaffingLock). */
export function FacultiesPicker({ value, onChange }: ManyPicked<FacultyRef>) {
  const staffing = useStaffingLock();
  const faculties = optionsOf(useFacultyOptionsQuery());
  return (
    <MultiRefPicker
      label="Faculties"
      {...pickerProps(faculties)}
      value={value}
      onChange={onChange}
      disabled={staffing.locked}
      helperText={staffing.note}
      labelOf={facultyLabel}
    />
  );
}

/** Learners found by a server search once something is typed; the chosen ones stay listed. */
export function LearnersPicker({ value, onChange }: ManyPicked<StudentRef>) {
  const [text, setText] = useState('');
  const search = useSearchTerm(text);
  const found = optionsOf(useStudentSearchQuery(search.term, { skip: search.skip }));
  return (
    <MultiRefPicker
      label="Learners"
      {...pickerProps(found)}
      options={withChosen(value, found.items)}
      value={value}
      onChange={onChange}
      onSearch={setText}
      labelOf={studentLabel}
      helperText="Type part of a name to search."
    />
  );
}
