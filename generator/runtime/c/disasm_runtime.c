/* The runtime of the generated C disassemblers: see disasm_runtime.h. */
#include "disasm_runtime.h"

#include <string.h>

/* The writer's fast paths are a few instructions: inlined everywhere, so that short constant
 * texts are stored directly (an out-of-line copy called per field costs more than the copy). */
#if defined(__GNUC__)
#define DIS_INLINE static inline __attribute__((always_inline))
#else
#define DIS_INLINE static inline
#endif

/* Text written to `buffer` and flushed to `sink` whenever `buffer` fills. */
static inline void dis_init_file(struct dis_writer *w, char *buffer, size_t size, FILE *sink)
{
	w->out = buffer;
	w->at = buffer;
	w->end = buffer + size;
	w->before = 0;
	w->line_start = 0;
	w->sink = sink;
	w->dest = NULL;
	w->dest_size = 0;
}

/*
 * Text kept in `dest` as snprintf keeps it (at most dest_size-1 characters and a NUL), written
 * through `buffer`: the fast paths store a few bytes past the text they write, which only `buffer`
 * sees, so that nothing in `dest` after the NUL is touched.
 */
static inline void dis_init_string(struct dis_writer *w, char *buffer, size_t size, char *dest,
				   size_t dest_size)
{
	dis_init_file(w, buffer, size, NULL);
	w->dest = dest;
	w->dest_size = dest_size;
}

/* Every character written so far, kept or not. */
static inline size_t dis_len(const struct dis_writer *w)
{
	return w->before + (size_t)(w->at - w->out);
}

static void dis_flush(struct dis_writer *w)
{
	size_t n = (size_t)(w->at - w->out);
	if (w->sink) {
		if (n > 0)
			fwrite(w->out, 1, n, w->sink);
	} else if (w->before + 1 < w->dest_size) {
		size_t room = w->dest_size - 1 - w->before;
		memcpy(w->dest + w->before, w->out, n < room ? n : room);
	}
	w->before += n;
	w->at = w->out;
}

/* What does not fit before `end`: written in pieces, flushing the buffer each time it fills. */
static void dis_overflow(struct dis_writer *w, const char *s, size_t n)
{
	for (;;) {
		size_t room = (size_t)(w->end - w->at), k = n < room ? n : room;
		memcpy(w->at, s, k);
		w->at += k;
		s += k;
		n -= k;
		if (n == 0)
			return;
		dis_flush(w);
	}
}

/* Built with DIS_CHECK_ROOM (the tests), every store checks the room its run reserved. */
#ifdef DIS_CHECK_ROOM
#include <assert.h>
#define DIS_ASSERT_ROOM(w, n) assert((size_t)((w)->end - (w)->at) >= (n))
#else
#define DIS_ASSERT_ROOM(w, n) ((void)0)
#endif

/*
 * Room for `n` more characters, flushing the buffer when short: the generated code reserves the
 * most a run of writes can take, then stores without a check per write (the dis_store* functions).
 * The buffer must hold `n` (the generated code says how big it needs to be).
 */
DIS_INLINE void dis_reserve(struct dis_writer *w, size_t n)
{
	if ((size_t)(w->end - w->at) < n)
		dis_flush(w);
}

/* `n` characters, none a newline, where the room is reserved. */
DIS_INLINE void dis_store(struct dis_writer *w, const char *s, size_t n)
{
	char *at = w->at;
	DIS_ASSERT_ROOM(w, n);
	w->at += n;
#if defined(__GNUC__)
	/* A constant length (most generated texts) is a store or two; a byte loop is not. */
	if (__builtin_constant_p(n)) {
		memcpy(at, s, n);
		return;
	}
#endif
	/* Most texts are a few characters: a loop, not a call to memcpy. */
	while (n-- > 0)
		*at++ = *s++;
}

/* `n` characters, none a newline (generated text says where newlines are: dis_puts). */
DIS_INLINE void dis_putn(struct dis_writer *w, const char *s, size_t n)
{
	if ((size_t)(w->end - w->at) >= n)
		dis_store(w, s, n);
	else
		dis_overflow(w, s, n);
}

/*
 * `s` (n characters, no newline) when `on`, where the room is reserved: the copy is made either
 * way and only the position depends on `on`, since a flag of random words mispredicts half the time.
 */
DIS_INLINE void dis_store_if(struct dis_writer *w, const char *s, size_t n, int on)
{
	DIS_ASSERT_ROOM(w, n);
	memcpy(w->at, s, n);
	w->at += on ? n : 0;
}

/*
 * The first `n` characters of a table row `size` bytes long (no newline), where `size` is reserved:
 * all `size` copied at once (the rest is overwritten by what follows, or lies past the end of the
 * text), whatever `n` is.
 */
DIS_INLINE void dis_store_row(struct dis_writer *w, const char *row, size_t n, size_t size)
{
	DIS_ASSERT_ROOM(w, size);
	memcpy(w->at, row, size);
	w->at += n;
}

/* One character, not a newline. */
DIS_INLINE void dis_char(struct dis_writer *w, char c)
{
	if (w->at < w->end)
		*w->at++ = c;
	else
		dis_overflow(w, &c, 1);
}

DIS_INLINE void dis_putc(struct dis_writer *w, char c)
{
	dis_char(w, c);
	if (c == '\n')
		w->line_start = dis_len(w);
}

/* Text that may hold newlines (names from the model, messages). */
static inline void dis_puts(struct dis_writer *w, const char *s)
{
	for (; *s; s++)
		dis_putc(w, *s);
}

/* Spaces up to `column` of the current line (isaspec `{X:align=N}`). */
static inline void dis_pad(struct dis_writer *w, size_t column)
{
	static const char spaces[] = "                                ";
	size_t at = dis_len(w) - w->line_start;
	while (at < column) {
		size_t k = column - at < sizeof spaces - 1 ? column - at : sizeof spaces - 1;
		dis_putn(w, spaces, k);
		at += k;
	}
}

/* Ends the text: the last flush, and in a string the NUL of snprintf. */
static inline size_t dis_finish(struct dis_writer *w)
{
	dis_flush(w);
	if (!w->sink && w->dest_size > 0)
		w->dest[w->before < w->dest_size - 1 ? w->before : w->dest_size - 1] = '\0';
	return w->before;
}

/* `n` characters written last first (digits made from the lowest up). */
static inline void dis_digits(struct dis_writer *w, const char *reversed, size_t n)
{
	char text[24];
	size_t i;
	for (i = 0; i < n; i++)
		text[i] = reversed[n - 1 - i];
	dis_putn(w, text, n);
}

/* "00" … "99": two digits a division. */
static const char dis_pairs[] = "00010203040506070809101112131415161718192021222324"
				"25262728293031323334353637383940414243444546474849"
				"50515253545556575859606162636465666768697071727374"
				"75767778798081828384858687888990919293949596979899";

/* `v` in decimal, with a '-' when negative (JS String(v)). */
static void dis_int_wide(struct dis_writer *w, int64_t v)
{
	/* Digits from the end of `text` backwards. */
	char text[24], *at = text + sizeof text;
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	uint32_t x;
	if (u <= UINT32_MAX && w->end - w->at >= 11) {
		/* Room for any: the digits go straight where they belong, counted first. */
		static const uint32_t tens[9] = { 10u,	     100u,	 1000u,
						   10000u,    100000u,	 1000000u,
						   10000000u, 100000000u, 1000000000u };
		unsigned n = 1;
		x = (uint32_t)u;
		while (n < 10 && x >= tens[n - 1])
			n++;
		at = w->at;
		if (v < 0)
			*at++ = '-';
		at += n;
		w->at = at;
		for (x = (uint32_t)u; x >= 100; x /= 100) {
			unsigned r = x % 100;
			*--at = dis_pairs[2 * r + 1];
			*--at = dis_pairs[2 * r];
		}
		if (x >= 10) {
			*--at = dis_pairs[2 * x + 1];
			*--at = dis_pairs[2 * x];
		} else {
			*--at = (char)('0' + x);
		}
		return;
	}
	while (u > UINT32_MAX) {
		unsigned r = (unsigned)(u % 100);
		u /= 100;
		*--at = dis_pairs[2 * r + 1];
		*--at = dis_pairs[2 * r];
	}
	/* Most values fit 32 bits, where dividing by 100 costs less. */
	for (x = (uint32_t)u; x >= 100; x /= 100) {
		unsigned r = x % 100;
		*--at = dis_pairs[2 * r + 1];
		*--at = dis_pairs[2 * r];
	}
	if (x >= 10) {
		*--at = dis_pairs[2 * x + 1];
		*--at = dis_pairs[2 * x];
	} else {
		*--at = (char)('0' + x);
	}
	if (v < 0)
		*--at = '-';
	dis_putn(w, at, (size_t)(text + sizeof text - at));
}

/*
 * Most numbers printed are register, component or constant numbers below 10,000: four digits made
 * and the 1 to 4 wanted stored at once, without a branch on the count that random values
 * mispredict. dis_store_int where 20 characters are reserved.
 */
DIS_INLINE void dis_store_int(struct dis_writer *w, int64_t v)
{
	if ((uint64_t)v < 10000) {
		unsigned u = (unsigned)v;
		unsigned n = 1 + (u >= 10) + (u >= 100) + (u >= 1000);
		/* `% 100` is no-op below 10,000, and tells the compiler the pairs are in the table. */
		unsigned high = u / 100 % 100, low = u % 100;
		/* The digits in text[0..4), then whatever: text[4 - n .. 8 - n) holds them first. */
		char text[8] = { 0 };
		DIS_ASSERT_ROOM(w, 4);
		memcpy(text, dis_pairs + 2 * high, 2);
		memcpy(text + 2, dis_pairs + 2 * low, 2);
		memcpy(w->at, text + 4 - n, 4);
		w->at += n;
	} else {
		dis_int_wide(w, v);
	}
}

DIS_INLINE void dis_int(struct dis_writer *w, int64_t v)
{
	if ((uint64_t)v < 10000 && w->end - w->at < 4)
		dis_int_wide(w, v);
	else
		dis_store_int(w, v);
}

/* `v` in lowercase hex, with a '-' when negative (JS v.toString(16)). */
static inline void dis_hex(struct dis_writer *w, int64_t v)
{
	char text[24], *at = text + sizeof text;
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	do {
		*--at = "0123456789abcdef"[u & 15];
		u >>= 4;
	} while (u != 0);
	if (v < 0)
		*--at = '-';
	dis_putn(w, at, (size_t)(text + sizeof text - at));
}

/* `v` in lowercase hex, at least `pad` digits (JS v.toString(16).padStart(pad, "0")). */
static inline void dis_hex_pad(struct dis_writer *w, uint32_t v, unsigned pad)
{
	char digits[8];
	unsigned n = 0;
	do {
		digits[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v != 0);
	while (n < pad && n < sizeof digits)
		digits[n++] = '0';
	dis_digits(w, digits, n);
}

/* `v` in upper-case hex without leading zeros. */
static inline void dis_hex_upper(struct dis_writer *w, uint32_t v)
{
	char digits[8];
	unsigned n = 0;
	do {
		digits[n++] = "0123456789ABCDEF"[v & 15];
		v >>= 4;
	} while (v != 0);
	dis_digits(w, digits, n);
}

/* `count` words, most significant first, each as 8 hex digits, masked by `mask` when given. */
static inline void dis_hex_words(struct dis_writer *w, const uint32_t *words, const uint32_t *mask,
			  unsigned count)
{
	unsigned i, d;
	for (i = count; i-- > 0;) {
		uint32_t v = words[i] & (mask ? mask[i] : 0xffffffffu);
		char text[8];
		for (d = 0; d < 8; d++)
			text[d] = "0123456789abcdef"[(v >> (28 - 4 * d)) & 15];
		dis_putn(w, text, 8);
	}
}

/* A number below 2^128 (four 32-bit limbs, lowest first; clobbered) in decimal. */
static inline void dis_wide_decimal(struct dis_writer *w, uint32_t limb[4])
{
	/* Digits from the end of `text` backwards: at most 39. */
	char text[40];
	size_t n = 0;
	int top = 3, i, k;
	while (top >= 0 && limb[top] == 0)
		top--;
	do {
		uint64_t rem = 0;
		for (i = top; i >= 0; i--) {
			uint64_t cur = (rem << 32) | limb[i];
			limb[i] = (uint32_t)(cur / 1000000000u);
			rem = cur % 1000000000u;
		}
		while (top >= 0 && limb[top] == 0)
			top--;
		/* Nine digits a chunk; the most significant one without leading zeros. */
		for (k = 0; k < 9; k++) {
			text[sizeof text - ++n] = (char)('0' + rem % 10);
			rem /= 10;
			if (top < 0 && rem == 0)
				break;
		}
	} while (top >= 0);
	dis_putn(w, text + sizeof text - n, n);
}

/*
 * A float field as C `%f` prints it (glibc: the exact value rounded to 6 decimals, halves to
 * even; `nan`/`-nan` by the sign bit, `inf`, `-inf`). The value is m * 2^e with m below 2^24,
 * so the digits come from integers: no call to printf per field.
 */
static inline void dis_float(struct dis_writer *w, uint32_t raw, unsigned width)
{
	unsigned exp_bits = width == 32 ? 8 : 5, mant_bits = width == 32 ? 23 : 10;
	uint32_t exp_max = (1u << exp_bits) - 1, expo = (raw >> mant_bits) & exp_max;
	uint32_t mant = raw & ((1u << mant_bits) - 1), m = expo ? mant | (1u << mant_bits) : mant;
	/* e = unbiased exponent - mant_bits; subnormals have the exponent of expo 1. */
	int e = (int)(expo ? expo : 1) - (int)(exp_max >> 1) - (int)mant_bits;
	uint64_t q, ip;
	unsigned k;
	char frac[6];
	if ((raw >> (exp_bits + mant_bits)) & 1u)
		dis_char(w, '-');
	if (expo == exp_max) {
		dis_putn(w, mant ? "nan" : "inf", 3);
		return;
	}
	if (e >= 0) {
		uint32_t limb[4] = { 0, 0, 0, 0 };
		uint64_t v = (uint64_t)m << (e % 32);
		limb[e / 32] = (uint32_t)v;
		if (e / 32 < 3)
			limb[e / 32 + 1] = (uint32_t)(v >> 32);
		dis_wide_decimal(w, limb);
		dis_putn(w, ".000000", 7);
		return;
	}
	k = (unsigned)-e;
	ip = k < 32 ? m >> k : 0;
	/* The fraction times 10^6, below 2^44: its integer part, rounded by what is left. */
	q = (uint64_t)(k < 32 ? m & ((1u << k) - 1) : m) * 1000000u;
	if (k < 64) {
		uint64_t rest = q & (((uint64_t)1 << k) - 1), half = (uint64_t)1 << (k - 1);
		q >>= k;
		if (rest > half || (rest == half && (q & 1)))
			q++;
	} else {
		q = 0; /* below 2^-64 * 10^6 * 2^24: far below half a millionth */
	}
	if (q == 1000000) {
		ip++;
		q = 0;
	}
	dis_int(w, (int64_t)ip);
	for (k = 6; k-- > 0; q /= 10)
		frac[k] = (char)('0' + q % 10);
	dis_char(w, '.');
	dis_putn(w, frac, 6);
}

/* The low `width` bits of `v` as a two's complement number (JS signExtend). */
static inline int64_t dis_sign_extend(int64_t v, unsigned width)
{
	uint64_t m = (uint64_t)1 << width;
	uint64_t u = (uint64_t)v & (m - 1);
	return u >= m / 2 ? (int64_t)u - (int64_t)m : (int64_t)u;
}

/* Bits low..high (inclusive, at most 32) of `words` (`count` of them, zeros beyond). */
static inline uint32_t dis_bits(const uint32_t *words, unsigned count, unsigned low, unsigned high)
{
	unsigned width = high - low + 1, wi = low >> 5, shift = low & 31;
	uint64_t v = wi < count ? words[wi] >> shift : 0;
	if (shift + width > 32 && wi + 1 < count)
		v |= (uint64_t)words[wi + 1] << (32 - shift);
	return width >= 32 ? (uint32_t)v : (uint32_t)(v & ((1u << width) - 1));
}

/* a << b and a >> b as the codec computes them (a * 2^b, floor(a / 2^b)), for b >= 0. */
static inline int64_t dis_shl(int64_t a, int64_t b)
{
	return a == 0 || b >= 63 ? 0 : a * ((int64_t)1 << b);
}

static inline int64_t dis_shr(int64_t a, int64_t b)
{
	if (b >= 63)
		return a < 0 ? -1 : 0;
	return a >= 0 ? a >> b : -((-a - 1) >> b) - 1;
}

/* JS `(a OP b) >>> 0` on integers: the 32-bit operation, unsigned. */
static inline int64_t dis_u32(int64_t v)
{
	return (int64_t)(uint32_t)(uint64_t)v;
}

static struct dis_error *dis_error(struct dis_errors *e, enum dis_error_kind kind, const char *a)
{
	struct dis_error *r;
	if (!e)
		return NULL;
	if (e->count++ >= DIS_MAX_ERRORS)
		return NULL;
	r = &e->list[e->count - 1];
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->a = a;
	return r;
}

static inline void dis_error_name(struct dis_errors *e, enum dis_error_kind kind, const char *a,
			   const char *b)
{
	struct dis_error *r = dis_error(e, kind, a);
	if (r)
		r->b = b;
}

/* An error naming words (`no match: FIELD`, `dontcare bits`): `count` words, zeros above. */
static inline void dis_error_words(struct dis_errors *e, enum dis_error_kind kind, const char *a,
			    const char *b, const uint32_t *words, unsigned count,
			    const uint32_t *mask)
{
	struct dis_error *r = dis_error(e, kind, a);
	unsigned i;
	if (!r)
		return;
	r->b = b;
	r->mask = mask;
	for (i = 0; i < count && i < DIS_MAX_WORDS; i++)
		r->words[i] = words[i];
}

static inline void dis_error_bits(struct dis_errors *e, const char *bitset, unsigned low, unsigned high,
			   uint64_t value, uint64_t expected)
{
	struct dis_error *r = dis_error(e, DIS_UNEXPECTED_BITS, bitset);
	if (!r)
		return;
	r->low = low;
	r->high = high;
	r->value = value;
	r->expected = expected;
}

static inline void dis_hex_value(struct dis_writer *w, uint64_t v, unsigned count)
{
	uint32_t words[DIS_MAX_WORDS] = { 0 };
	words[0] = (uint32_t)v;
	words[1] = (uint32_t)(v >> 32);
	dis_hex_words(w, words, NULL, count);
}

/* `\t; e1, e2, …`: the first DIS_MAX_ERRORS errors, when there are any. */
static inline void dis_print_errors(struct dis_writer *w, const struct dis_errors *e)
{
	unsigned i, n = e->count < DIS_MAX_ERRORS ? e->count : DIS_MAX_ERRORS;
	for (i = 0; i < n; i++) {
		const struct dis_error *r = &e->list[i];
		dis_puts(w, i == 0 ? "\t; " : ", ");
		switch (r->kind) {
		case DIS_NO_FIELD:
			dis_puts(w, "no field '");
			dis_puts(w, r->a);
			dis_putc(w, '\'');
			break;
		case DIS_CONFLICT:
			dis_puts(w, "bitset conflict: ");
			dis_puts(w, r->a);
			dis_puts(w, " vs ");
			dis_puts(w, r->b);
			break;
		case DIS_FIELD_NO_MATCH:
			dis_puts(w, "no match: FIELD: '");
			dis_puts(w, r->a);
			dis_putc(w, '.');
			dis_puts(w, r->b);
			dis_puts(w, "': ");
			dis_hex_words(w, r->words, NULL, e->word_count);
			break;
		case DIS_DONTCARE:
			dis_puts(w, "dontcare bits in ");
			dis_puts(w, r->a);
			dis_puts(w, ": ");
			dis_hex_words(w, r->words, r->mask, e->word_count);
			break;
		case DIS_UNEXPECTED_BITS:
			dis_puts(w, "WARNING: unexpected bits[");
			dis_int(w, r->low);
			dis_putc(w, ':');
			dis_int(w, r->high);
			dis_puts(w, "] in ");
			dis_puts(w, r->a);
			dis_puts(w, ": ");
			dis_hex_value(w, r->value, e->word_count);
			dis_puts(w, " vs ");
			dis_hex_value(w, r->expected, e->word_count);
			break;
		case DIS_NO_DISPLAY:
			dis_puts(w, r->a);
			dis_puts(w, ": no display template");
			break;
		}
	}
}
