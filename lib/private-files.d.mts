export declare const PRIVATE_FILE_MODE: number;
export declare const PRIVATE_DIRECTORY_MODE: number;
export declare function makePrivateDirectory(directory: string): void;
export declare function makePrivateSqliteFile(file: string): void;
export declare function sqliteFileOf(url: string): string;
export declare function restrictSqliteFiles(file: string): void;
