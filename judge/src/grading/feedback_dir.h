// A Kattis validator's feedback directory, as the judge reads it after the run.
//
// Theory of operation. The validator (a program of the package, sandboxed) writes
// judgemessage.txt, teammessage.txt, score.txt and nextpass.in into feedback_dir;
// what it wrote comes back into the judge's scratch by copy-back, which recreates
// links as links. A hostile validator can replace the directory itself with a link
// to a host directory, and the judge, root, would then read (and for nextpass.in
// delete) a host file through it. So the judge opens the directory it made before
// the run and holds it by descriptor; after the run the name must still be that
// directory (same device and inode, not a link), else the run is the validator's
// failure; and every file in it is opened beneath the descriptor with openat2
// (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS; fs::OpenBeneath), so no link inside
// leads out either. Errors name the tool's role and the file, never a host path.
//
// Not thread-safe; one per run of a validator.
#ifndef JUDGE_SRC_GRADING_FEEDBACK_DIR_H_
#define JUDGE_SRC_GRADING_FEEDBACK_DIR_H_

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>

#include "judge/base/status.h"
#include "judge/base/unique_fd.h"

namespace judge {

class FeedbackDir {
 public:
  // Holds the directory at `path` (made by the judge; never through a link). `role`
  // ("output validator", "interactor") names the tool in errors.
  static Result<FeedbackDir> Hold(const std::string& path, const std::string& role);

  // After the run: OK when the path still names the held directory. Else Internal
  // (JE): "the output validator replaced its feedback directory (found a symbolic
  // link)".
  Status CheckUnchanged() const;

  // The first max_bytes of regular file `name` in the directory; nullopt when it is
  // missing, a link or not a regular file (`*is_regular` false for the last two).
  Result<std::optional<std::string>> Read(const std::string& name, int64_t max_bytes,
                                          bool* is_regular = nullptr) const;

  // Removes file `name` from the directory (missing: OK).
  Status Remove(const std::string& name) const;

 private:
  FeedbackDir(UniqueFd fd, std::string path, std::string role, dev_t dev, ino_t ino)
      : fd_(std::move(fd)), path_(std::move(path)), role_(std::move(role)), dev_(dev), ino_(ino) {}

  UniqueFd fd_;
  std::string path_;  // for CheckUnchanged only: never shown
  std::string role_;
  dev_t dev_;
  ino_t ino_;
};

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_FEEDBACK_DIR_H_
