// After a compile error: does another profile compile the source? Old contest code
// often fails under today's default profile for reasons that are no fault of the
// algorithm: names that newer standards took (std::hash, next, prev, move, data,
// size) or removed (gets), or C library functions that the original judge's headers
// brought in. Rather than guess from the error text, the judge compiles the source
// with the profiles the failed one lists in `suggest_on_error` (cpp20: cpp17, cpp14,
// then "{origin}": the legacy profiles of the judge the problem comes from), in order, and
// names the first that succeeds. Only a compiler's own
// refusal is followed up, never a limit, so a suggestion costs at most one compile
// per listed profile (cached like any compile), and only for submissions that are CE.
// The verdict stays CE: the profile the user chose decides.
//
// Thread safety: as Compiler::Compile (distinct work directories).
#ifndef JUDGE_COMPILE_HINT_H_
#define JUDGE_COMPILE_HINT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/grading/compiler.h"

namespace judge {

// The profiles to try after `failed` gave a compile error, in order: its
// suggest_on_error, where "{origin}" stands for the profiles whose original_judge the
// problem's source names (problem_sources: ProblemConfig::sources), in the order it
// names those judges, each judge's profiles in file order; when it names none of them
// (or the problem has no source), every profile with an original_judge. Left out:
// unknown ids, `failed` itself, and a profile that compiles exactly as `failed` or one
// before it (the same compile command and source name: its compile would say the same).
std::vector<const LanguageProfile*> SuggestionCandidates(const LanguageProfile& failed, const LanguageSet& languages,
                                                         const std::vector<std::string>& problem_sources);

// Whether text names judge as a word, ignoring case ("SWERC 2002 (POJ 1198)" names
// POJ; "POJ2" does not); its position, else npos.
std::size_t NamedAt(const std::string& text, const std::string& judge);

// The id of the first of SuggestionCandidates that is installed and compiles the
// source, or "" when none does. work_dir: an existing directory owned by the caller; a
// fresh subdirectory is used per attempt. A judge failure while trying (the sandbox)
// is returned as an error.
Result<std::string> SuggestProfile(Compiler* compiler, std::string_view source, const LanguageProfile& failed,
                                   const LanguageSet& languages, const std::vector<std::string>& problem_sources,
                                   const std::string& work_dir);

// message + "; it compiles as <id> (<name>): try --lang <id>": the CE message then
// ends with the exact option.
std::string WithSuggestion(const std::string& message, const LanguageProfile& suggested);

}  // namespace judge

#endif  // JUDGE_COMPILE_HINT_H_
