/**
 * The replies of an ioredis pipeline or transaction, or the first command's error thrown (ioredis
 * reports errors per command and resolves `null` when a transaction was discarded).
 */
export function pipelineReplies(replies: [Error | null, unknown][] | null): [Error | null, unknown][] {
  const failed = (replies ?? []).find(([err]) => err);
  if (failed?.[0]) throw failed[0];
  return replies ?? [];
}
