/**
 * Derived values that only a sheet reads (creation budgets, build reports, data problems),
 * computed on first read after each data preparation instead of in `prepareDerivedData`.
 *
 * Foundry prepares every actor of the world at load and again whenever a rule changes; a world of
 * 1,000 characters opens a handful of sheets (issue 20). A model keeps one cell per such value,
 * resets it at the start of its preparation and reads it through a getter:
 *
 * ```ts
 * #budget = new OnDemand(() => R.creationBudget(...));
 * get budget() { return this.#budget.value; }
 * override prepareDerivedData() { this.#budget.reset(); ... }
 * ```
 *
 * The compute function reads the model as prepared (Active Effects applied), exactly what the
 * eager code saw at the end of the preparation; Foundry prepares the actor again after any change
 * to it or to its embedded documents, and that preparation resets the cell.
 */
export class OnDemand<T> {
  readonly #compute: () => T;
  #cell: { readonly value: T } | null = null;

  constructor(compute: () => T) {
    this.#compute = compute;
  }

  /** The value, computed once per preparation. */
  get value(): T {
    this.#cell ??= { value: this.#compute() };
    return this.#cell.value;
  }

  /** Forget the value (the model is being prepared again). */
  reset(): void {
    this.#cell = null;
  }
}
