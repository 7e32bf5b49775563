// Java's two names: the file a source must be compiled as, and the class to run.
//
// javac insists that a public top-level class X lives in X.java, and `java` must be
// told which class holds `public static void main(String[])`. Users expect neither to
// be "Main" (DOMjudge and Kattis find them), so the judge finds both:
//   - JavaPublicClass reads the source (comments, strings and text blocks skipped) for
//     a public top-level class, interface, enum or record;
//   - FindJavaMainClass reads the compiled .class files (JVM class file format) for a
//     method `main` that is public and static with descriptor ([Ljava/lang/String;)V,
//     and names its class with the package ("contest.Solution").
// Pure functions (FindJavaMainClass reads the files it is given); thread-safe.
#ifndef JUDGE_JAVA_CLASS_H_
#define JUDGE_JAVA_CLASS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"

namespace judge {

// The name of the source's public top-level type; "" when it has none.
std::string JavaPublicClass(std::string_view source);

// For one class file's bytes: its binary name with dots ("a.b.Outer$Inner") when it
// declares public static void main(String[]), nullopt when it does not; Corrupt when
// the bytes are not a class file.
Result<std::optional<std::string>> JavaMainOfClassFile(std::string_view bytes);

// The outcome of looking for the main class: its name, or the submission's fault.
struct JavaMainClass {
  std::string name;     // the binary name with dots, when found
  std::string refusal;  // else why the submission has none: its compile error's message
};

// The class with main among the files (paths relative to dir; only names ending in
// .class are read). With several, a top-level class (no '$') wins, then the one named
// `preferred` (the public class). Still several, none, or a file named .class that is
// not a class file (a contestant may bring one in a folder): a refusal naming them, the
// submission's fault. A non-OK Status is the judge's: a file it could not read.
Result<JavaMainClass> FindJavaMainClass(const std::string& dir, const std::vector<std::string>& files,
                                        const std::string& preferred);

}  // namespace judge

#endif  // JUDGE_JAVA_CLASS_H_
