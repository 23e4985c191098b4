// Measured in the page (pass it to evaluate): the words of the element's closed menus that do not
// fit their boxes.
export function clippedMenus() {
  const ctx = document.createElement("canvas").getContext("2d");
  const out = [];
  for (const s of document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-toolbar select")) {
    if (!s.offsetParent) continue;
    const style = getComputedStyle(s);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // (20: the arrow)
    for (const o of s.matches(".ps-sort, .ps-group-select") ? [...s.options] : [s.options[0]])
      if (ctx.measureText(o.text).width > room) out.push(`${s.className} "${o.text}"`);
  }
  return out;
}
