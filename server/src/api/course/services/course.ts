import { factories } from '@strapi/strapi';

export interface CourseName {
  documentId: string;
  course_name: string;
}

const service = factories.createCoreService('api::course.course', ({ strapi }) => ({
  /**
   * Public, active courses by name. Goes through the document service, so a signed-in caller's
   * restricted course list (rules.ts) applies here too.
   */
  async publicNames(): Promise<CourseName[]> {
    const rows = await strapi.documents('api::course.course').findMany({
      filters: { is_public: { $eq: true }, is_active: { $eq: true } },
      fields: ['course_name'],
      sort: ['course_name:asc'],
    });
    return rows.map((row) => ({ documentId: row.documentId, course_name: row.course_name ?? '' }));
  },
}));

export interface CourseService {
  publicNames(): Promise<CourseName[]>;
}

export default service;
