// Seals every source's API key under the current SOURCES_ENCRYPTION_KEY, after a rotation:
//   SOURCES_ENCRYPTION_KEY=<new> SOURCES_ENCRYPTION_KEY_PREVIOUS=<old> npm run sources:rotate-key
// Afterwards SOURCES_ENCRYPTION_KEY_PREVIOUS can be removed.
import { disconnectDb } from "@/lib/server/db";
import { rotateSourceKeys } from "@/lib/server/sources/rotate-source-keys";

rotateSourceKeys()
  .then(({ resealed, current }) => console.log(`Re-encrypted ${resealed} source key(s) under the current key; ${current} already were.`))
  .catch((error) => {
    console.error(`Rotation stopped: ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
