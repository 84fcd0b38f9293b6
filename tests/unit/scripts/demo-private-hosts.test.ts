/** @jest-environment node */
// `npm run demo` lets sources reach private hosts unless SOURCES_ALLOW_PRIVATE_HOSTS says otherwise,
// and the server reads the value it passes on with the same rule as any other.
import { demoPrivateHostsSetting, isFlagOn } from "@/lib/demo-mode.mjs";

it.each([
  [undefined, "1", true],
  ["", "", false],
  ["0", "0", false],
  ["off", "off", false],
  ["1", "1", true],
  ["true", "true", true],
])("SOURCES_ALLOW_PRIVATE_HOSTS=%p runs the demo with %p (private hosts allowed: %p)", (value, expected, allowed) => {
  const setting = demoPrivateHostsSetting(value === undefined ? {} : { SOURCES_ALLOW_PRIVATE_HOSTS: value });
  expect(setting).toBe(expected);
  expect(isFlagOn(setting)).toBe(allowed);
});
