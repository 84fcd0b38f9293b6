// @ts-check
// Demo mode hands a working password reset token for any account to whoever asks, so a demo server
// may only be reachable from this machine. Plain JavaScript so that the server script refuses
// before it loads the app, and the app (lib/server/config.ts, startup checks) reads the same rules.
import { isLoopbackHost } from "./network-address.mjs";

/** @param {string | undefined} value */
export function isFlagOn(value) {
  return /^(1|true|yes|on)$/i.test(value?.trim() ?? "");
}

/** @param {NodeJS.ProcessEnv} [env] */
export function isDemoMode(env = process.env) {
  return isFlagOn(env.DEMO_MODE);
}

/**
 * SOURCES_ALLOW_PRIVATE_HOSTS as `npm run demo` runs with it: on when unset (the demo's fake platforms
 * live on loopback), and exactly as given when set, so that an empty value or 0 keeps it off.
 * @param {{ SOURCES_ALLOW_PRIVATE_HOSTS?: string }} [env]
 */
export function demoPrivateHostsSetting(env = process.env) {
  return env.SOURCES_ALLOW_PRIVATE_HOSTS ?? "1";
}

/**
 * Why a server in demo mode must not listen on `host` (a sentence), or null when it may: demo mode off, a
 * loopback address, or DEMO_ALLOW_REMOTE set on purpose. An undefined host is a server whose
 * listening address the app cannot know (not started by scripts/start.mjs).
 * @param {string | undefined} host
 * @param {NodeJS.ProcessEnv} [env]
 */
export function demoListenRefusal(host, env = process.env) {
  if (!isDemoMode(env) || isFlagOn(env.DEMO_ALLOW_REMOTE)) return null;
  if (host !== undefined && isLoopbackHost(host)) return null;
  const where =
    host === undefined
      ? "this server was not started by `npm start` / `npm run demo`, so its listening address is unknown"
      : `HOST=${host || "(every interface)"} is not a loopback address`;
  return (
    `DEMO_MODE shows a password reset token for any account on screen, so a demo ` +
    `server listens only on a loopback address, and ${where}. Set HOST=127.0.0.1, or set ` +
    `DEMO_ALLOW_REMOTE=1 to expose the demo to the network on purpose.`
  );
}
