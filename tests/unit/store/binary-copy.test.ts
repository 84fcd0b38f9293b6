import { binaryCopyChunks, BinaryCopyRows } from "@/lib/server/store/postgres/binary-copy";

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);

/** Big-endian 32-bit integers, as the format writes lengths and int4 values. */
function int32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeInt32BE(value, index * 4));
  return buffer;
}

function int16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeInt16BE(value);
  return buffer;
}

function int64(value: bigint): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigInt64BE(value);
  return buffer;
}

describe("BinaryCopyRows", () => {
  it("starts with the format's header and ends with its trailer", () => {
    expect(new BinaryCopyRows().finish()).toEqual(Buffer.concat([HEADER, int16(-1)]));
  });

  it("writes each value with its length, and null as length -1", () => {
    const rows = new BinaryCopyRows().row(5).integer(7).integer(null).text(null).text("é").text(Buffer.from("ab")).finish();
    expect(rows).toEqual(Buffer.concat([HEADER, int16(5), int32s(4, 7), int32s(-1), int32s(-1), int32s(2), Buffer.from("é"), int32s(2), Buffer.from("ab"), int16(-1)]));
  });

  it("writes bigints and timestamps as 8 bytes, timestamps in microseconds since 2000-01-01 UTC", () => {
    const rows = new BinaryCopyRows().row(4).bigint(-5).bigint(2n ** 62n).timestamp(new Date("2000-01-01T00:00:00.001Z")).timestamp(new Date("1970-01-01T00:00:00Z")).finish();
    expect(rows).toEqual(
      Buffer.concat([HEADER, int16(4), int32s(8), int64(-5n), int32s(8), int64(2n ** 62n), int32s(8), int64(1000n), int32s(8), int64(-946_684_800_000_000n), int16(-1)]),
    );
  });

  it("writes integer arrays with one dimension, or none when empty", () => {
    const rows = new BinaryCopyRows().row(2).integerArray([5, -1]).integerArray([]).finish();
    expect(rows).toEqual(Buffer.concat([HEADER, int16(2), int32s(12 + 8 + 16, 1, 0, 23, 2, 1, 4, 5, 4, -1), int32s(12, 0, 0, 23), int16(-1)]));
  });
});

describe("binaryCopyChunks", () => {
  it("splits the rows into chunks of about a megabyte, the header in the first and the trailer in the last", () => {
    const labels = Array.from({ length: 3000 }, (_, index) => `${index}`.padEnd(1000, "x"));
    const chunks = [...binaryCopyChunks(labels, (rows, label) => rows.row(1).text(label))];
    expect(chunks.length).toBe(3);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(1024 * 1024);
    const whole = new BinaryCopyRows();
    for (const label of labels) whole.row(1).text(label);
    // equals: toEqual compares a megabyte buffer byte by byte for seconds.
    expect(Buffer.concat(chunks).equals(whole.finish())).toBe(true);
  });

  it("writes a row larger than a chunk whole", () => {
    const large = "y".repeat(3 * 1024 * 1024);
    const chunks = [...binaryCopyChunks([large, "z"], (rows, label) => rows.row(1).text(label))];
    expect(Buffer.concat(chunks).equals(Buffer.concat([HEADER, int16(1), int32s(large.length), Buffer.from(large), int16(1), int32s(1), Buffer.from("z"), int16(-1)]))).toBe(true);
  });
});
