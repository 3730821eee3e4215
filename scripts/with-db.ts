export {};
// Kept for the scripts that name it: runs a command with the migrated test database.
// Same as `tsx scripts/run.ts test <command…>`.
process.argv.splice(2, 0, 'test');
await import('./run');
