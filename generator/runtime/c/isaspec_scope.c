/*
 * The isaspec part of the generated C disassemblers' runtime (inlined after disasm_runtime.c): the
 * scope a display is printed in and the helpers the generated code calls. A scope is an instruction
 * or the leaf a bitset-typed field's value matched; names are small integers the generated code
 * enumerates, and `name_of` (generated) gives their text for errors.
 */
#include "disasm_runtime.c"

struct ctx {
	struct dis_writer *w;
	/* NULL when errors are not printed: then nothing records them. */
	struct dis_errors *errors;
	int64_t gpu;
	int has_gpu;
};

struct scope;

/* A name's value and format (an index the generated `format_value` knows), or 0 if none. */
typedef int (*resolve_fn)(struct scope *s, int name, int64_t *v, int *fmt);

struct scope {
	const uint32_t *w;
	/* The owners (cases, derived values) being evaluated: re-entering one reads 0. */
	uint64_t stack;
	/* Overrides whose condition is known (`known`), and which of them apply. */
	uint64_t known, applied;
	const char *mnemonic;
	/* The scope of the field this one decodes, and its <param>s (names resolved there). */
	struct scope *parent;
	resolve_fn param;
	/* The <param>s the enclosing site passed as values (slots the generated code numbers). */
	const int64_t *pv;
	struct ctx *ctx;
};

/* The text of a name (generated with the names). */
static const char *name_of(int name);

static inline void init_scope(struct scope *s, struct ctx *c, const uint32_t *words,
			      const char *mnemonic)
{
	s->w = words;
	s->stack = 0;
	s->known = 0;
	s->applied = 0;
	s->mnemonic = mnemonic;
	s->parent = NULL;
	s->param = NULL;
	s->pv = NULL;
	s->ctx = c;
}

static inline void no_field(struct scope *s, const char *name)
{
	dis_error_name(s->ctx->errors, DIS_NO_FIELD, name, NULL);
}

static inline void no_display(struct scope *s)
{
	dis_error_name(s->ctx->errors, DIS_NO_DISPLAY, s->mnemonic, NULL);
}

/* A name's value in an expression: 0, and `no field` recorded, when nothing resolves it. */
static inline int64_t get(struct scope *s, resolve_fn resolve, int name)
{
	int64_t v;
	int fmt;
	if (resolve(s, name, &v, &fmt))
		return v;
	no_field(s, name_of(name));
	return 0;
}

/* An <assert>: bits low..high of the scope's `count` words should hold `expected`. */
static inline void check_bits(struct scope *s, unsigned count, unsigned low, unsigned high,
		       uint32_t expected, const char *bitset)
{
	uint32_t v;
	if (!s->ctx->errors)
		return;
	v = dis_bits(s->w, count, low, high);
	if (v != expected)
		dis_error_bits(s->ctx->errors, bitset, low, high, v, expected);
}
