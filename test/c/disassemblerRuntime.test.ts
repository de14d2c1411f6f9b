/**
 * The C runtime the generated disassemblers carry (generator/runtime/c/), compiled and run on its
 * own: the writer's snprintf semantics and streaming, the number formats, bit access and
 * Mesa's error texts, against values worked out by hand.
 */
import * as path from "path";
import { C99, compile, ROOT, sh, tempDir } from "./cc";

jest.setTimeout(120_000);

const RUNTIME = path.join(ROOT, "generator", "runtime", "c");

const PROGRAM = `#include "isaspec_scope.c"
#include <stdlib.h>

static const char *name_of(int name)
{
	return name == 0 ? "SRC" : "";
}

/* Each check prints one line: what, then the text the runtime wrote. */
static void show(const char *what, void (*fn)(struct dis_writer *w))
{
	char out[256];
	struct dis_writer w;
	dis_init(&w, out, sizeof out, NULL);
	fn(&w);
	dis_finish(&w);
	printf("%s=%s\\n", what, out);
}

static void ints(struct dis_writer *w)
{
	dis_int(w, 0);
	dis_putc(w, ' ');
	dis_int(w, -42);
	dis_putc(w, ' ');
	dis_int(w, INT64_C(9007199254740992));
	dis_putc(w, ' ');
	dis_hex(w, 255);
	dis_putc(w, ' ');
	dis_hex(w, -31);
}

static void floats(struct dis_writer *w)
{
	dis_float(w, 0x3f800000u, 32);
	dis_putc(w, ' ');
	dis_float(w, 0xbf000000u, 32);
	dis_putc(w, ' ');
	dis_float(w, 0x7fc00000u, 32);
	dis_putc(w, ' ');
	dis_float(w, 0xffc00000u, 32);
	dis_putc(w, ' ');
	dis_float(w, 0xff800000u, 32);
	dis_putc(w, ' ');
	dis_float(w, 0x3c00u, 16);
	dis_putc(w, ' ');
	dis_float(w, 0x7bffu, 16);
	dis_putc(w, ' ');
	dis_float(w, 0x8001u, 16);
	dis_putc(w, ' ');
	dis_float(w, 0x7c00u, 16);
	dis_putc(w, ' ');
	dis_float(w, 0x3555u, 16);
}

static void pads(struct dis_writer *w)
{
	dis_puts(w, "ab");
	dis_pad(w, 5);
	dis_putc(w, '|');
	dis_puts(w, "\\nx");
	dis_pad(w, 3);
	dis_putc(w, '|');
	dis_pad(w, 2);
	dis_putc(w, '|');
}

static void errors(struct dis_writer *w)
{
	struct dis_errors e;
	static const uint32_t words[2] = { 0x12345678u, 0x9abcdef0u };
	static const uint32_t mask[DIS_MAX_WORDS] = { 0xffu, 0xf0000000u, 0, 0 };
	e.count = 0;
	e.word_count = 2;
	dis_error_words(&e, DIS_DONTCARE, "add", NULL, words, 2, mask);
	dis_error_bits(&e, "#reg", 2, 7, 5, 61);
	dis_error_name(&e, DIS_NO_FIELD, "SRC", NULL);
	dis_error_name(&e, DIS_CONFLICT, "a", "b");
	dis_error_name(&e, DIS_NO_DISPLAY, "x", NULL);
	dis_print_errors(w, &e);
	printf("count=%u\\n", e.count);
}

static void more_errors(struct dis_writer *w)
{
	struct dis_errors e;
	static const uint32_t words[2] = { 0xau, 0 };
	e.count = 0;
	e.word_count = 4;
	dis_error_words(&e, DIS_FIELD_NO_MATCH, "mov", "SRC", words, 2, NULL);
	dis_error_name(&e, DIS_NO_DISPLAY, "nop", NULL);
	dis_print_errors(w, &e);
	dis_print_errors(w, &e);
	(void)dis_error(NULL, DIS_NO_FIELD, "ignored");
}

int main(void)
{
	static const uint32_t bits[2] = { 0xf0000001u, 0x00000005u };
	char small[8];
	struct dis_writer w;
	size_t i;
	show("ints", ints);
	show("floats", floats);
	show("pads", pads);
	show("errors", errors);
	show("more_errors", more_errors);
	printf("sign_extend=%lld %lld %lld\\n", (long long)dis_sign_extend(0x1f, 5),
	       (long long)dis_sign_extend(0x0f, 5), (long long)dis_sign_extend(-1, 8));
	printf("shifts=%lld %lld %lld %lld %lld\\n", (long long)dis_shl(3, 4), (long long)dis_shl(0, 100),
	       (long long)dis_shr(-5, 1), (long long)dis_shr(5, 1), (long long)dis_shr(-5, 70));
	printf("u32=%lld %lld\\n", (long long)dis_u32(-1), (long long)dis_u32(INT64_C(0x100000005)));
	printf("bits=%u %u %u %u\\n", dis_bits(bits, 2, 28, 35), dis_bits(bits, 2, 0, 31),
	       dis_bits(bits, 2, 32, 34), dis_bits(bits, 1, 28, 35));
	for (i = 0; i <= 6; i++) {
		memset(small, '#', sizeof small);
		dis_init(&w, i == 0 ? NULL : small, i, NULL);
		dis_puts(&w, "abcde");
		printf("size%u=%u:%.8s\\n", (unsigned)i, (unsigned)dis_finish(&w), i == 0 ? "-" : small);
	}
	{
		FILE *f = tmpfile();
		char back[64] = { 0 };
		dis_init(&w, small, 3, f);
		dis_puts(&w, "streamed text\\n");
		dis_putc(&w, '!');
		printf("stream_len=%u line_start=%u\\n", (unsigned)dis_finish(&w), (unsigned)w.line_start);
		rewind(f);
		if (!fgets(back, sizeof back, f))
			return 1;
		back[strcspn(back, "\\n")] = '\\0';
		printf("stream=%s\\n", back);
		fclose(f);
	}
	return 0;
}
`;

describe("generator/runtime/c", () => {
  it("compiles on its own as strict C99 (isaspec_scope.c needs the generated name_of: below)", () => {
    compile([...C99, "-Wno-unused-function"], path.join(RUNTIME, "disasm_runtime.c"));
  });

  it("writes what it should", () => {
    const t = tempDir();
    try {
      const exe = path.join(t.dir, "runtime");
      compile(C99, t.write("runtime.c", PROGRAM), exe, [`-I${RUNTIME}`]);
      const r = sh([exe]);
      expect(r.status).toBe(0);
      expect(r.stdout.split("\n")).toEqual([
        "ints=0 -42 9007199254740992 ff -1f",
        "floats=1.000000 -0.500000 nan -nan -inf 1.000000 65504.000000 -0.000000 inf 0.333252",
        "pads=ab   |",
        "x  ||",
        "count=5",
        "errors=\t; dontcare bits in add: 9000000000000078, WARNING: unexpected bits[2:7] in #reg: 0000000000000005 vs 000000000000003d, no field 'SRC', bitset conflict: a vs b",
        `more_errors=${"\t; no match: FIELD: 'mov.SRC': " + "0".repeat(31) + "a, nop: no display template"}`.repeat(
          1,
        ) +
          "\t; no match: FIELD: 'mov.SRC': " +
          "0".repeat(31) +
          "a, nop: no display template",
        "sign_extend=-1 15 -1",
        "shifts=48 0 -3 2 -1",
        "u32=4294967295 5",
        "bits=95 4026531841 5 15",
        "size0=5:-",
        "size1=5:",
        "size2=5:a",
        "size3=5:ab",
        "size4=5:abc",
        "size5=5:abcd",
        "size6=5:abcde",
        "stream_len=15 line_start=14",
        "stream=streamed text",
        "",
      ]);
    } finally {
      t.cleanup();
    }
  });
});
