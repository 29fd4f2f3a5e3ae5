// Imported first by main.ts: settings that must be in place before anything uses them.
// File reads for streaming and uploads run on libuv's thread pool; its default of 4 threads serialises many
// concurrent range requests. An operator's own UV_THREADPOOL_SIZE wins.
process.env.UV_THREADPOOL_SIZE ??= '16';
