// Measured in the page (pass it to evaluate): the words of the element's closed menus that do not
// fit their boxes: each sort and group choice, a filter menu's first option ("Any type"), and the
// value a filter menu shows when one is chosen.
export function clippedMenus() {
  const ctx = document.createElement("canvas").getContext("2d");
  const out = [];
  for (const s of document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-toolbar select")) {
    if (!s.offsetParent) continue;
    const style = getComputedStyle(s);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // (the arrow: 20 px in a box of a fixed width; a menu sized to its options (a value chosen) is
    // as wide as the engine's own arrow needs, Firefox's 18 px)
    const arrow = s.hasAttribute("data-chosen") ? 16 : 20;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    const texts = s.matches(".ps-sort, .ps-group-select") ? [...s.options] : [s.options[0], ...(s.selectedIndex > 0 ? [s.options[s.selectedIndex]] : [])];
    for (const o of texts)
      if (ctx.measureText(o.text).width > room) out.push(`${s.className} "${o.text}"`);
  }
  return out;
}

// Chooses each value of each filter menu in turn (then none again) and measures the menus as
// clippedMenus does with it chosen: the values that would not be read whole. Pass it to evaluate
// with clippedMenus' source.
export async function clippedChoices(measure) {
  const clipped = new Function(`return (${measure})()`);
  const shelf = document.querySelector("paper-shelf");
  const out = new Set();
  const choose = async (s, value) => {
    s.value = value;
    s.dispatchEvent(new Event("change", { bubbles: true }));
    await shelf.updateComplete;
    // (the core edits the filter and the toolbar shows it again)
    for (let frames = 0; frames < 300 && (s.value !== value || s.hasAttribute("data-chosen") !== (value !== "")); frames++) {
      await new Promise((frame) => requestAnimationFrame(frame));
      await shelf.updateComplete;
    }
  };
  for (const cls of ["ps-f-year", "ps-f-type", "ps-f-status", "ps-f-venue"]) {
    const s = shelf.shadowRoot.querySelector(`select.${cls}`);
    if (!s?.offsetParent) continue;
    for (const value of [...s.options].map((o) => o.value).filter(Boolean)) {
      await choose(s, value);
      for (const line of clipped()) out.add(line);
    }
    await choose(s, "");
  }
  return [...out];
}
