// Which language profile judges a submission: the one named (--lang, the API's
// "language", or the language stored with a submission), else the one claiming the
// file's extension (the longest that matches, like DOMjudge), else, for an ELF
// executable, the built-in binary profile. A file whose #! line names python2 is
// refused. Anything else is an unknown language: never run as a program. This is the
// one rule: `judge grade` and the HTTP API both ask it.
// Pure functions of the LanguageSet, the arguments and the file system; thread-safe.
#ifndef JUDGE_LANGUAGE_CHOICE_H_
#define JUDGE_LANGUAGE_CHOICE_H_

#include <string>
#include <string_view>

#include "judge/base/status.h"
#include "judge/config/language.h"

namespace judge {

// lang_id when given (unknown: InvalidArgument listing the known ids; "binary" is the
// built-in BinaryProfile), else by the file's extension, else BinaryProfile() when the
// file starts with the ELF magic. Errors:
//   - no profile claims the extension and the file is not ELF: Unsupported, "unknown
//     language: ..." naming the extension, the known ones and --lang;
//   - the profile's tools are missing: Unsupported with the reason.
// Reads at most the file's first 4 bytes (an unreadable file is left to the caller,
// which reads it next and reports it).
Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id);

// Who asks: the errors tell the user how to name a language there (--lang, or the
// request's "language" field), and whether the profile's tools must be installed here
// (the command line runs it on this host; the API's server offers what its workers
// run, which it checks against its own list of offered languages).
enum class LanguageAsker { kCommandLine, kHttpApi };

// The same for a submission held in memory: file_name for its extension, head for
// its first bytes (at least 4 when the source is that long; the whole source will do).
Result<LanguageProfile> ChooseLanguageFor(const LanguageSet& languages, const std::string& file_name,
                                          std::string_view head, const std::string& lang_id,
                                          LanguageAsker asker = LanguageAsker::kCommandLine);

// Ok when lang_id is empty, "binary" or a profile's id; else InvalidArgument "unknown
// language \"<id>\" (known: ...)". Whether its tools are installed is not asked.
Status KnownLanguageId(const LanguageSet& languages, const std::string& lang_id);

// True when the bytes start with the ELF magic (\x7f E L F).
bool LooksLikeElf(std::string_view head);

// The profile of a stored submission's language id: NotFound when no profile defines
// it any more, Unsupported when its tools are missing.
Result<LanguageProfile> StoredLanguage(const LanguageSet& languages, const std::string& language_id);

}  // namespace judge

#endif  // JUDGE_LANGUAGE_CHOICE_H_
