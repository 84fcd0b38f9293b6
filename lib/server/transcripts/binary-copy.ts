import "server-only";

// Rows in PostgreSQL's binary COPY format (COPY ... FROM STDIN (FORMAT binary)), for writing the
// rows of new transcripts: the server reads them without parsing a statement or converting a
// parameter from text, and inserts them in blocks rather than one by one. Each value is written in
// its column type's binary form, which must match the column exactly (text, int4, int8, int4[] and
// timestamp without time zone here). The rows are sent in chunks as they are written, so that the
// server inserts the first ones while the rest are still being written.

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
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private length = 0;

  constructor() {
    this.bytes(SIGNATURE);
    this.int32(0); // flags
    this.int32(0); // header extension length
  }

  /** A chunk's worth of rows is written. */
  get full(): boolean {
    return this.length >= CHUNK_BYTES;
  }

  /** The bytes written since the last take; the next rows are written into a new buffer. */
  take(): Buffer {
    const taken = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    this.length = 0;
    return taken;
  }

  /** Starts a row of `fields` values, each written next by one of the methods below. */
  row(fields: number): this {
    this.reserve(2);
    this.length = this.buffer.writeInt16BE(fields, this.length);
    return this;
  }

  text(value: string | Uint8Array | null): this {
    if (value === null) return this.null();
    if (typeof value !== "string") {
      this.int32(value.byteLength);
      return this.bytes(value);
    }
    // Written first and measured after: a UTF-8 character takes at most three bytes per UTF-16 unit.
    this.reserve(4 + value.length * 3);
    const written = this.buffer.write(value, this.length + 4, "utf8");
    this.buffer.writeInt32BE(written, this.length);
    this.length += 4 + written;
    return this;
  }

  integer(value: number | null): this {
    if (value === null) return this.null();
    this.int32(4);
    return this.int32(value);
  }

  bigint(value: number | bigint): this {
    this.int32(8);
    this.reserve(8);
    this.length = this.buffer.writeBigInt64BE(typeof value === "bigint" ? value : BigInt(value), this.length);
    return this;
  }

  /** A `timestamp` column holding the UTC time of `value` (as Prisma writes DateTime). */
  timestamp(value: Date): this {
    this.int32(8);
    this.reserve(8);
    this.length = this.buffer.writeBigInt64BE(BigInt(value.getTime() - POSTGRES_EPOCH_MS) * 1000n, this.length);
    return this;
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
    this.reserve(values.length * 8);
    let at = this.length;
    for (const value of values) {
      at = this.buffer.writeInt32BE(4, at);
      at = this.buffer.writeInt32BE(value, at);
    }
    this.length = at;
    return this;
  }

  /** The last bytes written, followed by the format's trailer: nothing is written after it. */
  finish(): Buffer {
    this.reserve(2);
    this.length = this.buffer.writeInt16BE(-1, this.length);
    return this.buffer.subarray(0, this.length);
  }

  private null(): this {
    return this.int32(-1);
  }

  private int32(value: number): this {
    this.reserve(4);
    this.length = this.buffer.writeInt32BE(value, this.length);
    return this;
  }

  private bytes(value: Uint8Array): this {
    this.reserve(value.byteLength);
    this.buffer.set(value, this.length);
    this.length += value.byteLength;
    return this;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
