// Stands in for the 'server-only' package under Vitest and scripts.
export {};
