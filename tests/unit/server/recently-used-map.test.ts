import { RecentlyUsedMap } from "@/lib/server/recently-used-map";

describe("RecentlyUsedMap", () => {
  it("keeps at most its capacity, forgetting the least recently remembered entry first", () => {
    const map = new RecentlyUsedMap<string, number>(2);
    map.remember("a", 1);
    map.remember("b", 2);
    map.remember("a", 1); // a is now the most recent
    map.remember("c", 3);
    expect(map.size).toBe(2);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(1);
    expect(map.get("c")).toBe(3);
  });

  it("does not count a plain read as a use", () => {
    const map = new RecentlyUsedMap<string, number | null>(2);
    map.remember("a", null);
    map.remember("b", 2);
    expect(map.get("a")).toBeNull();
    map.remember("c", 3);
    expect(map.get("a")).toBeUndefined();
    expect([map.get("b"), map.get("c")]).toEqual([2, 3]);
  });

  it("replaces the value of a key remembered again", () => {
    const map = new RecentlyUsedMap<string, number>(3);
    map.remember("a", 1);
    map.remember("a", 5);
    expect(map.size).toBe(1);
    expect(map.get("a")).toBe(5);
  });
});
