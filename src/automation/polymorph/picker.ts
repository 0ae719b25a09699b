// Switching *verwandelt* on (the token HUD, the Effekte tab) asks which creature to become: the question is a
// dialog (applications/), registered here at start-up, since automation never imports the applications.
type FormPicker = (actor: Actor.Implementation) => Promise<unknown>;

let picker: FormPicker | null = null;

export function registerFormPicker(fn: FormPicker): void {
  picker = fn;
}

export function formPicker(): FormPicker | null {
  return picker;
}
