/* The problem-plugin ABI: plain C, versioned, one exported entry point.
 *
 * Theory of operation
 * -------------------
 * A plugin is a shared library that exports exactly one symbol,
 * JUDGE_PLUGIN_ENTRY_NAME ("judge_get_plugin_info"), a function returning a pointer
 * to a static, immutable judge_plugin_info. It never throws. A plugin that could not
 * initialise (jury tables that failed to build, a missing resource) says so in one of
 * two ways: it returns an info whose init_error names the reason (preferred: the host
 * shows the reason), or it returns NULL (the host can only say that it failed).
 *
 * The host first loads the library and calls the entry point in a child process (a
 * constructor or entry point that crashes, aborts or loops ends the child, not the
 * judge; the load fails with one line saying how), then loads it in its own process
 * and checks, in order: the library opens, the symbol exists, it returns non-NULL,
 * abi_version == JUDGE_PLUGIN_ABI_VERSION, struct_size is at least the size of the
 * version-1 struct, init_error is NULL (when struct_size includes it), every callback is
 * non-null, and id equals the problem package's plugin id. Any failure is one line
 * naming the file.
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
 * one; struct_size tells the host which fields a plugin has (a plugin built against
 * version 1 before init_error existed is read without it). Numeric codes below are
 * stored and never renumbered.
 *
 * A complete plugin, in C (tests/plugin_host builds the text between the EXAMPLE
 * lines as a plugin and judges with it, so it stays true):
 *
 * BEGIN EXAMPLE
 * #include <stdio.h>
 * #include <stdlib.h>
 * #include <string.h>
 * #include "judge/plugin_abi.h"
 *
 * // "a b" on one line; the answer is a + b.
 * static int read_pair(judge_bytes in, long* a, long* b) {
 *   char text[64];
 *   if (in.size == 0 || in.size >= sizeof text) return 0;
 *   memcpy(text, in.data, in.size);
 *   text[in.size] = '\0';
 *   return sscanf(text, "%ld %ld", a, b) == 2;
 * }
 * static void put(const judge_sink* sink, const char* text) { sink->write(sink->context, text, strlen(text)); }
 *
 * static int32_t solve(judge_bytes input, const judge_sink* out, const judge_sink* message) {
 *   long a, b;
 *   char answer[32];
 *   if (!read_pair(input, &a, &b)) {
 *     put(message, "expected two integers");
 *     return JUDGE_STATUS_INVALID_INPUT;
 *   }
 *   snprintf(answer, sizeof answer, "%ld\n", a + b);
 *   put(out, answer);
 *   return JUDGE_STATUS_OK;
 * }
 * static int32_t check(judge_bytes input, judge_bytes output, judge_bytes answer, judge_bytes options,
 *                      judge_check_result* result, const judge_sink* message) {
 *   long a, b, got;
 *   char text[32];
 *   (void)answer, (void)options;
 *   if (!read_pair(input, &a, &b)) return JUDGE_STATUS_FAILURE;  // bad jury data: JE
 *   memset(text, 0, sizeof text);
 *   memcpy(text, output.data, output.size < sizeof text - 1 ? output.size : sizeof text - 1);
 *   result->verdict = sscanf(text, "%ld", &got) == 1 && got == a + b ? JUDGE_CHECK_ACCEPTED
 *                                                                  : JUDGE_CHECK_WRONG_ANSWER;
 *   result->score = result->verdict == JUDGE_CHECK_ACCEPTED ? 1.0 : 0.0;
 *   put(message, result->verdict == JUDGE_CHECK_ACCEPTED ? "the sum" : "not the sum");
 *   return JUDGE_STATUS_OK;
 * }
 * static int32_t validate(judge_bytes input, const judge_sink* message) {
 *   long a, b;
 *   if (read_pair(input, &a, &b)) return JUDGE_STATUS_OK;
 *   put(message, "expected two integers on one line");
 *   return JUDGE_STATUS_INVALID_INPUT;
 * }
 * static int32_t generate(uint64_t seed, judge_bytes params, const judge_sink* out, const judge_sink* message) {
 *   char text[48];
 *   (void)params, (void)message;
 *   snprintf(text, sizeof text, "%ld %ld\n", (long)(seed % 1000), (long)(seed / 1000 % 1000));
 *   put(out, text);
 *   return JUDGE_STATUS_OK;
 * }
 *
 * static const judge_plugin_info kInfo = {
 *     JUDGE_PLUGIN_ABI_VERSION, sizeof(judge_plugin_info), "example-sum", "1.0",
 *     solve, check, validate, generate,
 *     NULL,  // init_error: it initialised
 * };
 *
 * __attribute__((visibility("default"))) const judge_plugin_info* judge_get_plugin_info(void) { return &kInfo; }
 * END EXAMPLE
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

  /* Appended (version 1 grows): NULL when the plugin initialised. Else a one-line
   * reason it could not (static storage), and the host calls none of the callbacks. */
  const char* init_error;
} judge_plugin_info;

/* The single exported entry point: the plugin's info, or NULL when it could not
 * initialise and has no reason to give (see above). */
typedef const judge_plugin_info* (*judge_get_plugin_info_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* JUDGE_PLUGIN_ABI_H_ */
