/** @jest-environment node */
import { GrowingBytes } from "@/lib/server/store/growing-bytes";

describe("GrowingBytes", () => {
  it("appends strings as UTF-8 and bytes as they are, counting what each appended", () => {
    const bytes = new GrowingBytes(16);
    expect(bytes.write("ab")).toBe(2);
    expect(bytes.write("é😀")).toBe(6);
    expect(bytes.write(Uint8Array.from([1, 2, 3]))).toBe(3);
    expect(bytes.written()).toEqual(Buffer.concat([Buffer.from("abé😀"), Buffer.from([1, 2, 3])]));
  });

  it("keeps what it holds when it grows, in a buffer of its own that a message can move", () => {
    const bytes = new GrowingBytes(0);
    const pieces = Array.from({ length: 50 }, (_, index) => `${index}:${"x".repeat(500)};`);
    for (const piece of pieces) bytes.write(piece);
    expect(bytes.written().toString("utf8")).toBe(pieces.join(""));
    expect(bytes.buffer.byteOffset).toBe(0);
    expect(bytes.buffer.buffer.byteLength).toBe(bytes.buffer.length);
  });
});
