// Item subtypes of making and earning: a crafting project (R-CRAFT-1 … 4, R-DOWN-2) and a field (R-FARM-1 … 3).
// What a project makes is a copy of the target item kept in the project's flags (flags.flex.ziel), so the
// project survives the source's deletion; its rolls are logged in flags.flex.log. Both are read through
// projectTarget / projectLog, which accept only usable shapes.
import { CRAFT_COMPLEXITIES, craftPlan, craftSW, sowingCost, harvestYield } from "../../rules";
import { bounded, intField, LIMITS } from "../fields";
import { baseItemSchema, FlexItemData } from "./base";

const { BooleanField, NumberField, StringField } = foundry.data.fields;

/** R-CRAFT-1: an accumulating check in 4-hour blocks; R-DOWN-2: workdays of the full rest. */
export const PROJECT_MODES = ["probe", "arbeitstage"] as const;
export type ProjectMode = (typeof PROJECT_MODES)[number];

/** At most this many of the target in one project (Decision: a batch, not a factory). */
export const PROJECT_BATCH = 99;
/** World time in seconds either way: far beyond any calendar, and always finite. */
export const WORLD_TIME_LIMIT = 1e15;

const projectSchema = () => ({
  ...baseItemSchema(),
  modus: new StringField({ required: true, blank: false, initial: "probe", choices: [...PROJECT_MODES] }),
  /** R-CRAFT-2 / R-CRAFT-4: the regular purchase price of one of the target. */
  preis: intField(0, { max: LIMITS.geld }),
  /** How many of the target are made at once (R-DOWN-2: several small items in one day). */
  menge: intField(1, { min: 1, max: PROJECT_BATCH }),
  /** R-CRAFT-3: how advanced or complex the making is (SW 12, 15, 18, 21). */
  komplexitaet: new StringField({ required: true, blank: false, initial: "einfach", choices: [...CRAFT_COMPLEXITIES] }),
  /** R-CRAFT-1: the talent (by name) the GM chose for the checks; one of the crafter's talents. */
  talent: new StringField({ required: true, initial: "" }),
  /** R-DOWN-2: helpers with the right tools; the time is divided among the crafter and them. */
  helfer: intField(0, { max: PROJECT_BATCH }),
  /** R-CRAFT-1: the EW accumulated so far. */
  ew: intField(0, { max: LIMITS.training }),
  /** R-CRAFT-1: 4-hour blocks worked so far. */
  bloecke: intField(0, { max: LIMITS.training }),
  /** R-DOWN-2: workdays done so far. */
  tage: intField(0, { max: LIMITS.training }),
  /** R-CRAFT-2: the materials are paid (the payment itself is marked on the actor, in the same write as the money). */
  bezahlt: new BooleanField({ initial: false }),
  /** The finished item has been made (it carries flags.flex.madeBy). */
  fertig: new BooleanField({ initial: false }),
});
type ProjectSchema = ReturnType<typeof projectSchema>;

export interface ProjectDerived {
  derived: {
    /** Price of the whole batch: preis × menge. */
    gesamtpreis: number;
    /** R-CRAFT-2. */
    material: number;
    /** R-CRAFT-3. */
    sw: number;
    /** R-CRAFT-4: the total EW (probe) or R-DOWN-2: the workdays (arbeitstage). */
    ziel: number;
    /** The EW accumulated or the workdays done. */
    stand: number;
    prozent: number;
    komplett: boolean;
  };
}

export class ProjectData extends FlexItemData<ProjectSchema> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.project", "FLEX.Item.base"];
  static override defineSchema() {
    return projectSchema();
  }

  declare derived: ProjectDerived["derived"];

  override prepareDerivedData(): void {
    // Active effects may have written anything since the source was validated: bounded, never throwing.
    const preis = bounded(this.preis, 0, LIMITS.geld, 0);
    const menge = Math.trunc(bounded(this.menge, 1, PROJECT_BATCH, 1));
    const plan = craftPlan(preis, menge, Math.trunc(bounded(this.helfer, 0, PROJECT_BATCH, 0)));
    const probe = this.modus !== "arbeitstage";
    const ziel = probe ? plan.goal : plan.days;
    const stand = Math.trunc(bounded(probe ? this.ew : this.tage, 0, LIMITS.training, 0));
    this.derived = {
      gesamtpreis: plan.total,
      material: plan.material,
      sw: craftSW(this.komplexitaet),
      ziel,
      stand,
      prozent: ziel > 0 ? Math.min(100, Math.floor((stand / ziel) * 100)) : 100,
      komplett: stand >= ziel,
    };
  }
}

const plotSchema = () => ({
  ...baseItemSchema(),
  /** R-FARM-3: the plant sown (the harvest is this plant). */
  pflanze: new StringField({ required: true, initial: "" }),
  /** R-FARM-1: 1×1 Schritt plots of fertile soil. */
  parzellen: intField(1, { min: 1, max: LIMITS.pool }),
  /** R-FARM-2: the world time of the sowing, in seconds; null while the field lies fallow. */
  gesaetAm: new NumberField({ required: true, nullable: true, initial: null, min: -WORLD_TIME_LIMIT, max: WORLD_TIME_LIMIT }),
  /** The owner has been told that this sowing is ready (set by the active GM, once). */
  benachrichtigt: new BooleanField({ initial: false }),
  /** Harvests so far: numbers each sowing, so a payment or a harvest is marked once per sowing. */
  ernten: intField(0, { max: LIMITS.training }),
});
type PlotSchema = ReturnType<typeof plotSchema>;

export interface PlotDerived {
  derived: {
    /** R-FARM-1. */
    kosten: number;
    /** R-FARM-3. */
    ertrag: number;
  };
}

export class PlotData extends FlexItemData<PlotSchema> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.plot", "FLEX.Item.base"];
  static override defineSchema() {
    return plotSchema();
  }

  declare derived: PlotDerived["derived"];

  override prepareDerivedData(): void {
    const plots = Math.trunc(bounded(this.parzellen, 1, LIMITS.pool, 1));
    this.derived = { kosten: sowingCost(plots), ertrag: harvestYield(plots) };
  }
}

// The target copy and the roll log, from flags that may hold anything --------------------------------

/** What a project makes: a copy of the target item's data. */
export interface ProjectTarget {
  name: string;
  type: string;
  img: string | null;
  system: Record<string, unknown>;
}

/** Item types a project may make: things with a price (Decision: not talents, spells, a creature's abilities, projects or fields). */
export const CRAFTABLE_TYPES = ["weapon", "armor", "equipment", "alchemical"] as const;

export function isCraftableType(type: unknown): type is string {
  return typeof type === "string" && (CRAFTABLE_TYPES as readonly string[]).includes(type);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The project's target copy, or null when there is none (or what is stored cannot make an item). */
export function projectTarget(item: { getFlag(scope: "flex", key: "ziel"): unknown }): ProjectTarget | null {
  const raw = item.getFlag("flex", "ziel");
  if (!isRecord(raw) || typeof raw.name !== "string" || !raw.name.trim() || !isCraftableType(raw.type)) return null;
  return { name: raw.name, type: raw.type, img: typeof raw.img === "string" ? raw.img : null, system: isRecord(raw.system) ? raw.system : {} };
}

/** The copy of an item a project keeps: its name, type, image and system data, nothing of its owner. */
export function targetCopy(source: { name: string; type: string; img?: string | null; system: unknown }): ProjectTarget | null {
  if (!isCraftableType(source.type)) return null;
  const system = (source.system as { toObject?: () => unknown } | null)?.toObject?.() ?? source.system;
  return { name: source.name, type: source.type, img: source.img ?? null, system: isRecord(system) ? foundry.utils.deepClone(system) : {} };
}

/** One session of work on a project, as its log keeps it. */
export interface ProjectLogEntry {
  /** The request that worked it (a replayed request is recognised by it). */
  id: string;
  /** World time when it was worked. */
  at: number;
  /** The user who asked for it. */
  by: string;
  /** The EW of each block (probe), or the workdays done (arbeitstage). */
  ews: number[];
  days: number;
  gain: number;
  total: number;
}

/** Log entries kept per project; the block and day counters stay exact beyond them. */
export const LOG_KEPT = 100;

export function projectLog(item: { getFlag(scope: "flex", key: "log"): unknown }): ProjectLogEntry[] {
  const raw = item.getFlag("flex", "log");
  if (!Array.isArray(raw)) return [];
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return raw.filter(isRecord).map((e) => ({
    id: typeof e.id === "string" ? e.id : "",
    at: num(e.at),
    by: typeof e.by === "string" ? e.by : "",
    ews: Array.isArray(e.ews) ? e.ews.map(num) : [],
    days: num(e.days),
    gain: num(e.gain),
    total: num(e.total),
  }));
}
