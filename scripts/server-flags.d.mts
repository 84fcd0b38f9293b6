/** Node's flags for the production server process (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
