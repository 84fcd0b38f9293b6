export declare const SOCKET_ADDRESS_HEADER: string;
export declare function normaliseAddress(address: string): string;
export declare function isLoopbackHost(host: string): boolean;
