import { createTestContext, type TestContext } from '@vigil/testing';
import { pipelineReplies } from './pipeline-replies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('pipelineReplies', () => {
  it("returns a pipeline's replies in order, and throws the first command's error", async () => {
    const key = `${ctx.config.redisPrefix}:pipeline-replies`;
    expect(pipelineReplies(await ctx.redis.pipeline().sadd(key, 'a', 'b').scard(key).exec())).toEqual([
      [null, 2],
      [null, 2],
    ]);
    // INCR on a set fails (WRONGTYPE) while the other commands succeed.
    await expect(async () => pipelineReplies(await ctx.redis.pipeline().scard(key).incr(key).scard(key).exec())).rejects.toThrow(/WRONGTYPE/);
    expect(pipelineReplies(null)).toEqual([]);
    await ctx.redis.del(key);
  });
});
