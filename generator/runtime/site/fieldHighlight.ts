/**
 * The field highlight both panels share (decoder.js and registers.js, bundled into each): hovering
 * or focusing a field's row or box highlights every element of that field in the panel.
 */
export function highlightFieldsOnHover(panel: HTMLElement): void {
  const highlight = (field: string | null): void => {
    for (const el of panel.querySelectorAll<HTMLElement>("[data-field]"))
      el.classList.toggle("decoder-highlight", field !== null && el.dataset.field === field);
  };
  for (const type of ["pointerover", "focusin"])
    panel.addEventListener(type, (event) => {
      const origin = event.target as Partial<Element>;
      const target = origin.closest && origin.closest<HTMLElement>("[data-field]");
      highlight(target ? target.dataset.field! : null);
    });
  panel.addEventListener("pointerleave", () => highlight(null));
}
