// TAH Core refuses a system module whose required version's major differs from its own, or whose minor (when given)
// does: "2.0" fails on core 2.1.x (module/core/utils.mjs isSystemModuleCompatible, 2.0.16 and 2.1.1).

/** The TAH Core lines Flex's adapter was tested with: 2.0 (Foundry 13.341+) and 2.1 (13.351+). */
export const TESTED_CORE_LINES = ["2.0", "2.1"] as const;

/**
 * The version Flex asks TAH Core for: the installed line when it is one tested, else the newest tested line, so that
 * an untested core (2.2, 3.0) shows TAH's own "requires 2.1" error instead of a HUD that may be broken.
 */
export function corePin(installed: unknown): string {
  const m = /^(\d+)\.(\d+)/.exec(String(installed ?? ""));
  const line = m ? `${Number(m[1])}.${Number(m[2])}` : "";
  return (TESTED_CORE_LINES as readonly string[]).includes(line) ? line : TESTED_CORE_LINES[TESTED_CORE_LINES.length - 1];
}
