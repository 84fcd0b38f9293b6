// The search caches (search counts per day, snippets: lib/server/store/search-count-cache.ts,
// search-snippets.ts) are lru-cache instances that stay full under hostile searches: every new
// entry evicts the least recently used one in constant time (the library's linked list), and
// refreshed entries are replaced in place. Speed under churn is measured by the hostile-search
// benchmark (scripts/hostile-load.ts), not here.
import { LRUCache } from "lru-cache";

it("stays within its capacity under churn of new, refreshed and deleted keys", () => {
  const capacity = 1_000;
  const cache = new LRUCache<string, { count: number }>({ max: capacity });
  for (let index = 0; index < 20_000; index++) {
    cache.set(`k${index}`, { count: index });
    if (index % 3 === 0) cache.set(`k${index >> 1}`, { count: index });
    if (index % 5 === 0) cache.delete(`k${index - 7}`);
  }
  expect(cache.size).toBeLessThanOrEqual(capacity);
  expect(cache.get("k19999")).toEqual({ count: 19_999 });
});

it("forgets the least recently used entry first, a read counting as a use", () => {
  const cache = new LRUCache<string, { count: number }>({ max: 2 });
  cache.set("a", { count: 1 });
  cache.set("b", { count: 2 });
  expect(cache.get("a")).toEqual({ count: 1 });
  cache.set("c", { count: 3 });
  expect([...cache.keys()].sort()).toEqual(["a", "c"]);
});
