// R-SHORT-2: what each side rolls. A fighting character uses a Kampfart or a Zauberschule (its best one by
// default); a fighting creature its best attack check; enemies who flee use Ausweichen with 3 Vorteile (a creature
// its GE die around its fixed Ausweichen value, a Decision). Without any such talent, a bare GE check (Decision,
// as for a defence without Ausweichen or Parade).
import { CheckRoll } from "../../dice/check-roll";
import { bestAttackCheck, coerceDie, creatureAttackInput, creatureFleeInput, FLEE_VORTEILE, parseDie } from "../../rules";
import type { CheckInput, ShortStance } from "../../rules";
import type { ShortRoll } from "./record";

export const COMBAT_TALENT_CATEGORIES = ["kampfart", "zauberschule"] as const;
export type CombatTalentCategory = (typeof COMBAT_TALENT_CATEGORIES)[number];
const FLEE_TALENT = "Ausweichen";
const isCombatCategory = (v: unknown): v is CombatTalentCategory => (COMBAT_TALENT_CATEGORIES as readonly unknown[]).includes(v);

export interface CombatTalent {
  id: string;
  name: string;
  kategorie: CombatTalentCategory;
  /** The average of its check (die + Übungswert), to pick the best. */
  average: number;
}

type TalentSystem = { kategorie?: unknown; attribut?: unknown; uebungswert?: unknown };

/** A character's Kampfarten and Zauberschulen, best first (average die + Übungswert; ties by name). */
export function combatTalents(actor: Actor.Implementation): CombatTalent[] {
  const attributes = (actor.system as { attributes?: Record<string, unknown> }).attributes ?? {};
  return actor.items.contents
    .flatMap((i) => {
      const sys = i.system as TalentSystem;
      if (i.type !== "talent" || !isCombatCategory(sys.kategorie)) return [];
      const die = parseDie(attributes[String(sys.attribut)]) ?? CONFIG.FLEX.defaultAttributeDie;
      return [{ id: i.id!, name: i.name, kategorie: sys.kategorie, average: (die + 1) / 2 + (Number(sys.uebungswert) || 0) }];
    })
    .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name));
}

async function rolled(input: CheckInput, label: string): Promise<ShortRoll> {
  const roll = CheckRoll.fromCheck(input, label);
  await roll.evaluate();
  const result = roll.check!;
  return { label, formula: roll.formula, dice: result.dice, total: result.ew, messageId: null };
}

/** R-SHORT-2: an enemy's check, rolled on the GM's client (its EW stays the GM's until the result). Null when it cannot roll. */
export async function rollEnemy(actor: Actor.Implementation, stance: ShortStance): Promise<ShortRoll | null> {
  const flee = stance === "flee";
  if (actor.type === "creature") {
    const sys = actor.system as { ausweichen?: unknown; attributes?: { ge?: unknown } };
    if (flee) {
      const ge = coerceDie(sys.attributes?.ge, CONFIG.FLEX.defaultAttributeDie);
      return rolled(creatureFleeInput(Number(sys.ausweichen) || 0, ge), game.i18n!.localize("FLEX.Defence.ausweichen"));
    }
    const attacks = actor.items.contents.filter((i) => i.type === "attack");
    const check = bestAttackCheck(attacks.map((i) => (i.system as { angriff?: unknown }).angriff));
    const named = attacks.find((i) => {
      const own = bestAttackCheck([(i.system as { angriff?: unknown }).angriff]);
      return own.die === check.die && own.bonus === check.bonus;
    });
    return rolled(creatureAttackInput({ check }), named?.name ?? game.i18n!.localize("FLEX.ShortCombat.Attack"));
  }
  // A character among the enemies rolls like a character, on the GM's client.
  const talent = flee ? actor.findTalent(FLEE_TALENT) : actor.items.get(combatTalents(actor)[0]?.id ?? "");
  const prepared = actor.prepareCheck(talent ? { talent, vorteile: flee ? FLEE_VORTEILE : 0 } : { attribute: "ge", vorteile: flee ? FLEE_VORTEILE : 0 });
  return prepared ? rolled(prepared.input, prepared.label) : null;
}
