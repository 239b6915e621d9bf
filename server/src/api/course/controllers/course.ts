import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import type { CourseService } from '../services/course';

type Context = Parameters<Core.ControllerHandler>[0];

export const COURSE_DELETE_MESSAGE =
  'Courses are not deleted: deactivate the course instead (PUT /api/courses/:documentId { data: { is_active: false } }).';

export default factories.createCoreController('api::course.course', ({ strapi }) => ({
  /** GET /api/course-names → { data: [{ documentId, course_name }] } */
  async names() {
    const service = strapi.service('api::course.course') as unknown as CourseService;
    return { data: await service.publicNames() };
  },

  /** DELETE /api/courses/:documentId → 405: a course is soft-deleted (is_active false). */
  async delete(ctx: Context) {
    ctx.status = 405;
    ctx.set('Allow', 'GET, PUT');
    ctx.body = {
      data: null,
      error: {
        status: 405,
        name: 'MethodNotAllowedError',
        message: COURSE_DELETE_MESSAGE,
        details: {},
      },
    };
  },
}));
