/*
 * What every generated Intel genxml C decoder carries (inlined by
 * generator/emit/genxmlIntel/cDecoder.ts): reading a field as Mesa's decoder reads it, its dword
 * headers, and the length guess of a command header (genxml.md 7.2-7.7). Static inline: a
 * document that has no field of some type leaves its helper unused, without a warning.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/** A named value of an enum or a field. */
struct gxi_value {
   const char *name;
   int64_t value;
};

/** What one print walks: the item's dwords (reads past them give 0) and its data end. */
struct gxi_walk {
   FILE *out;
   uint32_t offset;
   const uint32_t *dw;
   uint32_t count;
   int64_t end;
   unsigned p_bit;
   int last;
   /* The previous field's text, which an mbo field prints again. */
   char text[160];
   /* Names of ISL surface formats, or NULL. */
   const char *(*surface_format)(uint32_t value);
};

static inline uint32_t
gxi_dword(const struct gxi_walk *w, int64_t i)
{
   return i >= 0 && i < (int64_t)w->count ? w->dw[i] : 0;
}

/* The length guess from a command header (7.2); -1 when unknown. */
static inline int64_t
gxi_guess_length(uint32_t h)
{
   uint32_t type = h >> 29, sub = (h >> 27) & 3, op = (h >> 24) & 7, whole = h >> 16;
   if (type == 0)
      return ((h >> 23) & 0x3f) < 16 ? 1 : (h & 0xff) + 2;
   if (type == 2)
      return (h & 0xff) + 2;
   if (type != 3)
      return -1;
   switch (sub) {
   case 0:
      return whole == 0x6104 ? 1 : op < 2 ? (h & 0xff) + 2 : -1;
   case 1:
      return op < 2 ? 1 : -1;
   case 2:
      if (whole == 0x73a2)
         return (h & 0xfff) + 2;
      if (op == 0)
         return (h & 0xff) + 2;
      return op < 3 ? (h & 0xffff) + 2 : -1;
   default:
      return whole == 0x780b ? 1 : op < 4 ? (h & 0xff) + 2 : -1;
   }
}

/* Bits start..end of the item (7.4): shift counts taken modulo 64, as x86 does. */
static inline uint64_t
gxi_read(const struct gxi_walk *w, uint32_t start, uint32_t end, int address)
{
   uint32_t fs = w->p_bit + start, fe = w->p_bit + end, k = start / 32;
   uint64_t raw = gxi_dword(w, k);
   if (fe - fs > 32 && (int64_t)k + 1 < w->end)
      raw |= (uint64_t)gxi_dword(w, k + 1) << 32;
   uint32_t s = fs % 32, e = fe - fs > 32 ? s + (fe - fs) : fe % 32;
   uint64_t mask = (~0ull >> ((63 - e + s) & 63)) << (s & 63);
   uint64_t v = (raw & mask) >> s;
   if (address)
      v <<= fs % 32;
   return v;
}

/* Dword headers up to the field's last dword (7.7). */
static inline void
gxi_headers(struct gxi_walk *w, uint32_t end_bit)
{
   int d = (int)(end_bit / 32);
   if (d == w->last)
      return;
   for (int j = w->last + 1; j <= d; j++)
      fprintf(w->out, "0x%08x:  0x%08x : Dword %d\n", w->offset + 4 * j, gxi_dword(w, j), j);
   w->last = d;
}

static inline const char *
gxi_name_of(const struct gxi_value *values, unsigned n, int64_t v)
{
   for (unsigned i = 0; i < n; i++)
      if (values[i].value == v)
         return values[i].name;
   return NULL;
}

/* A number, then its name if the values give one. */
static inline void
gxi_number(struct gxi_walk *w, uint64_t v, int is_signed, const struct gxi_value *values, unsigned n)
{
   const char *name = gxi_name_of(values, n, (int64_t)v);
   if (is_signed)
      snprintf(w->text, sizeof(w->text), "%" PRId64, (int64_t)v);
   else
      snprintf(w->text, sizeof(w->text), "%" PRIu64, v);
   if (name) {
      size_t len = strlen(w->text);
      snprintf(w->text + len, sizeof(w->text) - len, " (%s)", name);
   }
}

static inline void
gxi_float(struct gxi_walk *w, uint64_t v)
{
   uint32_t u = (uint32_t)v;
   float f;
   memcpy(&f, &u, 4);
   snprintf(w->text, sizeof(w->text), "%f", (double)f);
}

static inline void
gxi_fixed(struct gxi_walk *w, uint64_t v, int is_signed, unsigned integer, unsigned fraction)
{
   float f;
   if (is_signed) {
      unsigned bits = integer + fraction + 1;
      int64_t s = (int64_t)(v << (64 - bits)) >> (64 - bits);
      f = (float)s / (float)(1u << fraction);
   } else
      f = (float)v / (float)(1u << fraction);
   snprintf(w->text, sizeof(w->text), "%f", (double)f);
}

/* A Surface Format's ISL name, when no value name was appended. */
static inline void
gxi_surface_format(struct gxi_walk *w, uint64_t v, const char *field, const struct gxi_value *values, unsigned n)
{
   if (!w->surface_format || gxi_name_of(values, n, (int64_t)v))
      return;
   if (strcmp(field, "Surface Format") && strcmp(field, "Source Element Format"))
      return;
   const char *name = v <= 0xffffffffu ? w->surface_format((uint32_t)v) : NULL;
   if (name) {
      size_t len = strlen(w->text);
      snprintf(w->text + len, sizeof(w->text) - len, " (%s)", name);
   }
}
