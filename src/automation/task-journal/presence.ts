// Who is there to finish a task: this client's own connection, and whether a holder of a task has gone.

/**
 * Whether this client's user is still connected (the stand-in marks a dropped client so; in Foundry a client that
 * lost its socket cannot write anyway, so a failed write there leaves the record for the next GM as well).
 */
export function connected(): boolean {
  return game.user?.active !== false;
}

/** A holder that dropped out: not connected any more. (A GM that reloads is connected again and finishes its own.) */
export const holderGone = (user: User.Implementation): boolean => !user.active;
