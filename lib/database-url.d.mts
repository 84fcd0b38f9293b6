export declare const DEFAULT_DATABASE_URL: string;
export declare function resolveDatabaseUrl(env?: NodeJS.ProcessEnv): string;
export declare function isPostgresUrl(url: string): boolean;
