// Files and directories, the way the judge handles them everywhere: every error is one
// line naming the path; special files (FIFOs, devices, sockets) are refused rather than
// opened in a way that could block; trees are removed fd-relative and iteratively, so
// no depth or path length defeats the cleanup; paths a sandboxed program may have
// changed are opened beneath a directory descriptor without following any link.
//
// Thread-safe: no shared state (each call uses its own descriptors).
#ifndef JUDGE_BASE_FILES_H_
#define JUDGE_BASE_FILES_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/base/unique_fd.h"

namespace judge::fs {

// "regular file", "directory", "FIFO", "symbolic link", "socket", "character device",
// "block device" or "unknown file type", for st_mode.
std::string_view FileKindName(mode_t mode);

// Reads a whole regular file (following links), at most max_bytes (more is an error
// naming the size). A FIFO, device, socket or directory is refused without blocking:
// "<path>: expected a regular file, found a FIFO". A missing file is NotFound.
Result<std::string> ReadFile(const std::string& path, int64_t max_bytes = INT64_MAX);

// Reads from an open descriptor to its end, at most max_bytes: the rest is an error
// when error_if_more, else silently dropped. `what` names it in errors.
Result<std::string> ReadAll(int fd, const std::string& what, int64_t max_bytes, bool error_if_more);

// What ReadNoFollow found.
enum class OpenOutcome { kRead, kMissing, kSymlink, kNotRegular };
// Reads path without following a final symbolic link, at most max_bytes bytes (the
// rest is ignored). A missing file, a link or a non-regular file is reported in
// *outcome, not as an error.
Result<std::string> ReadNoFollow(const std::string& path, int64_t max_bytes, OpenOutcome* outcome);

// The last max_bytes of a regular file (not following a link at path); "" when there
// is none or it cannot be read. For logs such as a run's stderr.
std::string ReadTail(const std::string& path, int64_t max_bytes);

// Creates or truncates path (never through a final symbolic link) with content.
Status WriteFile(const std::string& path, std::string_view content, int mode = 0644);
// Writes content to a fresh temporary file beside path, syncs it and renames it over
// path: a reader sees the old content or the new, never a part.
Status WriteFileAtomic(const std::string& path, std::string_view content, int mode = 0644);
// Copies a regular file (mode kept, or forced when mode >= 0); never writes through a
// final symbolic link at `to`. Copies by data extents (SEEK_DATA / SEEK_HOLE, with
// copy_file_range): holes stay holes, so a sparse file costs its data, not its size.
Status CopyFile(const std::string& from, const std::string& to, int mode = -1);
// The bytes a regular file holds on disk: its size, or its allocated blocks when
// fewer (holes take no room); 0 for anything else (not following a link).
int64_t KeptBytes(const std::string& path);
// Copies a program that is about to be run (forced to `mode`), writing it from a
// forked child so that this process never holds a descriptor open for writing to it:
// a child that another thread forks meanwhile (a sandboxed run, a plugin call) would
// inherit such a descriptor and keep it until its exec or exit, and exec of the
// program would then fail with ETXTBSY ("Text file busy"). Costs one fork. Copies by
// data extents as CopyFile does.
Status CopyExecutable(const std::string& from, const std::string& to, int mode);
// Hard link, falling back to a copy across file systems.
Status LinkOrCopy(const std::string& from, const std::string& to);
// mkdir -p (new directories get `mode`).
Status MakeDirs(const std::string& path, int mode = 0755);
// Creates a fresh directory <parent>/<prefix>XXXXXX with `mode` and returns its path.
Result<std::string> MakeTempDir(const std::string& parent, const std::string& prefix, int mode = 0755);
// rm -rf: a missing path is fine; links are removed, never followed. Iterative and
// fd-relative: any depth and any total path length (see RemoveTreeAt).
Status RemoveTree(const std::string& path);
// Removes `name` in the directory dirfd and everything below it, holding at most two
// descriptors at a time whatever the depth (it walks up through ".." and checks each
// parent's identity). Never follows a symbolic link. A missing name is fine.
Status RemoveTreeAt(int dirfd, const std::string& name, const std::string& display_path);
// Names of the regular files (not links) in dir, sorted; hidden ones included.
Result<std::vector<std::string>> ListFiles(const std::string& dir);
// Names of the symbolic links in dir that lead to regular files, sorted (the caller
// decides whether the target is acceptable, e.g. inside a package).
Result<std::vector<std::string>> ListFileLinks(const std::string& dir);
// Names of the subdirectories of dir (not hidden; links to directories included),
// sorted.
Result<std::vector<std::string>> ListDirs(const std::string& dir);
bool Exists(const std::string& path);  // lstat: a dangling link exists
bool IsDirectory(const std::string& path);  // following links
// The system's temporary directory ($TMPDIR or /tmp).
std::string TempRoot();

// Opens a directory the judge named itself (it may be a link).
Result<UniqueFd> OpenDirectory(const std::string& path);
// Opens relpath beneath the directory dirfd without following any symbolic link and
// without leaving dirfd (no "..", no absolute path): openat2 with RESOLVE_BENEATH |
// RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS where the kernel has it, else a walk of
// O_NOFOLLOW opens, one component at a time. flags as for open(2) (O_CLOEXEC is
// added); mode for O_CREAT. A link anywhere on the way is InvalidArgument naming it.
Result<UniqueFd> OpenBeneath(int dirfd, const std::string& relpath, int flags, mode_t mode = 0);

}  // namespace judge::fs

#endif  // JUDGE_BASE_FILES_H_
