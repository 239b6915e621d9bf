import type { ConsoleLogEntry, NetworkLogEntry } from '../../lib/diagnosticLogs';

/** What "Send diagnostics" posts (spec section 7, Diagnostics). */
export interface LogUpload {
  browser: string;
  os: string;
  device: string;
  userAgent: string;
  consoleLogs: ConsoleLogEntry[];
  apiLogs: NetworkLogEntry[];
  timestamp: string;
  /** The sender's user id. */
  users_permissions_user: number;
}

/** An uploaded log record as Strapi 5 answers it (flat). */
export interface UploadedLog {
  id: number;
  documentId: string;
  browser?: string | null;
  os?: string | null;
  device?: string | null;
  userAgent?: string | null;
  consoleLogs?: unknown;
  apiLogs?: unknown;
  timestamp?: string | null;
  createdAt?: string | null;
  users_permissions_user?: { id?: number; documentId?: string; email?: string | null } | null;
}
