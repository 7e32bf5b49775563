// Plugins written against the raw C ABI (no SDK), each broken in one way chosen by a
// compile definition RAW_<VARIANT>; the test suite builds one .so per variant:
//   RAW_GOOD          a correct plugin (id RAW_ID)
//   RAW_NO_ENTRY      exports a different symbol instead of judge_get_plugin_info
//   RAW_NULL_INFO     the entry point returns NULL
//   RAW_WRONG_ABI     abi_version 7
//   RAW_SHORT_STRUCT  struct_size 16
//   RAW_NULL_CALLBACK validate is NULL
//   RAW_NULL_ID       id is NULL
//   RAW_THROW         check lets a C++ exception unwind through the C ABI
//   RAW_TERMINATE     check throws inside a noexcept function: std::terminate
//   RAW_ENTRY_THROW   the entry point lets a C++ exception out (no SDK)
//   RAW_INIT_ERROR    the entry point returns an info whose init_error says why
//   RAW_CTOR_CRASH    a static constructor dies of SIGSEGV when the library loads
//   RAW_ENTRY_LOOP    the entry point never returns
//   RAW_VERDICTS      check returns the verdict and score its input names:
//                     "<verdict number> <score>" (e.g. "3 1.5"), any message
// Everything else is the id RAW_ID (the file's name) and working callbacks.
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "judge/plugin_abi.h"

#ifndef RAW_ID
#error "RAW_ID must name the plugin"
#endif

namespace {

void Put(const judge_sink* sink, const std::string& s) { sink->write(sink->context, s.data(), s.size()); }

#if defined(RAW_THROW) || defined(RAW_TERMINATE) || defined(RAW_ENTRY_THROW)
// Out of line so the compiler cannot see that a noexcept caller always terminates.
[[gnu::noinline]] void Throw(const char* what) { throw std::runtime_error(what); }
#endif

int32_t Solve(judge_bytes, const judge_sink* out, const judge_sink*) {
  Put(out, "raw\n");
  return JUDGE_STATUS_OK;
}

#if defined(RAW_TERMINATE)
int32_t Check(judge_bytes, judge_bytes, judge_bytes, judge_bytes, judge_check_result*,
              const judge_sink*) noexcept {
  Throw("thrown inside noexcept");
  return JUDGE_STATUS_OK;
}
#else
int32_t Check([[maybe_unused]] judge_bytes input, judge_bytes, judge_bytes, judge_bytes,
              judge_check_result* result, const judge_sink* message) {
#if defined(RAW_THROW)
  Throw("thrown through the C ABI");
#endif
#if defined(RAW_VERDICTS)
  std::string text(input.data, input.size);
  char* end = nullptr;
  result->verdict = static_cast<int32_t>(std::strtol(text.c_str(), &end, 10));
  result->score = std::strtod(end, nullptr);
  Put(message, "as told");
  return JUDGE_STATUS_OK;
#endif
  result->verdict = JUDGE_CHECK_ACCEPTED;
  result->score = 1.0;
  Put(message, "raw ok");
  return JUDGE_STATUS_OK;
}
#endif

int32_t Validate(judge_bytes, const judge_sink*) { return JUDGE_STATUS_OK; }

int32_t Generate(uint64_t, judge_bytes, const judge_sink* out, const judge_sink*) {
  Put(out, "1 1\n");
  return JUDGE_STATUS_OK;
}

judge_plugin_info MakeInfo() {
  judge_plugin_info info{};
  info.abi_version = JUDGE_PLUGIN_ABI_VERSION;
  info.struct_size = sizeof(judge_plugin_info);
  info.id = RAW_ID;
  info.version = "raw-1";
  info.solve = &Solve;
  info.check = &Check;
  info.validate = &Validate;
  info.generate = &Generate;
#if defined(RAW_WRONG_ABI)
  info.abi_version = 7;
#elif defined(RAW_SHORT_STRUCT)
  info.struct_size = 16;
#elif defined(RAW_NULL_CALLBACK)
  info.validate = nullptr;
#elif defined(RAW_NULL_ID)
  info.id = nullptr;
#elif defined(RAW_INIT_ERROR)
  info.init_error = "the jury tables did not build (tables.bin: no such file)";
#endif
  return info;
}

const judge_plugin_info kInfo = MakeInfo();

}  // namespace

#if defined(RAW_CTOR_CRASH)
// Runs when the library is loaded, before the entry point is looked up.
__attribute__((constructor)) static void CrashAtLoad() { std::raise(SIGSEGV); }
#endif

#if defined(RAW_NO_ENTRY)
extern "C" __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info_v0(void) {
  return &kInfo;
}
#elif defined(RAW_ENTRY_THROW)
extern "C" __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info(void) {
  Throw("the entry point could not initialise");
  return &kInfo;
}
#elif defined(RAW_ENTRY_LOOP)
extern "C" __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info(void) {
  for (;;) asm volatile("" ::: "memory");  // a loop the compiler keeps
  return &kInfo;
}
#elif defined(RAW_NULL_INFO)
extern "C" __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info(void) {
  return nullptr;
}
#else
extern "C" __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info(void) {
  return &kInfo;
}
#endif
