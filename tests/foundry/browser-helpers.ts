// Driving the compendium browser as a user does: wait for a picker to open on a client, click a result, choose.
import { openBrowsers } from "../../src/applications/browser";
import type { FlexBrowser } from "../../src/applications/browser";
import { as, type Clients } from "../harness";
import { renderSettled } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type User = Clients["all"][number];

/** A click target naming a result (or anything: a forged click names what it likes). */
export const resultTarget = (uuid: string) => ({ dataset: { uuid }, closest: () => ({ dataset: { uuid } }) }) as unknown as HTMLElement;

/** The picker that opens on `user`'s client (after whatever set it off), rendered. */
export async function pickerOn(user: User): Promise<FlexBrowser> {
  for (let i = 0; i < 200; i++) {
    const app = await as(user, () => [...openBrowsers()].find((a) => a.rendered));
    if (app) {
      await renderSettled(app as Any);
      return app;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no compendium browser opened on ${user.name}'s client`);
}

/** Clicks an action of the browser (data-action), as `user`. */
export async function click(app: FlexBrowser, user: User, action: string, target: HTMLElement = resultTarget("")): Promise<void> {
  await as(user, () => (app.options.actions as Any)[action].call(app, {}, target));
  await renderSettled(app as Any);
}

/** The user picks `uuid` in the picker and presses its button. */
export async function choose(app: FlexBrowser, user: User, uuid: string): Promise<void> {
  await click(app, user, "select", resultTarget(uuid));
  await click(app, user, "choose");
}

/** The names the picker offers on a tab. */
export const offeredNames = (app: FlexBrowser, tab: Parameters<FlexBrowser["rowsOf"]>[0] = "creatures") => app.rowsOf(tab).map((r) => r.name).sort();
