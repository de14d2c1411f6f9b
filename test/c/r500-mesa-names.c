/*
 * The Mesa-compatible names of out/c/r500.h against the values of Mesa's hand-written
 * src/gallium/drivers/r300/r300_reg.h (sailfishos-mirror/mesa@630c5ab0), as tabulated in
 * r500-and-bifrost.md A4; unlike Mesa's, the argument macros must mask their argument.
 * Compiled (not run) by test/c/r500Mesa.test.ts as C11 and C++17.
 */
#include "r500.h"

#ifdef __cplusplus
#define CHECK(e) static_assert(e, #e)
#else
#define CHECK(e) _Static_assert(e, #e)
#endif

/* US_FC_INST (inst2) */
CHECK(R500_US_FC_INST_0 == 0x9800);
CHECK(R500_FC_OP_JUMP == (0 << 0));
CHECK(R500_FC_OP_LOOP == (1 << 0));
CHECK(R500_FC_OP_ENDLOOP == (2 << 0));
CHECK(R500_FC_OP_REP == (3 << 0));
CHECK(R500_FC_OP_ENDREP == (4 << 0));
CHECK(R500_FC_OP_BREAKLOOP == (5 << 0));
CHECK(R500_FC_OP_BREAKREP == (6 << 0));
CHECK(R500_FC_OP_CONTINUE == (7 << 0));
CHECK(R500_FC_B_ELSE == (1 << 4));
CHECK(R500_FC_JUMP_ANY == (1 << 5));
CHECK(R500_FC_A_OP_NONE == (0 << 6));
CHECK(R500_FC_A_OP_POP == (1 << 6));
CHECK(R500_FC_A_OP_PUSH == (2 << 6));
CHECK(R500_FC_JUMP_FUNC(0x0f) == (0x0f << 8));
CHECK(R500_FC_JUMP_FUNC(0xff) == (0xff << 8));
CHECK(R500_FC_B_POP_CNT(1) == (1 << 16));
CHECK(R500_FC_B_POP_CNT(0x1f) == (0x1f << 16));
CHECK(R500_FC_B_OP0_NONE == (0 << 24));
CHECK(R500_FC_B_OP0_DECR == (1 << 24));
CHECK(R500_FC_B_OP0_INCR == (2 << 24));
CHECK(R500_FC_B_OP1_NONE == (0 << 26));
CHECK(R500_FC_B_OP1_DECR == (1 << 26));
CHECK(R500_FC_B_OP1_INCR == (2 << 26));
CHECK(R500_FC_IGNORE_UNCOVERED == (1 << 28));

/* US_FC_ADDR (inst3) */
CHECK(R500_US_FC_ADDR_0 == 0xa000);
CHECK(R500_FC_BOOL_ADDR(3) == (3 << 0));
CHECK(R500_FC_BOOL_ADDR(0x1f) == (0x1f << 0));
CHECK(R500_FC_INT_ADDR(3) == (3 << 8));
CHECK(R500_FC_INT_ADDR(0x1f) == (0x1f << 8));
CHECK(R500_FC_JUMP_ADDR(5) == (5 << 16));
CHECK(R500_FC_JUMP_ADDR(0x1ff) == (0x1ff << 16));
CHECK(R500_FC_JUMP_GLOBAL == (1u << 31));

/* The argument macros mask: a value too wide for its field loses its high bits. */
CHECK(R500_FC_JUMP_FUNC(0x1ff) == (0xff << 8));
CHECK(R500_FC_B_POP_CNT(0x20) == 0);
CHECK(R500_FC_B_POP_CNT(0x3f) == (0x1f << 16));
CHECK(R500_FC_BOOL_ADDR(0x20) == 0);
CHECK(R500_FC_INT_ADDR(0x21) == (1 << 8));
CHECK(R500_FC_JUMP_ADDR(0x200) == 0);

/* The same bits as the register fields the seed document describes. */
CHECK(R500_FC_OP_REP == R500_US_FC_INST_OP(R500_US_FC_INST_OP_US_FC_OP_REP));
CHECK(R500_FC_A_OP_PUSH == R500_US_FC_INST_A_OP(R500_US_FC_INST_A_OP_US_FC_A_OP_PUSH));
CHECK(R500_FC_B_OP1_DECR == R500_US_FC_INST_B_OP1(R500_US_FC_INST_B_OP1_US_FC_B_OP_DECR));
CHECK(R500_FC_JUMP_FUNC(0xa5) == R500_US_FC_INST_JUMP_FUNC(0xa5));
CHECK(R500_FC_JUMP_ADDR(0x123) == R500_US_FC_ADDR_JUMP_ADDR(0x123));
CHECK(R500_FC_JUMP_GLOBAL == R500_US_FC_ADDR_JUMP_GLOBAL);
