// Which language profile judges a submission: the one named (--lang, or the language
// stored with a submission), else the one claiming the file's extension, else the
// file is a contestant binary. A profile is usable only when its tools are installed.
// Pure functions of the LanguageSet and the file system; thread-safe.
#ifndef JUDGE_LANGUAGE_CHOICE_H_
#define JUDGE_LANGUAGE_CHOICE_H_

#include <string>

#include "judge/language.h"
#include "judge/status.h"

namespace judge {

// lang_id when given (unknown: InvalidArgument listing the known ids; "binary" is the
// built-in BinaryProfile), else by the file's extension, else BinaryProfile(). A
// profile whose tools are missing is Unsupported with the reason.
Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id);

// The profile of a stored submission's language id: NotFound when no profile defines
// it any more, Unsupported when its tools are missing.
Result<LanguageProfile> StoredLanguage(const LanguageSet& languages, const std::string& language_id);

}  // namespace judge

#endif  // JUDGE_LANGUAGE_CHOICE_H_
