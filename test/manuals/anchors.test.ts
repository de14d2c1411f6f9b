/** Heading anchors as GitHub computes them (slugs worked out by hand from GitHub's rules). */
import { HeadingRegistry } from "../../generator/emit/manual/anchors";

test("slugs: lower case, punctuation dropped except - and _, spaces to -", () => {
  const h = new HeadingRegistry();
  expect(h.add(3, "FMA.f32").anchor).toBe("fmaf32");
  expect(h.add(3, "Swizzles (8-bit)").anchor).toBe("swizzles-8-bit");
  expect(h.add(3, "US_FC_INST.OP").anchor).toBe("us_fc_instop");
  expect(h.add(3, "#rptN").anchor).toBe("rptn");
});

test("a repeated text gets its qualifier; equal slugs of different texts are numbered as GitHub does", () => {
  const h = new HeadingRegistry();
  expect(h.add(2, "Overview").text).toBe("Overview");
  const again = h.add(3, "Overview", "instruction");
  expect(again.text).toBe("Overview (instruction)");
  expect(again.anchor).toBe("overview-instruction");
  expect(h.add(3, "Overview", "instruction").text).toBe("Overview (instruction 2)");
  h.add(3, "FMAf32");
  expect(h.add(3, "FMA.f32").anchor).toBe("fmaf32-1");
  expect(h.headings.map((x) => x.text)).toEqual([
    "Overview",
    "Overview (instruction)",
    "Overview (instruction 2)",
    "FMAf32",
    "FMA.f32",
  ]);
});

test("the Markdown of a heading escapes what Markdown would act on", () => {
  expect(new HeadingRegistry().add(3, "US_FC_INST.B_ELSE").markdown).toBe(
    "US\\_FC\\_INST.B\\_ELSE",
  );
});
