// Language profiles: how a submission in a given language is compiled and run.
//
// Profiles are read from YAML files (languages.yaml; the format is in
// docs/grading.md): the one shipped next to the executable, then the user's
// (~/.config/judge/languages.yaml, or --languages FILE). A later file may add
// profiles and replace earlier ones with the same id. Command templates use
// placeholders expanded at compile/run time:
//   {source}      the source file's name in the compile directory (e.g. main.cpp)
//   {binary}      the binary's name (e.g. main)
//   {memory_mib}  the run's memory limit in MiB (for VMs that need a heap size)
//   {public_class}  in `source` only: the source's public top-level class, else Main
//                 (javac wants a public class in a file of its name; java_class.h)
//   {main_class}  in `run` only: the class with `public static void main(String[])`,
//                 found in the compiled classes, with its package (java_class.h)
// A file whose extension no profile claims is an unknown language (language_choice.h),
// unless it is an ELF executable or --lang binary is given (profile "binary").
//
// Values are plain data; LanguageSet is immutable after loading and thread-safe to
// read.
#ifndef JUDGE_LANGUAGE_H_
#define JUDGE_LANGUAGE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"

namespace judge {

struct LanguageProfile {
  std::string id;    // e.g. "cpp20"; [a-z0-9_+-]+
  std::string name;  // human name, e.g. "C++20 (g++, GNU dialect)"
  // Extensions (with the dot, e.g. ".cpp", or compound: ".poj.cpp") for which this
  // profile is the default. Several profiles may compile the same language; only one
  // claims an extension; the longest extension a file name ends with wins.
  std::vector<std::string> extensions;
  // The name the source gets in the compile directory (e.g. "main.cpp", "Main.java").
  std::string source_name;
  // The compile command; empty for a language that is only run (a binary).
  std::vector<std::string> compile;
  // The run command, started in the run directory that holds the compile outputs.
  std::vector<std::string> run;
  // Prints the toolchain's version (first non-empty line is kept); may be empty.
  std::vector<std::string> version;
  // Executables that must be found (absolute, or in PATH) for the profile to be
  // available; defaults to compile[0] and run[0] when they are not relative paths.
  std::vector<std::string> requires_tools;
  // Processes+threads the run may have at once (a JVM needs dozens).
  int32_t run_processes = 1;
  // Files of the compile directory that the run needs, besides the binary: glob-free
  // names, or "*" for every file the compiler left (e.g. Java's .class files).
  std::vector<std::string> artifacts;
  // Extra memory the run may use, in percent of the problem's memory limit (0..400).
  // Legacy profiles stand for 32-bit compilers: a 64-bit build of the same code needs
  // more (pointers, long); docs/grading.md, "Legacy C++ profiles".
  int32_t memory_allowance_percent = 0;
  // A run stopped at a time limit with more writable memory mapped than the limit is
  // MLE (SandboxLimits::reserved_memory_counts). For native code only: a runtime such
  // as the JVM maps far more than it uses.
  bool reserved_memory_counts = false;
  // The source runs under the base name it was submitted with, when that is a safe
  // file name with the language's extension (SubmittedSourceName): languages that run
  // the source (Python, JavaScript), as DOMjudge and problemtools run them, so that a
  // program may read its own name (sys.argv[0]). False: always source_name.
  bool keep_file_name = false;
  // Profiles whose compile is tried, in order, when this one gives a compile error;
  // the first that compiles the source is suggested in the CE message ("try --lang X").
  // The entry "{origin}" stands for the legacy profiles of the problem's origin
  // (original_judge; compile_hint.h).
  std::vector<std::string> suggest_on_error;
  // The judge whose compiler a legacy profile reproduces, as problems name it in
  // problem.yaml's `source` ("POJ", "HDU", "COGS"); empty for the others.
  std::string original_judge;
  // A folder of files the compile needs besides the source (headers, a wrapper
  // translation unit): absolute, resolved when read (the languages file names it
  // relative to its own folder). Its files are put into the compile directory under
  // the folder's base name ("msvc2008/iostream.h"); empty: none. The profile is
  // unavailable while the folder is missing.
  std::string support_dir;
  // Host directories the compile sees read-only besides the system ones (/usr, /lib):
  // absolute paths, e.g. GHC's package database under /var/lib/ghc. The profile is
  // unavailable while one is missing.
  std::vector<std::string> compile_dirs;
  // The language's code in the Kattis problem package format (languages.yaml
  // `kattis:`), e.g. "cpp" for every C++ profile, "python3", "java": the folder of
  // include/<code>/ joined to a submission, and the `language` of submissions.yaml.
  // Empty: the profile has no Kattis code (nothing is guessed from its id).
  std::string kattis_code;
  // A program that prints "hello world": what `judge languages --check` compiles and
  // runs (language_check.h). Empty: the profile cannot be checked.
  std::string hello;
  // Text of the file the profile came from, for error messages.
  std::string origin;
};

// Whether a profile can be used on this host, and why not.
struct LanguageAvailability {
  bool available = false;
  std::string reason;  // empty when available, e.g. "javac not found in PATH"
};

class LanguageSet {
 public:
  // Adds or replaces (same id) profiles in file order.
  void Add(LanguageProfile profile);
  const std::vector<LanguageProfile>& profiles() const { return profiles_; }
  // nullptr when no profile has this id.
  const LanguageProfile* Find(const std::string& id) const;
  // The profile claiming the longest extension the file's base name ends with
  // (".cpp" -> cpp20, "a.poj.cpp" -> cpp98-poj); nullptr for none.
  const LanguageProfile* ForFile(const std::string& path) const;

 private:
  std::vector<LanguageProfile> profiles_;
};

// Reads one languages.yaml and adds its profiles to *set. Errors name the file, the
// entry and the key: "langs.yaml: languages[2].compile: expected a list of strings".
Status LoadLanguageFile(const std::string& path, LanguageSet* set);

// The shipped file: <dir of /proc/self/exe>/languages.yaml, or $JUDGE_LANGUAGES when
// set (tests use it).
std::string DefaultLanguagesPath();
// ~/.config/judge/languages.yaml (XDG_CONFIG_HOME honoured); loaded when it exists.
std::string UserLanguagesPath();

// The shipped file, then the user's file if present, then extra_file when non-empty
// (a missing extra_file is an error; a missing shipped file is an error naming it).
Result<LanguageSet> LoadLanguages(const std::string& extra_file);

// The built-in profile for a file run as a contestant binary: no compile step.
// Chosen for an ELF executable, or with --lang binary.
LanguageProfile BinaryProfile();

// Checks requires_tools against the file system and PATH. Not cached: cheap.
LanguageAvailability CheckAvailability(const LanguageProfile& profile);

// The name a submitted source is compiled and run under: file_name (the base name it
// was submitted with) when the profile has keep_file_name and file_name is a safe file
// name (ASCII letters, digits, '.', '_', '-'; not starting with '.'; at most 255 bytes)
// ending in an extension of the profile's (one it claims, or its source_name's); else
// the profile's source_name. Pure.
std::string SubmittedSourceName(const LanguageProfile& profile, const std::string& file_name);

// Expands the placeholders of a template; unknown placeholders are kept as written.
std::vector<std::string> ExpandCommand(const std::vector<std::string>& command,
                                       const std::map<std::string, std::string>& values);

// Resolves a program name through PATH; absolute or ./relative names are checked as
// they are. nullopt when not found or not executable.
std::optional<std::string> FindExecutable(const std::string& name);

}  // namespace judge

#endif  // JUDGE_LANGUAGE_H_
