// Plain file access to a cgroup hierarchy under a configurable root, so the v1 and
// v2 logic above it is unit-tested against a fake directory tree (tests create
// ordinary files where the kernel would create control files).
//
// Paths given to the methods are relative to root(). Thread-compatible: one
// CgroupFiles per slot, used by one run at a time.
#ifndef JUDGE_SRC_SANDBOX_CGROUP_FILES_H_
#define JUDGE_SRC_SANDBOX_CGROUP_FILES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"

namespace judge::sandbox {

class CgroupFiles {
 public:
  // fake_tree: tests' ordinary directories stand in for cgroupfs: Write creates a
  // missing file and RemoveDir deletes the files inside (as the kernel would).
  explicit CgroupFiles(std::string root, bool fake_tree = false)
      : root_(std::move(root)), fake_tree_(fake_tree) {}

  // Fake trees only: every directory MakeDir creates gets these (empty) files, as the
  // kernel creates control files with a cgroup.
  void set_fake_control_files(std::vector<std::string> names) { fake_control_files_ = std::move(names); }

  const std::string& root() const { return root_; }
  std::string Path(std::string_view rel) const;

  bool Exists(std::string_view rel) const;
  // Whole content of a (small) control file.
  Result<std::string> Read(std::string_view rel) const;
  // Writes `value` in one write() call, as the kernel wants. A missing control file
  // is an error (except in a fake tree).
  Status Write(std::string_view rel, std::string_view value) const;
  // mkdir; an existing directory is fine.
  Status MakeDir(std::string_view rel) const;
  // rmdir; a missing directory is fine.
  Status RemoveDir(std::string_view rel) const;
  // Opens a control file for writing (O_WRONLY | O_CLOEXEC); the caller closes it.
  Result<int> OpenForWrite(std::string_view rel) const;

  // Opens a control file for reading (and writing, when read_write); the caller
  // closes it.
  Result<int> OpenForRead(std::string_view rel, bool read_write = false) const;
  // Re-reads a control file through a descriptor kept open (pread at offset 0:
  // cheaper than open/read/close on every poll of the monitor). Only for files of one
  // value, whose text a single read returns whole: a short read ends it.
  static Result<std::string> ReadFd(int fd);
  // Writes `value` through a descriptor kept open (fake trees: replaces the content).
  Status WriteFd(int fd, std::string_view value) const;

  // Parsers of control file formats (pure).
  // "123\n" -> 123. "max" -> -1.
  static Result<int64_t> ParseInt(std::string_view text);
  // Value of `key` in "key value\n" lines (memory.stat, cpu.stat, memory.events,
  // pids.events, memory.oom_control); NotFound if absent.
  static Result<int64_t> ParseKeyed(std::string_view text, std::string_view key);
  // One pid per line (cgroup.procs).
  static std::vector<int> ParsePids(std::string_view text);

  Result<int64_t> ReadInt(std::string_view rel) const;
  Result<int64_t> ReadKeyed(std::string_view rel, std::string_view key) const;
  Result<std::vector<int>> ReadPids(std::string_view rel) const;

 private:
  std::string root_;
  bool fake_tree_ = false;
  std::vector<std::string> fake_control_files_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_CGROUP_FILES_H_
