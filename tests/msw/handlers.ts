import type { HttpHandler } from 'msw';

// Default handlers shared by every SPA test; tests add their own with server.use(...).
export const handlers: HttpHandler[] = [];
