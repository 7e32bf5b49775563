// File helpers of the grading area (internal). Every error names the path.
#ifndef JUDGE_SRC_GRADING_FS_UTIL_H_
#define JUDGE_SRC_GRADING_FS_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "judge/status.h"

namespace judge::fs {

// Reads a whole regular file, at most max_bytes (more is an error naming the size).
Result<std::string> ReadFile(const std::string& path, int64_t max_bytes = INT64_MAX);

// What ReadNoFollow found.
enum class OpenOutcome { kRead, kMissing, kSymlink, kNotRegular };
// Reads path without following a final symbolic link, at most max_bytes bytes (the
// rest is ignored: the sandbox already enforced the output limit). A missing file, a
// link or a non-regular file is reported in *outcome, not as an error.
Result<std::string> ReadNoFollow(const std::string& path, int64_t max_bytes, OpenOutcome* outcome);

// Creates or truncates path with content (mode 0644, or mode).
Status WriteFile(const std::string& path, const std::string& content, int mode = 0644);
// Copies a regular file (mode kept, or forced when mode >= 0).
Status CopyFile(const std::string& from, const std::string& to, int mode = -1);
// Hard link, falling back to a copy across file systems.
Status LinkOrCopy(const std::string& from, const std::string& to);
// mkdir -p with mode 0755.
Status MakeDirs(const std::string& path);
// Creates a fresh directory <parent>/<prefix>XXXXXX (mode 0755) and returns its path.
Result<std::string> MakeTempDir(const std::string& parent, const std::string& prefix);
// rm -rf; a missing path is fine. Makes directories writable first if needed.
Status RemoveTree(const std::string& path);
// Names of the regular files in dir, sorted.
Result<std::vector<std::string>> ListFiles(const std::string& dir);
// Names of the subdirectories of dir (not hidden), sorted.
Result<std::vector<std::string>> ListDirs(const std::string& dir);
bool Exists(const std::string& path);
bool IsDirectory(const std::string& path);
// The system's temporary directory ($TMPDIR or /tmp).
std::string TempRoot();

}  // namespace judge::fs

#endif  // JUDGE_SRC_GRADING_FS_UTIL_H_
