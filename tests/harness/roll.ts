// Stand-in for Foundry's Roll: parses "NdF[kh|kl][n]", numbers, @data and + / -, rolls each die with
// CONFIG.Dice.randomUniform (Foundry's injectable random source), and posts itself with toMessage.
import { getProperty, type Obj } from "./utils";

export interface DieResult { result: number; active: boolean; discarded?: boolean }

export class Die {
  constructor(public number: number, public faces: number, public modifiers: string[] = [], public results: DieResult[] = []) {}
  get total(): number { return this.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0); }
  get expression(): string { return `${this.number}d${this.faces}${this.modifiers.join("")}`; }
  roll(): void {
    const uniform = (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice.randomUniform;
    this.results = [];
    for (let i = 0; i < this.number; i++) {
      const result = Math.min(this.faces, Math.max(1, Math.ceil(uniform() * this.faces)));
      this.results.push({ result, active: true });
    }
    for (const m of this.modifiers) this.applyKeep(m);
  }
  private applyKeep(m: string): void {
    const match = /^k([hl])(\d*)$/.exec(m);
    if (!match) throw new Error(`Unsupported dice modifier "${m}"`);
    const keep = Number(match[2] || 1);
    const order = [...this.results].sort((a, b) => (match[1] === "h" ? b.result - a.result : a.result - b.result));
    for (const r of order.slice(keep)) {
      r.active = false;
      r.discarded = true;
    }
  }
}

type Term = { kind: "die"; die: Die; sign: 1 | -1 } | { kind: "number"; value: number; sign: 1 | -1 };

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  formula: string;
  data: Obj;
  options: Obj;
  terms: Term[];
  _evaluated = false;
  _total: number | undefined;

  constructor(formula: string, data: Obj = {}, options: Obj = {}) {
    this.data = data;
    this.options = options;
    this.terms = Roll.parse(Roll.replaceFormulaData(formula, data));
    this.formula = Roll.format(this.terms);
  }

  static replaceFormulaData(formula: string, data: Obj): string {
    return formula.replace(/@([\w.]+)/g, (_m, path: string) => String(getProperty(data, path) ?? 0));
  }

  static parse(formula: string): Term[] {
    const terms: Term[] = [];
    const tokens = formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
    for (const tok of tokens) {
      const sign: 1 | -1 = tok.startsWith("-") ? -1 : 1;
      const body = tok.replace(/^[+-]/, "");
      const dm = /^(\d*)d(\d+)((?:k[hl]\d*)*)$/.exec(body);
      if (dm) {
        const mods = dm[3].match(/k[hl]\d*/g) ?? [];
        terms.push({ kind: "die", die: new Die(Number(dm[1] || 1), Number(dm[2]), mods), sign });
      } else if (/^\d+(\.\d+)?$/.test(body)) terms.push({ kind: "number", value: Number(body), sign });
      else throw new Error(`Unable to parse roll formula "${formula}" at "${tok}"`);
    }
    return terms;
  }

  static format(terms: Term[]): string {
    return terms
      .map((t, i) => {
        const body = t.kind === "die" ? t.die.expression : String(t.value);
        if (i === 0) return t.sign < 0 ? `-${body}` : body;
        return `${t.sign < 0 ? "-" : "+"} ${body}`;
      })
      .join(" ");
  }

  get dice(): Die[] { return this.terms.flatMap((t) => (t.kind === "die" ? [t.die] : [])); }
  get total(): number | undefined { return this._total; }
  get result(): string {
    return this.terms.map((t) => `${t.sign < 0 ? "- " : "+ "}${t.kind === "die" ? t.die.total : t.value}`).join(" ").replace(/^\+ /, "");
  }
  get isDeterministic(): boolean { return this.dice.length === 0; }

  async evaluate(_options: Obj = {}): Promise<this> { return this.evaluateSync(); }
  evaluateSync(): this {
    if (this._evaluated) throw new Error("This Roll has already been evaluated and is now immutable");
    for (const d of this.dice) d.roll();
    this._total = this.terms.reduce((s, t) => s + t.sign * (t.kind === "die" ? t.die.total : t.value), 0);
    this._evaluated = true;
    return this;
  }

  async render(): Promise<string> {
    return `<div class="dice-roll"><div class="dice-formula">${this.formula}</div><h4 class="dice-total">${this.total}</h4></div>`;
  }

  toJSON(): Obj {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      evaluated: this._evaluated,
      total: this._total,
      terms: this.terms.map((t) => (t.kind === "die" ? { ...t, die: { number: t.die.number, faces: t.die.faces, modifiers: t.die.modifiers, results: t.die.results } } : t)),
    };
  }

  static fromData(data: Obj): Roll {
    const roll = new this(String(data.formula), {}, (data.options as Obj) ?? {});
    roll.terms = (data.terms as Term[]).map((t) => {
      if (t.kind !== "die") return t;
      const d = t.die as unknown as { number: number; faces: number; modifiers: string[]; results: DieResult[] };
      return { kind: "die", sign: t.sign, die: new Die(d.number, d.faces, d.modifiers, d.results) };
    });
    roll._evaluated = Boolean(data.evaluated);
    roll._total = data.total as number | undefined;
    return roll;
  }

  static fromJSON(json: string): Roll {
    const data = JSON.parse(json) as Obj;
    const rolls = (globalThis as unknown as { CONFIG: { Dice: { rolls: (typeof Roll)[] } } }).CONFIG.Dice.rolls;
    const cls = rolls.find((r) => r.name === data.class) ?? Roll;
    return cls.fromData(data);
  }

  async toMessage(messageData: Obj = {}, { rollMode, create = true }: { rollMode?: string; create?: boolean } = {}): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const g = globalThis as unknown as { ChatMessage: { implementation: { create: (d: Obj, o: Obj) => Promise<unknown> } }; game: { settings: { get: (a: string, b: string) => unknown } } };
    const data: Obj = { content: String(this.total), ...messageData, rolls: [JSON.stringify(this.toJSON())] };
    if (!create) return data;
    return g.ChatMessage.implementation.create(data, { rollMode: rollMode ?? g.game.settings.get("core", "rollMode") });
  }
}

/** Makes the next dice show exactly these faces (in order), through CONFIG.Dice.randomUniform. */
export function queueDice(faces: { faces: number; result: number }[]): void {
  const queue = [...faces];
  const cfg = (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG.Dice;
  const fallback = cfg.randomUniform;
  cfg.randomUniform = () => {
    const next = queue.shift();
    if (!next) {
      cfg.randomUniform = fallback;
      return fallback();
    }
    if (!queue.length) cfg.randomUniform = fallback;
    return (next.result - 0.5) / next.faces;
  };
}

/** A small seeded random source for CONFIG.Dice.randomUniform, so a failing property run replays exactly. */
export function seededUniform(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}
