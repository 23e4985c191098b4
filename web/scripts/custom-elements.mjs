// Writes dist/custom-elements.json (the Custom Elements Manifest, schema 2.1.0) for <paper-shelf>
// from the types of the element itself (read from the emitted element/api.d.ts with the TypeScript
// compiler), so the manifest cannot drift from the code: the attributes are those of
// PaperShelfAttributeTypes (element.ts observes exactly these, checked when it compiles), the
// events those of EventDetails (the only names its #emit takes), the properties those of the
// PaperShelfElement interface its class implements, each with its comment. Run by ./dev.sh build_web.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

const program = ts.createProgram([join(dist, "element", "api.d.ts")], { strict: true, skipLibCheck: true, lib: ["lib.es2022.d.ts", "lib.dom.d.ts"] });
const checker = program.getTypeChecker();
const file = program.getSourceFile(join(dist, "element", "api.d.ts"));
const declared = (name) => {
  const found = file.statements.find((s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === name);
  if (!found) throw new Error(`element/api.d.ts declares no ${name}`);
  return checker.getTypeAtLocation(found.name);
};
const doc = (symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s+/g, " ").trim();
/** The members an interface declares itself (not those of HTMLElement), with type and comment. */
function ownMembers(type, where) {
  return type.getProperties().filter((p) => p.declarations?.some((d) => d.getSourceFile() === file)).map((p) => {
    const decl = p.declarations[0];
    // As written (Labels, Diagnostic[]), not expanded; a property's getter gives what it reads as.
    const text = decl.type?.getText() ?? checker.typeToString(checker.getTypeOfSymbolAtLocation(p, decl));
    const setter = p.declarations.some((d) => ts.isSetAccessorDeclaration(d));
    const readonly = !setter && (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly) !== 0;
    return { where, name: p.name, decl, text, description: doc(p), readonly };
  });
}

const fields = ownMembers(declared("PaperShelfElement"), "instance").map(({ name, text, description, readonly }) =>
  ({ kind: "field", name, type: { text }, description, ...(readonly ? { readonly: true } : {}) }));
const statics = ownMembers(declared("PaperShelfElementClass"), "static")
  .filter(({ decl }) => ts.isMethodSignature(decl))
  .map(({ name, decl, description }) => ({
    kind: "method", name, static: true, description,
    parameters: decl.parameters.map((p) => ({ name: p.name.getText(), type: { text: p.type.getText() } })),
    return: { type: { text: decl.type.getText() } },
  }));
const events = ownMembers(declared("EventDetails"), "event").map(({ name, decl, description }) =>
  ({ name, type: { text: `CustomEvent<${decl.type.getText().replace(/\s+/g, " ")}>` }, description }));
const attributes = ownMembers(declared("PaperShelfAttributeTypes"), "attribute").map(({ name, text, description }) =>
  ({ name, type: { text }, description }));

const path = "dist/element-entry.js";
const manifest = {
  schemaVersion: "2.1.0",
  modules: [{
    kind: "javascript-module",
    path,
    declarations: [{
      kind: "class",
      name: "PaperShelf",
      tagName: "paper-shelf",
      customElement: true,
      description: "A sortable, searchable publication list from BibTeX, CSL-JSON or papershelf JSON.",
      superclass: { name: "HTMLElement" },
      attributes,
      members: [...fields, ...statics],
      events,
    }],
    exports: [
      { kind: "js", name: "PaperShelf", declaration: { name: "PaperShelf", module: path } },
      { kind: "custom-element-definition", name: "paper-shelf", declaration: { name: "PaperShelf", module: path } },
    ],
  }],
};
writeFileSync(join(dist, "custom-elements.json"), JSON.stringify(manifest, null, 2) + "\n");
