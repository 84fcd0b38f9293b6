export declare const BUILD_STAMP_FILE: string;
export declare function buildInputsDigest(inputs: {
  files: [string, string][];
  env: Record<string, string | undefined>;
  nodeVersion: string;
}): string;
export declare function isBuildReusable(state: {
  buildId: string | null;
  stamp: { buildId?: unknown; digest?: unknown } | null;
  digest: string | null;
}): boolean;
export declare function buildInputFiles(root: string): [string, string][] | null;
export declare function currentBuildInputs(root: string, env?: Record<string, string | undefined>): string | null;
export declare function canReuseBuild(distDir: string, digest: string): boolean;
export declare function recordBuild(distDir: string, digest: string): void;
export declare function buildUnlessCurrent(options: {
  root: string;
  distDir: string;
  build: () => void;
  env?: Record<string, string | undefined>;
}): boolean;
