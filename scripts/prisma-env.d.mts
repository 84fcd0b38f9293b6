export declare function runPrisma(
  args: string[],
  options?: { provider?: "sqlite" | "postgres"; databaseUrl?: string; quiet?: boolean },
): void;
export declare function withoutAdapterUrlNotice(output: string): string;
