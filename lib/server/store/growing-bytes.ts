// Bytes written one after another into a buffer that doubles when it runs out of room: the packed
// sources of a batch handed to the storing thread (packed-batch.ts).

/**
 * Smallest capacity: a buffer of 4 KiB or more has an ArrayBuffer of its own (smaller ones share
 * Node's pool), which a worker's message can transfer.
 */
const MIN_CAPACITY = 4096;

export class GrowingBytes {
  /** The bytes are buffer[0, length); the buffer is replaced when it grows. */
  buffer: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(capacity, MIN_CAPACITY));
  }

  /** Makes room for `bytes` more bytes. */
  reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Appends a string as UTF-8, or bytes as they are, and returns how many bytes it appended. */
  write(value: string | Uint8Array): number {
    // A UTF-8 character takes at most three bytes per UTF-16 unit.
    this.reserve(typeof value === "string" ? value.length * 3 : value.byteLength);
    const written =
      typeof value === "string" ? this.buffer.write(value, this.length) : (this.buffer.set(value, this.length), value.byteLength);
    this.length += written;
    return written;
  }

  /** The bytes written so far, as a view of the buffer. */
  written(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
