/** Types of the Chromium resolver (src/index.mjs). */
export type BrowserSource = 'system' | 'registry';

export declare const REGISTRY_PACKAGE: string;
export declare const REGISTRY_PLATFORMS: readonly string[];
export declare const CHROMIUM_ARGS: readonly string[];

export declare function browserSources(env?: Record<string, string | undefined>): BrowserSource[];
export declare function isExecutableFile(path: string): boolean;
export declare function systemCandidates(options?: {
  platform?: NodeJS.Platform | string;
  env?: Record<string, string | undefined>;
}): string[];

export interface RegistryPackage {
  dir: string;
  version: string;
  bin: string;
}
export declare function registryPackage(): RegistryPackage | null;
export declare function unpackRegistryChromium(options?: {
  tmp?: string;
  pkg?: RegistryPackage | null;
  timeoutMs?: number;
}): Promise<string>;

export type Resolved =
  | { path: string; source: 'STRATA_CHROMIUM' | BrowserSource; tried: string[] }
  | { path: null; problem: string; tried: string[] };

export declare function resolveChromium(options?: {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform | string;
  arch?: string;
  isExecutable?: (path: string) => boolean;
  unpack?: () => Promise<string>;
}): Promise<Resolved>;
