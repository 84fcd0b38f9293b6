import "server-only";

// Rows in PostgreSQL's binary COPY format (COPY ... FROM STDIN (FORMAT binary)), for writing the
// rows of new transcripts: the server reads them without parsing a statement or converting a
// parameter from text, and inserts them in blocks rather than one by one. Each value is written in
// its column type's binary form, which must match the column exactly (text, int4, int8, int4[] and
// timestamp without time zone here). The rows are sent in chunks as they are written, so that the
// server inserts the first ones while the rest are still being written.

import { GrowingBytes } from "../growing-bytes";

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** Milliseconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01 (both UTC). */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const INT4_OID = 23;
/** Bytes of rows per chunk sent (at least: the row that reaches it ends the chunk). */
const CHUNK_BYTES = 1024 * 1024;
/** Room for the row that reaches CHUNK_BYTES, so that it seldom makes the buffer grow. */
const BUFFER_BYTES = 2 * CHUNK_BYTES;

/** The COPY data of `items`, one row each as `writeRow` writes it, in chunks. */
export function* binaryCopyChunks<T>(items: Iterable<T>, writeRow: (rows: BinaryCopyRows, item: T) => void): Generator<Buffer> {
  const rows = new BinaryCopyRows();
  for (const item of items) {
    writeRow(rows, item);
    if (rows.full) yield rows.take();
  }
  yield rows.finish();
}

export class BinaryCopyRows {
  private out = new GrowingBytes(BUFFER_BYTES);

  constructor() {
    this.out.write(SIGNATURE);
    this.int32(0); // flags
    this.int32(0); // header extension length
  }

  /** A chunk's worth of rows is written. */
  get full(): boolean {
    return this.out.length >= CHUNK_BYTES;
  }

  /** The bytes written since the last take; the next rows are written into a new buffer. */
  take(): Buffer {
    const taken = this.out.written();
    this.out = new GrowingBytes(BUFFER_BYTES);
    return taken;
  }

  /** Starts a row of `fields` values, each written next by one of the methods below. */
  row(fields: number): this {
    return this.int16(fields);
  }

  text(value: string | Uint8Array | null): this {
    if (value === null) return this.null();
    // The length goes before the value, written once the value's bytes are counted.
    this.out.reserve(4);
    const at = this.out.length;
    this.out.length += 4;
    const written = this.out.write(value); // may move the bytes to a larger buffer
    this.out.buffer.writeInt32BE(written, at);
    return this;
  }

  integer(value: number | null): this {
    if (value === null) return this.null();
    this.int32(4);
    return this.int32(value);
  }

  bigint(value: number | bigint): this {
    return this.int64(typeof value === "bigint" ? value : BigInt(value));
  }

  /** A `timestamp` column holding the UTC time of `value` (as Prisma writes DateTime). */
  timestamp(value: Date): this {
    return this.int64(BigInt(value.getTime() - POSTGRES_EPOCH_MS) * 1000n);
  }

  /** An `integer[]` column: one dimension, no nulls. */
  integerArray(values: readonly number[]): this {
    const dimensions = values.length === 0 ? 0 : 1;
    this.int32(12 + dimensions * 8 + values.length * 8);
    this.int32(dimensions);
    this.int32(0); // no nulls
    this.int32(INT4_OID);
    if (dimensions === 0) return this;
    this.int32(values.length);
    this.int32(1); // lower bound
    this.out.reserve(values.length * 8);
    const { buffer } = this.out;
    let at = this.out.length;
    for (const value of values) {
      at = buffer.writeInt32BE(4, at);
      at = buffer.writeInt32BE(value, at);
    }
    this.out.length = at;
    return this;
  }

  /** The last bytes written, followed by the format's trailer: nothing is written after it. */
  finish(): Buffer {
    return this.int16(-1).out.written();
  }

  private null(): this {
    return this.int32(-1);
  }

  private int16(value: number): this {
    this.out.reserve(2);
    this.out.length = this.out.buffer.writeInt16BE(value, this.out.length);
    return this;
  }

  private int32(value: number): this {
    this.out.reserve(4);
    this.out.length = this.out.buffer.writeInt32BE(value, this.out.length);
    return this;
  }

  /** An 8-byte value with its length. */
  private int64(value: bigint): this {
    this.int32(8);
    this.out.reserve(8);
    this.out.length = this.out.buffer.writeBigInt64BE(value, this.out.length);
    return this;
  }
}
