export declare function isFlagOn(value: string | undefined): boolean;
export declare function isDemoMode(env?: NodeJS.ProcessEnv): boolean;
export declare function demoListenRefusal(host: string | undefined, env?: NodeJS.ProcessEnv): string | null;
export declare function demoPrivateHostsSetting(env?: { SOURCES_ALLOW_PRIVATE_HOSTS?: string }): string;
