/**
 * The total of a paged list without counting when the page tells it: a page shorter than the
 * limit that has rows (or is the first) ends the list, so the total is its offset plus its rows.
 * Only a full page, or an empty page past the start, needs the count.
 */
export async function pageTotal(offset: number, limit: number, rowsOnPage: number, count: () => Promise<number>): Promise<number> {
  if (rowsOnPage < limit && (rowsOnPage > 0 || offset === 0)) return offset + rowsOnPage;
  return count();
}
