// jest's fake timers for the named clocks or timers only: everything else (the other timers, I/O,
// the event loop) runs for real, so that a test controls exactly the clock it means to.
const FAKEABLE = [
  "Date",
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;

/** Fakes `apis` until jest.useRealTimers(). */
export function fakeOnly(...apis: (typeof FAKEABLE)[number][]): void {
  jest.useFakeTimers({ doNotFake: FAKEABLE.filter((api) => !apis.includes(api)) });
}
