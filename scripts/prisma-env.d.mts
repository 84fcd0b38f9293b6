export declare function runPrisma(
  args: string[],
  options?: { provider?: "sqlite" | "postgres"; databaseUrl?: string; quiet?: boolean },
): void;
