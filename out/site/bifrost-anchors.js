// Every anchor of this manual by the page that holds it, as JSON text: { page: [anchors but its
// own] }. The manual's front page loads it when opened with an anchor from before the manual had a
// page per section, and goes on to that anchor's page.
window.isaforgeAnchors = [
  '{"":["arm-mali-bifrost-opcode-notes","contents","overview","source-documents","execution-units"',
  '],"notes":[],"fma-unit":["log_frexpm-fma","frcp_frexpm-fma","fsqrt_frexpm-fma","frcp_frexpe-fma',
  '","fsqrt_frexpe-fma","frsq_frexpe-fma","lshift_add_low32-fma"],"add-unit":["f16_to_f32x-add","f',
  '16_to_f32y-add","mov-add","frcp_frexpm-add","flog_frexpe-add","ld_ubov4i32-add","frcp_fastf32-a',
  'dd","frcp_table-add","frcp_fastf16x-add","frsq_table-add","frcp_approx-add","mux-add","st_var-a',
  'dd","ld_var_addr-add","discard-add","atestf32-add","blend-add"]}',
].join("");
