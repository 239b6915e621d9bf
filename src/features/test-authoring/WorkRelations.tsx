// The relations of a test or an assignment (course, language, subjects, faculties, batch,
// learners): their state, their pickers (learners and courses by server search) and the part of
// the payload they write. The test and the assignment forms both use them.
import { useState } from 'react';
import Box from '@mui/material/Box';
import { documentIds, useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { optionsOf, pickerProps } from '../../store/queryState';
import {
  BatchPicker,
  FacultiesPicker,
  LanguagePicker,
  LearnersPicker,
  SingleRefPicker,
  SubjectsPicker,
  type BatchRef,
  type FacultyRef,
  type OnePicked,
  type StudentRef,
  type Subject,
  type TestLanguage,
} from '../courses';
import { useCourseSearchQuery } from './testsEndpoints';
import type { CourseRef } from './testTypes';

/** The relations a test or an assignment is saved with. */
export interface WorkRelationsRecord {
  faculties?: FacultyRef[] | null;
  batch?: BatchRef | null;
  students?: StudentRef[] | null;
  test_language?: TestLanguage | null;
  subjects?: Subject[] | null;
  course?: CourseRef | null;
}

// A stable label function, so the memoised picker skips renders of unrelated fields.
const courseLabel = (item: CourseRef) => item.course_name;

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** The relations' state, starting from the record being edited (none: a new one). */
export function useWorkRelations(record?: WorkRelationsRecord | null) {
  const [faculties, setFaculties] = useState<FacultyRef[]>(record?.faculties ?? []);
  const [batch, setBatch] = useState<BatchRef | null>(record?.batch ?? null);
  const [students, setStudents] = useState<StudentRef[]>(record?.students ?? []);
  const [language, setLanguage] = useState<TestLanguage | null>(record?.test_language ?? null);
  const [subjects, setSubjects] = useState<Subject[]>(record?.subjects ?? []);
  const [course, setCourse] = useState<CourseRef | null>(record?.course ?? null);

  return {
    values: { faculties, batch, students, language, subjects, course },
    set: { setFaculties, setBatch, setStudents, setLanguage, setSubjects, setCourse },
    /** What the relations add to the save's payload. */
    payload: {
      faculties: documentIds(faculties),
      batch: batch?.documentId ?? null,
      students: documentIds(students),
      test_language: language?.documentId ?? null,
      subjects: documentIds(subjects),
      course: course?.documentId ?? null,
    },
  };
}

export type WorkRelations = ReturnType<typeof useWorkRelations>;

/** The course, found by a server search (the first page shows before any typing). */
export function CoursePicker({
  value,
  onChange,
  label = 'Course',
}: OnePicked<CourseRef> & { label?: string }) {
  const [text, setText] = useState('');
  const search = useSearchTerm(text, true);
  const found = optionsOf(useCourseSearchQuery(search.term, { skip: search.skip }));
  return (
    <SingleRefPicker
      label={label}
      {...pickerProps(found)}
      options={withChosen(value ? [value] : [], found.items)}
      value={value}
      onChange={onChange}
      onSearch={setText}
      labelOf={courseLabel}
    />
  );
}

/** The relation pickers, in the forms' order. */
export function WorkRelationsFields({ relations }: { relations: WorkRelations }) {
  const { values, set } = relations;
  return (
    <>
      <Box sx={twoColumns}>
        <CoursePicker value={values.course} onChange={set.setCourse} />
        <LanguagePicker value={values.language} onChange={set.setLanguage} />
      </Box>
      <SubjectsPicker value={values.subjects} onChange={set.setSubjects} />
      <FacultiesPicker value={values.faculties} onChange={set.setFaculties} />
      <BatchPicker value={values.batch} onChange={set.setBatch} />
      <LearnersPicker value={values.students} onChange={set.setStudents} />
    </>
  );
}
