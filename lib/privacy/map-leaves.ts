// Maps every string, number and other leaf of a JSON value without recursion, so that nesting of
// any depth cannot exhaust the stack. Copy on write: a container is copied only when a leaf below it
// changes, so an unchanged value comes back as the very same object and the caller can tell.

type Container = unknown[] | Record<string, unknown>;

/** Values that identify a transcript (its row id and its session, which erasure by session ID finds). */
const IDENTITY_KEYS = new Set(["_id", "id", "sessionID", "sessionId"]);

interface Frame {
  source: Container;
  /** The object's keys; null for an array. */
  keys: string[] | null;
  index: number;
  copy: Container | null;
  parent: Frame | null;
  keyInParent: string | number;
  /** The transcript itself, or the transcript a {transcript, dialog} holder wraps. */
  holdsIdentity: boolean;
}

export interface MapLeavesOptions {
  /** Leaves the values under the identity keys of the top-level object (and of its `transcript`) as they are. */
  keepIdentity?: boolean;
}

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

function frame(source: Container, parent: Frame | null, keyInParent: string | number, holdsIdentity: boolean): Frame {
  const keys = Array.isArray(source) ? null : Object.keys(source);
  return { source, keys, index: 0, copy: null, parent, keyInParent, holdsIdentity };
}

function setChild(target: Frame, key: string | number, value: unknown): void {
  if (!target.copy) target.copy = Array.isArray(target.source) ? target.source.slice() : { ...target.source };
  if (key === "__proto__") {
    // A parsed "__proto__" is an own property; assigning it would set the prototype instead.
    Object.defineProperty(target.copy, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (target.copy as Record<string | number, unknown>)[key] = value;
  }
}

/** `root` with each leaf replaced by `leaf(value)`; the input is never modified. */
export function mapLeaves(root: unknown, leaf: (value: unknown) => unknown, options: MapLeavesOptions = {}): unknown {
  if (!isContainer(root)) return leaf(root);
  let result: unknown = root;
  const stack: Frame[] = [frame(root, null, "", Boolean(options.keepIdentity))];
  while (stack.length > 0) {
    const current = stack[stack.length - 1];
    const size = current.keys ? current.keys.length : (current.source as unknown[]).length;
    if (current.index < size) {
      const key = current.keys ? current.keys[current.index] : current.index;
      current.index += 1;
      if (current.holdsIdentity && typeof key === "string" && IDENTITY_KEYS.has(key)) continue;
      const child = (current.source as Record<string | number, unknown>)[key];
      if (isContainer(child)) {
        const isWrappedTranscript = current.holdsIdentity && current.parent === null && key === "transcript";
        stack.push(frame(child, current, key, isWrappedTranscript));
      } else {
        const mapped = leaf(child);
        if (!Object.is(mapped, child)) setChild(current, key, mapped);
      }
      continue;
    }
    stack.pop();
    const mapped = current.copy ?? current.source;
    if (!current.parent) result = mapped;
    else if (mapped !== current.source) setChild(current.parent, current.keyInParent, mapped);
  }
  return result;
}

/** Whether any leaf of `root` (identity values included) passes `test`; stops at the first that does. */
export function someLeaf(root: unknown, test: (value: unknown) => boolean): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push(value[index]);
    } else if (isContainer(value)) {
      for (const child of Object.values(value)) pending.push(child);
    } else if (test(value)) {
      return true;
    }
  }
  return false;
}
