// Process-wide state (the database handle, the scan queue, the event hub, caches) kept in one place per process.
// The server runs one module graph: the React Router server bundle includes the server entry (server/app.ts).
// Two cases still load a module twice in one process: the request tests, which seed through the source modules
// and serve through the built bundle, and the dev server, which evaluates a module again after each edit. Both
// copies must share one connection and one queue, so the value is kept by name on globalThis.
const store = ((globalThis as { __shopflowSingletons?: Map<string, unknown> }).__shopflowSingletons ??= new Map());

/** The value named `name` in this process, made by `create` the first time. */
export function singleton<T>(name: string, create: () => T): T {
  if (!store.has(name)) store.set(name, create());
  return store.get(name) as T;
}
