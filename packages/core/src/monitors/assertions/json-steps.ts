import type { JSONValue } from 'json-p3';

/**
 * A step count for JSONPath queries: the parsed document is handed to json-p3 behind proxies
 * that charge one step for every member or element read (and one per key listed), and match()
 * and search() charge their input's length; a query that goes past its steps throws
 * JsonStepsExceeded, which the judge names. json-p3 has no hook of its own for this (its
 * `entries` hook sees objects only, never array elements). Outside withJsonSteps nothing is
 * limited (the judge reads selected values freely).
 */

export class JsonStepsExceeded extends Error {
  constructor(readonly steps: number) {
    super(`the JSONPath query read more than ${steps} values`);
    this.name = 'JsonStepsExceeded';
  }
}

const budget = { limit: Infinity, used: 0 };

/** Charges `n` steps to the query running (if any). */
export function chargeJsonSteps(n: number): void {
  budget.used += n;
  if (budget.used > budget.limit) throw new JsonStepsExceeded(budget.limit);
}

/** Runs `work` with at most `limit` steps. */
export function withJsonSteps<T>(limit: number, work: () => T): T {
  const outer = { ...budget };
  budget.limit = limit;
  budget.used = 0;
  try {
    return work();
  } finally {
    budget.limit = outer.limit;
    budget.used = outer.used;
  }
}

const counting: ProxyHandler<object> = {
  get(target, key) {
    if (typeof key === 'string' && key !== 'length' && Object.hasOwn(target, key)) chargeJsonSteps(1);
    return Reflect.get(target, key);
  },
  ownKeys(target) {
    const keys = Reflect.ownKeys(target);
    chargeJsonSteps(keys.length);
    return keys;
  },
};

/**
 * The document as json-p3 should see it: every array and object (the root's descendants
 * replaced in place, the document is the caller's own fresh parse) behind a counting proxy.
 */
export function countedDocument(doc: JSONValue): JSONValue {
  if (doc === null || typeof doc !== 'object') return doc;
  const stack: JSONValue[] = [doc];
  for (let container = stack.pop(); container !== undefined; container = stack.pop()) {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const child = container[i];
        if (child !== null && typeof child === 'object') {
          stack.push(child);
          container[i] = new Proxy<typeof child>(child, counting);
        }
      }
    } else if (container !== null && typeof container === 'object') {
      for (const [key, child] of Object.entries(container)) {
        if (child !== null && typeof child === 'object') {
          stack.push(child);
          container[key] = new Proxy<typeof child>(child, counting);
        }
      }
    }
  }
  return new Proxy<typeof doc>(doc, counting);
}
