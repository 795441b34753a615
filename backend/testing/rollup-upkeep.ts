// Imports nothing: a vi.mock factory of the property rollups' module loads it while that module is being mocked.

/**
 * The property rollups' module with its upkeep after an ingest skipped while `upkeep.skip` is set:
 * for tests that count the ingest's own statements (the upkeep has statements of its own, per changed
 * quantity; ADR 0038). Made in a `vi.mock` factory of "./property-rollups" from the module itself.
 */
export function withSkippableUpkeep<Module extends { refreshPropertyRollups: (...args: never[]) => Promise<void> }>(
  actual: Module,
  upkeep: { skip: boolean },
): Module {
  return {
    ...actual,
    refreshPropertyRollups: (...args: Parameters<Module["refreshPropertyRollups"]>) =>
      upkeep.skip ? Promise.resolve() : actual.refreshPropertyRollups(...args),
  };
}
