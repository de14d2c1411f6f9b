/*
 * Times a generated C dispatch (out/dispatch/<id>.c) over a corpus file, for bench/decodeSpeed.ts.
 *
 * Compiled per ISA with -DDISPATCH_HEADER='"<id>.h"' -DDISPATCH_FN=<id>_dispatch.
 * Usage: harness <corpus file> <words per instruction> <instructions> <timed passes>
 * The corpus is the instructions' 32-bit words, little-endian, instruction after instruction.
 *
 * Prints one JSON line: the order-sensitive checksum of the ids of one pass (checked against the TS
 * decoders), and the time of every timed pass in nanoseconds (after one untimed warm-up pass). Only
 * the dispatch loop is timed; its sum of ids is printed so the compiler cannot drop the loop.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include DISPATCH_HEADER

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t pass(const uint32_t *words, long wc, long count)
{
	uint64_t sum = 0;
	for (long i = 0; i < count; i++)
		sum += (uint64_t)(int64_t)DISPATCH_FN(words + i * wc, -1);
	return sum;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s <corpus> <words per instruction> <instructions> <passes>\n", argv[0]);
		return 2;
	}
	long wc = atol(argv[2]), count = atol(argv[3]), passes = atol(argv[4]);
	if (wc <= 0 || count <= 0 || passes <= 0) {
		fprintf(stderr, "harness: bad sizes\n");
		return 2;
	}
	uint32_t *words = malloc((size_t)(wc * count) * sizeof *words);
	FILE *f = fopen(argv[1], "rb");
	if (!words || !f || fread(words, sizeof *words, (size_t)(wc * count), f) != (size_t)(wc * count)) {
		fprintf(stderr, "harness: cannot read %ld instructions of %ld words from %s\n", count, wc, argv[1]);
		return 1;
	}
	fclose(f);
	/* The file is little-endian; so is every host this runs on, which this checks. */
	const uint32_t probe = 1;
	if (*(const unsigned char *)&probe != 1) {
		fprintf(stderr, "harness: big-endian host\n");
		return 1;
	}

	uint32_t check = 0;
	for (long i = 0; i < count; i++)
		check = check * 31u + (uint32_t)(DISPATCH_FN(words + i * wc, -1) + 1);

	volatile uint64_t sink = pass(words, wc, count); /* warm-up */
	printf("{\"checksum\":%lu,\"ns\":[", (unsigned long)check);
	for (long p = 0; p < passes; p++) {
		uint64_t t0 = now_ns();
		uint64_t sum = pass(words, wc, count);
		uint64_t t1 = now_ns();
		sink += sum;
		printf("%s%lu", p ? "," : "", (unsigned long)(t1 - t0));
	}
	printf("],\"sum\":%lu}\n", (unsigned long)sink);
	free(words);
	return 0;
}
