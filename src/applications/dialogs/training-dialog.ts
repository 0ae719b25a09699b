// The training dialog (R-TRAIN-1, R-TRAIN-2): which creature, how many 4-hour blocks, and what a companion gains
// when a block completes. One request id per opening, so the session is trained once however often it is sent.
// Also the buttons of the trainer's companion section (command, reaction command, training).
import { trainCompanion, trainingCandidates, trainerOf } from "../../automation/companions";
import { command } from "../verbs";
import type { TrainingReport } from "../../automation/companions";
import { currencyLabel, trainingAdvancesTime } from "../../helpers/settings";
import { numberText, percentText, unitText } from "../../helpers/units";
import { documentFromUuid } from "../../helpers/uuid";
import { pick } from "../browser";
import { talentLabel } from "../talent-names";
import { canLowerMisstrauen, checkEwChances, progressEstimate, TRAINING_BLOCK_COST, TRAINING_BLOCK_HOURS, TRAINING_GOAL, TRAINING_MAX_BLOCKS } from "../../rules";
import type { TrainingReward } from "../../rules";

export const TRAINING_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/training-dialog.hbs";

interface CreatureFacts {
  trainierbar?: unknown;
  training?: { fortschritt?: number };
  derived?: { misstrauen?: number; umgangTalent?: string };
}

/** R-TRAIN-1 before the click: what the trainer's handling check can reach against the creature's Misstrauen. */
export function trainingOutlook(trainer: Actor.Implementation, creature: Actor.Implementation): { text: string; hopeless: boolean } | null {
  const facts = creature.system as CreatureFacts;
  const talent = String(facts.derived?.umgangTalent ?? "").trim();
  const sw = Number(facts.derived?.misstrauen) || 10;
  const outlook = talent ? trainer.checkOutlook({ talent, sw }) : null;
  if (!outlook) return null;
  const key = outlook.chance === 0 ? "FLEX.Training.Outlook.Never" : "FLEX.Training.Outlook.Chance";
  return { text: game.i18n!.format(key, { talent: talentLabel(talent, trainer), min: numberText(outlook.min), max: numberText(outlook.max), sw: String(sw), chance: percentText(outlook.chance ?? 0) }), hopeless: outlook.chance === 0 };
}

/**
 * R-TRAIN-1 before the click: about how many Einheiten (and ¥ and hours) the trainer's handling checks take on
 * average until the creature's Trainingsblock reaches 100. Null when none can succeed (the outlook says so).
 */
export function trainingEstimateText(trainer: Actor.Implementation, creature: Actor.Implementation): string | null {
  const facts = creature.system as CreatureFacts;
  const talent = String(facts.derived?.umgangTalent ?? "").trim();
  const sw = Number(facts.derived?.misstrauen) || 10;
  const prepared = talent ? trainer.prepareCheck({ talent, sw }, { quiet: true }) : null;
  if (!prepared) return null;
  const progress = Math.max(0, Math.trunc(Number(facts.training?.fortschritt) || 0));
  const estimate = progressEstimate({ remaining: TRAINING_GOAL - progress, sw, chances: checkEwChances(prepared.input), hoursPerEinheit: TRAINING_BLOCK_HOURS, costPerEinheit: TRAINING_BLOCK_COST });
  if (!estimate || estimate.einheiten === 0) return null;
  return game.i18n!.format("FLEX.Training.Estimate", { einheiten: unitText("Einheit", estimate.einheiten), goal: String(TRAINING_GOAL), cost: String(estimate.cost), currency: currencyLabel(), hours: unitText("Hour", estimate.hours) });
}

/** R-TRAIN-1: what `blocks` blocks cost and take, and whether the trainer has the money. */
export function trainingCostText(blocks: number, geld: number): { text: string; affordable: boolean } {
  const n = Math.max(1, Math.min(TRAINING_MAX_BLOCKS, Math.trunc(blocks) || 1));
  const cost = n * TRAINING_BLOCK_COST;
  const data = { blocks: String(n), cost: String(cost), hours: String(n * TRAINING_BLOCK_HOURS), currency: currencyLabel(), geld: String(geld) };
  return { text: game.i18n!.format(cost > geld ? "FLEX.Training.SessionCostShort" : "FLEX.Training.SessionCost", data), affordable: cost <= geld };
}

/** What the dialog shows: the candidates (the chosen one first selected), the blocks, the rewards, the money. */
export function trainingDialogContext(trainer: Actor.Implementation, creatures: Actor.Implementation[], chosen: Actor.Implementation | null = null) {
  const selected = chosen && creatures.includes(chosen) ? chosen : creatures[0];
  const sw = Number((selected?.system as CreatureFacts | undefined)?.derived?.misstrauen) || 10;
  const ofTrainer = (c: Actor.Implementation) => trainerOf(c)?.uuid === trainer.uuid;
  return {
    trainer: trainer.name,
    goal: TRAINING_GOAL,
    blockCost: TRAINING_BLOCK_COST,
    blockHours: TRAINING_BLOCK_HOURS,
    maxBlocks: TRAINING_MAX_BLOCKS,
    blocks: 1,
    currency: currencyLabel(),
    geld: Math.trunc(Number((trainer.system as { geld?: unknown }).geld) || 0),
    advancesTime: trainingAdvancesTime(),
    outlook: selected ? trainingOutlook(trainer, selected) : null,
    estimate: selected ? trainingEstimateText(trainer, selected) : null,
    total: trainingCostText(1, Math.trunc(Number((trainer.system as { geld?: unknown }).geld) || 0)),
    creatures: creatures.map((c, index) => {
      const sys = c.system as CreatureFacts;
      return {
        index,
        name: c.token?.name || c.name,
        selected: c === selected,
        relationLabel: ofTrainer(c) ? "FLEX.Training.RelationCompanion" : "FLEX.Training.RelationWild",
        misstrauen: Number(sys.derived?.misstrauen) || 10,
        progress: Math.trunc(Number(sys.training?.fortschritt) || 0),
      };
    }),
    // R-TRAIN-2: Misstrauen − 1 while it is above 10, else only something new to learn.
    rewards: [
      { value: "misstrauen", label: "FLEX.Training.RewardMisstrauen", checked: canLowerMisstrauen(sw), disabled: false },
      { value: "lernen", label: "FLEX.Training.RewardLernen", checked: !canLowerMisstrauen(sw), disabled: false },
    ],
  };
}

/** Reads the dialog's form: the candidate's index, the blocks, the reward. */
export function readTrainingForm(data: Record<string, unknown>, creatures: Actor.Implementation[]): { creature: Actor.Implementation | null; blocks: number; reward: TrainingReward | null } {
  const creature = creatures[Math.trunc(Number(data.creature))] ?? null;
  const blocks = Math.trunc(Number(data.blocks));
  const reward = data.reward === "misstrauen" || data.reward === "lernen" ? data.reward : null;
  return { creature, blocks, reward };
}

/**
 * R-TRAIN-1: asks which creature `trainer` trains for how many blocks, then trains it (one card). Null when the
 * dialog was closed or nothing could be trained (the user was told why).
 */
export async function openTrainingDialog({ trainer, creature = null }: { trainer: Actor.Implementation; creature?: Actor.Implementation | null }): Promise<TrainingReport | null> {
  const i18n = game.i18n!;
  const candidates = trainingCandidates(trainer);
  if (creature && !candidates.includes(creature)) candidates.unshift(creature);
  if (!candidates.length) {
    ui.notifications?.info(i18n.format("FLEX.Training.NoCandidates", { trainer: trainer.name }));
    return null;
  }
  // Which creature: named by the button, else chosen in the compendium browser's select mode among the candidates.
  const chosen = creature ?? (await pickCandidate(trainer, candidates));
  if (!chosen) return null;
  const creatures = [chosen];
  const requestId = foundry.utils.randomID();
  const content = await foundry.applications.handlebars.renderTemplate(TRAINING_DIALOG_TEMPLATE, trainingDialogContext(trainer, creatures, chosen));
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: i18n.format("FLEX.Training.Title", { trainer: trainer.name }) },
    // Wide enough for the creature's line, "Grauwolf · schon Begleiter · Block 46/100 · Misstrauen 18", in every language.
    position: { width: 480 },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => liveTrainingCost(dialog),
    ok: { label: i18n.localize("FLEX.Training.Train"), icon: "fa-solid fa-bone" },
  });
  if (!data) return null;
  const form = readTrainingForm(data, creatures);
  if (!form.creature) return null;
  return trainCompanion({ trainer, creature: form.creature, blocks: form.blocks, reward: form.reward, requestId });
}

/** The total follows the blocks typed. */
function liveTrainingCost(dialog: foundry.applications.api.DialogV2): void {
  const root = dialog.element?.querySelector<HTMLElement>(".flex-training-dialog");
  const input = root?.querySelector<HTMLInputElement>("input[name='blocks']");
  const line = root?.querySelector<HTMLElement>(".flex-training-total");
  if (!root || !input || !line) return;
  input.addEventListener("input", () => {
    const total = trainingCostText(Number(input.value), Number(root.dataset.geld));
    line.textContent = total.text;
    line.classList.toggle("flex-making-hopeless", !total.affordable);
  });
}

/** R-TRAIN-1: the creature to train, among the candidates (the trainer's companions, the creatures it may see). */
async function pickCandidate(trainer: Actor.Implementation, candidates: Actor.Implementation[]): Promise<Actor.Implementation | null> {
  const [uuid] = await pick({
    tabs: ["creatures"],
    packs: false,
    candidates,
    select: { title: game.i18n!.format("FLEX.Training.Title", { trainer: trainer.name }), button: "FLEX.Training.Choose", icon: "fa-solid fa-bone" },
  });
  return candidates.find((c) => c.uuid === uuid) ?? null;
}

type SheetLike = { document: Actor.Implementation };

function companionFrom(target: HTMLElement): Actor.Implementation | null {
  const uuid = target.closest<HTMLElement>("[data-companion]")?.dataset.companion ?? target.dataset.companion;
  const doc = documentFromUuid(uuid) as Actor.Implementation | null;
  return doc?.documentName === "Actor" ? doc : null;
}

/** The companion section's buttons on the trainer's sheet (data-action handlers; `this` is the sheet). */
export const companionSheetActions = {
  /** R-COMP-5: the companion attacks on command with this attack, at the user's targets. */
  async flexCompanionCommand(this: SheetLike, _event: Event, target: HTMLElement) {
    const companion = companionFrom(target);
    const item = companion?.items.get(target.dataset.itemId ?? "") ?? null;
    if (companion && item) await command(companion, item);
  },
  /** R-COMP-7: the trainer spends a RE so the companion may use one. */
  async flexCompanionReaction(this: SheetLike, _event: Event, target: HTMLElement) {
    const companion = companionFrom(target);
    if (companion) await command(companion, null, { reaction: true });
  },
  /** R-TRAIN-1: the training dialog, for this companion or a new creature. */
  async flexCompanionTrain(this: SheetLike, _event: Event, target: HTMLElement) {
    await openTrainingDialog({ trainer: this.document, creature: target.dataset.companion ? companionFrom(target) : null });
  },
};
