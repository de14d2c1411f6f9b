/*
 * The runtime every generated C disassembler (out/c/<id>-disasm.c) carries, inlined by
 * generator/emit/emitCDisassembler.ts: a text writer with snprintf semantics (or streaming to a
 * FILE), the number formats the TS codec prints, and Mesa isaspec's error list. Everything is
 * static, so two generated disassemblers link into one program; no allocation, no globals.
 */
#ifndef DISASM_RUNTIME_H
#define DISASM_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Where text goes: `out` is a buffer, flushed whenever it fills to `sink` or into `dest` (kept as
 * snprintf keeps it: its first dest_size-1 characters and a NUL). `at` is where the next character
 * goes and `end` where the buffer ends. `before` counts the characters flushed, so that writing
 * only moves `at`; `line_start` is the count after the last newline (alignment counts columns of
 * the whole line).
 */
struct dis_writer {
	char *out;
	char *at;
	char *end;
	size_t before;
	size_t line_start;
	FILE *sink;
	char *dest;
	size_t dest_size;
};

/* Mesa's errors, as the TS codec words them; only the first DIS_MAX_ERRORS are printed. */
enum dis_error_kind {
	DIS_NO_FIELD,         /* no field 'a' */
	DIS_CONFLICT,         /* bitset conflict: a vs b */
	DIS_FIELD_NO_MATCH,   /* no match: FIELD: 'a.b': words */
	DIS_DONTCARE,         /* dontcare bits in a: words & mask */
	DIS_UNEXPECTED_BITS,  /* WARNING: unexpected bits[low:high] in a: value vs expected */
	DIS_NO_DISPLAY        /* a: no display template */
};

#define DIS_MAX_ERRORS 4
#define DIS_MAX_WORDS 4

struct dis_error {
	enum dis_error_kind kind;
	const char *a;
	const char *b;
	const uint32_t *mask;
	uint32_t words[DIS_MAX_WORDS];
	unsigned low, high;
	uint64_t value, expected;
};

struct dis_errors {
	unsigned count;
	/* Words per instruction of the ISA: how many words every hex dump prints. */
	unsigned word_count;
	struct dis_error list[DIS_MAX_ERRORS];
};

#endif
