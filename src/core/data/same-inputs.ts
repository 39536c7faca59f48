/**
 * A derived value kept from one data preparation to the next while every input it was computed
 * from is the same (issue 20: Foundry prepares a character again after any change to it, and most
 * changes — health, action points, a note — leave its skill tree as it was).
 *
 * The caller lists the inputs as a flat array of primitives: every value the computation reads
 * (after Active Effects, as prepared), and nothing else may be read by `compute`. When each entry
 * is the same (`Object.is`) as last time, the kept value is handed back; otherwise `compute` runs
 * and its value is kept with the new inputs. A `compute` that throws keeps nothing.
 *
 * The kept value is shared by the preparations that reuse it: it must be frozen (or never written
 * by its readers).
 *
 * Cells are kept per document (a WeakMap keyed by the actor), so they outlive a system model that
 * Foundry builds again when the document is initialised anew:
 *
 * ```ts
 * const trees = new WeakMap<object, SameInputs<Tree>>();
 * const tree = sameInputsFor(trees, actor ?? model).value(inputs, () => buildTree(...));
 * ```
 */
export class SameInputs<T> {
  #inputs: readonly unknown[] | null = null;
  #kept: { readonly value: T } | null = null;

  /** The value for these inputs: the kept one when every input is the same as last time, else `compute()` (then kept). */
  value(inputs: readonly unknown[], compute: () => T): T {
    const previous = this.#inputs;
    if (previous !== null && this.#kept !== null && sameEntries(previous, inputs)) return this.#kept.value;
    this.#inputs = null;
    this.#kept = null;
    const value = compute();
    this.#inputs = inputs;
    this.#kept = { value };
    return value;
  }
}

function sameEntries(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** The cell of `owner` in `cells` (made on first use). */
export function sameInputsFor<T>(cells: WeakMap<object, SameInputs<T>>, owner: object): SameInputs<T> {
  let cell = cells.get(owner);
  if (cell === undefined) {
    cell = new SameInputs<T>();
    cells.set(owner, cell);
  }
  return cell;
}
