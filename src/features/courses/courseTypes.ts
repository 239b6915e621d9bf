// The course area's records as the server answers them (Strapi 5 flat records).
import type { MediaFile } from '../media';

export interface Ref {
  id: number;
  documentId: string;
}

export interface TestCategory extends Ref {
  CategoryName: string;
}

export interface TestLanguage extends Ref {
  LanguageName: string;
}

export interface YoutubeVideo extends Ref {
  title: string;
  url: string;
}

export interface Topic extends Ref {
  topic_name: string;
  topic_description?: string | null;
  topic_material?: MediaFile[] | null;
  youtube_videos?: YoutubeVideo[] | null;
}

export interface Subject extends Ref {
  SubjectName: string;
  subject_code?: string | null;
  topics?: Topic[] | null;
  createdAt?: string;
}

export interface BatchRef extends Ref {
  Batch: string;
  batch_start_date?: string | null;
  batch_end_date?: string | null;
}

export interface FacultyRef extends Ref {
  FacultyName: string;
}

export interface StudentRef extends Ref {
  StudentName: string;
  student_email?: string | null;
  Roll_Number?: string | null;
}

export interface TestRef extends Ref {
  TestName: string;
  ValidFrom?: string | null;
  ValidTo?: string | null;
}

export interface AssignmentRef extends Ref {
  assignment_name: string;
  assignment_submission_date?: string | null;
}

/** A course as the list shows it. */
export interface Course extends Ref {
  course_name: string;
  course_description?: string | null;
  course_outcome?: string | null;
  course_requirements?: string | null;
  is_public?: boolean | null;
  is_active?: boolean | null;
  course_image?: MediaFile | null;
  test_category?: TestCategory | null;
  createdAt?: string;
}

/** A course with the relations its page shows (hidden ones are absent for learners). */
export interface CourseDetail extends Course {
  test_language?: TestLanguage | null;
  subjects?: Subject[] | null;
  batches?: BatchRef[] | null;
  faculties?: FacultyRef[] | null;
  students?: StudentRef[] | null;
  tests?: TestRef[] | null;
  assignments?: AssignmentRef[] | null;
}

/** What a create or update sends (relations by documentId, the image by file id). */
export interface CoursePayload {
  course_name: string;
  course_description: string;
  course_outcome: string;
  course_requirements: string;
  is_public: boolean;
  is_active: boolean;
  course_image: number | null;
  test_category: string | null;
  test_language: string | null;
  subjects: string[];
  batches: string[];
  students: string[];
  faculties: string[];
}

export interface CourseContent extends Ref {
  description?: string | null;
  subject?: Ref | null;
  topic?: (Ref & { topic_name?: string }) | null;
  topic_materials?: MediaFile[] | null;
  youtube_videos?: YoutubeVideo[] | null;
}

export interface CourseContentPayload {
  course: string;
  subject: string;
  topic: string | null;
  description: string;
  topic_materials: number[];
  youtube_videos: string[];
}

export interface SubjectPayload {
  SubjectName: string;
  subject_code: string;
}

export interface TopicCreatePayload {
  topic_name: string;
  topic_description: string;
  subject: string;
  topic_material: number[];
}

export interface TopicUpdatePayload {
  topic_name?: string;
  topic_description?: string;
  topic_material?: number[];
  youtube_videos?: string[];
}

export interface VideoPayload {
  title: string;
  url: string;
}
