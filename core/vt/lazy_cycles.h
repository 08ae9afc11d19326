// lazy_cycles.h — frees the reference cycles realised lazy values close.
//
// A recorded container that holds itself (d = {}; d['self'] = d, or a hostile trace's
// dict whose value is the dict) becomes a DictVariable whose item is a LazyVariable
// realised into that same DictVariable (VariableBuilder reuses the tracker of an object it
// already wrapped): a shared_ptr cycle that outlives the frame. LazyVariable::realize
// records every value it realises; a FrameLazyScope (one per replayed frame) forgets their
// realised trackers when the frame ends, which breaks every such cycle. Found by the deep
// trace fuzzer (LeakSanitizer, issue 21).
#pragma once

namespace dynrr::vt {

class FrameLazyScope {
 public:
  FrameLazyScope();
  ~FrameLazyScope();
  FrameLazyScope(const FrameLazyScope&) = delete;
  FrameLazyScope& operator=(const FrameLazyScope&) = delete;
};

}  // namespace dynrr::vt
