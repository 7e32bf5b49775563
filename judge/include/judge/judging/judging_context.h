// The facts a front end knows once (its languages, its compile cache, its store, its
// cancel flag, how it makes sandboxes) and gives both the package loader
// (package_loader.h) and the pipeline (pipeline.h), so that loading a package (the
// Polygon tests it lacks, the time limit inferred from its accepted submissions) and
// judging with it use the same facts: one value per front end, built before either.
//
// Ownership and lifetime: a JudgingContext is a plain value, cheap to copy; the
// pointers in it are borrowed, and what they point to must outlive every pipeline,
// loader and package made with the context (a package keeps `languages` for its own
// programs).
//
// Thread safety: read-only once handed out. What it points to is used from several
// threads at once (a Store and a LanguageSet are thread-safe for that, the flag is an
// atomic) and `sandboxes` is called from any job's thread.
#ifndef JUDGE_JUDGING_CONTEXT_H_
#define JUDGE_JUDGING_CONTEXT_H_

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/sandbox/sandbox.h"
#include "judge/store/store.h"

namespace judge {

// Makes the sandbox of one job. Called from that job's thread: once per job, and again
// for a later task after a failure (at most kSandboxCreateAttempts times per task).
using SandboxFactory = std::function<Result<std::unique_ptr<Sandbox>>()>;

struct JudgingContext {
  // The language profiles submissions and the package's own programs are built with.
  // Null: the shipped profiles for the package's programs; judging a stored submission,
  // inferring a time limit and the "try --lang X" of a compile error need them.
  const LanguageSet* languages = nullptr;
  // The compile cache; it also keeps inferred time limits and a Polygon package's
  // made tests. "": nothing is kept (every build compiles).
  std::string cache_dir;
  std::string scratch_root;                   // "": DefaultScratchRoot() (scratch_dir.h)
  Store* store = nullptr;                     // null: nothing stored, ids stay 0
  // Set (from any thread, a signal handler included) to stop: running programs are
  // killed and the call under way returns kCancelled. Null: nothing stops them.
  const std::atomic<bool>* cancel = nullptr;
  SandboxFactory sandboxes;                   // empty: DefaultSandbox (pipeline.h)
};

}  // namespace judge

#endif  // JUDGE_JUDGING_CONTEXT_H_
