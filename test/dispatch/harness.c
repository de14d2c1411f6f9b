/*
 * Test harness for a generated C dispatch (out/dispatch/<id>.c), compiled by test/dispatch/c.test.ts
 * with -DISA_HEADER='"<id>.h"' -DDISPATCH=<id>_dispatch -DEXECUTE=<id>_execute
 * -DHANDLER_FN=<id>_handler_fn -DINSTR_COUNT=<ID>_INSTR_COUNT -DWORD_COUNT=<n>, and, to check the
 * handler skeleton, -DHANDLERS=<id>_handlers.
 *
 * Input file (argv[1]): records of one int32 gpu then WORD_COUNT uint32 words, little-endian.
 * Output: one line per record with the id dispatch returns. Exits 1 if execute disagrees with
 * dispatch or calls its handler other than exactly once for an instruction (never for none).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include ISA_HEADER

static unsigned calls;

static void count_call(const uint32_t *words, void *state)
{
	(void)words;
	*(unsigned *)state += 1;
}

static uint32_t le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#ifdef HANDLERS
extern const HANDLER_FN HANDLERS[INSTR_COUNT];
#endif

int main(int argc, char **argv)
{
	HANDLER_FN table[INSTR_COUNT];
	unsigned char record[4 * (1 + WORD_COUNT)];
	uint32_t words[WORD_COUNT];
	FILE *in;
	int i;

	for (i = 0; i < INSTR_COUNT; i++)
		table[i] = count_call;
#ifdef HANDLERS
	for (i = 0; i < INSTR_COUNT; i++)
		if (!HANDLERS[i]) {
			fprintf(stderr, "handler %d is NULL\n", i);
			return 1;
		}
	printf("handlers %d\n", INSTR_COUNT);
#endif
	if (argc < 2)
		return 0;
	in = fopen(argv[1], "rb");
	if (!in) {
		perror(argv[1]);
		return 2;
	}
	while (fread(record, sizeof record, 1, in) == 1) {
		int gpu = (int)le32(record);
		int id, executed;
		for (i = 0; i < WORD_COUNT; i++)
			words[i] = le32(record + 4 * (1 + i));
		id = DISPATCH(words, gpu);
		calls = 0;
		executed = EXECUTE(table, words, &calls, gpu);
		if (executed != id || calls != (id >= 0 ? 1u : 0u)) {
			fprintf(stderr, "execute returned %d after %u calls, dispatch %d\n", executed, calls, id);
			return 1;
		}
		printf("%d\n", id);
	}
	fclose(in);
	return 0;
}
