// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (
      request: { path: string; [key: string]: unknown },
      context: Record<string, unknown>,
    ) => { path: string; [key: string]: unknown };
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    timeout?: number;
  }

  interface AutocannonResult {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export = autocannon;
}
