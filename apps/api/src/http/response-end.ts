import type { Response } from 'express';

/** What a response runs when it ends: its jobs in the order they were given. */
interface EndJobs {
  /** Run only when the response was sent in full (what a 'finish' listener saw). */
  finished: (() => void)[];
  /** Run in every case: sent in full, or the client left first (what a 'close' listener saw). */
  closed: (() => void)[];
  done: boolean;
}

declare module 'express-serve-static-core' {
  interface Response {
    /** The request's end jobs (whenFinished, whenClosed); one 'close' listener runs them all. */
    vigilEndJobs?: EndJobs;
  }
}

function runEndJobs(this: Response): void {
  const jobs = this.vigilEndJobs;
  if (!jobs || jobs.done) return;
  jobs.done = true;
  // 'close' follows 'finish' (on the next tick) when the response was sent in full.
  if (this.writableFinished) for (const job of jobs.finished) job();
  for (const job of jobs.closed) job();
}

function jobsOf(res: Response): EndJobs {
  let jobs = res.vigilEndJobs;
  if (!jobs) {
    jobs = { finished: [], closed: [], done: false };
    res.vigilEndJobs = jobs;
    res.on('close', runEndJobs);
  }
  return jobs;
}

/**
 * Runs `job` once the response has been sent in full, as a 'finish' listener would (not when the
 * client left first). Every request's end jobs share one 'close' listener instead of one listener
 * (and its once-wrapper) per job. A job given after the response ended runs at once if it was
 * sent in full.
 */
export function whenFinished(res: Response, job: () => void): void {
  if (res.vigilEndJobs?.done || (!res.vigilEndJobs && res.closed)) {
    if (res.writableFinished) job();
    return;
  }
  jobsOf(res).finished.push(job);
}

/**
 * Runs `job` once when the response closes: after it was sent in full, or when the client left
 * first (as a `res.once('close')` listener would). A job given after the response closed runs at
 * once (a listener added then would never have run).
 */
export function whenClosed(res: Response, job: () => void): void {
  if (res.vigilEndJobs?.done || (!res.vigilEndJobs && res.closed)) {
    job();
    return;
  }
  jobsOf(res).closed.push(job);
}
