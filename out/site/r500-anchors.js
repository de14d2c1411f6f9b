// Every anchor of this manual by the page that holds it, as JSON text: { page: [anchors but its
// own] }. The manual's front page loads it when opened with an anchor from before the manual had a
// page per section, and goes on to that anchor's page.
window.isaforgeAnchors = [
  '{"":["amd-r500-fragment-shader-flow-control","contents","overview","source-documents"],"instruc',
  'tion-index":[],"instructions":[],"fc":[],"enumerations":[],"us_fc_instop":[],"us_fc_instb_else"',
  ':[],"us_fc_instjump_any":[],"us_fc_insta_op":[],"us_fc_instb_op0":[],"us_fc_instb_op1":[],"us_f',
  'c_instignore_uncovered":[],"registers":[],"us_fc_inst":[],"us_cmn_inst":[],"us_fc_addr":[]}',
].join("");
