import { PAGE_CONCURRENCY, readEveryPage, type ListPage } from "@/lib/queries/read-every-page";

interface Row {
  id: string;
}

/** A paged list of `total` rows, `pageSize` a page, answering after a short wait; `failPage` answers with an error. */
function pagedList(total: number, pageSize: number, { failPage = 0 } = {}) {
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const readPage = async (page: number): Promise<ListPage<Row>> => {
    asked.push(page);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight -= 1;
    if (page === failPage) throw new Error(`page ${page} failed`);
    const first = (page - 1) * pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => ({ id: `r${first + i}` }));
    return { items, totalPages: Math.ceil(total / pageSize) };
  };
  return { readPage, asked, maxInFlight: () => maxInFlight };
}

const ids = (count: number) => Array.from({ length: count }, (_, n) => `r${n}`);

describe("readEveryPage (the exports' reading of a whole list)", () => {
  it("reads pages 1 through the given count, a few at a time, and returns the rows in page order", async () => {
    const list = pagedList(1_050, 100);
    const progress: string[] = [];
    const rows = await readEveryPage({ readPage: list.readPage, pageCount: 11, onProgress: (done, of) => progress.push(`${done}/${of}`) });
    expect(rows.map((row) => row.id)).toEqual(ids(1_050));
    expect([...list.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(list.maxInFlight()).toBeGreaterThan(1);
    expect(list.maxInFlight()).toBeLessThanOrEqual(PAGE_CONCURRENCY);
    expect(progress[0]).toBe("0/11");
    expect(progress.at(-1)).toBe("11/11");
    expect(progress).toHaveLength(12);
  });

  it("reads nothing for a page count of 0", async () => {
    const list = pagedList(0, 100);
    expect(await readEveryPage({ readPage: list.readPage, pageCount: 0 })).toEqual([]);
    expect(list.asked).toEqual([]);
  });

  it("without a page count, reads page 1 first and then the pages it tells of", async () => {
    const list = pagedList(1_203, 500);
    const progress: string[] = [];
    const rows = await readEveryPage({ readPage: list.readPage, onProgress: (done, of) => progress.push(`${done}/${of}`) });
    expect(rows.map((row) => row.id)).toEqual(ids(1_203));
    expect(list.asked).toEqual([1, 2, 3]);
    expect(progress).toEqual(["1/3", "2/3", "3/3"]);
  });

  it("without a page count, an empty list is its first page", async () => {
    const list = pagedList(0, 500);
    expect(await readEveryPage({ readPage: list.readPage })).toEqual([]);
    expect(list.asked).toEqual([1]);
  });

  it("keeps the first row of an id that moved onto the next page while the pages were read", async () => {
    const pages: Row[][] = [
      [{ id: "a" }, { id: "b" }],
      [{ id: "b" }, { id: "c" }],
    ];
    const rows = await readEveryPage({ readPage: async (page) => ({ items: pages[page - 1], totalPages: 2 }), pageCount: 2 });
    expect(rows).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
  });

  it("fails with the first failed call and starts no further call", async () => {
    const list = pagedList(5_000, 100, { failPage: 2 });
    await expect(readEveryPage({ readPage: list.readPage, pageCount: 50 })).rejects.toThrow("page 2 failed");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(Math.max(...list.asked)).toBeLessThanOrEqual(2 + PAGE_CONCURRENCY);
  });
});
