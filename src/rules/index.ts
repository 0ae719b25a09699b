// The pure rules layer (RULES.md): everything other layers may use.
export * from "./ids";
export * from "./dice";
export * from "./exhaustion";
export * from "./checks";
export * from "./actions";
export * from "./level";
export * from "./money";
export * from "./misstrauen";
export * from "./damage";
export * from "./breath";
export * from "./water";
export * from "./falling";
