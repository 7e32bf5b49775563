// errno as text and as a Status: one wording for every OS error the judge reports.
// Thread-safe (strerror_r into a local buffer).
#ifndef JUDGE_BASE_ERRORS_H_
#define JUDGE_BASE_ERRORS_H_

#include <string>
#include <string_view>

#include "judge/base/status.h"

namespace judge {

// The system's text for an errno value ("No such file or directory").
std::string ErrnoText(int err);

// "<context>: <ErrnoText(err)>" as a Status: NotFound for ENOENT, InvalidArgument for
// ENOTDIR/EISDIR/ELOOP (a path of the wrong kind), else IoError.
Status ErrnoStatus(int err, std::string_view context);

}  // namespace judge

#endif  // JUDGE_BASE_ERRORS_H_
