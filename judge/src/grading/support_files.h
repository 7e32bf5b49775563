// The files a language profile's compile needs besides the submission
// (LanguageProfile::support_dir: the MSVC profile's headers and wrapper). They live in
// the judge's data, which the sandbox does not show, so they are copied into each
// compile directory, under the folder's base name. Read at every compile: a few small
// files, and an edited header takes effect at once (it is part of the cache key).
//
// Thread safety: free functions of values.
#ifndef JUDGE_SRC_GRADING_SUPPORT_FILES_H_
#define JUDGE_SRC_GRADING_SUPPORT_FILES_H_

#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/grading/compiler.h"

namespace judge {

// The regular files directly in profile.support_dir, named "<base name>/<file>", in
// name order; none when the profile has no support_dir. A missing or unreadable folder
// is an error naming it (the judge's installation, never the submission's fault).
Result<std::vector<SourceFile>> ReadSupportFiles(const LanguageProfile& profile);

// A digest of the files' names and bytes for the compile cache key; "" for none, so
// that the keys of profiles without support files stay what they were.
std::string SupportFilesDigest(const std::vector<SourceFile>& files);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_SUPPORT_FILES_H_
