export declare const generatedSecrets: Record<string, () => string>;
export declare function ensureEnvFile(file: string): {
  vars: Record<string, string | undefined>;
  created: string[];
};
