import type { Context, JobHandler, JobName } from '@vigil/core';
import { gradeWhatIf } from '../headers/what-if.js';

/** HeaderGrade: what-if grading of headers the API validated; pure, so it never fails. */
export function headerGradeJob(ctx: Context): JobHandler<JobName.HeaderGrade> {
  return (payload) => Promise.resolve(gradeWhatIf(payload, ctx.clock.now()));
}
