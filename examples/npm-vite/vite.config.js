// Vite's dev server pre-bundles dependencies into another folder, where the package's
// new URL("./papershelf-core.wasm", import.meta.url) would point at nothing: serve papershelf
// as it is. (`vite build` needs no setting: it emits the .wasm files as assets.)
export default {
  optimizeDeps: { exclude: ["papershelf"] },
};
