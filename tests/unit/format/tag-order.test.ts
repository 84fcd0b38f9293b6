import { compareTags } from "@/lib/format/tag-order";

const tags = (...names: string[]) => names.map((name, index) => ({ id: `t${index}`, name }));

describe("compareTags", () => {
  it("orders by name as people read it, not by character code", () => {
    const sorted = tags("Zahlung", "api", "Bug", "Äpfel", "bug", "sprint 10", "sprint 2").sort(compareTags);
    expect(sorted.map((tag) => tag.name)).toEqual(["Äpfel", "api", "bug", "Bug", "sprint 2", "sprint 10", "Zahlung"]);
  });

  it("keeps names the collator holds equal in the order of their ids", () => {
    expect(
      [
        { id: "b", name: "x" },
        { id: "a", name: "x" },
      ]
        .sort(compareTags)
        .map((tag) => tag.id),
    ).toEqual(["a", "b"]);
  });
});
