// Node's flags for the production server process: `npm start` (package.json, which cannot import
// this file: a unit test holds the two equal), `npm run demo` and the servers of the browser tests
// and measuring scripts.
// V8 lets the heap grow between full collections by a factor that rises with the old space's
// ceiling: about 4 when the ceiling is the default share of a large machine's memory, about 1.6 at
// 1 GB. At 1 GB the server's heap peaks near one and a half times what it holds alive, while a request
// still has several times the live heap to work in.
export const SERVER_NODE_FLAGS = ["--max-old-space-size=1024"];
