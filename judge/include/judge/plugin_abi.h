/* The problem-plugin ABI: plain C, versioned, one exported entry point.
 *
 * Theory of operation
 * -------------------
 * A plugin is a shared library that exports exactly one symbol,
 * JUDGE_PLUGIN_ENTRY_NAME ("judge_get_plugin_info"), a function returning a pointer
 * to a static, immutable judge_plugin_info, or NULL when the plugin could not
 * initialise (the host reports that; the entry point never throws). The host checks,
 * in order: the library opens, the symbol exists, it returns non-NULL, abi_version == JUDGE_PLUGIN_ABI_VERSION, struct_size is
 * at least the size of the version-1 struct, every callback is non-null, and id
 * equals the problem package's plugin id. Any failure is one line naming the file.
 *
 * Data crosses the boundary in one direction per call:
 *  - inputs are borrowed (judge_bytes): valid only during the call, never freed or
 *    retained by the plugin;
 *  - outputs go through sinks (judge_sink): the plugin calls write() any number of
 *    times, the host copies the bytes before write() returns (write() never throws
 *    nor fails; output the host cannot take is reported after the call). Nothing
 *    allocated on one side is ever freed on the other; no C++ type or exception
 *    crosses.
 * Every callback is thread-safe: the host may call any of them concurrently.
 *
 * Compatibility: this struct only grows. New fields are appended after the last
 * one; struct_size tells the host which fields a plugin has. Numeric codes below
 * are stored and never renumbered.
 */
#ifndef JUDGE_PLUGIN_ABI_H_
#define JUDGE_PLUGIN_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JUDGE_PLUGIN_ABI_VERSION 1u
#define JUDGE_PLUGIN_ENTRY_NAME "judge_get_plugin_info"

/* Borrowed bytes; not NUL-terminated; data may be NULL when size is 0. */
typedef struct judge_bytes {
  const char* data;
  size_t size;
} judge_bytes;

/* Host-owned output channel. write() copies [data, data+size) and appends it. */
typedef struct judge_sink {
  void* context;
  void (*write)(void* context, const char* data, size_t size);
} judge_sink;

/* What a callback returns. */
typedef enum judge_status {
  JUDGE_STATUS_OK = 0,
  /* The input is not a legal input of the problem (solve, validate). */
  JUDGE_STATUS_INVALID_INPUT = 1,
  /* The plugin itself failed (bad jury data, a bug): the host reports JE. */
  JUDGE_STATUS_FAILURE = 2
} judge_status;

/* The special judge's outcome for one contestant output. */
typedef enum judge_check_verdict {
  JUDGE_CHECK_ACCEPTED = 0,
  JUDGE_CHECK_WRONG_ANSWER = 1,
  JUDGE_CHECK_PRESENTATION_ERROR = 2,
  JUDGE_CHECK_PARTIAL = 3,        /* with score in [0, 1) */
  JUDGE_CHECK_CHECKER_FAILURE = 4 /* jury data or plugin broken: never charged */
} judge_check_verdict;

typedef struct judge_check_result {
  int32_t verdict; /* judge_check_verdict */
  double score;    /* 1.0 for accepted, 0.0 for rejected, in [0,1) for partial */
} judge_check_result;

/* Options and parameters: "key=value" lines separated by '\n', in problem.yaml order
 * (plugin_options) or command-line order (generate --param). Empty when none. */

typedef struct judge_plugin_info {
  uint32_t abi_version; /* JUDGE_PLUGIN_ABI_VERSION */
  uint32_t struct_size; /* sizeof(judge_plugin_info) as the plugin was built */
  const char* id;       /* the problem plugin id, e.g. "eight"; static storage */
  const char* version;  /* free-form, e.g. "1.0.0"; static storage */

  /* Reference solver: writes the expected answer for input to out.
   * INVALID_INPUT or FAILURE write a one-line reason to message. */
  int32_t (*solve)(judge_bytes input, const judge_sink* out, const judge_sink* message);

  /* Special judge: judges contestant output against input and the reference answer
   * (answer may be empty when the problem has none). options: see above. Fills
   * *result and writes a one-line explanation (e.g. "case 3: move 17 'u' leaves the
   * board") to message. Returns OK whenever *result is meaningful; FAILURE when the
   * checker could not judge (then the host reports JE). */
  int32_t (*check)(judge_bytes input, judge_bytes output, judge_bytes answer,
                   judge_bytes options, judge_check_result* result, const judge_sink* message);

  /* Validator: OK when input is a legal input; INVALID_INPUT with a one-line reason
   * (naming the case, token and position) otherwise. */
  int32_t (*validate)(judge_bytes input, const judge_sink* message);

  /* Generator: a random legal input, a pure function of (seed, params). Unknown or
   * malformed params give INVALID_INPUT with a reason. */
  int32_t (*generate)(uint64_t seed, judge_bytes params, const judge_sink* out,
                      const judge_sink* message);
} judge_plugin_info;

/* The single exported entry point. Never returns NULL. */
typedef const judge_plugin_info* (*judge_get_plugin_info_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* JUDGE_PLUGIN_ABI_H_ */
