import { factories } from '@strapi/strapi';
import type { CourseService } from '../services/course';

export default factories.createCoreController('api::course.course', ({ strapi }) => ({
  /** GET /api/course-names → { data: [{ documentId, course_name }] } */
  async names() {
    const service = strapi.service('api::course.course') as unknown as CourseService;
    return { data: await service.publicNames() };
  },
}));
