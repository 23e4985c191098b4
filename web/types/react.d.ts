// <paper-shelf> in React 19's JSX (which looks elements up in the "react" module, not in a global
// JSX namespace). In a .d.ts or any module of the app:   import type {} from "papershelf/react";
// (Types only: `import "papershelf/element"` defines the element.)
import type {} from "react";
import type { PaperShelfAttributes, PaperShelfElement } from "./element-entry.js";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "paper-shelf": DetailedHTMLProps<HTMLAttributes<PaperShelfElement>, PaperShelfElement> & PaperShelfAttributes;
    }
  }
}
