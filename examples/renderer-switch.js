// Example pages: switch a <paper-shelf> between its two renderers (the accessible HTML list and
// the Dear ImGui canvas). ?renderer=canvas in the address opens the page with the canvas.
for (const group of document.querySelectorAll(".renderer-switch")) {
  const shelf = document.getElementById(group.dataset.for);
  const choose = (renderer) => {
    shelf.setAttribute("renderer", renderer);
    for (const button of group.querySelectorAll("button[data-renderer]"))
      button.setAttribute("aria-pressed", String(button.dataset.renderer === renderer));
    const url = new URL(location.href);
    if (renderer === "canvas") url.searchParams.set("renderer", "canvas");
    else url.searchParams.delete("renderer");
    history.replaceState(history.state, "", url);
  };
  group.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-renderer]");
    if (button) choose(button.dataset.renderer);
  });
  choose(new URLSearchParams(location.search).get("renderer") === "canvas" ? "canvas" : "html");
}
