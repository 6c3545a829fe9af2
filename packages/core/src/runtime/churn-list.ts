interface Link<T> {
  value: T;
  prev: Link<T> | null;
  next: Link<T> | null;
}

/**
 * A list for entries that come and go at request rate in an object that lives for the whole
 * process (a listener per request in flight, a waiting request): O(1) add, remove and shift, in
 * insertion order, and a removed entry is referenced by nothing.
 *
 * Why not a Set or a Map: every add takes a new slot of the ordered hash table, so one that
 * churns is rebuilt every few hundred adds, and V8 links each obsolete table to its successor.
 * Once one of them sits in the old generation (the table outlived two scavenges), that dead
 * table keeps every later one, and every entry they held, alive through each scavenge until the
 * next full GC: every request's objects were promoted, and the API spent its time in
 * 10 ms scavenges and 30 ms mark-compacts (docs/decisions.md, "Per-request objects
 * kept young").
 */
export class ChurnList<T> {
  private head: Link<T> | null = null;
  private tail: Link<T> | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Appends `value`; returns its removal (calls after the first do nothing). */
  add(value: T): () => void {
    const link: Link<T> = { value, prev: this.tail, next: null };
    if (this.tail) this.tail.next = link;
    else this.head = link;
    this.tail = link;
    this.count++;
    return () => this.unlink(link);
  }

  /** Takes out and returns the first value; undefined when empty. */
  shift(): T | undefined {
    const first = this.head;
    if (!first) return undefined;
    this.unlink(first);
    return first.value;
  }

  /** The values now, in insertion order (a copy: the caller may add and remove while it walks them). */
  values(): T[] {
    const values: T[] = [];
    for (let link = this.head; link; link = link.next) values.push(link.value);
    return values;
  }

  private unlink(link: Link<T>): void {
    // Removed already (by its handle or by shift): a linked link has a predecessor or is the head.
    if (link.prev === null && this.head !== link) return;
    if (link.prev) link.prev.next = link.next;
    else this.head = link.next;
    if (link.next) link.next.prev = link.prev;
    else this.tail = link.prev;
    // A removed link points at nothing, whatever generation it ends up in.
    link.prev = null;
    link.next = null;
    this.count--;
  }
}
