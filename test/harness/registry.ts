/** Harness parts (dice, applications, chat, combat) register how they install and reset. */
import type { AnyObject } from "./utils";

export interface HarnessContext {
  foundry: AnyObject;
  CONFIG: AnyObject;
  game: AnyObject;
  ui: AnyObject;
  globals: AnyObject;
}
export interface HarnessExtension {
  name: string;
  install?: (ctx: HarnessContext) => void;
  reset?: (ctx: HarnessContext) => void;
}
export const extensions: HarnessExtension[] = [];
export function registerExtension(ext: HarnessExtension): void {
  extensions.push(ext);
}
