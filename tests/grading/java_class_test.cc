// Java's public class (from the source) and main class (from class files).
#include "judge/grading/java_class.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "fakes.h"

namespace judge {
namespace {

using testing::TempDir;
using testing::WriteFile;

TEST(JavaPublicClass, FindsThePublicTopLevelType) {
  EXPECT_EQ(JavaPublicClass("public class Main { }"), "Main");
  EXPECT_EQ(JavaPublicClass("package a.b;\nimport java.util.*;\npublic final class Solve {\n"
                            "  public static class Inner {}\n}\n"),
            "Solve");
  EXPECT_EQ(JavaPublicClass("class Helper {}\npublic enum Kind { A }\n"), "Kind");
  EXPECT_EQ(JavaPublicClass("public record Point(int x, int y) {}"), "Point");
  EXPECT_EQ(JavaPublicClass("public non-sealed class Open {}"), "Open");
  // Nested public classes, comments, strings and text blocks do not count.
  EXPECT_EQ(JavaPublicClass("class A { public class B {} }"), "");
  EXPECT_EQ(JavaPublicClass("// public class C {}\n/* public class D {} */ class E {}"), "");
  EXPECT_EQ(JavaPublicClass("class F { String s = \"public class G {\"; char c = '{'; }"), "");
  EXPECT_EQ(JavaPublicClass("class H { String t = \"\"\"\n public class I { \"\"\"; }\npublic class J {}"), "J");
  EXPECT_EQ(JavaPublicClass(""), "");
}

// A class file with the given name and one method per (access, name, descriptor).
class ClassFile {
 public:
  explicit ClassFile(const std::string& name) {
    this_class_ = Class(name);
    super_ = Class("java/lang/Object");
    U1(5), U2(0), U2(0), U2(0), U2(7);  // a Long constant: two pool slots
    count_ += 2;
  }
  void Method(uint16_t access, const std::string& name, const std::string& desc) {
    methods_.push_back({access, Utf8(name), Utf8(desc)});
  }
  std::string Bytes() const {
    std::string out;
    auto u2 = [&](uint16_t v) { out += char(v >> 8), out += char(v & 255); };
    out += std::string("\xCA\xFE\xBA\xBE\x00\x00\x00\x3d", 8);
    u2(count_);
    out += pool_;
    u2(0x21), u2(this_class_), u2(super_), u2(0);  // access, this, super, no interfaces
    u2(1), u2(0x2), u2(Utf8Index("main")), u2(Utf8Index("I")), u2(0);  // one field named main
    u2(static_cast<uint16_t>(methods_.size()));
    for (const auto& m : methods_) {
      u2(m.access), u2(m.name), u2(m.desc), u2(1);
      u2(m.name), out += std::string("\x00\x00\x00\x02\xAB\xCD", 6);  // one attribute, 2 bytes
    }
    u2(0);  // class attributes
    return out;
  }

 private:
  struct M {
    uint16_t access, name, desc;
  };
  void U1(uint8_t v) { pool_ += char(v); }
  void U2(uint16_t v) { pool_ += char(v >> 8), pool_ += char(v & 255); }
  uint16_t Utf8(const std::string& s) {
    U1(1), U2(static_cast<uint16_t>(s.size()));
    pool_ += s;
    names_.push_back({s, count_});
    return count_++;
  }
  uint16_t Utf8Index(const std::string& s) const {
    for (const auto& [text, index] : names_)
      if (text == s) return index;
    return 0;
  }
  uint16_t Class(const std::string& name) {
    uint16_t n = Utf8(name);
    U1(7), U2(n);
    return count_++;
  }
  std::string pool_;
  uint16_t count_ = 1;
  uint16_t this_class_ = 0, super_ = 0;
  std::vector<std::pair<std::string, uint16_t>> names_;
  std::vector<M> methods_;
};

TEST(JavaMainClass, ReadsTheClassFile) {
  ClassFile with("contest/pkg/Solution");
  with.Method(0x0001, "solve", "()V");
  with.Method(0x0009, "main", "([Ljava/lang/String;)V");
  auto r = JavaMainOfClassFile(with.Bytes());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_TRUE(r->has_value());
  EXPECT_EQ(**r, "contest.pkg.Solution");

  ClassFile not_static("Helper");
  not_static.Method(0x0001, "main", "([Ljava/lang/String;)V");
  not_static.Method(0x0009, "main", "()V");
  auto none = JavaMainOfClassFile(not_static.Bytes());
  ASSERT_TRUE(none.ok()) << none.status().message();
  EXPECT_FALSE(none->has_value());

  EXPECT_EQ(JavaMainOfClassFile("not a class").status().code(), StatusCode::kCorrupt);
  std::string bytes = with.Bytes();
  EXPECT_EQ(JavaMainOfClassFile(bytes.substr(0, bytes.size() / 2)).status().code(), StatusCode::kCorrupt);
}

TEST(JavaMainClass, ChoosesAmongTheCompiledClasses) {
  TempDir dir;
  ClassFile main("a/Main"), inner("a/Main$Inner"), helper("a/Helper"), other("Other");
  main.Method(0x0009, "main", "([Ljava/lang/String;)V");
  inner.Method(0x0009, "main", "([Ljava/lang/String;)V");
  other.Method(0x0009, "main", "([Ljava/lang/String;)V");
  WriteFile(dir.path() + "/Main.java", "source");
  WriteFile(dir.path() + "/Main.class", main.Bytes());
  WriteFile(dir.path() + "/Main$Inner.class", inner.Bytes());
  WriteFile(dir.path() + "/Helper.class", helper.Bytes());
  WriteFile(dir.path() + "/Other.class", other.Bytes());
  std::vector<std::string> files = {"Main.java", "Main.class", "Main$Inner.class", "Helper.class"};
  EXPECT_EQ(FindJavaMainClass(dir.path(), files, "Main")->name, "a.Main");  // top level wins
  files.push_back("Other.class");
  EXPECT_EQ(FindJavaMainClass(dir.path(), files, "Main")->name, "a.Main");  // then the public class
  auto two = FindJavaMainClass(dir.path(), files, "X");
  ASSERT_TRUE(two.ok()) << two.status().message();
  EXPECT_EQ(two->name, "");
  EXPECT_NE(two->refusal.find("a.Main, a.Main$Inner, Other"), std::string::npos) << two->refusal;
  auto none = FindJavaMainClass(dir.path(), {"Helper.class"}, "Helper");
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->refusal, "no class has a method public static void main(String[])");
  // A file a submission brings, named .class but no class file: its fault, not the judge's.
  WriteFile(dir.path() + "/x.class", "not a class file");
  auto bogus = FindJavaMainClass(dir.path(), {"Main.class", "x.class"}, "Main");
  ASSERT_TRUE(bogus.ok()) << bogus.status().message();
  EXPECT_EQ(bogus->name, "");
  EXPECT_EQ(bogus->refusal.rfind("x.class: ", 0), 0u) << bogus->refusal;
}

}  // namespace
}  // namespace judge
