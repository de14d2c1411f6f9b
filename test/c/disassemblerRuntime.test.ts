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
	char out[256], buffer[64];
	struct dis_writer w;
	dis_init_string(&w, buffer, sizeof buffer, out, sizeof out);
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
		char buffer[4];
		memset(small, '#', sizeof small);
		dis_init_string(&w, buffer, sizeof buffer, i == 0 ? NULL : small, i);
		dis_puts(&w, "abcde");
		printf("size%u=%u:%.8s\\n", (unsigned)i, (unsigned)dis_finish(&w), i == 0 ? "-" : small);
	}
	/* The stores write past the text they keep, in the buffer only: dest keeps its bytes after
	 * the NUL (shown as @). A 16-byte buffer flushes at every reservation, a 64-byte one less. */
	for (i = 16; i <= 64; i *= 4) {
		char buffer[64], dest[24], shown[25];
		size_t k;
		memset(dest, '#', sizeof dest);
		dis_init_string(&w, buffer, i, dest, 14);
		dis_reserve(&w, 16);
		dis_store_if(&w, "(sy)", 4, 0);
		dis_store_if(&w, "(ss)", 4, 1);
		dis_reserve(&w, 16);
		dis_store_row(&w, "x\\0\\0\\0\\0\\0\\0\\0xyz\\0\\0\\0\\0\\0" + 8, 3, 8);
		dis_reserve(&w, 20);
		dis_store_int(&w, 7);
		dis_reserve(&w, 20);
		dis_store_int(&w, 1234);
		dis_reserve(&w, 16);
		dis_store_row(&w, "x\\0\\0\\0\\0\\0\\0\\0", 1, 8);
		dis_int(&w, 99);
		k = dis_finish(&w);
		for (k = 0; k < sizeof dest; k++)
			shown[k] = dest[k] ? dest[k] : '@';
		shown[sizeof dest] = '\\0';
		printf("fast%u=%u:%s\\n", (unsigned)i, (unsigned)dis_len(&w), shown);
	}
	{
		FILE *f = tmpfile();
		char back[64] = { 0 };
		dis_init_file(&w, small, 3, f);
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

/**
 * dis_float against the C library's `%f` (what Mesa prints): every half float, every float32
 * exponent with edge mantissas and both signs, and 2 million float32 words from a fixed xorshift.
 */
const FLOATS = `#include "isaspec_scope.c"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *name_of(int name)
{
	(void)name;
	return "";
}

static double value_of(uint32_t raw, unsigned width)
{
	double sign = (raw & 0x8000u) ? -1.0 : 1.0;
	unsigned e = (raw >> 10) & 31u, m = raw & 1023u;
	if (width == 32) {
		float f;
		memcpy(&f, &raw, sizeof f);
		return f;
	}
	if (e == 31)
		return m ? (sign < 0 ? -NAN : NAN) : sign * INFINITY;
	if (e == 0)
		return sign * (double)m / 16777216.0;
	return sign * (double)(1024u + m) * ((double)(1u << e) / 33554432.0);
}

static unsigned long checked, wrong;

static void check(uint32_t raw, unsigned width)
{
	char ours[64], buffer[64], theirs[400];
	struct dis_writer w;
	dis_init_string(&w, buffer, sizeof buffer, ours, sizeof ours);
	dis_float(&w, raw, width);
	dis_finish(&w);
	snprintf(theirs, sizeof theirs, "%f", value_of(raw, width));
	checked++;
	if (strcmp(ours, theirs) != 0 && wrong++ < 5)
		printf("%u bits 0x%08x: %s, printf %s\\n", width, (unsigned)raw, ours, theirs);
}

int main(int argc, char **argv)
{
	uint32_t x = 2463534242u, i;
	int e, b;
	for (i = 1; (int)i < argc; i++) {
		char out[64], buffer[64];
		struct dis_writer w;
		dis_init_string(&w, buffer, sizeof buffer, out, sizeof out);
		dis_float(&w, (uint32_t)strtoul(argv[i], NULL, 16), 32);
		dis_finish(&w);
		printf("%s\\n", out);
	}
	for (i = 0; i < 65536; i++)
		check(i, 16);
	for (e = 0; e < 256; e++)
		for (b = -1; b < 23; b++) {
			uint32_t mant = b < 0 ? 0 : (1u << b);
			check(((uint32_t)e << 23) | mant, 32);
			check(((uint32_t)e << 23) | (0x7fffffu ^ mant), 32);
			check(0x80000000u | ((uint32_t)e << 23) | mant, 32);
		}
	for (i = 0; i < 2000000; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		check(x, 32);
	}
	printf("%lu of %lu differ\\n", wrong, checked);
	return wrong != 0;
}
`;
/**
 * dis_int against the C library's `%lld`: every value in ±200,000, and 10^k and 2^k with their
 * neighbours up to the int64 limits, through a buffer of 1, 3 and 64 bytes (a buffer too small
 * for a fast path takes the slow one).
 */
const INTS = `#include "isaspec_scope.c"
#include <string.h>

static const char *name_of(int name)
{
	(void)name;
	return "";
}

static unsigned long checked, wrong;

static void check(int64_t v)
{
	static const size_t sizes[3] = { 1, 3, 64 };
	char ours[64], buffer[64], theirs[64];
	int k;
	snprintf(theirs, sizeof theirs, "%lld", (long long)v);
	for (k = 0; k < 3; k++) {
		struct dis_writer w;
		dis_init_string(&w, buffer, sizes[k], ours, sizeof ours);
		dis_int(&w, v);
		dis_finish(&w);
		checked++;
		if (strcmp(ours, theirs) != 0 && wrong++ < 5)
			printf("%s in a %u-byte buffer: %s\\n", theirs, (unsigned)sizes[k], ours);
	}
}

int main(void)
{
	int64_t v, p;
	int k;
	for (v = -200000; v <= 200000; v++)
		check(v);
	for (p = 10, k = 1; k <= 18; k++, p *= 10)
		for (v = -1; v <= 1; v++)
			(check(p + v), check(-p + v));
	for (k = 1; k < 63; k++)
		for (v = -1; v <= 1; v++)
			(check((INT64_C(1) << k) + v), check(-(INT64_C(1) << k) + v));
	check(INT64_MAX);
	check(INT64_MIN);
	printf("%lu of %lu differ\\n", wrong, checked);
	return wrong != 0;
}
`;

describe("generator/runtime/c", () => {
  it("compiles on its own as strict C99 (isaspec_scope.c needs the generated name_of: below)", () => {
    compile([...C99, "-Wno-unused-function"], path.join(RUNTIME, "disasm_runtime.c"));
  });

  it("prints floats exactly as %f does (correctly rounded, halves to even, 39-digit values)", () => {
    const t = tempDir();
    try {
      const exe = path.join(t.dir, "floats");
      compile(C99, t.write("floats.c", FLOATS), exe, [`-I${RUNTIME}`]);
      const r = sh([exe, "7f7fffff", "3c000000", "3c400000", "3f7ffffe", "00000001", "4b189680"]);
      expect(r.stdout.split("\n")).toEqual([
        // FLT_MAX, (2 - 2^-23) * 2^127
        "340282346638528859811704183484516925440.000000",
        // 2^-7 = 0.0078125: a half millionth over, rounded to the even 0.007812
        "0.007812",
        // 0.01171875: 0.75 of a millionth over, rounded up
        "0.011719",
        // 1 - 2^-23 rounds up into the integer part
        "1.000000",
        // the smallest subnormal
        "0.000000",
        // 10^7, a float with no fraction
        "10000000.000000",
        `0 of ${65536 + 256 * 24 * 3 + 2_000_000} differ`,
        "",
      ]);
      expect(r.status).toBe(0);
    } finally {
      t.cleanup();
    }
  });

  it("prints integers exactly as %lld does, through any buffer", () => {
    const t = tempDir();
    try {
      const exe = path.join(t.dir, "ints");
      compile(C99, t.write("ints.c", INTS), exe, [`-I${RUNTIME}`]);
      const r = sh([exe]);
      expect(r.stdout).toBe(`0 of ${(400_001 + 18 * 6 + 62 * 6 + 2) * 3} differ\n`);
      expect(r.status).toBe(0);
    } finally {
      t.cleanup();
    }
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
        // 13 characters kept of 15
        "fast16=15:(ss)xyz71234x@##########",
        "fast64=15:(ss)xyz71234x@##########",
        "stream_len=15 line_start=14",
        "stream=streamed text",
        "",
      ]);
    } finally {
      t.cleanup();
    }
  });
});
