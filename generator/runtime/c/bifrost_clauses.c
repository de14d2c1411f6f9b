/*
 * The Bifrost clause-stream runtime the generated C disassembler (out/c/bifrost-disasm.c) carries,
 * inlined by generator/emit/emitCDisassembler.ts: the C twin of generator/runtime/codec/
 * bifrostClauses.ts (framing, header line, register blocks, sources, constants, verbose lines), on
 * the companion's tables (`struct bi_format`, generated) and the generated slot printers. Text goes
 * to a writer with snprintf semantics or to a FILE; the first error (Mesa's assertion or overrun)
 * is kept with its byte offset. Everything is static; no allocation.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct bi_bits {
	unsigned low, high, shift;
};

enum bi_kind { BI_HEADER, BI_T1, BI_PAIR, BI_ECM, BI_TAIL, BI_ECHIGH, BI_TSPLIT, BI_CONSTANTS };
enum bi_print { BI_RESERVED, BI_NAMES, BI_FLAG, BI_NUMBER, BI_MASK, BI_MESSAGE, BI_NONE };
enum bi_action { BI_IDLE, BI_READ, BI_WRITE, BI_WRITE_LO, BI_WRITE_HI };
enum bi_modifier { BI_PLAIN, BI_PC60, BI_PCHI, BI_PCPAIR, BI_MOD_ERROR, BI_BY_M2 };

struct bi_header_field {
	unsigned low, high;
	enum bi_print print;
	const char *texts[8];
};

struct bi_mode {
	int valid;
	enum bi_action port2, port3;
	const char *unit;
};

struct bi_format {
	struct bi_bits tag, main_regs, main_fma, main_add_low, c0, c1, hdr, fma_high, add_low2,
		ec_low, ec_high, next_regs, next_fma_low, up1, up2, m1, m2, a1, b1, a2, b2;
	struct bi_bits fau, r3, r2, r0, r1, ctrl;
	/* Per tag: kind (-1 invalid), tuple for s = 0, for s = 1, count (0: unchanged). */
	signed char tags[256][4];
	signed char positions[16][2];
	const struct bi_header_field *header;
	unsigned header_count;
	unsigned staging_low, staging_high;
	const char *const *messages;
	unsigned message_count;
	const char *reserved_message;
	struct bi_mode modes[32];
	signed char fau_slots[16];
	const char *const *fau_special;
	unsigned char modifiers[16][2];
	unsigned char modifiers_by_m2[16][2];
};

struct bi_writer {
	char *out;
	size_t size;
	size_t len;
	FILE *file;
	int failed;
};

static void bi_put(struct bi_writer *w, const char *s, size_t n)
{
	if (w->file) {
		if (n && fwrite(s, 1, n, w->file) != n)
			w->failed = 1;
	} else if (w->len + 1 < w->size) {
		size_t room = w->size - 1 - w->len;
		memcpy(w->out + w->len, s, n < room ? n : room);
	}
	w->len += n;
}

static void bi_puts(struct bi_writer *w, const char *s)
{
	bi_put(w, s, strlen(s));
}

static void bi_printf_u(struct bi_writer *w, const char *format, uint64_t value)
{
	char buf[32];
	int n = snprintf(buf, sizeof buf, format, value);
	bi_put(w, buf, (size_t)n);
}

struct bi_error {
	const char *kind;
	size_t byte_offset;
};

struct bi_tuple {
	uint64_t regs;
	uint32_t fma, add;
};

struct bi_clause {
	size_t offset; /* quadword index */
	size_t quadwords;
	uint64_t header;
	unsigned n, nk;
	struct bi_tuple t[8];
	uint64_t k[6];
	enum bi_modifier mod[6];
	size_t block_at[8], header_at;
};

/* The decoding state shared by the printers: clause, tuple, writer, first error. */
struct bi_ctx {
	const struct bi_format *f;
	struct bi_writer *w;
	struct bi_error *error;
	const struct bi_clause *c;
	unsigned i;
	unsigned staging;
};

static void bi_fail(struct bi_ctx *x, const char *kind, size_t at)
{
	if (!x->error->kind) {
		x->error->kind = kind;
		x->error->byte_offset = at;
	}
}

/* Bits [b.low, b.high) of the quadword at word `base`, at most 64 of them. */
static uint64_t bi_q(const uint32_t *words, size_t base, struct bi_bits b)
{
	uint64_t v = 0;
	unsigned got = 0;
	for (unsigned pos = b.low; pos < b.high;) {
		unsigned off = pos & 31, take = 32 - off < b.high - pos ? 32 - off : b.high - pos;
		uint64_t part = (uint64_t)(words[base + (pos >> 5)] >> off) & ((1ull << take) - 1);
		v |= part << got;
		got += take;
		pos += take;
	}
	return v;
}

static uint64_t bi_slice(uint64_t v, struct bi_bits b)
{
	return (v >> b.low) & ((1ull << (b.high - b.low)) - 1);
}

static int bi_modifiers(const struct bi_format *f, unsigned m1, unsigned m2, enum bi_modifier out[2])
{
	const unsigned char *pair = f->modifiers[m1];
	if (pair[0] == BI_BY_M2)
		pair = f->modifiers_by_m2[m2];
	if (pair[0] == BI_MOD_ERROR)
		return -1;
	out[0] = (enum bi_modifier)pair[0];
	out[1] = (enum bi_modifier)pair[1];
	return 0;
}

static uint32_t bi_word(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Decode the clause at quadword q of the stream (§3); 0, or -1 with the error set. */
static int bi_decode_clause(struct bi_ctx *x, const uint8_t *bytes, size_t nbytes, size_t q,
			    struct bi_clause *c, int verbose)
{
	const struct bi_format *f = x->f;
	unsigned up = f->main_add_low.high - f->main_add_low.low;
	unsigned low_fma = f->next_fma_low.high - f->next_fma_low.low;
	memset(c, 0, sizeof *c);
	c->offset = q;
	c->header_at = 16 * q;
	for (int done = 0; !done; q++) {
		size_t at = 16 * q, base = 0;
		if (at + 16 > nbytes) {
			bi_fail(x, "truncated", at);
			return -1;
		}
		uint32_t words[4] = { bi_word(bytes + at), bi_word(bytes + at + 4), bi_word(bytes + at + 8),
				      bi_word(bytes + at + 12) };
		unsigned tag = words[base] & 0xff;
		if (verbose) {
			char buf[64];
			snprintf(buf, sizeof buf, "# %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " \n",
				 words[base + 3], words[base + 2], words[base + 1], words[base]);
			bi_puts(x->w, buf);
			snprintf(buf, sizeof buf, "# tag: 0x%02x\n", tag);
			bi_puts(x->w, buf);
		}
		int kind = f->tags[tag][0];
		if (kind < 0) {
			bi_fail(x, "tag", at);
			return -1;
		}
		unsigned s = (tag >> 6) & 1, k = (unsigned)f->tags[tag][1 + s];
		int count = f->tags[tag][3];
#define MAIN(upper, tu)                                                                  \
	do {                                                                            \
		c->t[tu].regs = bi_q(words, base, f->main_regs);                         \
		c->t[tu].fma = (uint32_t)bi_q(words, base, f->main_fma);                 \
		c->t[tu].add = (uint32_t)(bi_q(words, base, f->main_add_low) | ((uint64_t)(upper) << up)); \
		c->block_at[tu] = at;                                                    \
	} while (0)
#define FINISH(tu, upper)                                                                \
	do {                                                                            \
		c->t[tu].add = (uint32_t)(bi_q(words, base, f->add_low2) | ((uint64_t)(upper) << up)); \
		c->t[tu].fma |= (uint32_t)(bi_q(words, base, f->fma_high) << low_fma);    \
	} while (0)
#define SET_COUNT()                          \
	do {                                 \
		if (count) {                 \
			c->n = (unsigned)count; \
			if (s)               \
				done = 1;    \
		}                            \
	} while (0)
		enum bi_modifier pair[2];
		switch ((enum bi_kind)kind) {
		case BI_HEADER:
			MAIN(tag & 7, k);
			c->header = bi_q(words, base, f->hdr);
			c->header_at = at;
			SET_COUNT();
			break;
		case BI_T1:
			MAIN(bi_q(words, base, f->up1), k);
			SET_COUNT();
			break;
		case BI_PAIR:
			MAIN(tag & 7, k);
			c->t[k + 1].fma |= (uint32_t)bi_q(words, base, f->next_fma_low);
			c->t[k + 1].regs = bi_q(words, base, f->next_regs);
			c->block_at[k + 1] = at;
			break;
		case BI_ECM:
			FINISH(k, bi_q(words, base, f->up1));
			c->k[0] = bi_q(words, base, f->c0) << f->c0.shift;
			if (bi_modifiers(f, (unsigned)bi_q(words, base, f->m1), (unsigned)bi_q(words, base, f->m2), pair)) {
				bi_fail(x, "constant-modifier", at);
				return -1;
			}
			c->mod[0] = pair[0];
			c->nk = 1;
			SET_COUNT();
			break;
		case BI_TAIL:
			FINISH(k, bi_q(words, base, f->up1));
			MAIN(bi_q(words, base, f->up2), k + 1);
			SET_COUNT();
			break;
		case BI_ECHIGH:
			MAIN(tag & 7, k);
			c->k[0] |= bi_q(words, base, f->ec_high) << f->ec_high.shift;
			c->nk = 1;
			SET_COUNT();
			break;
		case BI_TSPLIT:
			MAIN((tag >> 3) & 7, k + 1);
			FINISH(k, tag & 7);
			c->k[0] = bi_q(words, base, f->ec_low) << f->ec_low.shift;
			break;
		case BI_CONSTANTS: {
			unsigned p = tag & 0xf;
			int slot = f->positions[p][0];
			if (slot < 0 || (unsigned)f->positions[p][1] != c->n) {
				bi_fail(x, "constant-position", at);
				return -1;
			}
			if (c->nk < (unsigned)slot + 2)
				c->nk = (unsigned)slot + 2;
			c->k[slot] = bi_q(words, base, f->c0) << f->c0.shift;
			c->k[slot + 1] = bi_q(words, base, f->c1) << f->c1.shift;
			unsigned m1 = (unsigned)(bi_q(words, base, f->a1) - bi_q(words, base, f->b1)) & 15;
			unsigned m2 = (unsigned)(bi_q(words, base, f->a2) - bi_q(words, base, f->b2)) & 15;
			if (bi_modifiers(f, m1, m2, pair)) {
				bi_fail(x, "constant-modifier", at);
				return -1;
			}
			c->mod[slot] = pair[0];
			c->mod[slot + 1] = pair[1];
			if (s)
				done = 1;
			break;
		}
		}
#undef MAIN
#undef FINISH
#undef SET_COUNT
	}
	c->quadwords = q - c->offset;
	return 0;
}

static void bi_ports(unsigned r0, unsigned r1, unsigned ctrl, unsigned *p0, unsigned *p1)
{
	*p0 = ctrl == 0 ? r0 + 32 * (r1 & 1) : r0 <= r1 ? r0 : 63 - r0;
	*p1 = r0 <= r1 ? r1 : 63 - r1;
}

/* The mode of block `regs` (§5.2), or NULL (reserved; the error set at `at`). */
static const struct bi_mode *bi_mode(struct bi_ctx *x, uint64_t regs, int tuple0, size_t at)
{
	const struct bi_format *f = x->f;
	unsigned r2 = (unsigned)bi_slice(regs, f->r2), r3 = (unsigned)bi_slice(regs, f->r3);
	unsigned ctrl = (unsigned)bi_slice(regs, f->ctrl);
	unsigned base = ctrl ? ctrl : (unsigned)bi_slice(regs, f->r1) >> 2;
	unsigned m = tuple0 ? (base & 7) | ((base & 8) << 1) : r2 == r3 ? base + 16 : base;
	if (!f->modes[m].valid) {
		bi_fail(x, "register-mode", at);
		return NULL;
	}
	return &f->modes[m];
}

static const char *bi_suffix(enum bi_action a)
{
	return a == BI_WRITE_LO ? ".h0" : a == BI_WRITE_HI ? ".h1" : "";
}

#define BI_IS_WRITE(a) ((a) == BI_WRITE || (a) == BI_WRITE_LO || (a) == BI_WRITE_HI)

/* The destination of the current tuple's FMA (add = 0) or ADD slot (§5.4). */
static void bi_dest(struct bi_ctx *x, int add)
{
	const struct bi_clause *c = x->c;
	int last = x->i == c->n - 1;
	uint64_t regs = c->t[last ? 0 : x->i + 1].regs;
	const struct bi_mode *m = bi_mode(x, regs, last, c->block_at[last ? 0 : x->i + 1]);
	char buf[24];
	unsigned r2 = (unsigned)bi_slice(regs, x->f->r2), r3 = (unsigned)bi_slice(regs, x->f->r3);
	if (!m)
		return;
	if (!add && BI_IS_WRITE(m->port2))
		snprintf(buf, sizeof buf, "r%u:t0%s", r2, bi_suffix(m->port2));
	else if (!add && BI_IS_WRITE(m->port3) && strcmp(m->unit, "FMA") == 0)
		snprintf(buf, sizeof buf, "r%u:t0%s", r3, bi_suffix(m->port3));
	else if (add && BI_IS_WRITE(m->port3) && strcmp(m->unit, "ADD") == 0)
		snprintf(buf, sizeof buf, "r%u:t1%s", r3, bi_suffix(m->port3));
	else
		snprintf(buf, sizeof buf, add ? "t1" : "t0");
	bi_puts(x->w, buf);
}

static void bi_const32(struct bi_writer *w, uint32_t v)
{
	char buf[96];
	float fl;
	memcpy(&fl, &v, sizeof fl);
	snprintf(buf, sizeof buf, "0x%08" PRIx32 " /* ", v);
	bi_puts(w, buf);
	/* glibc's %f is the reference's: exact, ties to even, -nan by the sign. */
	char num[64];
	int n = snprintf(num, sizeof num, "%f", (double)fl);
	bi_put(w, num, (size_t)n);
	bi_puts(w, " */");
}

static int64_t bi_signed(uint64_t v, unsigned bits)
{
	uint64_t top = 1ull << (bits - 1);
	return (int64_t)(v ^ top) - (int64_t)top;
}

static void bi_fau(struct bi_ctx *x, unsigned h)
{
	const struct bi_format *f = x->f;
	const struct bi_clause *c = x->c;
	unsigned a = (unsigned)bi_slice(c->t[x->i].regs, f->fau);
	char buf[64];
	if (a >= 0x80) {
		snprintf(buf, sizeof buf, "u%u.w%u", a & 0x7f, h);
		bi_puts(x->w, buf);
		return;
	}
	if (a < 0x20) {
		const char *name = f->fau_special[a];
		const char *n = strstr(name, "{n}");
		if (n) {
			bi_put(x->w, name, (size_t)(n - name));
			snprintf(buf, sizeof buf, "%u", a);
			bi_puts(x->w, buf);
			bi_puts(x->w, n + 3);
		} else
			bi_puts(x->w, name);
		bi_puts(x->w, h ? ".y" : ".x");
		return;
	}
	int slot = f->fau_slots[a >> 4];
	uint64_t v = c->k[slot] | (a & 0xf);
	enum bi_modifier mod = c->mod[slot];
	if (mod == BI_PLAIN || (mod == BI_PCHI && h == 0)) {
		bi_const32(x->w, (uint32_t)(h ? v >> 32 : v));
		return;
	}
	int64_t off = mod == BI_PC60 ? bi_signed(v & ((1ull << 60) - 1), 60)
		: (mod == BI_PCHI || h == 1) ? bi_signed((v >> 32) & 0x0fffffff, 28)
		: bi_signed(v & 0x0fffffff, 28);
	if (off % 16 != 0) {
		bi_fail(x, "pc-offset", 16 * c->offset);
		return;
	}
	snprintf(buf, sizeof buf, "clause_%" PRId64, (int64_t)c->offset + off / 16);
	bi_puts(x->w, buf);
	if (mod == BI_PC60 && h == 1)
		bi_puts(x->w, " >> 32");
	if (off == 0)
		bi_puts(x->w, " /* XXX: likely an infinite loop */");
}

/* Source selector v of the current tuple (§6.1); add: the ADD slot, where 3 is `t`. */
static void bi_src(struct bi_ctx *x, unsigned v, int add)
{
	const struct bi_format *f = x->f;
	uint64_t regs = x->c->t[x->i].regs;
	unsigned p0, p1;
	char buf[16];
	bi_ports((unsigned)bi_slice(regs, f->r0), (unsigned)bi_slice(regs, f->r1),
		 (unsigned)bi_slice(regs, f->ctrl), &p0, &p1);
	switch (v) {
	case 0: snprintf(buf, sizeof buf, "r%u", p0); break;
	case 1: snprintf(buf, sizeof buf, "r%u", p1); break;
	case 2: snprintf(buf, sizeof buf, "r%u", (unsigned)bi_slice(regs, f->r2)); break;
	case 3: snprintf(buf, sizeof buf, add ? "t" : "#0"); break;
	case 4:
	case 5: bi_fau(x, v - 4); return;
	case 6: snprintf(buf, sizeof buf, "t0"); break;
	default: snprintf(buf, sizeof buf, "t1"); break;
	}
	bi_puts(x->w, buf);
}

static void bi_header_line(struct bi_ctx *x)
{
	const struct bi_format *f = x->f;
	for (unsigned i = 0; i < f->header_count; i++) {
		const struct bi_header_field *h = &f->header[i];
		struct bi_bits b = { h->low, h->high, 0 };
		unsigned v = (unsigned)bi_slice(x->c->header, b);
		switch (h->print) {
		case BI_RESERVED:
			if (v)
				bi_fail(x, "header-reserved", x->c->header_at);
			break;
		case BI_NUMBER:
			bi_puts(x->w, h->texts[0]);
			bi_printf_u(x->w, "%" PRIu64, v);
			bi_puts(x->w, h->texts[1]);
			break;
		case BI_FLAG:
			if (v)
				bi_puts(x->w, h->texts[0]);
			break;
		case BI_NAMES:
			bi_puts(x->w, h->texts[v]);
			break;
		case BI_MESSAGE:
			if (v) {
				const char *name = v < f->message_count && f->messages[v] ? f->messages[v] : f->reserved_message;
				bi_puts(x->w, h->texts[0]);
				bi_puts(x->w, name);
				bi_puts(x->w, h->texts[1]);
			}
			break;
		case BI_MASK:
			if (v) {
				int first = 1;
				bi_puts(x->w, h->texts[0]);
				for (unsigned bit = 0; bit < h->high - h->low; bit++)
					if ((v >> bit) & 1) {
						if (!first)
							bi_puts(x->w, h->texts[1]);
						bi_printf_u(x->w, "%" PRIu64, bit);
						first = 0;
					}
				bi_puts(x->w, h->texts[2]);
			}
			break;
		case BI_NONE:
			break;
		}
	}
}

static void bi_register_line(struct bi_ctx *x, unsigned i)
{
	const struct bi_format *f = x->f;
	uint64_t regs = x->c->t[i].regs;
	const struct bi_mode *m = bi_mode(x, regs, i == 0, x->c->block_at[i]);
	char buf[64];
	if (!m)
		return;
	unsigned r0 = (unsigned)bi_slice(regs, f->r0), r1 = (unsigned)bi_slice(regs, f->r1);
	unsigned ctrl = (unsigned)bi_slice(regs, f->ctrl), p0, p1;
	unsigned r2 = (unsigned)bi_slice(regs, f->r2), r3 = (unsigned)bi_slice(regs, f->r3);
	bi_ports(r0, r1, ctrl, &p0, &p1);
	bi_puts(x->w, "    # ");
	if (ctrl == 0) {
		if ((r1 & 2) == 0) {
			snprintf(buf, sizeof buf, "slot 0: r%u ", p0);
			bi_puts(x->w, buf);
		}
	} else {
		snprintf(buf, sizeof buf, "slot 0: r%u slot 1: r%u ", p0, p1);
		bi_puts(x->w, buf);
	}
	static const char *const written[] = { "", "", "write", "write lo", "write hi" };
	if (m->port2 == BI_READ) {
		snprintf(buf, sizeof buf, "slot 2: r%u (read) ", r2);
		bi_puts(x->w, buf);
	} else if (BI_IS_WRITE(m->port2)) {
		snprintf(buf, sizeof buf, "slot 2: r%u (%s FMA) ", r2, written[m->port2]);
		bi_puts(x->w, buf);
	}
	if (BI_IS_WRITE(m->port3)) {
		snprintf(buf, sizeof buf, "slot 3: r%u (%s %s) ", r3, written[m->port3], m->unit);
		bi_puts(x->w, buf);
	}
	unsigned fau = (unsigned)bi_slice(regs, f->fau);
	if (fau) {
		snprintf(buf, sizeof buf, "fau %X ", fau);
		bi_puts(x->w, buf);
	}
	bi_puts(x->w, "\n");
}

/* Prints a slot word's line (without its newline); 0 when no state matches. */
typedef int (*bi_slot_printer)(struct bi_ctx *x, uint32_t w);

/* A whole stream's text (§2, §9); 0, or -1 with `error` set (the text is then not Mesa's). */
static int bi_stream(const struct bi_format *f, bi_slot_printer fma, bi_slot_printer add,
		     const uint8_t *bytes, size_t nbytes, int verbose, struct bi_writer *w,
		     struct bi_error *error)
{
	struct bi_ctx x = { f, w, error, NULL, 0, 0 };
	error->kind = NULL;
	if (nbytes % 4) {
		bi_fail(&x, "length", nbytes - nbytes % 4);
		return -1;
	}
	for (size_t q = 0; 16 * q < nbytes && bi_word(bytes + 16 * q) != 0;) {
		struct bi_clause c;
		char label[48];
		snprintf(label, sizeof label, "clause_%zu:\n", q);
		bi_puts(w, label);
		if (bi_decode_clause(&x, bytes, nbytes, q, &c, verbose))
			return -1;
		x.c = &c;
		x.staging = (unsigned)((c.header >> f->staging_low) & ((1u << (f->staging_high - f->staging_low)) - 1));
		char buf[48];
		if (verbose) {
			snprintf(buf, sizeof buf, "# header: %012" PRIx64 "\n", c.header);
			bi_puts(w, buf);
		}
		bi_header_line(&x);
		bi_puts(w, "\n{\n");
		for (unsigned i = 0; i < c.n; i++) {
			x.i = i;
			if (verbose) {
				snprintf(buf, sizeof buf, "    # regs: %016" PRIx64 "\n", c.t[i].regs);
				bi_puts(w, buf);
				bi_register_line(&x, i);
			}
			if (!fma(&x, c.t[i].fma)) {
				snprintf(buf, sizeof buf, "    INSTR_INVALID_ENC fma %" PRIX32, c.t[i].fma);
				bi_puts(w, buf);
			}
			bi_puts(w, "\n");
			if (!add(&x, c.t[i].add)) {
				snprintf(buf, sizeof buf, "    INSTR_INVALID_ENC add %" PRIX32, c.t[i].add);
				bi_puts(w, buf);
			}
			bi_puts(w, "\n");
		}
		bi_puts(w, "}\n");
		if (verbose)
			for (unsigned j = 0; j < c.nk; j++) {
				snprintf(buf, sizeof buf, "# const%u: %08" PRIx32 "\n# const%u: %08" PRIx32 "\n", 2 * j,
					 (uint32_t)c.k[j], 2 * j + 1, (uint32_t)(c.k[j] >> 32));
				bi_puts(w, buf);
			}
		bi_puts(w, "\n");
		if (error->kind)
			return -1;
		q += c.quadwords;
	}
	return error->kind ? -1 : 0;
}
