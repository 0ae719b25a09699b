// Who is there to finish a task: this client's own connection, and whether a holder of a task has gone.
/** Whether this client can still write (its socket is up and its user connected). */
export function connected(): boolean {
  return game.socket?.connected !== false && game.user?.active !== false;
}

/** A holder that dropped out: not connected any more. (A GM that reloads is connected again and finishes its own.) */
export const holderGone = (user: User.Implementation): boolean => !user.active;
