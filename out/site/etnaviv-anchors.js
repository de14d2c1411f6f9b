// Every anchor of this manual by the page that holds it, as JSON text: { page: [anchors but its
// own] }. The manual's front page loads it when opened with an anchor from before the manual had a
// page per section, and goes on to that anchor's page.
window.isaforgeAnchors = [
  '{"":["vivante-gc-shader-isa-etnaviv","contents","overview","source-documents"],"encoding-format',
  's":[],"format-1":[],"format-2":[],"format-3":[],"format-4":[],"format-5":[],"format-6":[],"form',
  'at-7":[],"format-8":[],"format-9":[],"format-10":[],"format-11":[],"format-12":[],"instruction-',
  'index":[],"instructions":[],"nop":[],"add":[],"mad":[],"mul":[],"dp3":[],"dp4":[],"dsx":[],"dsy',
  '":[],"mov":[],"movar":[],"rcp":[],"rsq":[],"select":[],"set":[],"exp":[],"log":[],"frc":[],"cal',
  'l":[],"ret":[],"branch":[],"branch_unary":[],"branch_binary":[],"texkill":[],"texld":[],"texldb',
  '":[],"texldd":[],"texldl":[],"sqrt":[],"sin":[],"cos":[],"branch_any":[],"floor":[],"ceil":[],"',
  'sign":[],"barrier":[],"i2i":[],"i2f":[],"f2i":[],"f2irnd":[],"cmp":[],"load":[],"store":[],"cla',
  'mp0_max":[],"iaddsat":[],"imullo0":[],"imulhi0":[],"idiv0":[],"imod":[],"imadlo0":[],"imadlosat',
  '0":[],"movai":[],"iabs":[],"leadzero":[],"lshift":[],"rshift":[],"rotate":[],"or":[],"and":[],"',
  'xor":[],"not":[],"bit_extract":[],"popcount":[],"div":[],"atomic_add":[],"atomic_xchg":[],"atom',
  'ic_cmp_xchg":[],"atomic_min":[],"atomic_max":[],"atomic_or":[],"atomic_and":[],"atomic_xor":[],',
  '"bit_rev":[],"texldlpcf":[],"conv":[],"dp2":[],"norm_dp2":[],"norm_dp3":[],"norm_dp4":[],"img_l',
  'oad":[],"bit_findlsb":[],"bit_findmsb":[],"enumerations":[],"inst_opcode":[],"inst_condition":[',
  '],"inst_rgroup":[],"inst_amode":[],"inst_swiz_comp":[],"inst_type":[],"inst_round_mode":[],"con',
  'd":[],"swiz":[],"type":[],"reg_group":[],"reg_addressing_mode":[],"rounding":[],"wrmask":[],"th',
  'read":[],"bitsets":[],"inst_comps":[],"inst_swiz":[],"instruction-dst":[],"src-swizzle":[],"ins',
  'truction-src":[],"left-shift":[],"inherited-attributes":[],"instruction-alu-no-src":[],"instruc',
  'tion-alu":[],"instruction":[],"instruction-alu-src0-src2":[],"instruction-alu-src0-src1-src2":[',
  '],"instruction-alu-src0-src1":[],"instruction-alu-src2":[],"instruction-cf":[],"instruction-cf-',
  'src0-src1":[],"instruction-tex":[],"instruction-tex-maybe-src0-src1":[],"instruction-tex-src0-s',
  'rc1-src2":[],"instruction-alu-src0":[],"instruction-load":[],"extended-instruction-alu":[],"reg',
  'isters":[],"viv_isa_word_0":[],"viv_isa_word_1":[],"viv_isa_word_2":[],"viv_isa_word_3":[]}',
].join("");
