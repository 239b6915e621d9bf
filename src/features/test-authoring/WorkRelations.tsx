// The relations of a test or an assignment (course, language, subjects, faculties, batch,
// learners): their state, their pickers (learners and courses by server search) and the part of
// the payload they write. The test and the assignment forms both use them.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { documentIds, useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { optionsOf } from '../../store/queryState';
import { useStaffingLock } from '../../session/useStaffingLock';
import {
  MultiRefPicker,
  SingleRefPicker,
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestLanguageOptionsQuery,
  type BatchRef,
  type FacultyRef,
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

// Stable label functions, so the memoised pickers skip renders of unrelated fields.
const courseLabel = (item: CourseRef) => item.course_name;
const languageLabel = (item: TestLanguage) => item.LanguageName;
const subjectLabel = (item: Subject) => item.SubjectName;
const facultyLabel = (item: FacultyRef) => item.FacultyName;
const batchLabel = (item: BatchRef) => item.Batch;
const studentLabel = (item: StudentRef) =>
  item.student_email ? `${item.StudentName} (${item.student_email})` : item.StudentName;

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** The relations' state, starting from the record being edited (none: a new one). */
export function useWorkRelations(record?: WorkRelationsRecord | null) {
  const [faculties, setFaculties] = useState<FacultyRef[]>(record?.faculties ?? []);
  const [batch, setBatch] = useState<BatchRef | null>(record?.batch ?? null);
  const [students, setStudents] = useState<StudentRef[]>(record?.students ?? []);
  const [language, setLanguage] = useState<TestLanguage | null>(record?.test_language ?? null);
  const [subjects, setSubjects] = useState<Subject[]>(record?.subjects ?? []);
  const [course, setCourse] = useState<CourseRef | null>(record?.course ?? null);
  const [studentText, setStudentText] = useState('');
  const [courseText, setCourseText] = useState('');

  const languages = optionsOf(useTestLanguageOptionsQuery());
  const subjectOptions = optionsOf(useSubjectOptionsQuery());
  const batchOptions = optionsOf(useBatchOptionsQuery());
  const facultyOptions = optionsOf(useFacultyOptionsQuery());
  // Learners by server search once something is typed; courses from the first page on.
  const studentSearch = useSearchTerm(studentText);
  const studentOptions = optionsOf(
    useStudentSearchQuery(studentSearch.term, { skip: studentSearch.skip }),
  );
  const courseSearch = useSearchTerm(courseText, true);
  const courseOptions = optionsOf(
    useCourseSearchQuery(courseSearch.term, { skip: courseSearch.skip }),
  );
  const courseChoices = useMemo(
    () => withChosen(course ? [course] : [], courseOptions.items),
    [course, courseOptions.items],
  );
  const studentChoices = useMemo(
    () => withChosen(students, studentOptions.items),
    [students, studentOptions.items],
  );

  return {
    values: { faculties, batch, students, language, subjects, course },
    set: { setFaculties, setBatch, setStudents, setLanguage, setSubjects, setCourse },
    search: { setStudentText, setCourseText },
    options: {
      languages,
      subjectOptions,
      batchOptions,
      facultyOptions,
      studentOptions,
      courseOptions,
    },
    choices: { courseChoices, studentChoices },
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

/** The relation pickers, in the forms' order. */
export function WorkRelationsFields({ relations }: { relations: WorkRelations }) {
  const staffing = useStaffingLock();
  const { values, set, search, options, choices } = relations;
  return (
    <>
      <Box sx={twoColumns}>
        <SingleRefPicker
          label="Course"
          options={choices.courseChoices}
          loading={options.courseOptions.status === 'loading'}
          error={options.courseOptions.error}
          value={values.course}
          onChange={set.setCourse}
          onSearch={search.setCourseText}
          labelOf={courseLabel}
        />
        <SingleRefPicker
          label="Language"
          options={options.languages.items}
          loading={options.languages.status === 'loading'}
          error={options.languages.error}
          value={values.language}
          onChange={set.setLanguage}
          labelOf={languageLabel}
        />
      </Box>
      <MultiRefPicker
        label="Subjects"
        options={options.subjectOptions.items}
        loading={options.subjectOptions.status === 'loading'}
        error={options.subjectOptions.error}
        value={values.subjects}
        onChange={set.setSubjects}
        labelOf={subjectLabel}
      />
      <MultiRefPicker
        label="Faculties"
        options={options.facultyOptions.items}
        loading={options.facultyOptions.status === 'loading'}
        error={options.facultyOptions.error}
        value={values.faculties}
        onChange={set.setFaculties}
        disabled={staffing.locked}
        helperText={staffing.note}
        labelOf={facultyLabel}
      />
      <SingleRefPicker
        label="Batch"
        options={options.batchOptions.items}
        loading={options.batchOptions.status === 'loading'}
        error={options.batchOptions.error}
        value={values.batch}
        onChange={set.setBatch}
        labelOf={batchLabel}
      />
      <MultiRefPicker
        label="Learners"
        options={choices.studentChoices}
        loading={options.studentOptions.status === 'loading'}
        error={options.studentOptions.error}
        value={values.students}
        onChange={set.setStudents}
        onSearch={search.setStudentText}
        labelOf={studentLabel}
        helperText="Type part of a name to search."
      />
    </>
  );
}
