/** Freezes a value through its lists and objects: a remembered answer is shared by every caller that asks for it. */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** Answers kept per remembered function: past this it starts over. */
const MAX_REMEMBERED = 1_000;

/**
 * `compute` remembered by its argument as JSON text, for a check that depends on the entry
 * alone (a document's entries are planned and applied again and again: joi's check of the same
 * entry was most of what a plan spent on it, issue 35). Answers are frozen (shared); errors are
 * not remembered (thrown again each time). Bounded: past MAX_REMEMBERED answers it starts over.
 */
export function rememberedByJson<A, R>(compute: (arg: A) => R): (arg: A) => R {
  const answers = new Map<string, R>();
  return (arg: A) => {
    const key = JSON.stringify(arg);
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = frozen(compute(arg));
    if (answers.size >= MAX_REMEMBERED) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
