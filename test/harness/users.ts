/** Harness helpers for users: create users, set who is online, act as a user. */
import { User } from "./documents";
import { CONST, game, runAsClient } from "./state";
import { randomID } from "./utils";

export interface CreateUserOptions {
  name?: string;
  role?: number | keyof typeof CONST.USER_ROLES;
  active?: boolean;
  id?: string;
  character?: string | null;
}

/** Add a user to game.users (bypasses permission checks: this is world setup). */
export function createUser({ name = "Player", role = "PLAYER", active = true, id, character = null }: CreateUserOptions = {}): User {
  const r = typeof role === "number" ? role : CONST.USER_ROLES[role];
  const user = new User({ _id: id ?? randomID(), name, role: r, character });
  user.active = active;
  game.users.set(user.id!, user);
  return user;
}

/** Mark a user connected or disconnected. */
export function setUserActive(user: User, active: boolean): void {
  user.active = active;
}

/** The default GM created by resetHarness(). */
export function gmUser(): User {
  return game.users.find((u: User) => u.isGM) as User;
}

/**
 * Run fn with game.user switched to `user` (sync or async); restores the previous user afterwards.
 */
export async function asUser<T>(user: User, fn: () => T | Promise<T>): Promise<T> {
  const own = runAsClient(user, async () => fn());
  if (own) return own.result;
  const previous = game.user;
  game.user = user;
  game.userId = user.id;
  try {
    return await fn();
  } finally {
    game.user = previous;
    game.userId = previous?.id;
  }
}
