// The exports' reading of a whole paged list (the transcript exports, and the feedback page's Export
// buttons): pages 1 through the last, a few calls at a time. Rows come back in page
// order, each id once: a row can move onto the next page while the pages are read, when newer rows
// arrive. The first failed call fails the whole read, and no further call starts.
import pLimit from "p-limit";

/** Calls under way at once: a large export neither waits on each page in turn nor crowds the server. */
export const PAGE_CONCURRENCY = 4;

/** What one call of a paged list gives: its rows and how many pages the list has. */
export interface ListPage<T> {
  items: T[];
  totalPages: number;
}

export interface ReadEveryPageOptions<T> {
  /** Reads one page, counted from 1. */
  readPage: (page: number) => Promise<ListPage<T>>;
  /** How many pages there are, when the caller knows; otherwise page 1 is read first and tells. */
  pageCount?: number;
  /** Pages read so far, of how many. */
  onProgress?: (done: number, pageCount: number) => void;
}

export async function readEveryPage<T extends { id: string }>({ readPage, pageCount, onProgress }: ReadEveryPageOptions<T>): Promise<T[]> {
  const pages: T[][] = [];
  let count = pageCount;
  if (count === undefined) {
    const first = await readPage(1);
    pages.push(first.items);
    count = Math.max(1, first.totalPages);
  }
  let done = pages.length;
  onProgress?.(done, count);
  const remaining = Array.from({ length: count - done }, (_, i) => done + i + 1);
  const limit = pLimit({ concurrency: PAGE_CONCURRENCY, rejectOnClear: true });
  try {
    await limit.map(remaining, async (page) => {
      pages[page - 1] = (await readPage(page)).items;
      done += 1;
      onProgress?.(done, count);
    });
  } finally {
    limit.clearQueue();
  }
  return uniqueById(pages.flat());
}

function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
