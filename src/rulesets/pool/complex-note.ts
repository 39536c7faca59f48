/** The note a complex action leaves on a check card (stored in the roll's options), and its line. */
import { format, localize } from "../../core/game";

/** What a check card shows about the complex action it advanced (stored in the roll's options). */
export interface ComplexNote {
  name: string;
  before: number;
  step: number;
  after: number;
  required: number;
  rolls: number;
  complete: boolean;
}

export function isComplexNote(v: unknown): v is ComplexNote {
  if (!v || typeof v !== "object") return false;
  const x: Record<string, unknown> = { ...v };
  return typeof x.name === "string" && ["before", "step", "after", "required", "rolls"].every((k) => Number.isSafeInteger(x[k])) && typeof x.complete === "boolean";
}

/** The card line of a complex-action note. */
export function complexLine(note: ComplexNote): string {
  return format(note.complete ? "BREADBOX.Pool.Complex.CardComplete" : "BREADBOX.Pool.Complex.Card", {
    name: note.name || localize("BREADBOX.Pool.Complex.Label"),
    step: note.step >= 0 ? `+${note.step}` : String(note.step),
    after: note.after,
    required: note.required,
    rolls: note.rolls,
  });
}

