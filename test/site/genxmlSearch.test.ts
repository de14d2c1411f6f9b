/**
 * The built site's search (search-index.js run by search.js in a VM, as a page runs them) finds the
 * genxml specs' items: an Intel command (its fields are not indexed), an Intel enum's value, a Panfrost
 * descriptor; each links to the item's page.
 * @needs-upstream mesa
 */
import * as vm from "vm";
import { builtFiles } from "../helpers/builtSite";

interface Entry {
  kind: string;
  isa: string;
  name: string;
  detail?: string;
  href: string;
}

const site = builtFiles("site");
const window: Record<string, unknown> = {};
const context = vm.createContext({ window });
vm.runInContext(site.get("site/search-index.js")!, context);
vm.runInContext(site.get("site/search.js")!, context);
const search = (text: string) =>
  (window.isaforgeSearch as { search(text: string): Entry[] }).search(text);
const first = (text: string, isa: string) => search(text).find((e) => e.isa === isa);

test("an Intel command (not its fields: the index's budget), an enum value; a Panfrost descriptor", () => {
  expect(first("3DSTATE_VS", "intel-genxml")).toMatchObject({
    kind: "register",
    name: "3DSTATE_VS",
    href: "intel-genxml/3dstate_vs.html",
  });
  expect(
    search("Thread Priority").filter((e) => e.kind === "field" && e.isa === "intel-genxml"),
  ).toEqual([]);
  expect(first("CACHE_MODE_0", "intel-genxml")).toMatchObject({
    href: "intel-genxml/cache_mode_0.html",
  });
  expect(first("3D_Color_Buffer_Blend_Factor", "intel-genxml")).toMatchObject({
    kind: "enum",
    href: "intel-genxml/3d_color_buffer_blend_factor.html",
  });
  expect(first("SRC_ALPHA_SATURATE", "intel-genxml")).toMatchObject({
    kind: "value",
    detail: "enum 3D_Color_Buffer_Blend_Factor",
    href: "intel-genxml/3d_color_buffer_blend_factor.html",
  });
  expect(first("Primitive", "panfrost-genxml")).toMatchObject({
    name: "Primitive",
    href: "panfrost-genxml/primitive.html",
  });
});
